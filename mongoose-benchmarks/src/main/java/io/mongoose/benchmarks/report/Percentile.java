package io.mongoose.benchmarks.report;

import org.HdrHistogram.Histogram;

/**
 * The columns of every latency table, from the median to the maximum: the same set the reference page publishes, so
 * each of our cells has a counterpart there.
 */
public enum Percentile
{
    /** The median. */
    P50("p50", 50.0),
    /** One in ten above. */
    P90("p90", 90.0),
    /** One in a hundred above. */
    P99("p99", 99.0),
    /** One in a thousand above. */
    P99_9("p99.9", 99.9),
    /** One in ten thousand above. */
    P99_99("p99.99", 99.99),
    /** One in a hundred thousand above. */
    P99_999("p99.999", 99.999),
    /** The largest value recorded. */
    MAX("max", 100.0);

    private final String label;
    private final double percentile;

    Percentile(final String label, final double percentile)
    {
        this.label = label;
        this.percentile = percentile;
    }

    /**
     * @return the column heading, e.g. {@code p99.9}.
     */
    public String label()
    {
        return label;
    }

    /**
     * @param histogram a latency histogram in nanoseconds.
     * @return the value at this percentile, nanoseconds (HdrHistogram's highest equivalent value of the bucket, as its
     * own percentile output reports it).
     */
    public long valueIn(final Histogram histogram)
    {
        return this == MAX ? histogram.getMaxValue() : histogram.getValueAtPercentile(percentile);
    }
}
