package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.internal.MessageTypes;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.ServerState;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bad arguments to the public API fail at the call that passed them, with a message naming the argument or value and
 * what was expected. What {@code ConfigValidationTest}, {@code ObjectPoolTest}, {@code PoolRegistryTest},
 * {@code DispatchTableTest}, {@code IdleStrategyKindTest} and {@code FaultToleranceTest} already assert is not
 * repeated.
 */
class ApiArgumentTest
{
    private static final String SEQ = SeqMessage.class.getName();
    private static final EventProcessor NOOP = handlers -> handlers.on(SeqMessage.class, m ->
    {
    });

    private final PoolRegistry registry = new PoolRegistry("api");
    private final List<MongooseServer> started = new ArrayList<>();

    @AfterEach
    void stopEverything()
    {
        // A failed assertion must not leave agent threads behind for the next test.
        for (final MongooseServer server : started)
        {
            server.stop();
        }
    }

    // ---------------------------------------------------------------------------------------------- builder

    @Test
    void aNullFeedOrAgentGroupGivenToTheBuilderIsReportedByItsPosition()
    {
        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () -> MongooseServer.builder()
            .poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .feed(null)
            .agentGroup(null)
            .agentGroup(AgentGroupConfig.named("a").processor("p", NOOP, "in"))
            .build());

