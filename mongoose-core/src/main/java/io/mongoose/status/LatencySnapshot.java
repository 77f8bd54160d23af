package io.mongoose.status;

import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A copy of one processor's publish-to-handler latencies over a span of time, in nanoseconds, from its
 * {@link LatencyMonitor}. Not thread-safe: one reader uses it at a time, and may hand it back to be overwritten.
 */
public final class LatencySnapshot
{
    /** The {@code .hgrm} unit: values are written in microseconds, like the benchmarks' files. */
    public static final double HGRM_NANOS_PER_UNIT = 1000.0;

    private final Histogram histogram;
    private String processorName;

    LatencySnapshot(final Histogram histogram)
    {
        this.histogram = histogram;
    }

    LatencySnapshot copyFrom(final String processor, final Histogram source, final long fromMillis, final long toMillis)
    {
        source.copyInto(histogram);
        processorName = processor;
        histogram.setStartTimeStamp(fromMillis);
        histogram.setEndTimeStamp(toMillis);
        return this;
    }

    /** @return the processor measured. */
    public String processorName()
    {
        return processorName;
    }

    /** @return messages recorded. */
    public long count()
    {
        return histogram.getTotalCount();
    }

    /** @return the lowest latency recorded, in nanoseconds; 0 if none was. */
    public long minNanos()
    {
        return 0 == histogram.getTotalCount() ? 0 : histogram.getMinValue();
    }

    /** @return the highest latency recorded, in nanoseconds (to the histogram's precision); 0 if none was. */
    public long maxNanos()
    {
        return histogram.getMaxValue();
    }

    /** @return the mean latency in nanoseconds; 0 if nothing was recorded. */
    public double meanNanos()
    {
        return 0 == histogram.getTotalCount() ? 0 : histogram.getMean();
    }

    /** @return the latency at a percentile from 0 to 100 (e.g. 99.9), in nanoseconds; 0 if nothing was recorded. */
    public long percentileNanos(final double percentile)
    {
        if (!(percentile >= 0 && percentile <= 100))
        {
            throw new IllegalArgumentException("percentile: " + percentile + "; expected 0 to 100");
        }
        return histogram.getValueAtPercentile(percentile);
    }

    /** @return when the span began, in epoch milliseconds. */
    public long startTimeMillis()
    {
        return histogram.getStartTimeStamp();
    }

    /** @return when the span ended (the read), in epoch milliseconds. */
    public long endTimeMillis()
    {
        return histogram.getEndTimeStamp();
    }

    /** Write the percentile distribution in HdrHistogram's {@code .hgrm} format, in microseconds; leaves it open. */
    public void writeHgrm(final PrintStream out)
    {
        Objects.requireNonNull(out, "out: null; expected a PrintStream");
        histogram.outputPercentileDistribution(out, HGRM_NANOS_PER_UNIT);
        out.flush();
    }

    /** Write the {@code .hgrm} file (see {@link #writeHgrm(PrintStream)}), replacing any file there. */
    public void writeHgrm(final Path file) throws IOException
    {
        Objects.requireNonNull(file, "file: null; expected the path of the .hgrm file to write");
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8))
        {
            writeHgrm(out);
            if (out.checkError())
            {
                throw new IOException("could not write " + file);
            }
        }
    }

    /** @return a one-line summary in microseconds. */
    @Override
    public String toString()
    {
        return String.format("%s: count=%d p50=%.3fus p99=%.3fus p99.9=%.3fus max=%.3fus", processorName, count(),
            percentileNanos(50) / HGRM_NANOS_PER_UNIT, percentileNanos(99) / HGRM_NANOS_PER_UNIT,
            percentileNanos(99.9) / HGRM_NANOS_PER_UNIT, maxNanos() / HGRM_NANOS_PER_UNIT);
    }
}
