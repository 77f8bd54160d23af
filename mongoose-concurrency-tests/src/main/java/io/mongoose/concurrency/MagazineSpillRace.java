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
 * Scenario 8, a magazine spilled to an acquirer without a cache: an agent flushes all 64 filled messages of a pool,
 * which deposits them as two full magazines (another thread's cache is attached), while a producer without a
 * {@link SingleThreadPoolCache} calls {@code pool.tryAcquire()} until it finds nothing (at most 64 tries). The free list stays empty, so each
 * successful try on an empty free list spills a whole magazine: the producer gets its first message and the other 31
 * go to the free list, where its next tries find them. The spill reads a magazine the agent filled on another thread,
 * published only through the depot's queue.
 *
 * <p>Which counts are possible: the producer stops at the first try that finds the free list and the depot both empty,
 * and it empties each spilled magazine from the free list before it can find that, so it gets 0 (every try came before
 * the first deposit), 32 (it had taken the first magazine before the second was deposited) or 64.
 *
 * <p>Results: {@code r1} messages the producer got; {@code r2} of those, ones with a count other than 1, payload not
 * reset, or not reset exactly once at count 0; {@code r3} messages accounted for at the end (free in the pool, which
 * counts the depot, plus held by the producer); {@code r4} messages the producer was handed that it already held.
 */
@JCStressTest
@Description("An agent's flush deposits two magazines while a producer without a cache acquires from the pool: the "
    + "spill hands out reset messages with one reference each, none twice, none lost.")
@Outcome(id = {"0, 0, 64, 0", "64, 0, 64, 0"}, expect = ACCEPTABLE,
    desc = "The producer tried only before the first deposit (nothing), or spilled both magazines.")
@Outcome(id = "32, 0, 64, 0", expect = ACCEPTABLE_INTERESTING,
    desc = "The producer emptied the first spilled magazine before the second was deposited.")
@Outcome(expect = FORBIDDEN,
    desc = "A part of a magazine, a message not reset or with a wrong count, one handed out twice, or one lost.")
@State
public class MagazineSpillRace
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(MagazineScenario.CAPACITY);
    /**
     * Another thread's cache, never used: a pool deposits magazines only while some thread cache is attached, so this
     * is the mixed pool where an acquirer without a cache meets magazines.
     */
    private final SingleThreadPoolCache<ProbeMessage> otherThreadsCache = pool.newThreadCache(MagazineScenario.MAGAZINE);
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
     * The producer: acquires from the pool until it finds nothing, never waiting.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void producer(final IIII_Result r)
    {
        MagazineScenario.takeUntilEmpty(pool, producer);
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
