package io.mongoose.server;

/** A server failed to start, and has stopped what it started: a service, processor or agent failed or was late. */
public final class MongooseStartException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param cause the first failure; later ones are suppressed in it. */
    public MongooseStartException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
