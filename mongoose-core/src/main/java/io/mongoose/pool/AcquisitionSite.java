package io.mongoose.pool;

/**
 * Where and when a pooled message was acquired, created at acquire when {@link LeakDetection} is on. Never thrown: a
 * {@link Throwable} as the cheapest standard way to capture a stack with line numbers.
 */
final class AcquisitionSite extends Throwable
{
    private static final long serialVersionUID = 1L;

    private final String threadName;
    private final long acquiredNanos;

    AcquisitionSite(final String threadName, final long acquiredNanos)
    {
        // No message, no suppression list, a writable stack.
        super(null, null, false, true);
        this.threadName = threadName;
        this.acquiredNanos = acquiredNanos;
    }

    /** @return {@link System#nanoTime()} at acquire. */
    long acquiredNanos()
    {
        return acquiredNanos;
    }

    /** @return the name of the thread that acquired the message. */
    String threadName()
    {
        return threadName;
    }

    @Override
    public String getMessage()
    {
        return "acquired on thread '" + threadName + "'";
    }
}
