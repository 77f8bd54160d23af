package io.mongoose.concurrency;

import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.SingleThreadPoolCache;
import io.mongoose.pool.SingleThreadReleaseBatch;
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
 * Scenario 7, the magazine hand-back: an agent drops the last reference of all 64 filled messages of a pool into its
 * {@link SingleThreadReleaseBatch} and flushes them, which deposits them in the pool's depot as two full magazines,
 * while a producer acquires through a {@link SingleThreadPoolCache} of batch 64 until it finds nothing (at most 64
 * tries). Each magazine is copied in by the agent and out by the producer on another thread, published only through
 * the depot's queues; the copy-out must see every slot the copy-in wrote, and every message's reset.
 *
 * <p>Which counts are possible: nothing reaches the pool's free list but what the producer itself spills, so the
 * producer is handed messages a whole magazine at a time. A refill takes the free list, then every full magazine there
 * is at that moment; when it finds none, the cache falls back to {@code pool.tryAcquire()}, which spills a magazine
 * deposited in between (one message handed out, 31 to the free list, taken by the next refill). The producer stops
 * at the first try that finds the free list and the depot both empty, so it gets 0 (every try came before the first
 * deposit), 32 (it had emptied the first magazine before the second was deposited) or 64 (both magazines, whether
 * one refill took both or a later try found the second); never a count between.
 *
 * <p>Results: {@code r1} messages the producer got; {@code r2} of those, ones with a count other than 1, payload not
 * reset, or not reset exactly once at count 0; {@code r3} messages accounted for at the end (free in the pool, which
 * counts the depot and the cache, plus held by the producer); {@code r4} messages the producer was handed that it
 * already held.
 */
@JCStressTest
@Description("An agent's flush deposits two magazines while a producer's cache refills: the producer gets whole "
    + "magazines of reset messages with one reference each, none twice, none lost.")
@Outcome(id = {"0, 0, 64, 0", "64, 0, 64, 0"}, expect = ACCEPTABLE,
    desc = "The producer tried only before the first deposit (nothing), or got both magazines.")
@Outcome(id = "32, 0, 64, 0", expect = ACCEPTABLE_INTERESTING,
    desc = "The producer emptied the first magazine and tried again before the second was deposited.")
@Outcome(expect = FORBIDDEN,
    desc = "A part of a magazine, a message not reset or with a wrong count, one handed out twice, or one lost.")
@State
public class MagazineReturnCacheRefillRace
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(MagazineScenario.CAPACITY);
    private final SingleThreadPoolCache<ProbeMessage> cache = pool.newThreadCache(MagazineScenario.CAPACITY);
    private final SingleThreadReleaseBatch releases = new SingleThreadReleaseBatch(MagazineScenario.CAPACITY);
    private final ProbeMessage[] messages = MagazineScenario.acquireAllFilled(pool);
    private final HandOutTally producer = new HandOutTally();

    /**
     * The agent: 64 last releases into the batch, then one flush, which deposits two magazines.
     *
     * @param r unused; the outcome is the producer's and the arbiter's.
     */
    @Actor
    public void agent(final IIII_Result r)
    {
        MagazineScenario.releaseAndFlush(releases, messages, 0, messages.length);
    }

    /**
     * The producer: acquires through its cache until it finds nothing, never waiting.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void producer(final IIII_Result r)
    {
        MagazineScenario.takeUntilEmpty(cache, producer);
        r.r1 = producer.got;
        r.r2 = producer.bad;
    }

    /**
     * Runs after both: every message accounted for, none handed out twice.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIII_Result r)
    {
        r.r3 = (int)pool.free() + producer.got;
        r.r4 = producer.duplicates;
    }
}
