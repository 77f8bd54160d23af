package io.mongoose.feed;

/**
 * A lossless ({@link FullQueuePolicy#BACKOFF}) publish found a subscriber queue full for longer than the feed's
 * publish timeout: the message reached the subscribers before that one, and the references for the rest are released.
 */
public final class PublishTimeoutException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param message what timed out, where. */
    public PublishTimeoutException(final String message)
    {
        super(message);
    }
}
