package io.mongoose.pool;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs once per JVM, on throwaway objects, the paths a running publisher or agent takes only when a handler keeps a
 * message: a retain, a release that is not the last (through an agent's release batch too), the holder's last release
 * back to a pool or a thread ring's slot, and a ring feed's drain taking a kept message out of its ring and the
 * producer refilling that slot.
 *
 * <p>Why: a call site is linked the first time it runs, and linking its {@code VarHandle} operations allocates on the
 * thread that runs it. A server warmed up without a handler that keeps anything met these paths for the first time
 * under load: 2,224 bytes on a queue feed's agent at its first retain, 5,952 on a ring feed's agent and 1,952 on its
 * publisher ({@code docs/architecture.md}, "Cold paths"). Linking is per call site, not per thread or object, so
 * running each path once anywhere spares the real threads. The objects are a pool and rings of a type of this class's
 * own, so no real pool, ring or counter sees the rehearsal.
 */
final class KeepPathRehearsal
{
    private static final AtomicBoolean DONE = new AtomicBoolean();

    /** The rehearsal's own message type. */
    private static final class Probe extends PooledMessage
    {
    }

    private KeepPathRehearsal()
    {
    }

    /** Run the rehearsal if no thread has yet; returns at once after the first call, without waiting for it. */
    static void runOnce()
    {
        if (DONE.compareAndSet(false, true))
        {
            run();
        }
    }

    private static void run()
    {
        // Its constructor calls runOnce(), which returns at once now.
        final ObjectPool<Probe> pool = new ObjectPool<>("keep-path-rehearsal", Probe.class, Probe::new,
            PoolConfig.of(8).failOnExhaustion());
        final SingleThreadReleaseBatch agentReleases = new SingleThreadReleaseBatch(4);

        // A queue feed's message from the pool or from the publisher's thread ring: the handler retains it, the agent
        // drops its reference through its batch (not the last), the holder drops the last.
        keepFromQueue(pool.acquire(), agentReleases);
        final SingleThreadMessageRing<Probe> threadRing = pool.newThreadRing(2);
        keepFromQueue(threadRing.acquire(), agentReleases);
        threadRing.close();

        // A ring feed: the handler keeps the first message, the drain takes it out of the ring, its holder's last
        // release returns it to the pool, and the third claim comes round to its slot and refills it from the pool.
        final SpscMessageRing<Probe> ring = pool.newSpscRing(2);
        for (long sequence = 0; sequence < 3; sequence++)
        {
            ring.publish(ring.tryClaim());
            final Probe message = ring.messageAt(sequence);
            final boolean keep = 0 == sequence;
            if (keep)
            {
                message.retain();
            }
            ring.afterDrain(sequence, sequence + 1);
            ring.consumedUpTo(sequence + 1);
            if (keep)
            {
                message.release();
            }
        }
        ring.close();
    }

    private static void keepFromQueue(final Probe message, final SingleThreadReleaseBatch agentReleases)
    {
        message.retain();
        agentReleases.release(message);
        message.release();
        agentReleases.flush();
    }
}
