package io.mongoose.admin;

/**
 * What an admin command does. A command registered through {@link Admin#register} runs on the thread that invokes
 * it; one registered by a processor through its {@link io.mongoose.dispatch.ProcessorContext#commands()} runs on that
 * processor's agent thread, between duty cycles, so it may read and change the processor's state freely.
 *
 * <p>Throw {@link AdminException} to refuse (bad argument, wrong state): the caller sees its message and nothing is
 * reported. Any other exception is a failure: the caller sees it and the server's error handler receives it.
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
