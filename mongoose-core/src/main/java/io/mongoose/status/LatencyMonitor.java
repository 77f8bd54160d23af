package io.mongoose.status;

import io.mongoose.feed.FeedPublisher;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.SingleWriterRecorder;

import java.util.concurrent.TimeUnit;

/**
 * Publish-to-handler latency of one processor: from {@link System#nanoTime()} at {@link FeedPublisher#publish} to the
 * moment its agent starts dispatching the message to it, so including the queue wait, the messages ahead in the same
 * drain, and the handlers of the same group that run before it. Latencies above {@link #HIGHEST_TRACKABLE_NANOS} are
 * recorded as that value.
 *
 * <p>Threading: the agent thread records into an HdrHistogram {@link SingleWriterRecorder} (wait-free, no
 * allocation); readers take {@link #interval} and {@link #cumulative} snapshots from any thread, serialised on this
 * monitor. Every read moves what was recorded into both the cumulative total and the pending interval, so neither
 * kind of read loses anything from the other; each interval goes to whoever reads it first.
 *
 * <p>Footprint: five histograms of 3 significant digits up to 10 s, about 1 MB per monitored processor.
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

    /**
     * Agent thread only.
     *
     * @param nanos a latency; clamped to [0, {@link #HIGHEST_TRACKABLE_NANOS}] so that no clock oddity can throw.
     */
    public void record(final long nanos)
    {
        recorder.recordValue(Math.min(Math.max(nanos, 0), HIGHEST_TRACKABLE_NANOS));
    }

    /** @return the monitored processor. */
    public String processorName()
    {
        return processorName;
    }

    /**
     * What was recorded since the previous interval read (or start), and start a new interval.
     *
     * @return a new snapshot.
     */
    public LatencySnapshot interval()
    {
        return interval(null);
    }

    /**
     * Like {@link #interval()}, reusing a snapshot: allocates nothing.
     *
     * @param recycle a snapshot from any {@link LatencyMonitor} that the caller no longer uses, or {@code null}.
     * @return {@code recycle} overwritten with the interval, or a new snapshot if it was null.
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

    /**
     * Everything recorded since the server was built; does not start a new interval.
     *
     * @return a new snapshot.
     */
    public LatencySnapshot cumulative()
    {
        return cumulative(null);
    }

    /**
     * Like {@link #cumulative()}, reusing a snapshot: allocates nothing.
     *
     * @param recycle a snapshot the caller no longer uses, or {@code null}.
     * @return {@code recycle} overwritten with the cumulative histogram, or a new snapshot if it was null.
     */
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
