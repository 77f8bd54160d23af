package io.mongoose.agent;

import io.mongoose.config.Pinning;
import net.openhft.affinity.AffinityLock;

/**
 * Best-effort CPU pinning through the optional OpenHFT Affinity, referred to only by a nested class loaded when it is
 * present and pinning is requested. Never throws: the outcome, logged, says what happened.
 */
public final class CorePinning
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");

    /** The AffinityLock held, or null; typed Object so that loading this class never loads Affinity. */
    private final Object lock;
    public final String outcome;

    private CorePinning(final Object lock, final String outcome)
    {
        this.lock = lock;
        this.outcome = outcome;
    }

    /** Pin the current thread as requested and log the outcome. */
    public static CorePinning pinCurrentThread(final String agentName, final Pinning request)
    {
        final CorePinning result = attempt(request);
        LOG.log(System.Logger.Level.INFO, "agent '" + agentName + "' " + result.outcome);
        return result;
    }

    /** Undo the pinning, if any. Never throws. */
    public String release()
    {
        try
        {
            if (null != lock)
            {
                AffinityPinning.release(lock);
            }
            return null;
        }
        catch (final Throwable t)
        {
            return "releasing " + outcome + " failed: " + t;
        }
    }

    private static CorePinning attempt(final Pinning request)
    {
        final boolean none = request.mode() == Pinning.Mode.NONE;
        if (none || !AffinityPresence.PRESENT)
        {
            return new CorePinning(null, "not pinned: " + (none ? "none requested" :
                "pinning requested but net.openhft.affinity is not on the classpath"));
        }
        return AffinityPinning.attempt(request);
    }

    /** Whether Affinity's lock class can be found, looked up once, without initialising it. */
    private static final class AffinityPresence
    {
        static final boolean PRESENT = present();

        private static boolean present()
        {
            try
            {
                Class.forName("net.openhft.affinity.AffinityLock", false, CorePinning.class.getClassLoader());
                return true;
            }
            catch (final ClassNotFoundException | LinkageError e)
            {
                return false;
            }
        }
    }

    /** Every use of Affinity; loaded only when {@link AffinityPresence#PRESENT}. */
    private static final class AffinityPinning
    {
        static void release(final Object lock)
        {
            ((AffinityLock)lock).release();
        }

        static CorePinning attempt(final Pinning request)
        {
            try
            {
                final int cpus = AffinityLock.PROCESSORS;
                if (request.mode() == Pinning.Mode.CPU && request.cpu() >= cpus)
                {
                    return new CorePinning(null, "not pinned: CPU " + request.cpu() + " does not exist (" + cpus +
                        " CPUs, ids 0-" + (cpus - 1) + ")");
                }
                final AffinityLock lock = request.mode() == Pinning.Mode.CPU ?
                    AffinityLock.acquireLock(new int[]{request.cpu()}) : AffinityLock.acquireLock();
                if (!lock.isAllocated() || !lock.isBound())
                {
                    lock.release();
                    return new CorePinning(null, "not pinned: " + (request.mode() == Pinning.Mode.CPU ?
                        "CPU " + request.cpu() + " is reserved or taken" : "no free CPU") +
                        " (affinity hands out CPUs " + AffinityLock.RESERVED_AFFINITY + " of " + cpus +
                        "; -D" + AffinityLock.AFFINITY_RESERVED + "=<hex mask> changes that)");
                }
                return new CorePinning(lock, "pinned to CPU " + lock.cpuId());
            }
            catch (final Throwable t)
            {
                return new CorePinning(null, "not pinned: affinity library failed: " + t);
            }
        }
    }
}
