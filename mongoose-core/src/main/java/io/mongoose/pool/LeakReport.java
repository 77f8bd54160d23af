package io.mongoose.pool;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A pooled message found in flight by {@link ObjectPool#inFlightOlderThan(Duration)}.
 *
 * @param pool             the pool's name.
 * @param type             the message's class name.
 * @param age              how long ago it was acquired, as of the scan.
 * @param refCount         its reference count at the scan, above 0.
 * @param acquiringThread  the thread that acquired it.
 * @param acquisitionStack the acquiring thread's stack at acquire, innermost frame first, starting at the caller of
 *                         {@code acquire()} (the pool's own frames are left out).
 */
public record LeakReport(
    String pool, String type, Duration age, int refCount, String acquiringThread,
    List<StackTraceElement> acquisitionStack)
{
    /** Checks and copies. */
    public LeakReport
    {
        Objects.requireNonNull(pool, "pool: null; expected a pool name");
        Objects.requireNonNull(type, "type: null; expected a class name");
        Objects.requireNonNull(age, "age: null; expected a duration");
        Objects.requireNonNull(acquiringThread, "acquiringThread: null; expected a thread name");
        acquisitionStack = List.copyOf(acquisitionStack);
    }
}
