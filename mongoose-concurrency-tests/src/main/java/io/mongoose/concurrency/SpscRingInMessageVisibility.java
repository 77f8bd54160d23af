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
 * A ring feed's consumer learns of a publish from the message itself: the producer claims the next message, writes its
 * plain fields and publishes it, which writes the sequence into the message (a release store) before the ring's;
 * the consumer asks the message in the slot it expects next whether it is published at that sequence (an acquire load)
 * and, if so, reads it in place, as the agent's drain does.
 *
 * <p>Results: the two fields the consumer read; -1, -1 when the message did not say it was published yet.
 */
@JCStressTest
@Description("A message the ring's consumer finds published through its own sequence is read with the producer's "
    + "values, never stale ones.")
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "The consumer looked before the publish.")
@Outcome(id = "1111, 2222", expect = ACCEPTABLE, desc = "The consumer read the message as the producer wrote it.")
@Outcome(expect = FORBIDDEN, desc = "The message said it was published but its fields were stale.")
@State
public class SpscRingInMessageVisibility
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
     * The consumer: one look at the message it expects, and its fields if it says it is published.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void consumer(final JJ_Result r)
    {
        if (ring.isPublished(0))
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
