package io.mongoose.concurrency;

import io.mongoose.feed.FeedPublisher;
import io.mongoose.internal.MessageAccess;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PooledMessage;
import io.mongoose.server.FeedPublisherAccess;
import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE_INTERESTING;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Scenario 5, stop racing a publish: one thread publishes a message through a real, open {@link FeedPublisher} while
 * another stops the feed the way {@code MongooseServer.stop()} does: close the feed, let the agent drain the queue,
 * sweep what is left with the publisher's own {@code releaseUndelivered()}, then count the pool's messages in flight
 * as leaks. The stopping thread also plays the subscribing agent, which is what stop does for invoker groups.
 *
 * <p>Why not a real server: jcstress creates thousands of states per second and runs each one once; a
 * {@code MongooseServer} per state costs an agent thread started, awaited and joined, and an invoker group must be
 * started, driven and stopped by one thread, while here the stop has to come from the actor racing the publish. So
 * the publisher, its queue and the pool are real, and the stop sequence is the server's, step for step, on one thread.
 *
 * <p>A publish that passed the open check just before the close can offer after the final sweep: it then finds the feed
 * closed, takes its late offer back and is refused, so the message is never left in the queue. The sweep waits until
 * {@code FeedPublisher.SETTLE_NANOS} after the close, so an offer made before the producer last read the feed open is
 * in the queue when it sweeps.
 *
 * <p>Results: {@code r1} the publish (1 accepted, 2 refused with {@code IllegalStateException}); {@code r2} messages
 * the agent handled; {@code r3} messages the sweep released undelivered; {@code r4} leaks stop reported; {@code r5}
 * the pool's free count at the end (1 once the message is back, 0 while it sits in the queue).
 */
@JCStressTest
@Description("Stop racing a publish: the message is handled, or refused and released, or swept undelivered; never "
    + "left in the queue.")
@Outcome(id = "1, 1, 0, 0, 1", expect = ACCEPTABLE,
    desc = "Published before the close: the agent handled it while stop drained the queue.")
@Outcome(id = "2, 0, 0, 0, 1", expect = ACCEPTABLE,
    desc = "Published after the close: refused with IllegalStateException and released.")
@Outcome(id = "2, 0, 0, 1, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "Refused and released, but only after stop counted it in flight (in the producer's hand, or a late offer "
        + "the producer then took back): out of the pool when stop looked, then returned.")
@Outcome(id = "1, 0, 1, 0, 1", expect = ACCEPTABLE_INTERESTING,
    desc = "Passed the open check before the close, enqueued after the drain: the sweep released it undelivered.")
@Outcome(id = "1, 0, 0, 1, 0", expect = FORBIDDEN,
    desc = "Accepted, enqueued after the final sweep and left in the queue: neither handled, counted nor refused.")
@Outcome(id = "1, 0, 0, 0, 0", expect = FORBIDDEN,
    desc = "Silently lost: accepted, but not handled, not swept, not reported and not back in the pool.")
@Outcome(expect = FORBIDDEN,
    desc = "Anything else: handled or released twice, refused without being released, or a phantom leak.")
@State
public class PublishStopRace
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final SpscArrayQueue<PooledMessage> queue = FeedPublisherAccess.newQueue(2);
    private final FeedPublisher publisher = FeedPublisherAccess.openPublisher("race", queue);
    private final ProbeMessage message;

    /** The producer's message is acquired and written before the race: only publish and stop race. */
    public PublishStopRace()
    {
        message = pool.acquire();
        message.fill();
    }

    /**
     * The producer publishes once.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void producer(final IIIII_Result r)
    {
        try
        {
            r.r1 = publisher.publish(message) ? 1 : 0;
        }
        catch (final IllegalStateException ex)
        {
            r.r1 = 2;
        }
    }

    /**
     * Stop, in MongooseServer.stop()'s order.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void stopper(final IIIII_Result r)
    {
        FeedPublisherAccess.close(publisher);
        // awaitDrained(): the agent keeps dispatching until the queue is empty. The message was acquired before the
        // race, so a handled message cannot be confused with one that has not been published yet.
        int handled = 0;
        PooledMessage polled;
        while (null != (polled = queue.poll()))
        {
            handled++;
            MessageAccess.<PooledMessage>get().releaseQueued(polled);
        }
        r.r2 = handled;
        // The agent has stopped (joined); the stopping thread now owns the consumer side.
        r.r3 = (int)FeedPublisherAccess.releaseUndelivered(publisher);
        r.r4 = (int)pool.inFlight();
    }

    /**
     * Runs after both: whether the message is back in the pool.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIIII_Result r)
    {
        r.r5 = (int)pool.free();
    }
}
