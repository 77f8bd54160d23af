package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;

import java.util.Locale;

/**
 * How tables, notes and legends name a rate and a run's achieved rate. A run that missed its target is always
 * labelled with the word MISSED, in every place it appears, so a reader cannot take it for a point that held its
 * rate.
 */
public final class RunLabels
{
    /** Starts the achieved-rate label of a run that missed its target. */
    public static final String MISSED = "MISSED";

    private RunLabels()
    {
    }

    /**
     * @param rate a target rate, messages per second.
     * @return e.g. {@code 1M msg/s}.
     */
    public static String rate(final long rate)
    {
        return Formats.rate(rate) + " msg/s";
    }

    /**
     * @param result a latency run.
     * @return achieved against target: {@code 1M of 1M}, or {@code MISSED: 6.1M of 10M} when the run missed it.
     */
    public static String achieved(final RunResult result)
    {
        final String label = Formats.rate(result.achievedRate()) + " of " + Formats.rate(result.targetRate());
        return result.targetMet() ? label : MISSED + ": " + label;
    }

    /**
     * @param result a latency run.
     * @return its legend entry in a chart of several rates: {@code 1M msg/s}, with the missed label appended when it
     * missed its target.
     */
    public static String rateLegend(final RunResult result)
    {
        return result.targetMet() ? rate(result.targetRate()) :
            rate(result.targetRate()) + " (" + achieved(result) + ")";
    }

    /**
     * @param result a latency run.
     * @return its legend entry in a chart of several transports: the transport's name, with the missed label
     * appended when it missed its target.
     */
    public static String transportLegend(final RunResult result)
    {
        final String name = Transports.displayName(result.transport());
        return result.targetMet() ? name : name + " (" + achieved(result) + ")";
    }

    /**
     * @param rate a target rate, messages per second.
     * @return the rate as it appears in chart file names: {@code 1m_mps}, {@code 10k_mps}.
     */
    public static String fileRate(final long rate)
    {
        return Formats.rate(rate).toLowerCase(Locale.ROOT).replace('.', '_') + "_mps";
    }
}
