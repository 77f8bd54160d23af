package io.mongoose.feed;

/**
 * A lossless ({@link FullQueuePolicy#BACKOFF}) publish found a subscriber queue full for longer than the feed's
 * publish timeout. The message reached the subscribers named in the message text before the timeout and no others;
 * the framework has dropped the references it held for the rest, so nothing leaks.
 */
public final class PublishTimeoutException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what timed out, where.
     */
    public PublishTimeoutException(final String message)
    {
        super(message);
    }
}
