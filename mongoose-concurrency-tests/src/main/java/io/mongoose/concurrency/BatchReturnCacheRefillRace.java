package io.mongoose.concurrency;

import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.ReleaseBatch;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.SingleThreadPoolCache;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Scenario 6, the batched hand-back: an agent drops the last reference of two filled messages into its
 * release batch (the last release is an ordered store, not a CAS) and flushes them onto the free
 * list with one batch claim, while a producer refills its {@link SingleThreadPoolCache} from that free list. The
 * producer may get 0, 1 or 2 messages depending on timing, but each must be a fresh hand-out: one reference, reset
 * values (the reset and the zeroed count were written before the flush published the message), and never the same
 * instance twice.
 *
 * <p>Results: {@code r1} messages the producer got; {@code r2} of those, ones with a count other than 1 or values not
 * reset; {@code r3} messages accounted for at the end (free in the pool plus held by the producer); {@code r4} 1 if
 * the producer's messages were distinct instances.
 */
@JCStressTest
@Description("An agent's batched return races a producer's cache refill: every message the producer gets is reset, "
    + "holds one reference and is handed out once; none is lost.")
@Outcome(id = {"0, 0, 2, 1", "2, 0, 2, 1"}, expect = ACCEPTABLE,
    desc = "The refill came before the flush (nothing yet) or after it (both messages).")
@Outcome(id = "1, 0, 2, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "The refill met the flush half-way: one message was on the free list, the other not yet.")
@Outcome(expect = FORBIDDEN,
    desc = "A message handed out with reset values missing or a wrong count, twice, or lost.")
@State
public class BatchReturnCacheRefillRace
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(2);
    private final SingleThreadPoolCache<ProbeMessage> cache = pool.newThreadCache(2);
    private final ReleaseBatch<ProbeMessage> releases = MessageAccess.<ProbeMessage>get().newReleaseBatch(2);
    private final ProbeMessage first;
    private final ProbeMessage second;
    private ProbeMessage gotFirst;
    private ProbeMessage gotSecond;

    /** Both messages out and filled: the free list is empty until the agent flushes. */
    public BatchReturnCacheRefillRace()
    {
        first = pool.acquire();
        first.fill();
        second = pool.acquire();
        second.fill();
    }

    /**
     * The agent: last releases into the batch, then one flush.
     *
     * @param r unused; the outcome is the producer's and the arbiter's.
     */
    @Actor
    public void agent(final IIII_Result r)
    {
        releases.release(first);
        releases.release(second);
        releases.flush();
    }

    /**
     * The producer: two tries through its cache, never waiting.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void producer(final IIII_Result r)
    {
        gotFirst = cache.tryAcquire();
        gotSecond = null == gotFirst ? null : cache.tryAcquire();
        r.r1 = (null == gotFirst ? 0 : 1) + (null == gotSecond ? 0 : 1);
        r.r2 = bad(gotFirst) + bad(gotSecond);
    }

    /**
     * Runs after both: everything accounted for, nothing handed out twice.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIII_Result r)
    {
        r.r3 = (int)pool.free() + r.r1;
        r.r4 = null != gotFirst && gotFirst == gotSecond ? 0 : 1;
    }

    private static int bad(final ProbeMessage message)
    {
        if (null == message)
        {
            return 0;
        }
        return 1 == message.refCount() && 0 == message.first && 0 == message.second && 1 == message.resets ? 0 : 1;
    }
}
