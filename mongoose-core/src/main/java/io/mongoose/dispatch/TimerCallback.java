package io.mongoose.dispatch;

/**
 * What a timer runs when it falls due, on the agent thread of the processor that scheduled it. Build one instance
 * (a field, a method reference taken once, or the processor itself) and pass it to every schedule call: a capturing
 * lambda written at the call allocates a new object each time.
 */
@FunctionalInterface
public interface TimerCallback
{
    /**
     * @param timerId   the id {@link Scheduler} returned for this timer; a periodic timer keeps its id for life.
     * @param nowNanos  the {@link System#nanoTime()} read by the poll that found the timer due: at or after its
     *                  deadline.
     */
    void onTimer(long timerId, long nowNanos);
}
