package io.mongoose.concurrency;

import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageRing;
import io.mongoose.pool.ObjectPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.JJI_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Scenario 10, a ring feed's next lap: the consumer reads the published message of a one-slot {@link MessageRing}
 * and hands the slot back (a release store of its sequence) while the producer tries to claim that slot for its next
 * message, which resets it and writes new values. The producer may claim it only once the consumer is done with it:
 * the consumer never sees the next lap's reset or values.
 *
 * <p>Results: {@code r1}, {@code r2} the fields the consumer read; {@code r3} 1 if the producer's claim got the slot, 0
 * if the ring was still full.
 */
@JCStressTest
@Description("The producer's claim of a slot the consumer is still reading never overwrites what the consumer reads.")
@Outcome(id = {"1111, 2222, 0", "1111, 2222, 1"}, expect = ACCEPTABLE,
    desc = "The consumer read the first lap's values; the producer found the ring full, or claimed the slot after the "
        + "hand-back.")
@Outcome(expect = FORBIDDEN, desc = "The consumer saw the slot reset or overwritten by the producer's next lap.")
@State
public class SpscRingLapRace
{
    private static final long NEXT_FIRST = 3333;
    private static final long NEXT_SECOND = 4444;

    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final MessageRing<ProbeMessage> ring = MessageAccess.<ProbeMessage>get().newRing(pool, 1);

    /** The first lap's message claimed, filled and published. */
    public SpscRingLapRace()
    {
        final ProbeMessage message = ring.tryClaim();
        message.fill();
        ring.publish(message);
    }

    /**
     * The consumer: read the message in place, then hand its slot back.
     *
     * @param r where the fields read are recorded.
     */
    @Actor
    public void consumer(final JJI_Result r)
    {
        final ProbeMessage message = ring.messageAt(0);
        r.r1 = message.first;
        r.r2 = message.second;
        ring.afterDrain(0, 1);
        ring.consumedUpTo(1);
    }

    /**
     * The producer: one claim of the next lap, never waiting; if it gets the slot, it writes new values.
     *
     * @param r where whether it got the slot is recorded.
     */
    @Actor
    public void producer(final JJI_Result r)
    {
        final ProbeMessage next = ring.tryClaim();
        if (null == next)
        {
            r.r3 = 0;
            return;
        }
        next.first = NEXT_FIRST;
        next.second = NEXT_SECOND;
        r.r3 = 1;
    }
}
