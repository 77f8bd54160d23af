package io.mongoose.server;

import io.mongoose.agent.AgentTimerWheel;
import io.mongoose.agent.ProcessorScheduler;
import io.mongoose.agent.ProcessorSlot;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.dispatch.TimerCallback;
import io.mongoose.internal.DebugChecks;
import org.agrona.concurrent.CachedNanoClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The timer semantics on a clock the test moves by hand: when timers run, in which order, what periodic timers do
 * when late or paused, cancelling and scheduling from callbacks, errors, ids, growth and closing.
 */
class AgentTimerWheelTest
{
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final long US = TimeUnit.MICROSECONDS.toNanos(1);
    private static final long T0 = 5_000_000_000L;

    private final CachedNanoClock clock = new CachedNanoClock();
    private final List<String> errors = new ArrayList<>();
    private final List<String> ran = new ArrayList<>();
    private AgentTimerWheel wheel;
    private ProcessorScheduler scheduler;
    private ProcessorSlot slot;

    private void newWheel(final int spokes)
    {
        clock.update(T0);
        wheel = new AgentTimerWheel("agent", Duration.ofMillis(1), spokes, clock,
            (source, message, error) -> errors.add(source + ": " + error.getMessage()));
        scheduler = processorScheduler("p");
        wheel.start(Thread.currentThread());
    }

    private ProcessorScheduler processorScheduler(final String name)
    {
        final ProcessorScheduler s = new ProcessorScheduler(wheel, name);
        final EventProcessor processor = handlers -> { };
        slot = new ProcessorSlot(new ProcessorContext(name, "agent", "server", null, s, null, java.util.Map.of()), processor,
            new HandlerRegistry(name).build());
        s.bind(slot);
        return s;
    }

    /** A callback that journals its label and the clock it was given, relative to T0 in microseconds. */
    private TimerCallback journal(final String label)
    {
        return (id, now) -> ran.add(label + "@" + (now - T0) / US);
    }

    private int pollAt(final long sinceStartNanos)
    {
        clock.update(T0 + sinceStartNanos);
        return wheel.hasTimers() ? wheel.poll() : 0;
    }

    @Test
    void aOneShotRunsOnceAtTheFirstPollAtOrAfterItsDeadline()
    {
        newWheel(512);
        final long id = scheduler.schedule(5, TimeUnit.MILLISECONDS, journal("a"));
        assertTrue(id > 0);
        assertTrue(scheduler.isScheduled(id));
        assertEquals(0, pollAt(5 * MS - 1));
        assertEquals(1, pollAt(5 * MS));
        assertEquals(0, pollAt(6 * MS));
        assertEquals(List.of("a@5000"), ran);
        assertFalse(scheduler.isScheduled(id));
        assertFalse(scheduler.cancel(id), "already ran");
        assertFalse(wheel.hasTimers());
    }

    @Test
    void timersDueAtOnePollRunInDeadlineOrderAndEqualDeadlinesInScheduleOrder()
    {
        newWheel(512);
        // Several in one tick (the wheel itself does not order those), and some in later ticks, scheduled shuffled.
        scheduler.schedule(900, TimeUnit.MICROSECONDS, journal("900us"));
        scheduler.schedule(5, TimeUnit.MILLISECONDS, journal("5ms"));
        scheduler.schedule(300, TimeUnit.MICROSECONDS, journal("300us-first"));
        scheduler.schedule(600, TimeUnit.MICROSECONDS, journal("600us"));
        scheduler.schedule(3, TimeUnit.MILLISECONDS, journal("3ms"));
        scheduler.schedule(300, TimeUnit.MICROSECONDS, journal("300us-second"));
        scheduler.schedule(0, TimeUnit.MICROSECONDS, journal("0us"));
        assertEquals(7, pollAt(10 * MS));
        assertEquals(List.of("0us@10000", "300us-first@10000", "300us-second@10000", "600us@10000", "900us@10000",
            "3ms@10000", "5ms@10000"), ran);
    }

    @Test
    void aLatePeriodicRunDoesNotShiftTheNextDeadline()
    {
        newWheel(512);
        scheduler.schedulePeriodic(10, 10, TimeUnit.MILLISECONDS, journal("tick"));
        assertEquals(1, pollAt(13 * MS));            // 3 ms late
        assertEquals(0, pollAt(20 * MS - 1));
        assertEquals(1, pollAt(20 * MS));            // on the grid, not at 23 ms
        assertEquals(1, pollAt(30 * MS + 1));
        assertEquals(List.of("tick@13000", "tick@20000", "tick@30000"), ran);
    }

