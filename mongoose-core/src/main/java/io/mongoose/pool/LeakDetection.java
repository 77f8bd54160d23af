package io.mongoose.pool;

/**
 * The leak detector's switch, {@code -Dmongoose.leakDetection=true}, read once when this class loads. Off by default.
 *
 * <p>When on, every {@link ObjectPool#acquire()} and {@link ObjectPool#tryAcquire()} records, in a table of its pool
 * keyed by the message, where the message was acquired (the acquiring thread's name and stack) and when
 * ({@link System#nanoTime()}); the message's last release removes the entry. So
 * {@link ObjectPool#inFlightOlderThan(java.time.Duration)} can list the messages still out, and the server reports
 * where each leaked message was acquired when it stops. Capturing a stack costs microseconds and allocates, so this
 * is a debugging mode, not a production one. Messages themselves carry nothing extra, on or off.
 *
 * <p>When off, the switch is a {@code static final false}: the JIT removes every branch on it, so acquire and release
 * do no extra work and allocate nothing (DESIGN.md §2, rule 5). Being static final, it cannot change within a JVM.
 */
public final class LeakDetection
{
    /** The system property that switches leak detection on. */
    public static final String PROPERTY = "mongoose.leakDetection";

    /** Whether leak detection is on in this JVM; fixed when the class loads. */
    public static final boolean ENABLED = Boolean.getBoolean(PROPERTY);

    private LeakDetection()
    {
    }
}
