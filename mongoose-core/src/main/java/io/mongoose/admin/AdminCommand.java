package io.mongoose.admin;

/**
 * What an admin command does. One registered through {@link Admin#register} runs on the invoking thread; one
 * registered through {@link io.mongoose.dispatch.ProcessorContext#commands()} runs on the processor's agent thread,
 * between duty cycles, so it may use the processor's state freely.
 */
@FunctionalInterface
public interface AdminCommand
{
    /**
     * @return the answer, never null, to arguments already checked against the usage.
     * @throws Exception an {@link AdminException} to refuse; any other is a failure, reported to the error handler.
     */
    AdminResult execute(AdminArguments arguments) throws Exception;
}
