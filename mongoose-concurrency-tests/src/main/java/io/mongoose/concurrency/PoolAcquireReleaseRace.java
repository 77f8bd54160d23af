package io.mongoose.concurrency;

import io.mongoose.pool.ObjectPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

import java.util.concurrent.atomic.AtomicInteger;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Scenario 4, concurrent acquire and return on one pool: a pool of two messages and two threads that each try to take
 * two, hold what they got, then return it. Demand is twice the capacity, so the threads contend for the free list
 * both when taking and when returning.
 *
 * <p>Each holder counts itself into the message's {@link ProbeMessage#holders} while it holds it: a count above one
 * means the pool handed the same instance to two owners at once. {@code tryAcquire} is the acquire that neither grows
 * nor waits, so an empty pool is an outcome rather than an exception.
 *
 * <p>Results: {@code r1}, {@code r2} how many messages each thread got (0 to 2); {@code r3} overlapping hand-outs
 * seen; {@code r4} the pool's free count at the end; {@code r5} instances the pool ever created.
 */
@JCStressTest
@Description("Two threads acquire and release on a pool of two at the same time: no instance is ever held by two "
    + "owners at once and none is lost or duplicated.")
@Outcome(id = {"2, 0, 0, 2, 2", "0, 2, 0, 2, 2"}, expect = ACCEPTABLE,
    desc = "One thread held both messages while the other found the pool empty twice.")
@Outcome(id = {"2, 1, 0, 2, 2", "1, 2, 0, 2, 2"}, expect = ACCEPTABLE,
    desc = "One thread got a message back from the other between its two tries.")
@Outcome(id = "2, 2, 0, 2, 2", expect = ACCEPTABLE,
    desc = "The threads did not overlap: each took both messages in turn.")
@Outcome(id = "1, 1, 0, 2, 2", expect = ACCEPTABLE_INTERESTING,
    desc = "Each thread took one message, so each found the pool empty on its second try.")
@Outcome(id = "-?[0-9]+, -?[0-9]+, [1-9][0-9]*, .*", expect = FORBIDDEN,
    desc = "One instance was held by two owners at once.")
@Outcome(expect = FORBIDDEN,
    desc = "Anything else: an instance lost or duplicated (free count not 2 at the end), the pool grew, or fewer "
        + "acquires succeeded than the pool could serve.")
@State
public class PoolAcquireReleaseRace
{
    private static final int CAPACITY = 2;

    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(CAPACITY);
    private final AtomicInteger overlaps = new AtomicInteger();

    /**
     * First thread: take two, hold, return.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void firstOwner(final IIIII_Result r)
    {
        r.r1 = takeTwoAndReturn();
    }

    /**
     * Second thread: the same.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void secondOwner(final IIIII_Result r)
    {
        r.r2 = takeTwoAndReturn();
    }

    /**
     * Runs after both threads: overlaps, and whether the pool has all its instances and no more.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIIII_Result r)
    {
        r.r3 = overlaps.get();
        r.r4 = (int)pool.free();
        r.r5 = (int)pool.created();
    }

    private int takeTwoAndReturn()
    {
        final ProbeMessage a = take();
        final ProbeMessage b = take();
        // Both are held here at once, so a second owner of either one is counted by take().
        return giveBack(a) + giveBack(b);
    }

    private ProbeMessage take()
    {
        final ProbeMessage message = pool.tryAcquire();
        if (null != message && 1 != message.holders.incrementAndGet())
        {
            overlaps.incrementAndGet();
        }
        return message;
    }

    /** Leaves the holder count before releasing: once released, the next owner may count itself in. */
    private static int giveBack(final ProbeMessage message)
    {
        if (null == message)
        {
            return 0;
        }
        message.holders.decrementAndGet();
        message.release();
        return 1;
    }
}
