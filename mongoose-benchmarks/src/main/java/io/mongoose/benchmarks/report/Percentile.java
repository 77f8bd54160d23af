package io.mongoose.benchmarks.report;

import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.List;

/** The columns of every latency table, from the median to the maximum: the set the reference page publishes. */
public enum Percentile
{
    P50("p50", 50.0), P90("p90", 90.0), P99("p99", 99.0), P99_9("p99.9", 99.9), P99_99("p99.99", 99.99),
    P99_999("p99.999", 99.999), MAX("max", 100.0);

    private final String label;
    private final double percentile;

    Percentile(final String label, final double percentile)
    {
        this.label = label;
        this.percentile = percentile;
    }

    /** @return every column heading, in order. */
    public static List<String> labels()
    {
        final List<String> labels = new ArrayList<>();
        for (final Percentile p : values())
        {
            labels.add(p.label);
        }
        return labels;
    }

    /** @return the column heading, e.g. {@code p99.9}. */
    public String label()
    {
        return label;
    }

    /**
     * @param histogram a latency histogram in nanoseconds.
     * @return the value at this percentile (the bucket's highest equivalent value, as HdrHistogram reports it).
     */
    public long valueIn(final Histogram histogram)
    {
        return this == MAX ? histogram.getMaxValue() : histogram.getValueAtPercentile(percentile);
    }
}
