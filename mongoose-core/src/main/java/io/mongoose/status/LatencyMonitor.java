package io.mongoose.status;

import io.mongoose.feed.FeedPublisher;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.concurrent.TimeUnit;

/**
 * Publish-to-handler latency of one processor: from {@link System#nanoTime()} at {@link FeedPublisher#publish} to
 * when its agent starts dispatching the message to it (queue wait, earlier messages of the drain and handlers of the
 * group included), capped at {@link #HIGHEST_TRACKABLE_NANOS}. About 1 MB per monitored processor.
 *
 * <p>Threading: the agent thread records into a wait-free {@link SingleWriterRecorder}; readers take snapshots from
 * any thread, serialised on this monitor. Every read moves what was recorded into both the cumulative total and the
 * pending interval, so neither kind of read loses anything; each interval goes to whoever reads it first.
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

    /**
     * As {@link #interval()}, overwriting {@code recycle} (a snapshot of any monitor the caller no longer uses) unless
     * it is null: allocates nothing.
     */
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
        final LatencySnapshot snapshot = null == recycle ? new LatencySnapshot(newHistogram()) : recycle;
        snapshot.copyFrom(processorName, source, fromMillis, toMillis);
        return snapshot;
    }

    private static Histogram newHistogram()
    {
        return new Histogram(HIGHEST_TRACKABLE_NANOS, SIGNIFICANT_DIGITS);
    }
}
