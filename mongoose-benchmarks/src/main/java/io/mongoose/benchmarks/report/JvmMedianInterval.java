package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * How firm a paired ratio is: a bootstrap interval for the statistic every paired target takes, the median of the
 * JVMs' median per-cycle ratios ({@link PairedReport#medianOfJvms}). The JVMs of one run can sit in modes of their own
 * (their JIT's choices, their heap's layout, the host's hour), so each resample first draws as many JVMs as the run
 * had, with replacement, and then, for each JVM drawn, as many of its cycles as it had, with replacement. The interval
 * is the middle {@link #LEVEL_PERCENT}% of the resamples' statistics. The seed is fixed, so a report made twice from the
 * same runs prints the same interval.
 */
public final class JvmMedianInterval
{
    /** Resamples per interval. */
    public static final int RESAMPLES = 2_000;
    /** The share of the resamples the interval spans, in percent. */
    public static final int LEVEL_PERCENT = 95;
    private static final long SEED = 0x6d6f6e676f6f7365L;

    private final double low;
    private final double high;

    private JvmMedianInterval(final double low, final double high)
    {
        this.low = low;
        this.high = high;
    }

    /**
     * @param mongoose     Mongoose's value per cycle, the run's JVMs one after another.
     * @param peer         the peer's value per cycle, in the same order; every value above 0.
     * @param cyclesPerJvm each JVM's cycles, in order; each at least 1, summing to the cycles given.
     * @return the interval of the median of the JVMs' median ratios of {@code mongoose} over {@code peer}.
     * @throws IllegalArgumentException if the arrays do not match, a JVM has no cycle or a peer value is not above 0.
     */
    public static JvmMedianInterval of(final long[] mongoose, final long[] peer, final int[] cyclesPerJvm)
    {
        final double[][] ratios = ratiosByJvm(mongoose, peer, cyclesPerJvm);
        final SplittableRandom random = new SplittableRandom(SEED);
        final double[] statistics = new double[RESAMPLES];
        final List<Double> jvmMedians = new ArrayList<>(ratios.length);
        int longest = 0;
        for (final double[] jvm : ratios)
        {
            longest = Math.max(longest, jvm.length);
        }
        final double[] drawn = new double[longest];
        for (int r = 0; r < RESAMPLES; r++)
        {
            jvmMedians.clear();
            for (int j = 0; j < ratios.length; j++)
            {
                final double[] jvm = ratios[random.nextInt(ratios.length)];
                for (int c = 0; c < jvm.length; c++)
                {
                    drawn[c] = jvm[random.nextInt(jvm.length)];
                }
                Arrays.sort(drawn, 0, jvm.length);
                jvmMedians.add(lowerMiddle(drawn, jvm.length));
            }
            statistics[r] = Median.of(jvmMedians);
        }
        Arrays.sort(statistics);
        final int tail = RESAMPLES * (100 - LEVEL_PERCENT) / 200;
        return new JvmMedianInterval(statistics[tail], statistics[RESAMPLES - 1 - tail]);
    }

    /** @return the interval's lower end. */
    public double low()
    {
        return low;
    }

    /** @return the interval's upper end. */
    public double high()
    {
        return high;
    }

    /** @return the interval as the report prints it, two decimals: {@code 0.83–1.46×}. */
    public String text()
    {
        return String.format(Locale.US, "%.2f–%.2f×", low, high);
    }

    private static double[][] ratiosByJvm(final long[] mongoose, final long[] peer, final int[] cyclesPerJvm)
    {
        if (mongoose.length != peer.length)
        {
            throw new IllegalArgumentException("cycles: Mongoose " + mongoose.length + ", peer " + peer.length +
                "; expected the same number");
        }
        if (0 == cyclesPerJvm.length || Arrays.stream(cyclesPerJvm).anyMatch(c -> c < 1) ||
            Arrays.stream(cyclesPerJvm).asLongStream().sum() != mongoose.length)
        {
            throw new IllegalArgumentException("cyclesPerJvm: " + Arrays.toString(cyclesPerJvm) + " for " +
                mongoose.length + " cycles; expected at least one JVM, each with at least one cycle, summing to " +
                mongoose.length);
        }
        final double[][] ratios = new double[cyclesPerJvm.length][];
        int from = 0;
        for (int j = 0; j < cyclesPerJvm.length; j++)
        {
            ratios[j] = new double[cyclesPerJvm[j]];
            for (int c = 0; c < cyclesPerJvm[j]; c++)
            {
                final int cycle = from + c;
                if (peer[cycle] <= 0)
                {
                    throw new IllegalArgumentException("peer value of cycle " + cycle + ": " + peer[cycle] +
                        "; expected > 0");
                }
                ratios[j][c] = (double)mongoose[cycle] / peer[cycle];
            }
            from += cyclesPerJvm[j];
        }
        return ratios;
    }

    /** A JVM's median as {@link PairedRatios#quantile(double)} takes it: the lower middle value for an even count. */
    private static double lowerMiddle(final double[] sorted, final int count)
    {
        return sorted[(count + 1) / 2 - 1];
    }
}
