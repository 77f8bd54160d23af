package io.mongoose.pool;

/**
 * Where and when a pooled message was acquired: created by the pool at acquire when {@link LeakDetection} is on, so
 * its stack trace is the acquiring thread's stack. Never thrown; it is a {@link Throwable} only because that is the
 * cheapest standard way to capture a stack with line numbers.
 */
final class AcquisitionSite extends Throwable
{
    private static final long serialVersionUID = 1L;

    private final String threadName;
    private final long acquiredNanos;

    /**
     * @param threadName    the acquiring thread, kept because the stack alone does not say which thread it was.
     * @param acquiredNanos {@link System#nanoTime()} at acquire.
     */
    AcquisitionSite(final String threadName, final long acquiredNanos)
    {
        // No message, no suppression list, a writable stack: the one thing wanted is fillInStackTrace.
        super(null, null, false, true);
        this.threadName = threadName;
        this.acquiredNanos = acquiredNanos;
    }

    /**
     * @return {@link System#nanoTime()} at acquire.
     */
    long acquiredNanos()
    {
        return acquiredNanos;
    }

    /**
     * @return the name of the thread that acquired the message.
     */
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
