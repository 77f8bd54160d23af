package io.mongoose.pool;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A pooled message found in flight by {@link ObjectPool#inFlightOlderThan(Duration)}: its age and reference count
 * (above 0) at the scan, and the acquiring thread's name and stack from the caller of {@code acquire()} on.
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
