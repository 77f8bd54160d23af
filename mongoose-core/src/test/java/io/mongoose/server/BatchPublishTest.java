package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FeedStats;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.feed.PublishTimeoutException;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link FeedPublisher#publish(PooledMessage[], int, int)}: a batch is delivered as that many single publishes would
 * be, each full-queue policy treats it as documented, and a bad batch is refused before anything is published. Every
 * subscriber runs in an {@link ThreadMode#INVOKER} group that this thread drives, so queue contents are exact: nothing
 * is drained until the test calls {@code invoke()}.
 */
class BatchPublishTest
{
    private static final int QUEUE = 8;

    private final PoolRegistry registry = new PoolRegistry("batch-publish");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(64));
    private final Recorder first = new Recorder();
    private final Recorder second = new Recorder();
    private MongooseServer server;
    private long nextSequence;

    @AfterEach
    void stopServer()
    {
        if (null != server)
        {
            server.stop();
        }
    }

    /** A broadcast feed to two invoker groups, one processor each: two subscriber queues of {@value #QUEUE}. */
    private FeedPublisher start(final FullQueuePolicy policy, final Duration publishTimeout, final boolean monitored)
    {
        server = MongooseServer.builder().name("batch-" + policy).poolRegistry(registry)
            .feed(FeedConfig.broadcast("feed").queueCapacity(QUEUE).fullQueuePolicy(policy)
                .publishTimeout(publishTimeout))
            .agentGroup(AgentGroupConfig.named("first").threadMode(ThreadMode.INVOKER)
                .processor(ProcessorConfig.of("first", first, "feed").latencyMonitoring(monitored)))
            .agentGroup(AgentGroupConfig.named("second").threadMode(ThreadMode.INVOKER)
                .processor("second", second, "feed"))
            .build();
        server.start();
        return server.publisher("feed");
    }

    private FeedPublisher start(final FullQueuePolicy policy)
    {
        return start(policy, FeedConfig.DEFAULT_PUBLISH_TIMEOUT, false);
    }

    private SeqMessage[] acquire(final int count)
    {
        final SeqMessage[] messages = new SeqMessage[count];
        for (int i = 0; i < count; i++)
        {
            messages[i] = pool.acquire();
            messages[i].sequence = nextSequence++;
        }
        return messages;
    }

    private void invokeBoth()
    {
        server.invoker("first").invoke();
        server.invoker("second").invoke();
    }

    private static List<Long> range(final long from, final long to)
    {
        return LongStream.range(from, to).boxed().collect(Collectors.toList());
    }

    @Test
    void deliversTheRangeInOrderToEverySubscriberAndCountsIt()
    {
        final FeedPublisher feed = start(FullQueuePolicy.BACKOFF);
        final SeqMessage[] messages = acquire(10);

        assertEquals(6, feed.publish(messages, 2, 6));
        assertEquals(6, server.feedStats("feed").published());
        assertEquals(12, server.feedStats("feed").queueDepth(), "six messages in each of two queues");
        for (int i = 2; i < 8; i++)
        {
            assertEquals(2, messages[i].refCount(), "one reference per subscriber queue, the caller's included");
        }
        invokeBoth();

        assertEquals(range(2, 8), first.sequences);
        assertEquals(range(2, 8), second.sequences);
        assertEquals(4, pool.inFlight(), "only the four outside the range are still out");
        for (final int outside : new int[] {0, 1, 8, 9})
        {
            assertEquals(1, messages[outside].refCount(), "messages[" + outside + "] is untouched");
            messages[outside].release();
        }
        assertEquals(0, pool.inFlight());
    }

    @Test
    void anEmptyBatchPublishesNothing()
    {
        final FeedPublisher feed = start(FullQueuePolicy.FAIL);
        assertEquals(0, feed.publish(new PooledMessage[0], 0, 0));
        final SeqMessage[] messages = acquire(3);
        assertEquals(0, feed.publish(messages, 3, 0));
        final FeedStats stats = server.feedStats("feed");
        assertEquals(0, stats.published() + stats.rejected() + stats.queueDepth());
        for (final SeqMessage m : messages)
        {
            assertEquals(1, m.refCount());
            m.release();
        }
    }

    @Test
    void failRefusesABatchThatDoesNotFitEveryQueueWholeAndLeavesEveryReferenceWithTheCaller()
    {
        final FeedPublisher feed = start(FullQueuePolicy.FAIL);
        assertEquals(5, feed.publish(acquire(5), 0, 5));
        // Room for 3 more in each queue; then make room in the first queue only.
        server.invoker("first").invoke();
        final SeqMessage[] refused = acquire(4);

        assertEquals(0, feed.publish(refused, 0, 4), "the second queue has room for 3 of 4");
        final FeedStats stats = server.feedStats("feed");
        assertEquals(4, stats.rejected());
        assertEquals(5, stats.published());
        assertEquals(5, stats.queueDepth(), "nothing reached either queue");
        for (final SeqMessage m : refused)
        {
            assertEquals(1, m.refCount(), "the caller still owns its reference");
        }

        assertEquals(3, feed.publish(refused, 0, 3), "three fit everywhere");
        refused[3].release();
        invokeBoth();
        assertEquals(range(0, 8), first.sequences);
        assertEquals(range(0, 8), second.sequences);
        assertEquals(0, pool.inFlight());
    }

    @Test
    void dropDeliversWhatFitsAndCountsEveryMessageThatDidNot()
    {
        final FeedPublisher feed = start(FullQueuePolicy.DROP);
        assertEquals(12, feed.publish(acquire(12), 0, 12));
        final FeedStats stats = server.feedStats("feed");
        assertEquals(12, stats.published());
        assertEquals(2 * 4, stats.dropped(), "four too many for each of the two queues");

        invokeBoth();
        assertEquals(range(0, QUEUE), first.sequences, "the oldest survive, in order");
        assertEquals(range(0, QUEUE), second.sequences);
        assertEquals(0, pool.inFlight(), "dropped references were released");
    }

    @Test
    void aTimedOutBatchSaysWhichMessageStuckAndReleasesEveryReferenceNotDelivered()
    {
        final FeedPublisher feed = start(FullQueuePolicy.BACKOFF, Duration.ofMillis(20), false);
        final SeqMessage[] messages = acquire(10);

        final PublishTimeoutException timeout =
            assertThrows(PublishTimeoutException.class, () -> feed.publish(messages, 0, 10));
        assertTrue(timeout.getMessage().contains("feed 'feed': queue to agent 'first' stayed full"), timeout::getMessage);
        assertTrue(timeout.getMessage().contains("message 9 of a batch of 10: the 8 before it were delivered, the 1 " +
            "after it were released undelivered"), timeout::getMessage);
        final FeedStats stats = server.feedStats("feed");
        assertEquals(1, stats.timeouts());
        assertEquals(QUEUE, stats.published(), "the eight delivered count as published");
        assertEquals(QUEUE, pool.inFlight(), "the eight delivered, nothing else");

        invokeBoth();
        assertEquals(range(0, QUEUE), first.sequences);
        assertEquals(range(0, QUEUE), second.sequences);
        assertEquals(0, pool.inFlight(), "messages 9 and 10 were released, not leaked");
    }

    @Test
    void aBadBatchIsRefusedBeforeAnythingIsPublished()
    {
        final FeedPublisher feed = start(FullQueuePolicy.BACKOFF);
        final SeqMessage[] messages = acquire(4);

        final NullPointerException nullArray = assertThrows(NullPointerException.class, () -> feed.publish(null, 0, 1));
        assertTrue(nullArray.getMessage().contains("messages null"), nullArray::getMessage);
        for (final int[] range : new int[][] {{-1, 2}, {0, -1}, {3, 2}, {5, 0}})
        {
            final IndexOutOfBoundsException outside = assertThrows(IndexOutOfBoundsException.class,
                () -> feed.publish(messages, range[0], range[1]));
            assertTrue(outside.getMessage().contains("offset " + range[0] + ", count " + range[1] +
                " for an array of 4"), outside::getMessage);
        }
        final SeqMessage[] withNull = {messages[0], messages[1], null, messages[3]};
        final NullPointerException nullElement =
            assertThrows(NullPointerException.class, () -> feed.publish(withNull, 0, 4));
        assertTrue(nullElement.getMessage().contains("messages[2] null"), nullElement::getMessage);

        final SeqMessage freed = pool.acquire();
        freed.release();
        final SeqMessage[] withFreed = {messages[0], messages[1], messages[2], freed};
        final IllegalArgumentException notOwned =
            assertThrows(IllegalArgumentException.class, () -> feed.publish(withFreed, 0, 4));
        assertTrue(notOwned.getMessage().contains("holds no reference") &&
            notOwned.getMessage().contains("messages[3]; nothing of the batch was published"), notOwned::getMessage);

        final FeedStats stats = server.feedStats("feed");
        assertEquals(0, stats.published() + stats.queueDepth(), "nothing was published");
        for (final SeqMessage m : messages)
        {
            assertEquals(1, m.refCount(), "every reference is still the caller's");
        }
        assertEquals(4, feed.publish(messages, 0, 4), "the same messages publish once the batch is good");
        invokeBoth();
        assertEquals(range(0, 4), first.sequences);
        assertEquals(0, pool.inFlight());
    }

    @Test
    void aBatchOnAStoppedServerIsReleasedWhole()
    {
        final FeedPublisher feed = start(FullQueuePolicy.BACKOFF);
        server.stop();
        final SeqMessage[] messages = acquire(3);

        final IllegalStateException closed = assertThrows(IllegalStateException.class, () -> feed.publish(messages, 0, 3));
        assertTrue(closed.getMessage().contains("is stopped (all 3 messages of the batch released)"), closed::getMessage);
        assertEquals(0, pool.inFlight());
    }

    @Test
    void aStampingFeedStampsTheWholeBatchWithOneClockReading()
    {
        final FeedPublisher feed = start(FullQueuePolicy.BACKOFF, FeedConfig.DEFAULT_PUBLISH_TIMEOUT, true);
        assertTrue(feed.stampsPublishTime());
        final SeqMessage[] messages = acquire(5);
        final long before = System.nanoTime();

        assertEquals(5, feed.publish(messages, 0, 5));
        final long stamp = messages[0].publishNanos();
        assertTrue(stamp - before >= 0, "stamped at publish, not before");
        for (final SeqMessage m : messages)
        {
            assertEquals(stamp, m.publishNanos(), "one reading for the batch");
        }
        invokeBoth();
        assertEquals(5, server.latency("first").cumulative().count(), "one latency per message handled");
    }

    /** Records the sequences it handles, on the invoking (test) thread. */
    private static final class Recorder implements EventProcessor
    {
        final List<Long> sequences = new ArrayList<>();

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m -> sequences.add(m.sequence));
        }
    }
}
