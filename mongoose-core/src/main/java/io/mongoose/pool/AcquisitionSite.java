package io.mongoose.pool;

/** Where, on which thread and when a message was acquired: a Throwable, never thrown, to capture the stack. */
final class AcquisitionSite extends Throwable
{
    private static final long serialVersionUID = 1L;

    final String threadName = Thread.currentThread().getName();
    final long acquiredNanos = System.nanoTime();

    AcquisitionSite()
    {
        // No message, no suppression list, a writable stack.
        super(null, null, false, true);
    }

    @Override
    public String getMessage()
    {
        return "acquired on thread '" + threadName + "'";
    }
}
