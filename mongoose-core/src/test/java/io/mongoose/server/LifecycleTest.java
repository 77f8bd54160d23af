package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.Pinning;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.ServerState;
import io.mongoose.testing.Await;
import io.mongoose.testing.CapturedLog;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Processor lifecycle order and thread, start failures, invoker mode, and where stop() may be called from.
 */
class LifecycleTest
{
    private final PoolRegistry registry = new PoolRegistry("lifecycle");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(64));
    private final List<String> journal = new CopyOnWriteArrayList<>();

    /** Journals every callback as {@code name:callback@thread}; can be told to fail in one callback. */
    private final class Recording implements EventProcessor
    {
        private final String name;
        private final String failIn;
        private ProcessorContext context;

        Recording(final String name, final String failIn)
        {
            this.name = name;
            this.failIn = failIn;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m -> record("event" + m.sequence));
        }

        @Override
        public void onInit(final ProcessorContext context)
        {
            this.context = context;
            record("init");
        }

        @Override
        public void onStart()
        {
            record("start");
        }

        @Override
        public void onStop()
        {
            record("stop");
        }

        @Override
        public void onTearDown()
        {
            record("teardown");
        }

        private void record(final String callback)
        {
            journal.add(name + ":" + callback + "@" + Thread.currentThread().getName());
            if (callback.equals(failIn))
            {
                throw new IllegalStateException(name + " fails in " + callback);
            }
        }
    }

    @Test
    void lifecycleRunsInOrderOnTheAgentThread()
    {
        final Recording first = new Recording("p1", null);
        final MongooseServer server = MongooseServer.builder().name("life").poolRegistry(registry)
            .feed(FeedConfig.broadcast("all"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p1", first).processor("p2", new Recording("p2", null)))
            .build();
        assertEquals(ServerState.NEW, server.state());
        server.start();
        assertEquals(ServerState.RUNNING, server.state());
        final ProcessorContext seen = first.context;
        assertEquals(List.of("p1", "worker", "life"),
            List.of(seen.processorName(), seen.agentName(), seen.serverName()));
        final SeqMessage m = pool.acquire();
        m.sequence = 7;
        server.publisher("all").publish(m);
        Await.until("event", () -> journal.size() == 6);
        server.stop();

        assertEquals(List.of(
            "p1:init@worker", "p2:init@worker", "p1:start@worker", "p2:start@worker",
            "p1:event7@worker", "p2:event7@worker",
            "p1:stop@worker", "p2:stop@worker", "p1:teardown@worker", "p2:teardown@worker"), journal);
        assertFalse(agentThreadAlive("worker"));
        assertThrows(IllegalStateException.class, server::start, "start is allowed once");
    }

    @Test
    void aProcessorWhoseStartThrowsFailsTheStartAndEverythingIsUnwound()
    {
        final MongooseServer server = MongooseServer.builder().name("bad-start").poolRegistry(registry)
            .errorHandler((source, message, error) -> journal.add("error:" + source + ":" + error.getMessage()))
            .feed(FeedConfig.broadcast("all"))
            .agentGroup(AgentGroupConfig.named("good").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("g", new Recording("g", null)))
            .agentGroup(AgentGroupConfig.named("bad").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("b1", new Recording("b1", null)).processor("b2", new Recording("b2", "start")))
            .build();

        final MongooseStartException failure = assertThrows(MongooseStartException.class, server::start);
        assertEquals("processor 'b2' on agent 'bad' failed in onStart: java.lang.IllegalStateException: b2 fails in start",
            failure.getMessage());
        assertEquals(ServerState.FAILED, server.state());
        assertTrue(journal.contains("error:b2:b2 fails in start"), journal::toString);
        // b1 started so it is stopped; b2 never started so it is not; both were initialised so both are torn down.
        assertTrue(journal.contains("b1:stop@bad"), journal::toString);
        assertFalse(journal.contains("b2:stop@bad"), journal::toString);
        assertTrue(journal.contains("b1:teardown@bad") && journal.contains("b2:teardown@bad"), journal::toString);
        assertTrue(journal.contains("g:stop@good") && journal.contains("g:teardown@good"), "the healthy group too");
        assertFalse(agentThreadAlive("good") || agentThreadAlive("bad"), "no thread left behind");
        assertThrows(IllegalStateException.class, () -> server.publisher("all").publish(pool.acquire()));
        assertEquals(64, pool.free());
        assertSame(server.stop(), server.stop(), "stop after a failed start is a no-op");
    }

    @Test
    void aProcessorWhoseInitThrowsIsNeitherStartedNorStopped()
    {
        final MongooseServer server = MongooseServer.builder().name("bad-init").poolRegistry(registry)
            .errorHandler((source, message, error) -> journal.add("error:" + source))
            .feed(FeedConfig.broadcast("all"))
            .agentGroup(AgentGroupConfig.named("bad").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("b1", new Recording("b1", "init")).processor("b2", new Recording("b2", null)))
            .build();
        final MongooseStartException failure = assertThrows(MongooseStartException.class, server::start);
        assertTrue(failure.getMessage().startsWith("processor 'b1' on agent 'bad' failed in onInit"));
        assertEquals(List.of("b1:init@bad", "error:b1"), journal, "nothing after the failed init");
        assertFalse(agentThreadAlive("bad"));
    }

    @Test
    void stopFromAnAgentThreadIsRefusedWithAClearError()
    {
        final AtomicReference<Throwable> refused = new AtomicReference<>();
        final AtomicReference<MongooseServer> self = new AtomicReference<>();
        final MongooseServer server = MongooseServer.builder().name("self-stop").poolRegistry(registry)
            .feed(FeedConfig.broadcast("all"))
            .agentGroup(AgentGroupConfig.named("worker").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", new EventProcessor()
            {
                @Override
                public void registerHandlers(final HandlerRegistry handlers)
                {
                    handlers.on(SeqMessage.class, m ->
                    {
                        try
                        {
                            self.get().stop();
                        }
                        catch (final Throwable t)
                        {
                            refused.set(t);
                        }
                    });
                }
            }))
            .build();
        self.set(server);
        server.start();
        server.publisher("all").publish(pool.acquire());
        Await.until("handler ran", () -> null != refused.get());
        assertTrue(server.stop().clean());
        assertEquals("stop() called on agent thread 'worker' of server 'self-stop'; expected a thread outside the " +
            "server (stopping joins the agent threads)", refused.get().getMessage());
    }

    @Test
    void invokerGroupsRunOnTheCallersThread() throws Exception
    {
        final MongooseServer server = MongooseServer.builder().name("invoker").poolRegistry(registry)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("mine").threadMode(ThreadMode.INVOKER)
                .processor("p", new Recording("p", null), "in"))
            .build();
        final String me = Thread.currentThread().getName();
        server.start();
        assertEquals(List.of("p:init@" + me, "p:start@" + me), journal);
        assertTrue(server.agentThread("mine").isEmpty());
        final AgentGroupInvoker invoker = server.invoker("mine");
        final FeedPublisher in = server.publisher("in");
        for (int i = 0; i < 3; i++)
        {
            final SeqMessage m = pool.acquire();
            m.sequence = i;
            in.publish(m);
        }
        assertEquals(3, invoker.invoke(), "one duty cycle drains what is queued");
        assertEquals(0, invoker.invoke());

        final SeqMessage pending = pool.acquire();
        pending.sequence = 3;
        in.publish(pending);
        final AtomicReference<Throwable> otherThread = new AtomicReference<>();
        final AtomicReference<Throwable> otherInvoke = new AtomicReference<>();
        final Thread other = new Thread(() ->
        {
            try
            {
                server.stop();
            }
            catch (final Throwable t)
            {
                otherThread.set(t);
            }
            try
            {
                invoker.invoke();
            }
            catch (final Throwable t)
            {
                otherInvoke.set(t);
            }
        }, "other");
        other.start();
        other.join();
        assertTrue(otherThread.get().getMessage().startsWith("agent 'mine' runs on the caller's thread (INVOKER): " +
            "stop() called from 'other'"), otherThread.get()::getMessage);
        assertTrue(otherInvoke.get() instanceof IllegalStateException, String.valueOf(otherInvoke.get()));
        assertEquals(ServerState.RUNNING, server.state(), "the refused stop changed nothing");

        final ShutdownReport report = server.stop();
        assertTrue(report.clean(), "stop drained the pending message by invoking on this thread");
        assertEquals(List.of("p:init@" + me, "p:start@" + me, "p:event0@" + me, "p:event1@" + me, "p:event2@" + me,
            "p:event3@" + me, "p:stop@" + me, "p:teardown@" + me), journal);
        assertThrows(IllegalArgumentException.class, () -> server.invoker("nope"));
    }

    @Test
    void pinningIsBestEffortAndSaysWhatItDidInOneLogLine()
    {
        try (CapturedLog log = CapturedLog.of("io.mongoose.server"))
        {
            final MongooseServer server = MongooseServer.builder().name("pin").poolRegistry(registry)
                .feed(FeedConfig.broadcast("all"))
                .agentGroup(AgentGroupConfig.named("nowhere").idleStrategy(IdleStrategyKind.BACKOFF)
                    .pinning(Pinning.cpu(4096))
                    .processor("p1", new Recording("p1", null)))
                .agentGroup(AgentGroupConfig.named("anywhere").idleStrategy(IdleStrategyKind.BACKOFF)
                    .pinning(Pinning.anyCpu())
                    .processor("p2", new Recording("p2", null)))
                .agentGroup(AgentGroupConfig.named("unpinned").idleStrategy(IdleStrategyKind.BACKOFF)
                    .processor("p3", new Recording("p3", null)))
                .build();
            server.start();
            final String nowhere = server.agentStats("nowhere").pinning();
            final String anywhere = server.agentStats("anywhere").pinning();
            server.stop();

            assertTrue(nowhere.startsWith("not pinned: CPU 4096 does not exist ("), nowhere);
            assertTrue(anywhere.startsWith("pinned to CPU ") || anywhere.startsWith("not pinned: "), anywhere);
            assertEquals("not pinned: none requested", server.agentStats("unpinned").pinning());
            final List<String> lines = log.messages();
            assertEquals(1, lines.stream().filter(l -> l.equals("agent 'nowhere' " + nowhere)).count(), lines::toString);
            assertEquals(1, lines.stream().filter(l -> l.equals("agent 'anywhere' " + anywhere)).count(), lines::toString);
            assertTrue(journal.contains("p1:start@nowhere"), "an unpinned agent still runs");
        }
    }

    private static boolean agentThreadAlive(final String name)
    {
        return Thread.getAllStackTraces().keySet().stream().anyMatch(t -> t.getName().equals(name) && t.isAlive());
    }
}
