package io.mongoose.benchmarks.sweep;

import net.openhft.affinity.AffinityLock;

/**
 * Best-effort pinning of harness threads through OpenHFT Affinity, for the peers' consumers and every publisher
 * (Mongoose pins its own agent). Never throws; the outcome is a sentence recorded with the run.
 */
final class ThreadPinning implements AutoCloseable
{
    private final AffinityLock lock;
    private final String outcome;

    private ThreadPinning(final AffinityLock lock, final String outcome)
    {
        this.lock = lock;
        this.outcome = outcome;
    }

    /**
     * @param enabled whether pinning was requested.
     * @return the calling thread pinned to a free CPU, or why not.
     */
    static ThreadPinning pinCurrentThread(final boolean enabled)
    {
        if (!enabled)
        {
            return new ThreadPinning(null, "not pinned: none requested");
        }
        try
        {
            // Every CPU by id, highest first: AffinityLock.acquireLock() (which Mongoose's agents use) never hands out
            // CPU 0, leaving the second busy thread of a 2-core machine unpinned; highest first gives every transport
            // the same layout as Mongoose's (consumer on the highest CPU, publisher below it).
            final int[] cpus = new int[AffinityLock.PROCESSORS];
            for (int i = 0; i < cpus.length; i++)
            {
                cpus[i] = cpus.length - 1 - i;
            }
            final AffinityLock lock = AffinityLock.acquireLock(cpus);
            if (!lock.isAllocated() || !lock.isBound())
            {
                lock.release();
                return new ThreadPinning(null, "not pinned: no free CPU (affinity hands out CPUs " +
                    AffinityLock.RESERVED_AFFINITY + " of " + AffinityLock.PROCESSORS + ")");
            }
            return new ThreadPinning(lock, "pinned to CPU " + lock.cpuId());
        }
        catch (final Throwable t)
        {
            return new ThreadPinning(null, "not pinned: affinity library failed: " + t);
        }
    }

    String outcome()
    {
        return outcome;
    }

    /**
     * @return whether the thread is pinned to a CPU.
     */
    boolean pinned()
    {
        return null != lock;
    }

    @Override
    public void close()
    {
        if (null != lock)
        {
            lock.release();
        }
    }
}
