package io.mongoose.dispatch;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * One-shot and periodic timers that run on the processor's own agent thread, between message drains, from
 * {@link ProcessorContext#scheduler()}.
 *
 * <p>Threading: use it only on the agent thread, from {@link EventProcessor#onInit} until {@link EventProcessor#onStop}
 * (handlers, lifecycle callbacks and timer callbacks all run there). With {@code -Dmongoose.checks=true} a call from
 * another thread throws {@link IllegalStateException}; without it such a call is undetected and corrupts the timers.
 *
 * <p>Semantics:
 * <ul>
 *   <li>A timer runs at the first duty cycle of its agent whose clock reading is at or past its deadline. Timers due at
 *       the same poll run in deadline order, equal deadlines in the order they were scheduled.</li>
 *   <li>A periodic timer's deadlines are {@code first + k * period}, fixed when it is scheduled: a late run does not
 *       shift the next one. After a pause longer than a period (a slow handler, a GC) it runs once, and the runs it
 *       missed are skipped, not replayed: the next deadline is the first on the original grid after the poll's clock.
 *       </li>
 *   <li>A timer scheduled from a callback runs at a later poll, never the poll that is running, so a callback that
 *       reschedules itself with a zero delay cannot starve the agent.</li>
 *   <li>A callback that throws is reported to the server's error handler as an error of its processor and counted in
 *       its {@code errors}; a periodic timer keeps running.</li>
 *   <li>When the agent stops, every timer is cancelled before {@code onStop}: nothing runs afterwards, and scheduling
 *       from {@code onStop} or later throws {@link IllegalStateException}.</li>
 *   <li>On an {@code INVOKER} agent group, timers run inside the owner's {@code invoke()} calls.</li>
 * </ul>
 *
 * <p>Scheduling, cancelling and firing allocate nothing in steady state; the structures behind them grow (once) when
 * more timers are live at a time than ever before.
 */
public interface Scheduler
{
    /**
     * Run {@code callback} once after {@code delay}.
     *
     * @param delay    0 or more; measured from this call.
     * @param unit     unit of {@code delay}.
     * @param callback run on the agent thread.
     * @return the timer's id, always greater than 0, for {@link #cancel(long)}.
     * @throws IllegalArgumentException naming the argument, if {@code delay} is negative or beyond 100 years, or
     *                                  {@code unit} or {@code callback} is null.
     * @throws IllegalStateException    if the agent has stopped, or (with checks on) off the agent thread.
     */
    long schedule(long delay, TimeUnit unit, TimerCallback callback);

    /**
     * Run {@code callback} at {@code initialDelay}, then every {@code period} after that first deadline.
     *
     * @param initialDelay 0 or more; measured from this call.
     * @param period       more than 0; the interval between deadlines.
     * @param unit         unit of both.
     * @param callback     run on the agent thread.
     * @return the timer's id, always greater than 0, for {@link #cancel(long)}; the same for every run.
     * @throws IllegalArgumentException naming the argument, if {@code initialDelay} is negative, {@code period} is
     *                                  not positive, either is beyond 100 years, or {@code unit} or {@code callback}
     *                                  is null.
     * @throws IllegalStateException    if the agent has stopped, or (with checks on) off the agent thread.
     */
    long schedulePeriodic(long initialDelay, long period, TimeUnit unit, TimerCallback callback);

    /**
     * Cancel one of this processor's timers. Cancelling a periodic timer from its own callback lets that run finish
     * and stops the next ones.
     *
     * @param timerId an id this scheduler returned.
     * @return {@code true} if the timer was live and will not run again; {@code false} if it already ran (one-shot),
     *         was cancelled, belongs to another processor, or never existed.
     * @throws IllegalStateException with checks on, off the agent thread.
     */
    boolean cancel(long timerId);

    /**
     * @param timerId an id this scheduler returned.
     * @return whether the timer will still run: scheduled and not yet run (one-shot) or not cancelled (periodic).
     */
    boolean isScheduled(long timerId);

    /**
     * {@link #schedule(long, TimeUnit, TimerCallback)} with a {@link Duration}.
     *
     * @param delay    0 or more.
     * @param callback run on the agent thread.
     * @return the timer's id.
     */
    default long schedule(final Duration delay, final TimerCallback callback)
    {
        return schedule(nanos(delay, "delay"), TimeUnit.NANOSECONDS, callback);
    }

    /**
     * {@link #schedulePeriodic(long, long, TimeUnit, TimerCallback)} with {@link Duration}s.
     *
     * @param initialDelay 0 or more.
     * @param period       more than 0.
     * @param callback     run on the agent thread.
     * @return the timer's id.
     */
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
            // Beyond 292 years: let the scheduler reject it in its own words.
            return duration.isNegative() ? Long.MIN_VALUE : Long.MAX_VALUE;
        }
    }
}
