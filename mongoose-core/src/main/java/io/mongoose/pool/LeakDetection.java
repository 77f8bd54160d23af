package io.mongoose.pool;

/**
 * The leak detector's switch, {@code -Dmongoose.leakDetection=true}, off by default and fixed when this class loads.
 * When on, each acquire records where (the thread's name and stack) and when the message was acquired, until its last
 * release, so {@link ObjectPool#inFlightOlderThan(java.time.Duration)} and the server's stop can say where leaked
 * messages came from. Capturing a stack allocates: a debugging mode. When off, the JIT drops every branch on it.
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
