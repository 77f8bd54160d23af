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
import org.openjdk.jcstress.infra.results.IIIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Scenario 9, two acquirers emptying the depot: all 64 messages of a pool were released and flushed before the race,
 * so the depot holds two full magazines and the free list is empty. One producer acquires through a
 * {@link SingleThreadPoolCache} of batch 64 (its refills take the free list, then whole magazines), the other calls
 * {@code pool.tryAcquire()} without a cache (it spills a whole magazine to the free list when that is empty, where
 * the first producer's refill may take part of it). Each stops at its first try that finds nothing, at most 64 tries.
 * The two contend on the depot's queues and on the free list the spill feeds; no message may go to both, and none may
 * be left behind.
 *
 * <p>Which counts are possible: any split of the 64. The first producer's cache falls back to the pool only when its
 * refill found no full magazine, so it never spills; the second finishes every spill it starts and then takes from
 * the free list until that is empty. Whichever stops last found the free list and the depot empty while the other
 * held nothing free, so together they took all 64 and the pool ends with none free.
 *
 * <p>Results: {@code r1} messages the cached producer got; {@code r2} messages both got; {@code r3} of those, ones with
 * a count other than 1, payload not reset, or not reset exactly once at count 0; {@code r4} messages handed out while
 * already held, by either producer; {@code r5} the pool's free count at the end.
 */
@JCStressTest
@Description("A cache's magazine refill races a cacheless acquirer's spill of the same depot: every message is handed "
    + "out once, reset, with one reference, and none is left behind.")
@Outcome(id = "(0|64), 64, 0, 0, 0", expect = ACCEPTABLE,
    desc = "One producer took every message before the other found any.")
@Outcome(id = "([1-9]|[1-5][0-9]|6[0-3]), 64, 0, 0, 0", expect = ACCEPTABLE_INTERESTING,
    desc = "The producers shared the messages: a magazine each, or part of a spilled magazine went to the cache.")
@Outcome(expect = FORBIDDEN,
    desc = "A message not reset or with a wrong count, one handed out twice, or one lost or left behind.")
@State
public class MagazineTakeSpillRace
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(MagazineScenario.CAPACITY);
    private final SingleThreadPoolCache<ProbeMessage> cache = pool.newThreadCache(MagazineScenario.CAPACITY);
    private final HandOutTally cached = new HandOutTally();
    private final HandOutTally uncached = new HandOutTally();

    /** Every message released and flushed: two full magazines in the depot, nothing on the free list. */
    public MagazineTakeSpillRace()
    {
        final ProbeMessage[] messages = MagazineScenario.acquireAllFilled(pool);
        MagazineScenario.releaseAndFlush(
            new SingleThreadReleaseBatch(MagazineScenario.CAPACITY), messages, 0, messages.length);
    }

    /**
     * The producer with a cache: acquires through it until it finds nothing, never waiting.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void cachedProducer(final IIIII_Result r)
    {
        MagazineScenario.takeUntilEmpty(cache, cached);
        r.r1 = cached.got;
    }

    /**
     * The producer without one: acquires from the pool until it finds nothing, never waiting.
     *
     * @param r unused; the arbiter records this producer's part.
     */
    @Actor
    public void uncachedProducer(final IIIII_Result r)
    {
        MagazineScenario.takeUntilEmpty(pool, uncached);
    }

    /**
     * Runs after both: all 64 handed out, each once and fresh, none left free.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIIII_Result r)
    {
        r.r2 = cached.got + uncached.got;
        r.r3 = cached.bad + uncached.bad;
        r.r4 = cached.duplicates + uncached.duplicates;
        r.r5 = (int)pool.free();
    }
}
