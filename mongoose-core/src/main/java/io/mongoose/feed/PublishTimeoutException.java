package io.mongoose.feed;

/** A {@link FullQueuePolicy#BACKOFF} publish timed out on a full queue; the undelivered references are released. */
public final class PublishTimeoutException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param message what timed out, where. */
    public PublishTimeoutException(final String message)
    {
        super(message);
    }
}
