package io.mongoose.server;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where and how a server publishes its live counters (see {@link CountersFile}).
 *
 * <p>The counters themselves always exist: {@link MongooseServer#feedStats}, {@link MongooseServer#counters()} and
 * {@link MongooseServer#health()} read them whether or not they are published. This switch decides whether they also
 * live in a memory-mapped file that another process ({@link MongooseStat}) can read.
 *
 * @param enabled        publish the counters in a memory-mapped file while the server runs (on by default).
 * @param dir            the directory of the file; {@code null} for {@link CountersFile#defaultDirectory()}.
 * @param deleteOnStop   remove the file when the server stops (on by default); off leaves the last values readable.
 * @param sampleInterval how often the sampler thread refreshes gauges (queue depth, pools), the heartbeat and the
 *                       health state: the resolution of agent liveness.
 */
public record CountersConfig(boolean enabled, Path dir, boolean deleteOnStop, Duration sampleInterval)
{
    /** Default sampling period. */
    public static final Duration DEFAULT_SAMPLE_INTERVAL = Duration.ofMillis(100);
    /** Longest sampling period accepted. */
    public static final Duration MAX_SAMPLE_INTERVAL = Duration.ofSeconds(10);

    /**
     * @return a file in the default directory, removed at stop, sampled every 100 ms.
     */
    public static CountersConfig defaults()
    {
        return new CountersConfig(true, null, true, DEFAULT_SAMPLE_INTERVAL);
    }

    /**
     * @return no file; the counters stay in this process.
     */
    public static CountersConfig disabled()
    {
        return new CountersConfig(false, null, true, DEFAULT_SAMPLE_INTERVAL);
    }

    /**
     * @param directory where the file goes; {@code null} for the default.
     * @return a copy with that directory.
     */
    public CountersConfig dir(final Path directory)
    {
        return new CountersConfig(enabled, directory, deleteOnStop, sampleInterval);
    }

    /**
     * @param delete remove the file at stop.
     * @return a copy with that choice.
     */
    public CountersConfig deleteOnStop(final boolean delete)
    {
        return new CountersConfig(enabled, dir, delete, sampleInterval);
    }

    /**
     * @param interval sampling period (validated when the server is built).
     * @return a copy with that period.
     */
    public CountersConfig sampleInterval(final Duration interval)
    {
        return new CountersConfig(enabled, dir, deleteOnStop, interval);
    }
}
