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
 * Scenario 9, a ring feed's publish: the producer claims the message in the next slot of a {@link MessageRing},
 * writes its plain fields and publishes it (a release store of the sequence); the consumer reads the sequence (an
 * acquire load) and, if it covers the slot, reads the message in place. No reference passes between the threads:
 * the sequence alone must publish the producer's writes.
 *
 * <p>Results: the two fields the consumer read; -1, -1 when the sequence did not cover the slot yet.
 */
@JCStressTest
@Description("A message filled and published through an SPSC ring's sequence is read in place with the producer's "
    + "values, never stale ones.")
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "The consumer looked before the publish.")
@Outcome(id = "1111, 2222", expect = ACCEPTABLE, desc = "The consumer read the message as the producer wrote it.")
@Outcome(expect = FORBIDDEN, desc = "The sequence covered the slot but the fields were stale.")
@State
public class SpscRingPublishVisibility
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final MessageRing<ProbeMessage> ring = MessageAccess.<ProbeMessage>get().newRing(pool, 1);

    /**
     * The producer: claim, fill, publish.
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
     * The consumer: one look at the sequence, and the message if it is there.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void consumer(final JJ_Result r)
    {
        if (ring.published() > 0)
        {
            final ProbeMessage message = ring.messageAt(0);
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
