package io.mongoose.concurrency;

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
 * A message announced again to the queue it was last announced to, as a ring feed's messages are on every lap and a
 * queue feed's on every trip round the producer's ring: {@link io.mongoose.pool.PooledMessage#announce(long, long)}
 * then moves the index alone, one release store, without the invalidate-then-move-the-queue sequence that a change of
 * queue needs. The message was announced to the queue at index 4 with its fields at 0; the producer writes the fields
 * and announces index 5. An agent that sees index 5 must see the fields too.
 *
 * <p>Results: the two fields the consumer read, or -1, -1 when it did not see the new announcement yet.
 */
@JCStressTest
@Description("A message announced again to the same queue is seen with the producer's new values, never stale ones.")
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "The consumer looked before the new announcement.")
@Outcome(id = "1111, 2222", expect = ACCEPTABLE, desc = "The consumer saw the new announcement and both fields.")
@Outcome(expect = FORBIDDEN, desc = "The consumer saw the new announcement but stale fields.")
@State
public class AnnouncementAgainVisibility
{
    private static final long QUEUE = 7;

    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final ProbeMessage message = pool.acquire();

    /** Announced to the queue at index 4 before the actors start, its fields still at 0. */
    public AnnouncementAgainVisibility()
    {
        message.announce(QUEUE, 4);
    }

    /**
     * The producer: the message's next trip through the same queue.
     */
    @Actor
    public void producer()
    {
        message.fill();
        message.announce(QUEUE, 5);
    }

    /**
     * The consumer, expecting this message at index 5.
     *
     * @param r the fields read.
     */
    @Actor
    public void consumer(final JJ_Result r)
    {
        if (message.isAnnounced(QUEUE, 5))
        {
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
