package io.mongoose.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Where and how a server publishes its live counters (see {@link io.mongoose.status.CountersFile}).
 *
 * <p>The counters themselves always exist: {@link io.mongoose.server.MongooseServer#feedStats},
 * {@link io.mongoose.server.MongooseServer#counters()} and {@link io.mongoose.server.MongooseServer#health()} read
 * them whether or not they are published. This switch decides whether they also live in a memory-mapped file that
 * another process ({@code io.mongoose.tools.MongooseStat} in mongoose-tools) can read.
 *
 * <p>Made with {@link #defaults()} or {@link #disabled()} and changed with the withers, each of which returns a copy
 * and refuses a value out of its setting's range at the call, e.g.
 * {@code CountersConfig.defaults().dir(Path.of("/tmp/m")).sampleInterval(Duration.ofMillis(250))}. A
 * {@link #builder()} checks nothing, for front ends that leave every check to {@link ConfigValidator}.
 *
 * <p>A value: equal to another counters config with equal settings.
 */
public final class CountersConfig
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

    /** How a wither's error names what its setting belongs to. */
    private static final String OWNER = "counters";

    private final boolean enabled;
    private final Path dir;
    private final boolean deleteOnStop;
    private final Duration sampleInterval;

    /** Takes every value as given: the withers check theirs, the validator the rest. */
    private CountersConfig(final boolean enabled, final Path dir, final boolean deleteOnStop,
        final Duration sampleInterval)
    {
        this.enabled = enabled;
        this.dir = dir;
        this.deleteOnStop = deleteOnStop;
        this.sampleInterval = sampleInterval;
    }

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
     * @return a builder that starts from {@link #defaults()} and checks none of the values it is given.
     */
    public static Builder builder()
    {
        return new Builder(defaults());
    }

    /**
     * @return a builder that starts from these settings.
     */
    public Builder toBuilder()
    {
        return new Builder(this);
    }

    /**
     * @return whether the counters are published in a memory-mapped file while the server runs (on by default).
     */
    public boolean enabled()
    {
        return enabled;
    }

    /**
     * @return the directory of the file; {@code null} for {@link io.mongoose.status.CountersFile#defaultDirectory()}.
     */
    public Path dir()
    {
        return dir;
    }

    /**
     * @return whether the file is removed when the server stops (on by default); off leaves the last values readable.
     */
    public boolean deleteOnStop()
    {
        return deleteOnStop;
    }

    /**
     * @return how often the sampler thread refreshes gauges (queue depth, pools), the heartbeat and the health state:
     *         the resolution of agent liveness.
     */
    public Duration sampleInterval()
    {
        return sampleInterval;
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
        return new CountersConfig(enabled, dir, deleteOnStop, SAMPLE_INTERVAL_RANGE.require(OWNER, interval));
    }

    /**
     * @param o another object.
     * @return whether it is a counters config with equal settings.
     */
    @Override
    public boolean equals(final Object o)
    {
        return this == o || o instanceof CountersConfig that && enabled == that.enabled &&
            deleteOnStop == that.deleteOnStop && Objects.equals(dir, that.dir) &&
            Objects.equals(sampleInterval, that.sampleInterval);
    }

    /**
     * @return a hash of every setting, consistent with {@link #equals(Object)}.
     */
    @Override
    public int hashCode()
    {
        return Objects.hash(enabled, dir, deleteOnStop, sampleInterval);
    }

    /**
     * @return every setting, e.g. {@code CountersConfig[enabled=true, dir=null, deleteOnStop=true, ...]}.
     */
    @Override
    public String toString()
    {
        return "CountersConfig[enabled=" + enabled + ", dir=" + dir + ", deleteOnStop=" + deleteOnStop +
            ", sampleInterval=" + sampleInterval + "]";
    }

    /**
     * Sets any value and checks none, so a front end that reads settings from elsewhere (the YAML reader) can hand
     * whatever it read to {@link ConfigValidator}, which reports every problem at once with its path. Code that writes
     * a counters config uses {@link #defaults()}, {@link #disabled()} and the withers, which refuse a bad value at the
     * call.
     */
    public static final class Builder
    {
        private boolean enabled;
        private Path dir;
        private boolean deleteOnStop;
        private Duration sampleInterval;

        private Builder(final CountersConfig from)
        {
            enabled = from.enabled;
            dir = from.dir;
            deleteOnStop = from.deleteOnStop;
            sampleInterval = from.sampleInterval;
        }

        /**
         * @param on publish the counters in a memory-mapped file while the server runs.
         * @return this builder.
         */
        public Builder enabled(final boolean on)
        {
            enabled = on;
            return this;
        }

        /**
         * @param directory the directory of the file; {@code null} for the default.
         * @return this builder.
         */
        public Builder dir(final Path directory)
        {
            dir = directory;
            return this;
        }

        /**
         * @param delete remove the file when the server stops.
         * @return this builder.
         */
        public Builder deleteOnStop(final boolean delete)
        {
            deleteOnStop = delete;
            return this;
        }

        /**
         * @param interval how often the sampler thread refreshes gauges, the heartbeat and the health state.
         * @return this builder.
         */
        public Builder sampleInterval(final Duration interval)
        {
            sampleInterval = interval;
            return this;
        }

        /**
         * @return a counters config with the values given, checked by no one yet.
         */
        public CountersConfig build()
        {
            return new CountersConfig(enabled, dir, deleteOnStop, sampleInterval);
        }
    }
}
