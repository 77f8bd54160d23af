package io.mongoose.server;

/**
 * A server failed to start: a processor's {@code onInit} or {@code onStart} threw, or an agent did not start in time.
 * By the time this is thrown the server has stopped every agent it started and joined their threads.
 */
public final class MongooseStartException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what failed.
     * @param cause   the first failure; further ones are attached as suppressed.
     */
    public MongooseStartException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
