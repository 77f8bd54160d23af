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
 * An agent may take a message on its announcement alone, before it reads the queue's slot
 * ({@code io.mongoose.server.DeliveryQueue}): the producer writes the message's fields, then
 * {@link io.mongoose.pool.PooledMessage#announce(long, long)}; the agent checks
 * {@link io.mongoose.pool.PooledMessage#isAnnounced(long, long)} and reads the fields. The announcement must publish
 * the producer's writes as the queue's slot would.
 *
 * <p>Results: the two fields the consumer read, or -1, -1 when it did not see the announcement yet.
 */
@JCStressTest
@Description("A message taken on its announcement is seen with the producer's values, never with stale ones.")
@Outcome(id = "-1, -1", expect = ACCEPTABLE, desc = "The consumer looked before the announcement.")
@Outcome(id = "1111, 2222", expect = ACCEPTABLE, desc = "The consumer saw the announcement and both fields.")
@Outcome(expect = FORBIDDEN, desc = "The consumer saw the announcement but stale fields.")
@State
public class AnnouncementVisibility
{
    private static final long QUEUE = 7;
    private static final long INDEX = 0;

    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final ProbeMessage message = pool.acquire();

    /**
     * The producer: write the fields, then announce, as {@code FeedPublisher} does before its offer.
     */
    @Actor
    public void producer()
    {
        message.fill();
        message.announce(QUEUE, INDEX);
    }

    /**
     * The consumer: take on announcement and read, as an agent's first take of a drain does.
     *
     * @param r the fields read.
     */
    @Actor
    public void consumer(final JJ_Result r)
    {
        if (message.isAnnounced(QUEUE, INDEX))
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
