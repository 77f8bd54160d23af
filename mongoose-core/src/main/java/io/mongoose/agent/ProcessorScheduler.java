package io.mongoose.agent;

import io.mongoose.dispatch.Scheduler;
import io.mongoose.dispatch.TimerCallback;

import java.util.concurrent.TimeUnit;

/** A processor's view of its group's {@link AgentTimerWheel}: checks arguments and marks each timer as its own. */
public final class ProcessorScheduler implements Scheduler
{
    private final AgentTimerWheel wheel;
    private final String processorName;
    private ProcessorSlot slot;

    public ProcessorScheduler(final AgentTimerWheel wheel, final String processorName)
    {
        this.wheel = wheel;
        this.processorName = processorName;
    }

    /** Once, while the server is built, before any thread starts. */
    public void bind(final ProcessorSlot owner)
    {
        slot = owner;
    }

    @Override
    public long schedule(final long delay, final TimeUnit unit, final TimerCallback callback)
    {
        return wheel.schedule(this, nanos("delay", delay, unit, 0), 0, checked(callback));
    }

    @Override
    public long schedulePeriodic(
        final long initialDelay, final long period, final TimeUnit unit, final TimerCallback callback)
    {
        return wheel.schedule(
            this, nanos("initialDelay", initialDelay, unit, 0), nanos("period", period, unit, 1), checked(callback));
    }

    @Override
    public boolean cancel(final long timerId)
    {
        return wheel.cancel(this, timerId);
    }

    @Override
    public boolean isScheduled(final long timerId)
    {
        return wheel.isScheduled(this, timerId);
    }

    String processorName()
    {
        return processorName;
    }

    void countError()
    {
        slot.errors.increment();
    }

    private static long nanos(final String name, final long value, final TimeUnit unit, final long least)
    {
        if (null == unit)
        {
            throw new IllegalArgumentException("unit: null; expected a TimeUnit");
        }
        final long nanos = unit.toNanos(value);
        if (value < least || nanos < least)
        {
            throw new IllegalArgumentException(name + ": " + value + " " + unit + "; expected " +
                (0 == least ? "0 or more" : "more than 0"));
        }
        if (nanos > AgentTimerWheel.MAX_DELAY_NANOS)
        {
            throw new IllegalArgumentException(name + ": " + value + " " + unit + "; expected at most " +
                AgentTimerWheel.MAX_DELAY_TEXT);
        }
        return nanos;
    }

    private static TimerCallback checked(final TimerCallback callback)
    {
        if (null == callback)
        {
            throw new IllegalArgumentException("callback: null; expected a TimerCallback (build it once and reuse it)");
        }
        return callback;
    }
}
