package io.mongoose.concurrency;

import io.mongoose.pool.ObjectPool;
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
 * Scenario 1, the reference-count race: a message holding two references (acquired, then retained, as a fan-out to
 * two subscribers leaves it) is released once by each of two threads at the same time.
 *
 * <p>Results: {@code r1}, {@code r2} what each actor's {@code release()} did (1 returned the message to its pool, 0
 * dropped a reference that was not the last, -1 threw because there was no reference left); {@code r3} how many
 * instances the pool's free list gained; {@code r4} the reference count at the end.
 */
@JCStressTest
@Description("Two threads each release one of a message's two references at the same time: exactly one of them must "
    + "return it to the pool, once.")
@Outcome(id = {"1, 0, 1, 0", "0, 1, 1, 0"}, expect = ACCEPTABLE,
    desc = "One release was the last: the message went back to the pool exactly once and its count is 0.")
@Outcome(id = "1, 1, .*", expect = FORBIDDEN,
    desc = "Both releases claimed the last reference: the message was recycled twice (two owners later).")
@Outcome(id = "0, 0, .*", expect = FORBIDDEN,
    desc = "Neither release was the last: a decrement was lost and the message leaked.")
@Outcome(expect = FORBIDDEN, desc = "Anything else: an unmatched release, or a free list that did not gain exactly one.")
@State
public class RefCountReleaseRace
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final ProbeMessage message;
    private final long freeBefore;

    /** Acquires the pool's only message and takes a second reference, as a publisher does for two subscribers. */
    public RefCountReleaseRace()
    {
        message = pool.acquire();
        message.retain();
        freeBefore = pool.free();
    }

    /**
     * First holder drops its reference.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void firstHolder(final IIII_Result r)
    {
        r.r1 = release(message);
    }

    /**
     * Second holder drops its reference.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void secondHolder(final IIII_Result r)
    {
        r.r2 = release(message);
    }

    /**
     * Runs after both holders: what came back to the pool, and the count left behind.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIII_Result r)
    {
        r.r3 = (int)(pool.free() - freeBefore);
        r.r4 = message.refCount();
    }

    /** An unmatched release throws by contract; recorded as -1 so that a broken count is an outcome, not an error. */
    static int release(final ProbeMessage message)
    {
        try
        {
            return message.release() ? 1 : 0;
        }
        catch (final IllegalStateException ex)
        {
            return -1;
        }
    }
}
