package io.mongoose.config;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Where and how a server publishes its live counters (see {@link io.mongoose.status.CountersFile}).
 *
 * <p>The counters themselves always exist: {@link io.mongoose.server.MongooseServer#feedStats}, {@link
 * io.mongoose.server.MongooseServer#counters()} and
 * {@link io.mongoose.server.MongooseServer#health()} read them whether or not they are published. This switch decides
 * whether they also
 * live in a memory-mapped file that another process ({@code io.mongoose.tools.MongooseStat} in mongoose-tools) can read.
 *
 * @param enabled        publish the counters in a memory-mapped file while the server runs (on by default).
 * @param dir            the directory of the file; {@code null} for {@link
 * io.mongoose.status.CountersFile#defaultDirectory()}.
 * @param deleteOnStop   remove the file when the server stops (on by default); off leaves the last values readable.
 * @param sampleInterval how often the sampler thread refreshes gauges (queue depth, pools), the heartbeat and the
 *                       health state: the resolution of agent liveness.
 */
public record CountersConfig(boolean enabled, Path dir, boolean deleteOnStop, Duration sampleInterval)
{
    /**
     * Default sampling period: once a second. Each sample wakes the sampler thread, and on a machine whose cores are
     * all taken by busy-spinning agents and producers that wake preempts one of them for tens of microseconds, which
     * shows in the latency tail (p99 at 1M msg/s on 2 cores: median 122 µs at 100 ms against 73 µs at 1 s, eight
     * interleaved runs each). Once a second matches the default {@link HealthConfig#agentStaleAfter()}; a server
     * that wants finer gauges or liveness sets a shorter interval and pays those wakes.
     */
    public static final Duration DEFAULT_SAMPLE_INTERVAL = Duration.ofSeconds(1);
    /** Longest sampling period accepted. */
    public static final Duration MAX_SAMPLE_INTERVAL = Duration.ofSeconds(10);
    /** What {@link #sampleInterval()} accepts: a positive duration up to {@link #MAX_SAMPLE_INTERVAL}. */
    public static final DurationRange SAMPLE_INTERVAL_RANGE =
        DurationRange.positiveUpTo("sampleInterval", MAX_SAMPLE_INTERVAL);

    /**
     * @return a file in the default directory, removed at stop, sampled every second.
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
     * @param interval sampling period: {@link #SAMPLE_INTERVAL_RANGE}.
     * @return a copy with that period.
     * @throws IllegalArgumentException naming the value and the range.
     * @throws NullPointerException     if {@code interval} is null.
     */
    public CountersConfig sampleInterval(final Duration interval)
    {
        return new CountersConfig(enabled, dir, deleteOnStop, SAMPLE_INTERVAL_RANGE.require("counters", interval));
    }
}
