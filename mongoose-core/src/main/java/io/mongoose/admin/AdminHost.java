package io.mongoose.admin;

/** What {@link Admin} needs to know of the server it administers. The server implements it; tests may too. */
public interface AdminHost
{
    /** @return the server's name, for messages. */
    String name();

    /** @return the server's state, for messages (e.g. {@code RUNNING}). */
    String state();

    /** @return whether the agents run: commands bound to an agent are refused otherwise. */
    boolean isRunning();

    /** @return whether the server has stopped for good (stopped or failed to start): a console session ends then. */
    boolean isFinished();

    /**
     * Report a command's failure to the server's error handler. Must not throw.
     *
     * @param source e.g. {@code admin:reset-vwap}.
     * @param error  what the command threw.
     */
    void reportError(String source, Throwable error);
}
