package io.mongoose.concurrency;

import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageRing;
import io.mongoose.pool.ObjectPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Scenario 11, a message a handler kept leaves its ring: a handler retained the message it was dispatched and handed
 * it to another thread; after the drain the consumer finds more than its own reference, takes the message out of the
 * {@link MessageRing} and drops its reference, while that holder drops the other. If the holder's release comes
 * first, the consumer finds only its own reference and the message stays in the ring (the ring returns it at close);
 * otherwise whichever release is last returns it to its pool. Either way it ends in the pool exactly once, reset once
 * there, and is never in the ring and the pool both.
 *
 * <p>Results: {@code r1} the pool's free count after the ring's close; {@code r2} messages the ring returned at close;
 * {@code r3} the message's resets (one at its claim, one at its return to the pool).
 */
@JCStressTest
@Description("The consumer's hand-over of a retained ring message races its holder's release: the message ends in "
    + "the pool, once, and not in the ring.")
@Outcome(id = "1, 0, 2", expect = ACCEPTABLE,
    desc = "The consumer saw the holder's reference: the message left the ring and the last release returned it.")
@Outcome(id = "1, 1, 2", expect = ACCEPTABLE,
    desc = "The holder had released already: the message stayed in the ring, which returned it at close.")
@Outcome(expect = FORBIDDEN, desc = "Lost, in the pool and the ring both, or reset a wrong number of times.")
@State
public class SpscRingRetainedLeavesRing
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final MessageRing<ProbeMessage> ring = MessageAccess.<ProbeMessage>get().newRing(pool, 1);
    private final ProbeMessage message;

    /** The message claimed, filled, published and dispatched; its handler retained it for another thread. */
    public SpscRingRetainedLeavesRing()
    {
        message = ring.tryClaim();
        message.fill();
        ring.publish(message);
        ring.messageAt(0).retain();
    }

    /**
     * The consumer: done with the message.
     *
     * @param r unused; the arbiter records the outcome.
     */
    @Actor
    public void consumer(final III_Result r)
    {
        ring.afterDrain(0, 1);
        ring.consumedUpTo(1);
    }

    /**
     * The holder the handler handed the message to: done with it.
     *
     * @param r unused; the arbiter records the outcome.
     */
    @Actor
    public void holder(final III_Result r)
    {
        message.release();
    }

    /**
     * Runs after both: close the ring, then see where the message is.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final III_Result r)
    {
        r.r2 = ring.close();
        r.r1 = (int)pool.free();
        r.r3 = message.resets;
    }
}
