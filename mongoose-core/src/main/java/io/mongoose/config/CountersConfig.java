package io.mongoose.config;

import java.nio.file.Path;
import java.time.Duration;

/** Whether a server's live counters are also in a {@link io.mongoose.status.CountersFile} for another process. */
public final class CountersConfig extends ConfigValue
{
    /** Default sampling period: once a second, since each sample's wake-up can preempt a busy-spinning thread. */
    public static final Duration DEFAULT_SAMPLE_INTERVAL = Duration.ofSeconds(1);
    /** What {@link #sampleInterval()} accepts: a positive duration up to 10 s. */
    public static final DurationRange SAMPLE_INTERVAL_RANGE =
        DurationRange.positiveUpTo("sampleInterval", Duration.ofSeconds(10));

    private final boolean enabled;
    private final Path dir;
    private final boolean deleteOnStop;
    private final Duration sampleInterval;

    private CountersConfig(
        final boolean enabled, final Path dir, final boolean deleteOnStop, final Duration sampleInterval)
    {
        this.enabled = enabled;
        this.dir = dir;
        this.deleteOnStop = deleteOnStop;
        this.sampleInterval = sampleInterval;
    }

    /** @return a file in the default directory, removed at stop, sampled every second. */
    public static CountersConfig defaults()
    {
        return new CountersConfig(true, null, true, DEFAULT_SAMPLE_INTERVAL);
    }

    /** @return no file; the counters stay in this process. */
    public static CountersConfig disabled()
    {
        return new CountersConfig(false, null, true, DEFAULT_SAMPLE_INTERVAL);
    }

    /** @return whether the counters are published in a memory-mapped file while the server runs. */
    public boolean enabled()
    {
        return enabled;
    }

    /** @return the file's directory; {@code null} for {@link io.mongoose.status.CountersFile#defaultDirectory()}. */
    public Path dir()
    {
        return dir;
    }

    /** @return whether the file is removed when the server stops; off leaves the last values readable. */
    public boolean deleteOnStop()
    {
        return deleteOnStop;
    }

    /** @return how often gauges, the heartbeat and health are sampled: the resolution of agent liveness. */
    public Duration sampleInterval()
    {
        return sampleInterval;
    }

    /** @return a copy with this directory; {@code null} for the default. */
    public CountersConfig dir(final Path directory)
    {
        return new CountersConfig(enabled, directory, deleteOnStop, sampleInterval);
    }

    /** @return a copy that removes the file at stop, or not. */
    public CountersConfig deleteOnStop(final boolean delete)
    {
        return new CountersConfig(enabled, dir, delete, sampleInterval);
    }

    /** @return a copy with this sampling period ({@link #SAMPLE_INTERVAL_RANGE}). */
    public CountersConfig sampleInterval(final Duration interval)
    {
        return new CountersConfig(enabled, dir, deleteOnStop, interval);
    }

    @Override
    Object[] namesAndValues()
    {
        return new Object[] {"enabled", enabled, "dir", dir, "deleteOnStop", deleteOnStop, "sampleInterval",
            sampleInterval};
    }
}
