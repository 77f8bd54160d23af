package io.mongoose.dispatch;

/** What a due timer runs on its processor's thread; build it once, as a capturing lambda allocates per call. */
@FunctionalInterface
public interface TimerCallback
{
    /** @param nowNanos the {@link System#nanoTime()} of the poll that found the timer {@code timerId} due. */
    void onTimer(long timerId, long nowNanos);
}
