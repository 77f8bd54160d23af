package io.mongoose.concurrency;

import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PooledMessage;
import org.jctools.queues.SpscArrayQueue;
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
 * Scenario 3, visibility across the hand-off: a producer acquires a message, writes its plain fields and offers it
 * into a JCTools {@link SpscArrayQueue}; a consumer polls it, reads the fields and releases it. This is the primitive
 * every publish rests on ({@code FeedPublisher} offers into one such queue per subscriber, the agent polls it): the
 * queue's ordered store of the element and volatile load of it must publish the producer's plain writes.
 *
 * <p>A whole {@code MongooseServer} per jcstress state is not used: jcstress builds thousands of states per second,
 * and a server costs an agent thread, its start and its join.
 *
 * <p>Results: {@code r1}, {@code r2} the fields the consumer read (-1, -1 when the queue was still empty);
 * {@code r3} the pool's free count at the end (1 once the consumer released the message, 0 while it is queued).
 */
@JCStressTest
@Description("A message written by the producer and handed over through an SPSC queue is seen by the consumer with "
    + "the producer's values, never with stale ones.")
@Outcome(id = "-1, -1, 0", expect = ACCEPTABLE,
    desc = "The consumer polled before the producer offered; the message is still queued.")
@Outcome(id = "1111, 2222, 1", expect = ACCEPTABLE,
    desc = "The consumer got the message with both fields as written, and released it to the pool.")
@Outcome(id = {"0, 0, .*", "1111, 0, .*", "0, 2222, .*"}, expect = FORBIDDEN,
    desc = "The consumer got the message but saw stale fields: the queue did not publish the producer's writes.")
@Outcome(expect = FORBIDDEN, desc = "Anything else: the message did not come back to the pool exactly once.")
@State
public class SpscHandOffVisibility
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final SpscArrayQueue<PooledMessage> queue = new SpscArrayQueue<>(2);

    /**
     * The producer: acquire, write, offer.
     */
    @Actor
    public void producer()
    {
        final ProbeMessage message = pool.acquire();
        message.fill();
        if (!queue.offer(message))
        {
            throw new IllegalStateException("an empty queue of capacity 2 refused one offer");
        }
    }

    /**
     * The consumer: poll, read, release, as an agent's duty cycle does.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void consumer(final III_Result r)
    {
        final PooledMessage polled = queue.poll();
        if (null == polled)
        {
            r.r1 = -1;
            r.r2 = -1;
            return;
        }
        final ProbeMessage message = (ProbeMessage)polled;
        r.r1 = (int)message.first;
        r.r2 = (int)message.second;
        message.release();
    }

    /**
     * Runs after both: whether the message came back.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final III_Result r)
    {
        r.r3 = (int)pool.free();
    }
}
