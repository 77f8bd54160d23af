package io.mongoose.dispatch;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One-shot and periodic timers on the processor's agent thread, between drains. Use it only on that thread, from
 * {@link EventProcessor#onInit} until {@link EventProcessor#onStop}; with {@code -Dmongoose.checks=true} a call from
 * another thread throws, without it the call corrupts the timers.
 *
 * <p>A timer runs at the first duty cycle (on an {@code INVOKER} group, within {@code invoke()}) whose clock reading is
 * at or past its deadline; timers due at one poll run in deadline order, then schedule order, and one scheduled from a
 * callback runs at a later poll. A periodic timer's deadlines are {@code first + k * period}: runs missed during a
 * pause are skipped, not replayed. A callback that throws is reported as an error of its processor; a periodic timer
 * keeps running. Every timer is cancelled before {@code onStop}. Allocation-free in steady state.
 */
public interface Scheduler
{
    /**
     * Run {@code callback} once, {@code delay} after this call.
     *
     * @return the timer's id, greater than 0.
     * @throws IllegalArgumentException naming the argument, if {@code delay} is negative or beyond 100 years, or
     *                                  {@code unit} or {@code callback} is null.
     * @throws IllegalStateException    if the agent has stopped, or (with checks on) off the agent thread.
     */
    long schedule(long delay, TimeUnit unit, TimerCallback callback);

    /**
     * Run {@code callback} {@code initialDelay} after this call, then every {@code period} after that deadline.
     *
     * @return the timer's id, greater than 0, the same for every run.
     * @throws IllegalArgumentException naming the argument, if {@code initialDelay} is negative, {@code period} is
     *                                  not positive, either is beyond 100 years, or {@code unit} or {@code callback}
     *                                  is null.
     * @throws IllegalStateException    if the agent has stopped, or (with checks on) off the agent thread.
     */
    long schedulePeriodic(long initialDelay, long period, TimeUnit unit, TimerCallback callback);

    /**
     * Cancel one of this processor's timers; from a periodic timer's own callback, that run finishes.
     *
     * @return {@code true} if the timer was live and will not run again; {@code false} if it already ran (one-shot),
     *         was cancelled, belongs to another processor, or never existed.
     * @throws IllegalStateException with checks on, off the agent thread.
     */
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
