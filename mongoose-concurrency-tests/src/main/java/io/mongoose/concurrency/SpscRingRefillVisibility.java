package io.mongoose.concurrency;

import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageRing;
import io.mongoose.pool.ObjectPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A refill is never taken for published on the strength of a sequence another ring gave it. Message {@code m} was
 * published at sequence 1 by ring {@code other}, kept by a handler there, and released back to the pool; now ring
 * {@code ring}, whose one slot a handler emptied, refills that slot with {@code m} at its claim of sequence 1, fills
 * and publishes it, while its consumer asks the slot whether sequence 1 is published.
 *
 * <p>Results: the two fields the consumer read; -1, -1 when the slot did not say sequence 1 was published yet.
 */
@JCStressTest
@Description("A message refilled into a ring slot says it is published only once this ring publishes it, whatever "
    + "sequence another ring published it at before.")
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "The consumer looked before the publish (or before the refill).")
@Outcome(id = "1111, 2222", expect = ACCEPTABLE, desc = "The consumer read the refill as the producer wrote it.")
@Outcome(expect = FORBIDDEN, desc = "The refill said it was published, with the fields of before its claim.")
@State
public class SpscRingRefillVisibility
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(2);
    private final MessageRing<ProbeMessage> ring = MessageAccess.<ProbeMessage>get().newRing(pool, 1);

    /**
     * Sets the scene before the race, with a pool of two: {@code ring}'s message published, kept and out of its slot;
     * the other ring's message published at sequence 1 there, kept, and released back to the pool first, so it is
     * the one {@code ring}'s refill takes.
     */
    public SpscRingRefillVisibility()
    {
        final ProbeMessage kept = ring.tryClaim();
        ring.publish(kept);
        kept.retain();
        ring.afterDrain(0, 1);
        ring.consumedUpTo(1);
        final MessageRing<ProbeMessage> other = MessageAccess.<ProbeMessage>get().newRing(pool, 1);
        other.publish(other.tryClaim());
        other.afterDrain(0, 1);
        other.consumedUpTo(1);
        final ProbeMessage m = other.tryClaim();
        m.fill();
        other.publish(m); // m now says it is published at sequence 1
        m.retain();
        other.afterDrain(1, 2); // out of the other ring, held by its handler alone
        other.consumedUpTo(2);
        m.release(); // back in the pool, reset, still carrying sequence 1: first on the free list
        kept.release();
    }

    /**
     * The producer: its claim of sequence 1 refills the empty slot from the pool, then it fills and publishes.
     *
     * @param r unused; the outcome is the consumer's.
     */
    @Actor
    public void producer(final JJ_Result r)
    {
        final ProbeMessage refill = ring.tryClaim();
        refill.fill();
        ring.publish(refill);
    }

    /**
     * The consumer: one look at the slot for sequence 1.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void consumer(final JJ_Result r)
    {
        if (ring.isPublished(1))
        {
            final ProbeMessage message = ring.messageAt(1);
            r.r1 = message.first;
            r.r2 = message.second;
        }
        else
        {
            r.r1 = -1;
            r.r2 = -1;
        }
    }
}
