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
 * Scenario 10, two agents depositing into one pool: each drops the last reference of its own 32 filled messages of the
 * same pool into its own {@link SingleThreadReleaseBatch} and flushes, so each deposits one magazine, at the same
 * time; the second agent then acquires from that pool through a {@link SingleThreadPoolCache} of batch 64 until it
 * finds nothing (at most 64 tries), as a handler does that acquires from the pool its messages came from. The deposits
 * contend for the depot's two empty magazines and its full queue, and the second agent's refills race the first
 * agent's deposit.
 *
 * <p>Which counts are possible: the pool has two magazines and nothing takes one before the second agent's own deposit,
 * so neither deposit is refused and nothing reaches the free list but what the second agent spills. Its own magazine
 * is there before it tries, so it gets 32 (it emptied one magazine and found the depot empty before the other
 * deposit) or 64; never 0 or a count between.
 *
 * <p>Results: {@code r1} messages the second agent got; {@code r2} of those, ones with a count other than 1, payload
 * not reset, or not reset exactly once at count 0; {@code r3} messages accounted for at the end (free in the pool,
 * which counts the depot and the cache, plus held by the second agent); {@code r4} messages it was handed that it
 * already held.
 */
@JCStressTest
@Description("Two agents deposit a magazine each into one pool while the second one's cache refills: whole magazines "
    + "of reset messages with one reference each, none twice, none lost.")
@Outcome(id = "64, 0, 64, 0", expect = ACCEPTABLE,
    desc = "The second agent got both magazines.")
@Outcome(id = "32, 0, 64, 0", expect = ACCEPTABLE_INTERESTING,
    desc = "The second agent emptied one magazine and tried again before the first agent's deposit.")
@Outcome(expect = FORBIDDEN,
    desc = "A part of a magazine, a message not reset or with a wrong count, one handed out twice, or one lost.")
@State
public class MagazineTwoDepositorsRace
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(MagazineScenario.CAPACITY);
    private final SingleThreadPoolCache<ProbeMessage> cache = pool.newThreadCache(MagazineScenario.CAPACITY);
    private final SingleThreadReleaseBatch firstReleases = new SingleThreadReleaseBatch(MagazineScenario.MAGAZINE);
    private final SingleThreadReleaseBatch secondReleases = new SingleThreadReleaseBatch(MagazineScenario.MAGAZINE);
    private final ProbeMessage[] messages = MagazineScenario.acquireAllFilled(pool);
    private final HandOutTally second = new HandOutTally();

    /**
     * The first agent: 32 last releases into its batch, then one flush, which deposits one magazine.
     *
     * @param r unused; the outcome is the second agent's and the arbiter's.
     */
    @Actor
    public void firstAgent(final IIII_Result r)
    {
        MagazineScenario.releaseAndFlush(firstReleases, messages, 0, MagazineScenario.MAGAZINE);
    }

    /**
     * The second agent: the same with the other 32, then acquires through its cache until it finds nothing.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void secondAgent(final IIII_Result r)
    {
        MagazineScenario.releaseAndFlush(secondReleases, messages, MagazineScenario.MAGAZINE, messages.length);
        MagazineScenario.takeUntilEmpty(cache, second);
        r.r1 = second.got;
        r.r2 = second.bad;
    }

    /**
     * Runs after both: every message accounted for, none handed out twice.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIII_Result r)
    {
        r.r3 = (int)pool.free() + second.got;
        r.r4 = second.duplicates;
    }
}
