package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Who holds a message's references, tried as a careless or hostile user would: a publish takes a reference its caller
 * holds and refuses a message whose caller holds none, before anything is delivered; a release by user code never
 * drops a reference a queue holds. So no handler ever receives a message that went back to its pool. Every subscriber
 * runs in an {@link ThreadMode#INVOKER} group this thread drives, so what is queued is exact.
 */
class OwnershipTest
{
    private final PoolRegistry registry = new PoolRegistry("ownership");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(16));
    private final List<Recorder> recorders = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();
    private MongooseServer server;

    @AfterEach
    void stopServer()
    {
        if (null != server)
        {
            server.stop();
        }
    }

    /** Records every message it receives, and whether it was free in its pool when it arrived. */
    private static final class Recorder implements EventProcessor
    {
        final List<Long> received = new ArrayList<>();
        int receivedFree;
        Consumer<SeqMessage> also = m -> { };

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m ->
            {
                received.add(m.sequence);
                if (0 == m.refCount())
                {
                    receivedFree++;
                }
                also.accept(m);
            });
        }
    }

    /** A broadcast feed to {@code groups} invoker groups, one recording processor each. */
    private FeedPublisher start(final int groups)
    {
        final MongooseServerBuilder builder = MongooseServer.builder().name("ownership").poolRegistry(registry)
            .errorHandler((source, message, error) -> errors.add(source + ": " + error.getMessage()))
            .feed(FeedConfig.broadcast("feed").queueCapacity(8));
        for (int g = 0; g < groups; g++)
        {
            final Recorder recorder = new Recorder();
            recorders.add(recorder);
            builder.agentGroup(AgentGroupConfig.named("g" + g).threadMode(ThreadMode.INVOKER)
                .processor("p" + g, recorder, "feed"));
        }
        server = builder.build();
        server.start();
        return server.publisher("feed");
    }

    private void invokeAll()
    {
        for (int g = 0; g < recorders.size(); g++)
        {
            server.invoker("g" + g).invoke();
        }
    }

    private SeqMessage acquire(final long sequence)
    {
        final SeqMessage m = pool.acquire();
        m.sequence = sequence;
        return m;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2, 3})
    void aMessagePublishedTwiceIsRefusedTheSecondTimeBeforeAnythingIsDelivered(final int groups)
    {
        final FeedPublisher feed = start(groups);
        final SeqMessage m = acquire(7);
        assertTrue(feed.publish(m));

        final IllegalArgumentException twice = assertThrows(IllegalArgumentException.class, () -> feed.publish(m));
        assertTrue(twice.getMessage().contains("holds no reference of the caller's (" + groups + " held by queues"),
            twice.getMessage());
        assertEquals(groups, m.refCount(), "one reference per subscriber queue, as after the first publish");
        assertEquals(1, server.feedStats("feed").published());

        invokeAll();
        for (final Recorder recorder : recorders)
        {
            assertEquals(List.of(7L), recorder.received);
            assertEquals(0, recorder.receivedFree);
        }
        assertEquals(16, pool.free());
        assertEquals(0, pool.stats().invalidReleases());
        assertEquals(List.of(), errors);
        assertTrue(server.stop().clean());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aMessagePublishedAgainAfterItWentBackToItsPoolIsRefused(final int groups)
    {
        final FeedPublisher feed = start(groups);
        final SeqMessage m = acquire(1);
        feed.publish(m);
        invokeAll();
        assertEquals(0, m.refCount(), "handled and back in its pool");

        final IllegalArgumentException again = assertThrows(IllegalArgumentException.class, () -> feed.publish(m));
        assertTrue(again.getMessage().contains("it is free in its pool"), again.getMessage());
        invokeAll();
        for (final Recorder recorder : recorders)
        {
            assertEquals(List.of(1L), recorder.received);
        }
        assertEquals(16, pool.free());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aBatchThatHoldsOneMessageTwiceIsRefusedWholeAndEveryReferenceStaysTheCallers(final int groups)
    {
        final FeedPublisher feed = start(groups);
        final SeqMessage a = acquire(1);
        final SeqMessage b = acquire(2);
        final PooledMessage[] batch = {a, b, a};

        final IllegalArgumentException refused =
            assertThrows(IllegalArgumentException.class, () -> feed.publish(batch, 0, 3));
        assertTrue(refused.getMessage().contains("messages[2]; nothing of the batch was published"),
            refused.getMessage());
        assertEquals(1, a.refCount());
        assertEquals(1, b.refCount());
        assertEquals(0, server.feedStats("feed").published());

        assertEquals(2, feed.publish(batch, 0, 2));
        invokeAll();
        for (final Recorder recorder : recorders)
        {
            assertEquals(List.of(1L, 2L), recorder.received);
            assertEquals(0, recorder.receivedFree);
        }
        assertEquals(16, pool.free());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aHandlerMayPublishOnAMessageItRetainedButNotOneItOnlyReceived(final int groups)
    {
        final FeedPublisher feed = start(groups);
        final List<RuntimeException> refusals = new ArrayList<>();
        recorders.get(0).also = m ->
        {
            try
            {
                // Handlers run on this thread (invoker groups), so forwarding onto the feed keeps one producer thread.
                if (m.sequence == 1)
                {
                    feed.publish(m); // forwards without a reference of its own
                }
                else if (m.sequence == 2)
                {
                    m.retain();
                    m.sequence = 3;
                    feed.publish(m);
                }
            }
            catch (final IllegalArgumentException e)
            {
                refusals.add(e);
            }
        };
        feed.publish(acquire(1));
        feed.publish(acquire(2));
        invokeAll();
        invokeAll();

        assertEquals(1, refusals.size(), refusals::toString);
        assertTrue(refusals.get(0).getMessage().contains("or one a handler retain()ed before publishing it on"),
            refusals.get(0).getMessage());
        for (final Recorder recorder : recorders)
        {
            assertEquals(0, recorder.receivedFree);
        }
        assertEquals(List.of(1L, 2L, 3L), recorders.get(0).received);
        assertEquals(16, pool.free());
        assertEquals(0, pool.stats().invalidReleases());
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 2})
    void aHandlersReleaseOfAReferenceItNeverHeldIsRefusedAndTheOtherSubscribersGetTheMessageIntact(final int groups)
    {
        final FeedPublisher feed = start(groups);
        recorders.get(0).also = PooledMessage::release;
        feed.publish(acquire(5));
        feed.publish(acquire(6));
        invokeAll();

        assertEquals(2, errors.size(), errors::toString);
        assertTrue(errors.get(0).startsWith("p0: release of "), errors.get(0));
        assertTrue(errors.get(0).contains("none by user code; a handler that keeps a message must retain() it"),
            errors.get(0));
        assertEquals(2, pool.stats().invalidReleases());
        for (final Recorder recorder : recorders)
        {
            assertEquals(List.of(5L, 6L), recorder.received);
            assertEquals(0, recorder.receivedFree);
        }
        assertEquals(16, pool.free(), "each message went back once, after its last subscriber");
    }
}
