package io.mongoose.testing;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** Exact per-thread allocated bytes through {@code com.sun.management.ThreadMXBean}. */
public final class ThreadAllocation
{
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    static
    {
        assertTrue(THREADS.isThreadAllocatedMemorySupported(), "this JVM cannot measure per-thread allocation");
        THREADS.setThreadAllocatedMemoryEnabled(true);
    }

    private ThreadAllocation()
    {
    }

    /** @return bytes the calling thread has allocated since it started; allocation-free itself. */
    public static long currentThreadAllocatedBytes()
    {
        return THREADS.getCurrentThreadAllocatedBytes();
    }

    /** @return bytes the thread has allocated since it started (the call itself allocates on the caller). */
    public static long allocatedBytes(final Thread thread)
    {
        final long bytes = THREADS.getThreadAllocatedBytes(thread.getId());
        assertTrue(bytes >= 0, () -> "no allocation figure for thread " + thread.getName());
        return bytes;
    }
}
