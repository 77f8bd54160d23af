package io.mongoose.benchmarks.sweep;

import net.openhft.affinity.AffinityLock;

/** Best-effort pinning of a harness thread through OpenHFT Affinity; never throws, and says what it achieved. */
record ThreadPinning(AffinityLock lock, String outcome) implements AutoCloseable
{
    /** @return the calling thread pinned to a free CPU if {@code enabled}, or why not. */
    static ThreadPinning pinCurrentThread(final boolean enabled)
    {
        if (!enabled)
        {
            return new ThreadPinning(null, "not pinned: none requested");
        }
        try
        {
            // Every CPU, highest first: AffinityLock.acquireLock() never hands out CPU 0, which a 2-core machine
            // needs; highest first gives every transport Mongoose's layout (consumer highest, publisher below).
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

    @Override
    public void close()
    {
        if (null != lock)
        {
            lock.release();
        }
    }
}
