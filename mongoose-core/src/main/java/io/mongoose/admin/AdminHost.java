package io.mongoose.admin;

/** What {@link Admin} needs to know of the server it administers. */
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

    /** Report a command's failure to the server's error handler, e.g. from {@code admin:reset-vwap}; never throws. */
    void reportError(String source, Throwable error);
}
