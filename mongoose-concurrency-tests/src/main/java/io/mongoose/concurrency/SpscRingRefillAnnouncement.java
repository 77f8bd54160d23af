package io.mongoose.concurrency;

import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.SpscMessageRing;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJ_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Scenario 13, a refill that comes announced elsewhere: a handler kept the message of a one-slot
 * {@link SpscMessageRing}, so the slot is empty, and the pool's other message was last announced on a queue at index 1,
 * the very sequence the ring's consumer expects next. The producer claims (refilling the slot with that message), fills
 * and publishes at 1; the consumer asks the slot whether sequence 1 is published, which reads the message alone, not
 * the queue it was announced to. The refill must clear the old announcement before the consumer can find the message
 * in the slot, or the consumer would take it, unfilled, as published.
 *
 * <p>Results: the two fields the consumer read; -1, -1 when the slot did not say it was published yet.
 */
@JCStressTest
@Description("A message refilled into a ring slot, carrying an old announcement at the expected sequence, is never "
    + "taken as published before the producer publishes it.")
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "The consumer looked before the publish.")
@Outcome(id = "1111, 2222", expect = ACCEPTABLE, desc = "The consumer read the refill as the producer wrote it.")
@Outcome(expect = FORBIDDEN, desc = "The old announcement passed for the ring's: the refill was read unfilled.")
@State
public class SpscRingRefillAnnouncement
{
    /** An identity no ring or queue of this JVM uses: the scenario needs only a queue other than the ring. */
    private static final long OTHER_QUEUE = 0x5EED_0000_0000_0001L;

    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(2);
    private final SpscMessageRing<ProbeMessage> ring = pool.newSpscRing(1);

    /** Sequence 0 published and dispatched, its message kept by a holder; the pool's other message announced at 1. */
    public SpscRingRefillAnnouncement()
    {
        final ProbeMessage first = ring.tryClaim();
        first.fill();
        ring.publish(first);
        ring.messageAt(0).retain();
        ring.afterDrain(0, 1);
        ring.consumedUpTo(1);

        final ProbeMessage other = pool.acquire();
        other.announce(OTHER_QUEUE, 1);
        other.release();
    }

    /**
     * The producer: claim (the refill), fill, publish at 1.
     *
     * @param r unused; the outcome is the consumer's.
     */
    @Actor
    public void producer(final JJ_Result r)
    {
        final ProbeMessage message = ring.tryClaim();
        message.fill();
        ring.publish(message);
    }

    /**
     * The consumer: one look at sequence 1, and the message's fields if it says it is published.
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