    @Test
    void afterAPausePeriodicTimersRunOnceAndSkipTheMissedRunsKeepingTheirGrid()
    {
        newWheel(512);
        final long id = scheduler.schedulePeriodic(10, 10, TimeUnit.MILLISECONDS, journal("tick"));
        assertEquals(1, pollAt(10 * MS));
        assertEquals(1, pollAt(1_005 * MS));         // 99 deadlines passed: one run, no burst
        assertEquals(0, pollAt(1_005 * MS));
        assertEquals(0, pollAt(1_010 * MS - 1));
        assertEquals(1, pollAt(1_010 * MS));
        assertEquals(List.of("tick@10000", "tick@1005000", "tick@1010000"), ran);
        assertTrue(scheduler.isScheduled(id));
    }

    @Test
    void aPauseLongerThanTheWheelsSpanLosesNoTimerAndKeepsTheOrder()
    {
        newWheel(8); // 8 ticks of about 1 ms: the wheel turns every 8.4 ms
        scheduler.schedule(50, TimeUnit.MILLISECONDS, journal("50ms"));
        scheduler.schedule(3, TimeUnit.MILLISECONDS, journal("3ms"));
        scheduler.schedule(200, TimeUnit.MILLISECONDS, journal("200ms"));
        scheduler.schedule(17, TimeUnit.MILLISECONDS, journal("17ms"));
        assertEquals(3, pollAt(100 * MS));
        assertEquals(List.of("3ms@100000", "17ms@100000", "50ms@100000"), ran);
        assertEquals(0, pollAt(200 * MS - 1));
        assertEquals(1, pollAt(200 * MS));
        assertEquals("200ms@200000", ran.get(3));
    }

    @Test
    void aTimerScheduledAfterTheWheelSatIdleRunsOnTime()
    {
        newWheel(512);
        assertEquals(0, pollAt(10_000 * MS));
        scheduler.schedule(5, TimeUnit.MILLISECONDS, journal("a"));
        assertEquals(0, pollAt(10_005 * MS - 1));
        assertEquals(1, pollAt(10_005 * MS));
        assertEquals(List.of("a@10005000"), ran);
    }

    @Test
    void aPeriodicTimerCancelledFromItsOwnCallbackFinishesThatRunOnly()
    {
        newWheel(512);
        final long[] self = new long[1];
        final boolean[] cancelled = new boolean[1];
        self[0] = scheduler.schedulePeriodic(1, 1, TimeUnit.MILLISECONDS, (id, now) ->
        {
            ran.add("run");
            cancelled[0] = scheduler.cancel(id);
        });
        assertEquals(1, pollAt(MS));
        assertTrue(cancelled[0]);
        assertFalse(scheduler.isScheduled(self[0]));
        assertEquals(0, pollAt(5 * MS));
        assertEquals(List.of("run"), ran);
        assertFalse(wheel.hasTimers());
    }

    @Test
    void aCallbackCancellingATimerDueInTheSamePollStopsIt()
    {
        newWheel(512);
        final long[] later = new long[1];
        final boolean[] cancelled = new boolean[1];
        scheduler.schedule(100, TimeUnit.MICROSECONDS, (id, now) -> cancelled[0] = scheduler.cancel(later[0]));
        later[0] = scheduler.schedule(200, TimeUnit.MICROSECONDS, journal("later"));
        assertEquals(1, pollAt(MS));
        assertTrue(cancelled[0]);
        assertEquals(List.of(), ran);
        assertEquals(0, pollAt(2 * MS));
    }

    @Test
    void aTimerScheduledFromACallbackRunsAtALaterPollEvenWithNoDelay()
    {
        newWheel(512);
        final TimerCallback again = journal("again");
        scheduler.schedule(1, TimeUnit.MILLISECONDS, (id, now) ->
        {
            ran.add("first");
            scheduler.schedule(0, TimeUnit.NANOSECONDS, again);
        });
        assertEquals(1, pollAt(MS));
        assertEquals(List.of("first"), ran);
        assertEquals(1, pollAt(MS + 1));
        assertEquals(List.of("first", "again@1000"), ran);
    }

