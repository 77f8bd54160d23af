package io.mongoose.dispatch;

/**
 * What a timer runs when due, on its processor's agent thread. Build it once and reuse it: a capturing lambda written
 * at the schedule call allocates each time.
 */
@FunctionalInterface
public interface TimerCallback
{
    /**
     * @param timerId  the id {@link Scheduler} returned for this timer; a periodic timer keeps its id.
     * @param nowNanos the {@link System#nanoTime()} read by the poll that found the timer due.
     */
    void onTimer(long timerId, long nowNanos);
}
