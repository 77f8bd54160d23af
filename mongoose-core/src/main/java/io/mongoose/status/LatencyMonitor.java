package io.mongoose.status;

import io.mongoose.feed.FeedPublisher;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.concurrent.TimeUnit;

/**
 * Publish-to-handler latency of one processor: from {@link FeedPublisher#publish} to when its agent starts dispatching
 * the message to it, capped at {@link #HIGHEST_TRACKABLE_NANOS}; about 1 MB per monitored processor. The agent thread
 * records wait-free; readers on any thread are serialised on this monitor, and each read moves what was recorded into
 * both the cumulative total and the pending interval, which goes to whoever reads it first.
 */
public final class LatencyMonitor
{
    /** Highest latency recorded as itself; anything slower is recorded as this value. */
    public static final long HIGHEST_TRACKABLE_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** Value precision: 3 significant digits (0.1%). */
    public static final int SIGNIFICANT_DIGITS = 3;

    private final String processorName;
    private final SingleWriterRecorder recorder = new SingleWriterRecorder(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    // Reader side, guarded by this.
    private final Histogram sample = newHistogram();
    private final Histogram pendingInterval = newHistogram();
    private final Histogram cumulative = newHistogram();
    private long intervalStartMillis;
    private final long startMillis;

    public LatencyMonitor(final String processorName)
    {
        this.processorName = processorName;
        this.startMillis = System.currentTimeMillis();
        this.intervalStartMillis = startMillis;
    }

    /** Record a latency, clamped to [0, {@link #HIGHEST_TRACKABLE_NANOS}] so no clock oddity throws; agent only. */
    public void record(final long nanos)
    {
        recorder.recordValue(Math.min(Math.max(nanos, 0), HIGHEST_TRACKABLE_NANOS));
    }

    /** @return the monitored processor. */
    public String processorName()
    {
        return processorName;
    }

    /** @return what was recorded since the previous interval read (or start), in a new snapshot; starts a new one. */
    public LatencySnapshot interval()
    {
        return interval(null);
    }

    /** As {@link #interval()}, overwriting {@code recycle} (any monitor's) unless null: allocates nothing. */
    public synchronized LatencySnapshot interval(final LatencySnapshot recycle)
    {
        drainRecorder();
        final long now = System.currentTimeMillis();
        final LatencySnapshot snapshot = fill(recycle, pendingInterval, intervalStartMillis, now);
        pendingInterval.reset();
        intervalStartMillis = now;
        return snapshot;
    }

    /** @return everything recorded since the server was built, in a new snapshot. */
    public LatencySnapshot cumulative()
    {
        return cumulative(null);
    }

    /** As {@link #cumulative()}, overwriting {@code recycle} unless it is null: allocates nothing. */
    public synchronized LatencySnapshot cumulative(final LatencySnapshot recycle)
    {
        drainRecorder();
        return fill(recycle, cumulative, startMillis, System.currentTimeMillis());
    }

    private void drainRecorder()
    {
        recorder.getIntervalHistogramInto(sample);
        pendingInterval.add(sample);
        cumulative.add(sample);
    }

    private LatencySnapshot fill(
        final LatencySnapshot recycle, final Histogram source, final long fromMillis, final long toMillis)
    {
        return (null == recycle ? new LatencySnapshot(newHistogram()) : recycle)
            .copyFrom(processorName, source, fromMillis, toMillis);
    }

    private static Histogram newHistogram()
    {
        return new Histogram(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }
}
