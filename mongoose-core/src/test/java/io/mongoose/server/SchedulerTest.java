package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.dispatch.Scheduler;
import io.mongoose.dispatch.TimerCallback;
import io.mongoose.internal.DebugChecks;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.ThreadAllocation;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Timers on a running server: they run on the agent thread, errors reach the error handler, nothing runs after
 * onStop, invoker groups run them inside invoke(), and ticking allocates nothing on the agent thread.
 */
class SchedulerTest
{
    private final PoolRegistry registry = new PoolRegistry("scheduler");

    /** A processor that hands its context to the test in onInit and records whether it has been stopped. */
    private static final class TimerProcessor implements EventProcessor
    {
        private final Consumer<ProcessorContext> onInit;
        private final Consumer<Scheduler> onStop;
        volatile ProcessorContext context;
        volatile boolean stopped;

        TimerProcessor(final Consumer<ProcessorContext> onInit, final Consumer<Scheduler> onStop)
        {
            this.onInit = onInit;
            this.onStop = onStop;
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m -> { });
        }

        @Override
        public void onInit(final ProcessorContext ctx)
        {
            context = ctx;
            onInit.accept(ctx);
        }

        @Override
        public void onStop()
        {
            stopped = true;
            onStop.accept(context.scheduler());
        }
    }

    private MongooseServer server(final String name, final TimerProcessor processor, final ThreadMode mode)
    {
        return MongooseServer.builder().name(name).poolRegistry(registry)
            .errorHandler((source, message, error) -> errors.add(source + ": " + error.getMessage()))
            .feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named(name + "-agent").idleStrategy(IdleStrategyKind.YIELD).threadMode(mode)
                .processor("timed", processor, "in"))
            .build();
    }

    private final List<String> errors = new CopyOnWriteArrayList<>();

    @Test
    void oneShotAndPeriodicTimersRunOnTheAgentThread()
    {
        final AtomicReference<Thread> oneShotThread = new AtomicReference<>();
        final AtomicInteger periodicRuns = new AtomicInteger();
        final List<Thread> periodicThreads = new CopyOnWriteArrayList<>();
        final TimerProcessor processor = new TimerProcessor(ctx ->
        {
            ctx.scheduler().schedule(1, TimeUnit.MILLISECONDS, (id, now) -> oneShotThread.set(Thread.currentThread()));
            ctx.scheduler().schedulePeriodic(0, 100, TimeUnit.MICROSECONDS, (id, now) ->
            {
                if (periodicRuns.incrementAndGet() <= 3)
                {
                    periodicThreads.add(Thread.currentThread());
                }
            });
        }, s -> { });
        final MongooseServer server = server("timers", processor, ThreadMode.DEDICATED);
        server.start();
        final Thread agent = server.agentThread("timers-agent").orElseThrow();
        Await.until("the one-shot ran", () -> null != oneShotThread.get());
        Await.until("the periodic timer ran 50 times", () -> periodicRuns.get() >= 50);
        server.stop();
        assertSame(agent, oneShotThread.get());
        assertEquals(List.of(agent, agent, agent), periodicThreads);
        assertEquals(List.of(), errors);
    }

    @Test
    void aThrowingCallbackIsAnErrorOfItsProcessorAndThePeriodicTimerKeepsRunning()
    {
        final AtomicInteger runs = new AtomicInteger();
        final TimerProcessor processor = new TimerProcessor(ctx ->
            ctx.scheduler().schedulePeriodic(0, 50, TimeUnit.MICROSECONDS, (id, now) ->
            {
                if (runs.incrementAndGet() <= 2)
                {
                    throw new IllegalStateException("tick " + runs.get() + " failed");
                }
            }), s -> { });
        final MongooseServer server = server("errors", processor, ThreadMode.DEDICATED);
        server.start();
        Await.until("the timer ran on after failing twice", () -> runs.get() >= 10);
        assertEquals(2, server.processorStats("timed").errors());
        final ShutdownReport report = server.stop();
        assertEquals(List.of("timed: tick 1 failed", "timed: tick 2 failed"), errors);
        assertEquals(2, report.handlerErrors());
    }

    @Test
    void noTimerRunsAfterOnStopAndSchedulingFromOnStopIsRefused()
    {
        final AtomicInteger runs = new AtomicInteger();
        final AtomicInteger runsAfterStop = new AtomicInteger();
        final AtomicReference<Throwable> fromOnStop = new AtomicReference<>();
        final AtomicReference<TimerProcessor> self = new AtomicReference<>();
        final TimerCallback tick = (id, now) ->
        {
            runs.incrementAndGet();
            if (self.get().stopped)
            {
                runsAfterStop.incrementAndGet();
            }
        };
        final TimerProcessor processor = new TimerProcessor(ctx ->
        {
            ctx.scheduler().schedulePeriodic(0, 10, TimeUnit.MICROSECONDS, tick);
            ctx.scheduler().schedule(0, TimeUnit.NANOSECONDS, tick);
        }, s ->
        {
            try
            {
                s.schedule(0, TimeUnit.NANOSECONDS, tick);
            }
            catch (final Throwable t)
            {
                fromOnStop.set(t);
            }
        });
        self.set(processor);
        final MongooseServer server = server("stop", processor, ThreadMode.DEDICATED);
        server.start();
        Await.until("the timer runs", () -> runs.get() >= 20);
        server.stop();
        final int atStop = runs.get();
        assertEquals(0, runsAfterStop.get());
        assertInstanceOf(IllegalStateException.class, fromOnStop.get());
        assertTrue(fromOnStop.get().getMessage().contains("the agent has stopped and its timers are cancelled"),
            fromOnStop.get().getMessage());
        assertEquals(atStop, runs.get());
    }

    @Test
    void anInvokerGroupRunsItsTimersInsideInvoke()
    {
        final AtomicReference<Thread> ranOn = new AtomicReference<>();
        final AtomicLong ranAt = new AtomicLong();
        final TimerProcessor processor = new TimerProcessor(ctx ->
            ctx.scheduler().schedule(200, TimeUnit.MICROSECONDS, (id, now) ->
            {
                ranOn.set(Thread.currentThread());
                ranAt.set(now);
            }), s -> { });
        final MongooseServer server = server("invoked", processor, ThreadMode.INVOKER);
        final long before = System.nanoTime();
        server.start();
        final AgentGroupInvoker invoker = server.invoker("invoked-agent");
        Await.until("the timer ran inside invoke()", () ->
        {
            invoker.invoke();
            return null != ranOn.get();
        });
        server.stop();
        assertSame(Thread.currentThread(), ranOn.get());
        assertTrue(ranAt.get() - before >= TimeUnit.MICROSECONDS.toNanos(200), "ran at or after its deadline");
    }

    @Test
    void withChecksOnUsingTheSchedulerOffTheAgentThreadIsRefused()
    {
        assumeTrue(DebugChecks.ENABLED, "thread confinement is checked with -Dmongoose.checks=true");
        final TimerProcessor processor = new TimerProcessor(ctx -> { }, s -> { });
        final MongooseServer server = server("confined", processor, ThreadMode.DEDICATED);
        server.start();
        try
        {
            final Scheduler scheduler = processor.context.scheduler();
            final IllegalStateException ex = assertThrows(IllegalStateException.class,
                () -> scheduler.schedule(1, TimeUnit.MILLISECONDS, (id, now) -> { }));
            assertEquals("processor 'timed' on agent 'confined-agent': scheduler used from thread '" +
                Thread.currentThread().getName() + "'; expected the agent's thread 'confined-agent'", ex.getMessage());
        }
        finally
        {
            server.stop();
        }
    }

    /**
     * A periodic timer ticking on every duty cycle, which also schedules and cancels a one-shot on every tick, measured
     * from inside the callback: everything the agent thread did between two readings (ticks, schedules, cancels, and
     * the polls that found nothing due) allocated nothing. Readings are taken at the edge of every window of ticks, so
     * the reading code is warm and compiled like the rest; the early windows are warm-up.
     */
    @Test
    void tickingSchedulingAndCancellingAllocateNothingOnTheAgentThread()
    {
        final AllocationProbe probe = new AllocationProbe();
        final TimerProcessor processor = new TimerProcessor(ctx ->
        {
            probe.scheduler = ctx.scheduler();
            ctx.scheduler().schedulePeriodic(0, 1, TimeUnit.NANOSECONDS, probe);
        }, s -> { });
        final MongooseServer server = server("alloc-timers", processor, ThreadMode.DEDICATED);
        server.start();
        Await.until("every window of ticks ran", () -> probe.done);
        server.stop();
        assertNull(probe.problem);
        final long[] readings = probe.readings;
        long measured = 0;
        final StringBuilder perWindow = new StringBuilder();
        for (int w = 0; w < AllocationProbe.WINDOWS; w++)
        {
            final long bytes = readings[w + 1] - readings[w];
            perWindow.append(w == 0 ? "" : ", ").append(bytes);
            if (w >= AllocationProbe.WARM_UP_WINDOWS)
            {
                measured += bytes;
            }
        }
        final long ticks = (long)(AllocationProbe.WINDOWS - AllocationProbe.WARM_UP_WINDOWS) * AllocationProbe.WINDOW;
        System.out.printf("scheduler allocation: %d measured ticks, %d B on the agent thread (per window: %s)%n",
            ticks, measured, perWindow);
        // One allocation per tick would be 2 MB or more; the budget leaves room only for a one-off JIT event.
        assertTrue(measured < 1024, "allocated " + measured + " bytes over " + ticks + " ticks (per window: " +
            perWindow + ")");
    }

    /** The periodic callback of the allocation test: pre-built, capturing nothing per tick. */
    private static final class AllocationProbe implements TimerCallback
    {
        static final int WINDOW = 20_000;
        static final int WINDOWS = 12;
        static final int WARM_UP_WINDOWS = 6;
        private final TimerCallback never = (id, now) -> { };
        final long[] readings = new long[WINDOWS + 1];
        Scheduler scheduler;
        private long pending;
        private long ticks;
        private int taken;
        volatile boolean done;
        volatile String problem;

        @Override
        public void onTimer(final long timerId, final long nowNanos)
        {
            if (done)
            {
                return;
            }
            if (0 != pending && !scheduler.cancel(pending))
            {
                problem = "could not cancel the pending one-shot at tick " + ticks;
            }
            pending = scheduler.schedule(1, TimeUnit.HOURS, never);
            if (ticks++ % WINDOW == 0)
            {
                readings[taken++] = ThreadAllocation.currentThreadAllocatedBytes();
                done = taken == readings.length;
            }
        }
    }

    /** A processor that schedules nothing; a new one for each entry, since an instance may be hosted once. */
    private static TimerProcessor idle()
    {
        return new TimerProcessor(ctx -> { }, s -> { });
    }

    /** A group with these timer wheel settings: the withers take any, the validator checks them. */
    private static AgentGroupConfig timerGroup(
        final String name, final Duration tick, final int spokes, final ProcessorConfig processor)
    {
        return AgentGroupConfig.named(name).processor(processor).timerTickResolution(tick).timerWheelSize(spokes);
    }

    @Test
    void timerWheelSettingsAreValidatedNamingTheAgent()
    {
        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () ->
            MongooseServer.builder().poolRegistry(registry).feed(FeedConfig.named("in"))
                .agentGroup(timerGroup("a", Duration.ofNanos(999), 3, ProcessorConfig.of("p1", idle(), "in")))
                .agentGroup(timerGroup("b", Duration.ofMillis(1001), 1 << 17, ProcessorConfig.of("p2", idle(), "in")))
                .agentGroup(timerGroup("c", null, 0, ProcessorConfig.of("p3", idle(), "in")))
                .build());
        final String expectedTick = "expected a duration from 1us to 1s (rounded up to a power of two nanoseconds)";
        assertEquals(List.of(
            "agents[0].timerTickResolution: PT0.000000999S (agent group 'a'); " + expectedTick,
            "agents[0].timerWheelSize: 3 (agent group 'a'); expected a power of two from 2 to 65536",
            "agents[1].timerTickResolution: PT1.001S (agent group 'b'); " + expectedTick,
            "agents[1].timerWheelSize: 131072 (agent group 'b'); expected a power of two from 2 to 65536",
            "agents[2].timerTickResolution: null (agent group 'c'); " + expectedTick,
            "agents[2].timerWheelSize: 0 (agent group 'c'); expected a power of two from 2 to 65536"), ex.errors());
    }

    @Test
    void timerWheelSettingsAtTheirBoundsAreAccepted()
    {
        final MongooseServer server = MongooseServer.builder().poolRegistry(registry).feed(FeedConfig.named("in"))
            .agentGroup(AgentGroupConfig.named("a").timerTickResolution(Duration.ofNanos(1000)).timerWheelSize(2)
                .processor("p1", idle(), "in"))
            .agentGroup(AgentGroupConfig.named("b").timerTickResolution(Duration.ofSeconds(1)).timerWheelSize(1 << 16)
                .processor("p2", idle(), "in"))
            .build();
        assertEquals(Duration.ofNanos(1000), server.config().agentGroups().get(0).timerTickResolution());
        assertEquals(1 << 16, server.config().agentGroups().get(1).timerWheelSize());
        server.stop();
    }
}