        assertEquals(List.of("feeds[1]: null; expected a feed", "agents[0]: null; expected an agent group"),
            ex.errors());
    }

    @Test
    void aNullPoolRegistryIsRefusedWhereItIsPassed()
    {
        final MongooseServerBuilder builder = MongooseServer.builder();

        final NullPointerException ex = assertThrows(NullPointerException.class, () -> builder.poolRegistry(null));

        assertEquals("registry: null; expected a PoolRegistry (PoolRegistry.global() is the default)", ex.getMessage());
    }

    @Test
    void createNamesANullRegistryOrErrorHandler()
    {
        final ServerConfig config = MongooseServer.builder()
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").processor("p", NOOP, "in"))
            .toConfig();

        assertEquals("pools: null; expected a PoolRegistry (PoolRegistry.global() by default)",
            assertThrows(NullPointerException.class,
                () -> MongooseServer.create(config, null, new LoggingErrorHandler())).getMessage());
        assertEquals("errorHandler: null; expected a DispatchErrorHandler",
            assertThrows(NullPointerException.class, () -> MongooseServer.create(config, registry, null)).getMessage());
    }

    // ------------------------------------------------------------------------------------- lookups by name

    @Test
    void everyLookupByNameNamesTheUnknownValueAndTheKnownOnes()
    {
        final MongooseServer server = twoOfEach();

        assertEquals("unknown processor 'nope'; expected one of p1, p2",
            assertThrows(IllegalArgumentException.class, () -> server.processorStats("nope")).getMessage());
        assertEquals("unknown agent 'nope'; expected one of a1, a2",
            assertThrows(IllegalArgumentException.class, () -> server.agentStats("nope")).getMessage());
        assertEquals("unknown agent 'nope'; expected one of a1, a2",
            assertThrows(IllegalArgumentException.class, () -> server.agentThread("nope")).getMessage());
        assertEquals("unknown agent 'nope'; expected one of a1, a2",
            assertThrows(IllegalArgumentException.class, () -> server.invoker("nope")).getMessage());
        assertEquals("unknown feed 'nope'; expected one of in, all",
            assertThrows(IllegalArgumentException.class, () -> server.feedStats("nope")).getMessage());
    }

    @Test
    void aNullNameIsAnUnknownNameNotACrash()
    {
        final MongooseServer server = twoOfEach();

        assertEquals("unknown feed 'null'; expected one of in, all",
            assertThrows(IllegalArgumentException.class, () -> server.publisher(null)).getMessage());
        assertEquals("unknown processor 'null'; expected one of p1, p2",
            assertThrows(IllegalArgumentException.class, () -> server.processorStats(null)).getMessage());
        assertEquals("unknown agent 'null'; expected one of a1, a2",
            assertThrows(IllegalArgumentException.class, () -> server.agentStats(null)).getMessage());
    }

    @Test
    void askingForTheInvokerOfADedicatedGroupSaysWhichModeItNeeds()
    {
        final MongooseServer server = twoOfEach();

        assertEquals("agent 'a1' has a dedicated thread; expected an agent configured with threadMode INVOKER",
            assertThrows(IllegalArgumentException.class, () -> server.invoker("a1")).getMessage());
    }

    @Test
    void invokingBeforeStartSaysTheServerHasNotStarted() throws Exception
    {
        final MongooseServer server = MongooseServer.builder().name("api-invoker").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("mine").threadMode(ThreadMode.INVOKER).processor("p", NOOP, "in"))
            .build();
        final AgentGroupInvoker invoker = server.invoker("mine");
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        // invoke() is refused on every thread before start(); a named thread makes the message predictable.
        final Thread caller = new Thread(() ->
        {
            try
            {
                invoker.invoke();
            }
            catch (final Throwable t)
            {
                failure.set(t);
            }
        }, "early-caller");
        caller.start();
        caller.join();

        assertTrue(failure.get() instanceof IllegalStateException, String.valueOf(failure.get()));
        assertEquals("agent 'mine' runs on the caller's thread (INVOKER): invoke() called from 'early-caller'; " +
            "expected the thread that called start() (the server has not started)", failure.get().getMessage());
        assertEquals(ServerState.STOPPED, assertStopped(server));
    }

    // ------------------------------------------------------------------------------------------ publishing

    @Test
    void publishingNullNamesTheFeedAndWhatWasExpected()
    {
        final MongooseServer server = twoOfEach();
        server.start();
        started.add(server);

        final NullPointerException ex = assertThrows(NullPointerException.class, () -> server.publisher("in").publish(null));

        assertEquals("feed 'in': message null; expected a pooled message", ex.getMessage());
    }

    @Test
    void publishingAMessageThatNeverCameFromAPoolIsRefusedAndNamesItsType()
    {
        final MongooseServer server = twoOfEach();
        server.start();
        started.add(server);

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> server.publisher("in").publish(new SeqMessage()));

        assertEquals("feed 'in': " + SEQ + " holds no reference of the caller's (it is free in its pool); expected " +
            "a message from pool.acquire() that has not been published yet, or one a handler retain()ed before " +
            "publishing it on", ex.getMessage());
    }

    // ---------------------------------------------------------------------------------------------- pools

    @Test
    void registeringWithANullFactoryOrConfigNamesWhichOne()
    {
        assertEquals("factory: null; expected a supplier of new " + SEQ, assertThrows(NullPointerException.class,
            () -> registry.register(SeqMessage.class, null, PoolConfig.of(1))).getMessage());
        assertEquals("config: null; expected a PoolConfig", assertThrows(NullPointerException.class,
            () -> registry.register(SeqMessage.class, SeqMessage::new, null)).getMessage());
        assertEquals("factory: null; expected a supplier of new " + SEQ, assertThrows(NullPointerException.class,
            () -> registry.poolFor(SeqMessage.class, null, PoolConfig.of(1))).getMessage());
        assertEquals(List.of(), registry.pools(), "a refused registration registers nothing");

        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(1));
        assertSame(pool, registry.poolFor(SeqMessage.class, null, null), "factory and config only matter for a new pool");
    }

    @Test
    void aNullClassHasNoMessageTypeId()
    {
        final NullPointerException ex = assertThrows(NullPointerException.class, () -> MessageTypes.idOf(null));

        assertEquals("type: null; expected a message class", ex.getMessage());
    }

    // --------------------------------------------------------------------------------------------- errors

    @Test
    void theLoggingErrorHandlerRefusesANullErrorAndCountsNothing()
    {
        final LoggingErrorHandler handler = new LoggingErrorHandler();

        final NullPointerException ex = assertThrows(NullPointerException.class,
            () -> handler.onError("p", null, null));

        assertEquals("error: null; expected the Throwable to report (from p)", ex.getMessage());
        assertEquals(0, handler.errorCount());
    }

    @Test
    void aConfigExceptionNeedsAtLeastOneProblem()
    {
        assertEquals("errors: null; expected at least one problem", assertThrows(NullPointerException.class,
            () -> new MongooseConfigException(null)).getMessage());
        assertEquals("errors: empty; expected at least one problem", assertThrows(IllegalArgumentException.class,
            () -> new MongooseConfigException(List.of())).getMessage());
    }

    // -------------------------------------------------------------------------------------------- helpers

    /** Two feeds, two dedicated agent groups with one processor each; not started. */
    private MongooseServer twoOfEach()
    {
        return MongooseServer.builder().name("api").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .feed(FeedConfig.broadcast("all"))
            .agentGroup(AgentGroupConfig.named("a1").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p1", new SequenceChecker(1), "in"))
            .agentGroup(AgentGroupConfig.named("a2").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p2", new SequenceChecker(1)))
            .build();
    }

    private static ServerState assertStopped(final MongooseServer server)
    {
        assertTrue(server.stop().clean());
        return server.state();
    }
}
