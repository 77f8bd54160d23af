package io.mongoose.dispatch;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Allocation-free one-shot and periodic timers on the processor's agent thread, between drains, for use on that thread
 * only (checked with {@code -Dmongoose.checks=true}) from {@link EventProcessor#onInit} until
 * {@link EventProcessor#onStop}, before which every timer is cancelled. Timers due at one duty cycle run in deadline,
 * then schedule order; a periodic timer's deadlines are {@code first + k * period}, skipping runs missed during a
 * pause. A callback's exception is reported as its processor's error; a periodic timer keeps running.
 */
public interface Scheduler
{
    /**
     * @return the id, above 0, of a timer running {@code callback} once, {@code delay} (0 to 100 years) from now.
     * @throws IllegalStateException if the agent has stopped, or (with checks on) off the agent thread.
     */
    long schedule(long delay, TimeUnit unit, TimerCallback callback);

    /** @return the id of a timer running {@code callback} after {@code initialDelay}, then every {@code period}. */
    long schedulePeriodic(long initialDelay, long period, TimeUnit unit, TimerCallback callback);

    /** @return whether this processor's live timer {@code timerId} was cancelled; a running callback finishes. */
    boolean cancel(long timerId);

    /** @return whether the timer {@code timerId} will still run. */
    boolean isScheduled(long timerId);

    /** @return the id of a timer scheduled as {@link #schedule(long, TimeUnit, TimerCallback)} does. */
    default long schedule(final Duration delay, final TimerCallback callback)
    {
        return schedule(nanos(delay, "delay"), TimeUnit.NANOSECONDS, callback);
    }

    /** @return the id of a timer scheduled as {@link #schedulePeriodic(long, long, TimeUnit, TimerCallback)} does. */
    default long schedulePeriodic(final Duration initialDelay, final Duration period, final TimerCallback callback)
    {
        return schedulePeriodic(
            nanos(initialDelay, "initialDelay"), nanos(period, "period"), TimeUnit.NANOSECONDS, callback);
    }

    private static long nanos(final Duration duration, final String name)
    {
        if (null == duration)
        {
            throw new IllegalArgumentException(name + ": null; expected a duration");
        }
        try
        {
            return duration.toNanos();
        }
        catch (final ArithmeticException ex)
        {
            // Beyond 292 years: the scheduler rejects it in its own words.
            return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}
