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
 * Scenario 7, the ring hand-back: an agent drops the last reference of a filled message that belongs to a producer's
 * {@link SingleThreadMessageRing} (reset, then a release store of FREE in its slot) while the producer, coming round to that
 * slot, tries to take it. The producer gets either that message, back and reset, or, the slot still being out, the
 * pool's one free message; never a message whose reset it cannot see, and nothing is lost.
 *
 * <p>Results: {@code r1} 1 if the producer got the ring's message back, 2 if the pool's; {@code r2} 1 if what it got
 * holds a count other than 1, unreset values, or a reset count that does not match where it came from; {@code r3}
 * messages accounted for at the end (free in the pool plus the one the producer holds); {@code r4} the ring's free
 * count, which must say whether the ring's message is in its slot.
 */
@JCStressTest
@Description("An agent's last release of a ring message races its producer taking that slot: the producer gets it "
    + "back reset, or a pool message; none is lost and the ring's count agrees.")
@Outcome(id = {"1, 0, 2, 0", "2, 0, 2, 1"}, expect = ACCEPTABLE,
    desc = "The release came first (the ring's message, reset) or the take did (the pool's message; the ring's "
        + "comes back to its slot and counts as free).")
@Outcome(expect = FORBIDDEN,
    desc = "A message handed out unreset or with a wrong count, lost, or the ring's count off.")
@State
public class RingReturnTakeRace
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(2);
    private final SingleThreadMessageRing<ProbeMessage> ring = pool.newThreadRing(1);
    private final ProbeMessage out;
    private ProbeMessage got;

    /** The ring's one message out and filled; the pool's other message on its free list. */
    public RingReturnTakeRace()
    {
        out = ring.acquire();
        out.fill();
    }

    /**
     * The agent: the message's last release.
     *
     * @param r unused; the outcome is the producer's and the arbiter's.
     */
    @Actor
    public void agent(final IIII_Result r)
    {
        out.release();
    }

    /**
     * The producer: one try through its ring, never waiting.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void producer(final IIII_Result r)
    {
        got = ring.tryAcquire();
        r.r1 = got == out ? 1 : null == got ? 0 : 2;
        final int expectedResets = got == out ? 1 : 0;
        r.r2 = null != got && 1 == got.refCount() && 0 == got.first && 0 == got.second &&
            expectedResets == got.resets ? 0 : 1;
    }

    /**
     * Runs after both: every message accounted for, and the ring's count right.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIII_Result r)
    {
        r.r3 = (int)pool.free() + (null == got ? 0 : 1);
        r.r4 = ring.free();
    }
}
