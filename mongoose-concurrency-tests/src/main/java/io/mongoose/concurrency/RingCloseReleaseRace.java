package io.mongoose.concurrency;

import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.SingleThreadMessageRing;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Scenario 8, closing a ring under a release: the producer closes its {@link SingleThreadMessageRing} (a message free in
 * its slot goes to the free list at once) while an agent drops the last reference of the ring's message that is out
 * (reset, then a release store of FREE into its slot, closed or not; no atomic read-modify-write). A message released
 * into a closed ring is the pool's to take back, which it does when it counts its messages or finds its free list
 * empty, so whatever the order both end on the free list once, reset once.
 *
 * <p>Results: {@code r1} the pool's free count; {@code r2} the released message's resets; {@code r3} the pool's in-flight
 * count; {@code r4} 1 if two acquires from the pool afterwards get two distinct messages and a third finds it empty.
 */
@JCStressTest
@Description("A ring's close races the last release of its message that is out: each message reaches the free list "
    + "exactly once.")
@Outcome(id = "2, 1, 0, 1", expect = ACCEPTABLE,
    desc = "Both messages on the free list once, the released one reset once, whichever side returned it.")
@Outcome(expect = FORBIDDEN,
    desc = "A message lost, on the free list twice, or reset a wrong number of times.")
@State
public class RingCloseReleaseRace
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(2);
    private final SingleThreadMessageRing<ProbeMessage> ring = pool.newThreadRing(2);
    private final ProbeMessage out;

    /** One of the ring's two messages out and filled, the other free in its slot. */
    public RingCloseReleaseRace()
    {
        out = ring.acquire();
        out.fill();
    }

    /**
     * The agent: the message's last release.
     *
     * @param r unused; the outcome is the arbiter's.
     */
    @Actor
    public void agent(final IIII_Result r)
    {
        out.release();
    }

    /**
     * The producer: closes its ring.
     *
     * @param r unused; the outcome is the arbiter's.
     */
    @Actor
    public void producer(final IIII_Result r)
    {
        ring.close();
    }

    /**
     * Runs after both: the counts, then the free list itself.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIII_Result r)
    {
        r.r1 = (int)pool.free();
        r.r2 = out.resets;
        r.r3 = (int)pool.inFlight();
        final ProbeMessage a = pool.tryAcquire();
        final ProbeMessage b = pool.tryAcquire();
        final ProbeMessage c = pool.tryAcquire();
        r.r4 = null != a && null != b && a != b && null == c ? 1 : 0;
    }
}