    @Test
    void aThrowingCallbackIsReportedAsAnErrorOfItsProcessorAndAPeriodicTimerKeepsRunning()
    {
        newWheel(512);
        final int[] runs = new int[1];
        scheduler.schedulePeriodic(1, 1, TimeUnit.MILLISECONDS, (id, now) ->
        {
            runs[0]++;
            throw new IllegalStateException("boom " + runs[0]);
        });
        assertEquals(1, pollAt(MS));
        assertEquals(1, pollAt(2 * MS));
        assertEquals(2, runs[0]);
        assertEquals(List.of("p: boom 1", "p: boom 2"), errors);
        assertEquals(2, slot.errors.get());
    }

    @Test
    void idsOfTimersThatRanOrWereCancelledNeverReachANewerTimer()
    {
        newWheel(512);
        final long first = scheduler.schedule(1, TimeUnit.MILLISECONDS, journal("first"));
        assertEquals(1, pollAt(MS));
        final long second = scheduler.schedule(1, TimeUnit.MILLISECONDS, journal("second"));
        assertNotEquals(first, second);
        assertFalse(scheduler.cancel(first));
        assertTrue(scheduler.isScheduled(second));
        assertTrue(scheduler.cancel(second));
        final long third = scheduler.schedule(1, TimeUnit.MILLISECONDS, journal("third"));
        assertFalse(scheduler.cancel(second));
        assertFalse(scheduler.cancel(0));
        assertFalse(scheduler.cancel(-1));
        assertFalse(scheduler.cancel(Long.MAX_VALUE));
        assertEquals(1, pollAt(3 * MS));
        assertEquals(List.of("first@1000", "third@3000"), ran);
        assertFalse(scheduler.isScheduled(third));
    }

    @Test
    void aProcessorCannotCancelAnotherProcessorsTimer()
    {
        newWheel(512);
        final ProcessorScheduler mine = scheduler;
        final ProcessorScheduler other = processorScheduler("other");
        final long id = mine.schedule(1, TimeUnit.MILLISECONDS, journal("mine"));
        assertFalse(other.isScheduled(id));
        assertFalse(other.cancel(id));
        assertTrue(mine.isScheduled(id));
        assertEquals(1, pollAt(MS));
    }

    @Test
    void moreLiveTimersThanTheInitialCapacityAllRunInOrder()
    {
        newWheel(16);
        final int count = 1_000;
        for (int i = count - 1; i >= 0; i--)
        {
            scheduler.schedule(i * 10L, TimeUnit.MICROSECONDS, journal("t" + i));
        }
        assertEquals(count, wheel.liveTimers());
        assertEquals(count, pollAt(20 * MS));
        for (int i = 0; i < count; i++)
        {
            assertEquals("t" + i + "@20000", ran.get(i));
        }
        assertEquals(0, wheel.liveTimers());
    }

    @Test
    void closingCancelsEveryTimerAndRefusesNewOnes()
    {
        newWheel(512);
        final long one = scheduler.schedule(1, TimeUnit.MILLISECONDS, journal("one"));
        final long periodic = scheduler.schedulePeriodic(1, 1, TimeUnit.MILLISECONDS, journal("periodic"));
        wheel.close();
        assertFalse(wheel.hasTimers());
        assertFalse(scheduler.isScheduled(one));
        assertFalse(scheduler.isScheduled(periodic));
        assertFalse(scheduler.cancel(periodic));
        final IllegalStateException ex = assertThrows(IllegalStateException.class,
            () -> scheduler.schedule(1, TimeUnit.MILLISECONDS, journal("late")));
        assertEquals("processor 'p' on agent 'agent': the agent has stopped and its timers are cancelled; expected " +
            "scheduling from onInit until onStop", ex.getMessage());
        assertEquals(0, pollAt(10 * MS));
        assertEquals(List.of(), ran);
    }

