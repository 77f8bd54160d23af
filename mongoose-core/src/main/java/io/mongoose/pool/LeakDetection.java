package io.mongoose.pool;

/**
 * The leak detector's switch, {@code -Dmongoose.leakDetection=true}, off by default: each acquire then records its
 * thread, stack and time until the last release, for {@link ObjectPool#inFlightOlderThan(java.time.Duration)}; it
 * allocates, a debugging mode.
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
