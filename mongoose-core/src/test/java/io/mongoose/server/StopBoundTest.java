package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.dispatch.EventHandler;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.status.ServerState;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link MongooseServer#stop()} returns within the shutdown timeout and a short grace, whatever a handler does: one
 * that never returns is interrupted, named in the report and left running; one blocked interruptibly ends at its
 * interrupt. Agrona's own close would retry for ever in the first case and wait five seconds in the second.
 */
class StopBoundTest
{
    private static final Duration SHUTDOWN_TIMEOUT = Duration.ofMillis(200);
    /** A stop that hung is caught by this, far above any bound the server keeps, loaded machine or not. */
    private static final long HANG_GUARD_MILLIS = 60_000;

    private final PoolRegistry registry = new PoolRegistry("stop-bound");
    private final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(8));

    private static EventProcessor handling(final EventHandler<SeqMessage> handler)
    {
        return new EventProcessor()
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
                handlers.on(SeqMessage.class, handler);
            }
        };
    }

    private MongooseServer server(final EventProcessor processor)
    {
        final MongooseServer server = MongooseServer.builder().name("stop-bound").poolRegistry(registry)
            .errorHandler((source, message, error) -> { })
            .shutdownTimeout(SHUTDOWN_TIMEOUT)
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("stuck").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("p", processor, "in"))
            .build();
        server.start();
        return server;
    }

    /** stop() on another thread, so a hang fails the test instead of hanging it. */
    private static ShutdownReport stopWithin(final MongooseServer server, final long millis) throws Exception
    {
        final AtomicReference<ShutdownReport> report = new AtomicReference<>();
        final Thread stopper = new Thread(() -> report.set(server.stop()), "stopper");
        stopper.start();
        stopper.join(millis);
        assertFalse(stopper.isAlive(), "stop() returned");
        return report.get();
    }

    @Test
    void aHandlerThatNeverReturnsIsInterruptedNamedInTheReportAndLeftRunning() throws Exception
    {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch letGo = new CountDownLatch(1);
        final AtomicReference<Thread> agentThread = new AtomicReference<>();
        final MongooseServer server = server(handling(m ->
        {
            agentThread.set(Thread.currentThread());
            entered.countDown();
            // Ignores interrupts: only the test lets it go.
            while (letGo.getCount() > 0)
            {
                Thread.onSpinWait();
            }
        }));
        final SeqMessage m = pool.acquire();
        server.publisher("in").publish(m);
        assertTrue(entered.await(HANG_GUARD_MILLIS, TimeUnit.MILLISECONDS));

        final ShutdownReport report = stopWithin(server, HANG_GUARD_MILLIS);

        assertFalse(report.clean());
        final String why = report.unstoppedAgents().get("stuck");
        assertNotNull(why, report::toString);
        assertTrue(why.startsWith("thread '" + agentThread.get().getName() + "' (RUNNABLE) did not end after its " +
            "interrupt; left interrupted, at "), why);
        assertTrue(report.toString().contains("agents not stopped {stuck=thread '"), report::toString);
        assertTrue(agentThread.get().isAlive());
        assertTrue(agentThread.get().isInterrupted(), "left interrupted");
        assertEquals(Map.of("SeqMessage", 1L), report.leaksByType(), "the message in the stuck handler's hands");
        assertEquals(ServerState.STOPPED, server.state());

        letGo.countDown();
        agentThread.get().join(HANG_GUARD_MILLIS);
        assertFalse(agentThread.get().isAlive(), "the agent ends once its handler returns");
        Await.until("the message back", () -> 8 == pool.free());
    }

    @Test
    void aHandlerBlockedInterruptiblyEndsAtItsInterruptAndStopReturnsSoonAfterTheTimeout() throws Exception
    {
        final CountDownLatch entered = new CountDownLatch(1);
        final MongooseServer server = server(handling(m ->
        {
            entered.countDown();
            try
            {
                Thread.sleep(HANG_GUARD_MILLIS);
            }
            catch (final InterruptedException e)
            {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        }));
        server.publisher("in").publish(pool.acquire());
        assertTrue(entered.await(HANG_GUARD_MILLIS, TimeUnit.MILLISECONDS));

        final long start = System.nanoTime();
        final ShutdownReport report = stopWithin(server, HANG_GUARD_MILLIS);
        final long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        assertEquals(Map.of(), report.unstoppedAgents(), report::toString);
        assertEquals(1, report.handlerErrors(), report::toString);
        assertEquals(Map.of(), report.leaksByType(), report::toString);
        assertEquals(8, pool.free());
        // Agrona's close waits 5 s before its first interrupt; this one interrupts at the shutdown timeout. The margin
        // is for a loaded machine.
        assertTrue(tookMillis < SHUTDOWN_TIMEOUT.toMillis() + 4_000, "stop took " + tookMillis + " ms");
    }
}