    @Test
    void badArgumentsAreRefusedNamingTheArgument()
    {
        newWheel(512);
        final TimerCallback cb = journal("x");
        assertMessage("delay: -1 MILLISECONDS; expected 0 or more",
            () -> scheduler.schedule(-1, TimeUnit.MILLISECONDS, cb));
        assertMessage("initialDelay: -5 SECONDS; expected 0 or more",
            () -> scheduler.schedulePeriodic(-5, 1, TimeUnit.SECONDS, cb));
        assertMessage("period: 0 MILLISECONDS; expected more than 0",
            () -> scheduler.schedulePeriodic(1, 0, TimeUnit.MILLISECONDS, cb));
        assertMessage("period: -2 NANOSECONDS; expected more than 0",
            () -> scheduler.schedulePeriodic(1, -2, TimeUnit.NANOSECONDS, cb));
        assertMessage("callback: null; expected a TimerCallback (build it once and reuse it)",
            () -> scheduler.schedule(1, TimeUnit.MILLISECONDS, null));
        assertMessage("callback: null; expected a TimerCallback (build it once and reuse it)",
            () -> scheduler.schedulePeriodic(1, 1, TimeUnit.MILLISECONDS, null));
        assertMessage("unit: null; expected a TimeUnit", () -> scheduler.schedule(1, null, cb));
        assertMessage("delay: 36501 DAYS; expected at most 100 years",
            () -> scheduler.schedule(36_501, TimeUnit.DAYS, cb));
        assertMessage("delay: null; expected a duration", () -> scheduler.schedule(null, cb));
        assertMessage("period: null; expected a duration", () -> scheduler.schedulePeriodic(Duration.ZERO, null, cb));
        assertMessage("period: 0 NANOSECONDS; expected more than 0",
            () -> scheduler.schedulePeriodic(Duration.ZERO, Duration.ZERO, cb));
        assertMessage("delay: 9223372036854775807 NANOSECONDS; expected at most 100 years",
            () -> scheduler.schedule(Duration.ofDays(365L * 1000), cb));
        assertEquals(0, wheel.liveTimers(), "nothing was scheduled");
    }

    @Test
    void durationOverloadsScheduleLikeTheTimeUnitOnes()
    {
        newWheel(512);
        scheduler.schedule(Duration.ofMillis(2), journal("once"));
        scheduler.schedulePeriodic(Duration.ofMillis(1), Duration.ofMillis(3), journal("every3"));
        assertEquals(1, pollAt(MS));
        assertEquals(1, pollAt(2 * MS));
        assertEquals(1, pollAt(4 * MS));
        assertEquals(List.of("every3@1000", "once@2000", "every3@4000"), ran);
    }

    @Test
    void withChecksOnTheSchedulerRefusesOtherThreads() throws InterruptedException
    {
        assumeTrue(DebugChecks.ENABLED, "thread confinement is checked with -Dmongoose.checks=true");
        newWheel(512);
        final long id = scheduler.schedule(1, TimeUnit.MILLISECONDS, journal("a"));
        final CompletableFuture<Object> outcome = new CompletableFuture<>();
        final Thread other = new Thread(() ->
        {
            try
            {
                outcome.complete(scheduler.cancel(id));
            }
            catch (final Throwable t)
            {
                outcome.complete(t);
            }
        }, "intruder");
        other.start();
        other.join();
        final Object result = outcome.getNow(null);
        assertInstanceOf(IllegalStateException.class, result);
        assertEquals("processor 'p' on agent 'agent': scheduler used from thread 'intruder'; expected the agent's " +
            "thread '" + Thread.currentThread().getName() + "'", ((Throwable)result).getMessage());
        assertTrue(scheduler.isScheduled(id));
    }

    @Test
    void tickResolutionIsRoundedUpToAPowerOfTwoNanoseconds()
    {
        assertEquals(1L << 20, AgentTimerWheel.tickNanos(Duration.ofMillis(1)));
        assertEquals(1024, AgentTimerWheel.tickNanos(Duration.ofNanos(1000)));
        assertEquals(1024, AgentTimerWheel.tickNanos(Duration.ofNanos(1024)));
        assertEquals(1L << 30, AgentTimerWheel.tickNanos(Duration.ofSeconds(1)));
    }

    @Test
    void theNextDeadlineStaysOnTheGridAfterNow()
    {
        assertEquals(20, AgentTimerWheel.nextDeadline(10, 10, 13));
        assertEquals(30, AgentTimerWheel.nextDeadline(10, 10, 20));
        assertEquals(1_010, AgentTimerWheel.nextDeadline(10, 10, 1_005));
        assertEquals(Long.MIN_VALUE + 5, AgentTimerWheel.nextDeadline(Long.MAX_VALUE - 4, 10, Long.MAX_VALUE),
            "wraps like nanoTime");
    }

    private static void assertMessage(final String expected, final Runnable call)
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class, call::run);
        assertEquals(expected, ex.getMessage());
    }
}
