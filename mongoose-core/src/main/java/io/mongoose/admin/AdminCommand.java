package io.mongoose.admin;

/**
 * What an admin command does. One registered through {@link Admin#register} runs on the invoking thread; one
 * registered through {@link io.mongoose.dispatch.ProcessorContext#commands()} runs on the processor's agent thread,
 * between duty cycles, so it may use the processor's state freely. Throw {@link AdminException} to refuse (the caller
 * sees its message, nothing is reported); any other exception is a failure, also reported to the error handler.
 */
@FunctionalInterface
public interface AdminCommand
{
    /**
     * @param arguments the arguments, already checked against the command's usage.
     * @return the answer; never null.
     * @throws Exception a failure, reported to the error handler and returned to the caller.
     */
    AdminResult execute(AdminArguments arguments) throws Exception;
}
