package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.util.Locale;

/**
 * Runs one measured point of the latency sweep and writes its files (see {@link RunResultFiles}). The rate is a flag,
 * never a constant: {@code --rate=1M --transport=disruptor --output=docs/reports/disruptor_latency_1m_mps.hgrm}.
 * {@code scripts/sweep.sh} runs the whole sweep. Exit codes: 0 done, 1 the run failed, 2 bad flags.
 */
public final class LatencySweepMain
{
    /** Exit code of a completed run. */
    public static final int EXIT_OK = 0;
    /** Exit code of a run that failed (for example messages lost or a transport error). */
    public static final int EXIT_FAILED = 1;
    /** Exit code for bad flags. */
    public static final int EXIT_USAGE = 2;

    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private LatencySweepMain()
    {
    }

    /**
     * @param args {@code --name=value} flags; see {@link SweepOptions#USAGE}.
     */
    public static void main(final String[] args)
    {
        // A run prints a line or a table of its own, which the server's and Affinity's INFO logs would bury.
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        System.exit(run(args, System.out, System.err));
    }

    /**
     * @param args flags.
     * @param out  where the run's summary goes.
     * @param err  where errors go.
     * @return the exit code.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final SweepOptions options;
        try
        {
            options = SweepOptions.parse(args);
        }
        catch (final IllegalArgumentException ex)
        {
            err.println(ex.getMessage());
            err.println(SweepOptions.USAGE);
            return EXIT_USAGE;
        }
        try
        {
            final RunResult result = new SweepRun(options).execute();
            RunResultFiles.write(options.output(), result);
            out.println(line(result) + "  " + options.output().getFileName());
            return EXIT_OK;
        }
        catch (final Exception ex)
        {
            err.println(options.transport().flagName() + " run failed: " + ex);
            ex.printStackTrace(err);
            return EXIT_FAILED;
        }
    }

    /**
     * @param r a run.
     * @return one line: transport, rate asked and achieved, latency percentiles, GC and allocation.
     */
    static String line(final RunResult r)
    {
        final String rate = r.mode() == RunResult.Mode.LATENCY ?
            String.format(Locale.ROOT, "%s msg/s (achieved %,.0f%s)",
                SweepOptions.rateLabel(r.targetRate()).replace('m', 'M'),
                r.achievedRate(), r.targetMet() ? "" : ", MISSED") :
            String.format(Locale.ROOT, "max: %,.0f msg/s", r.achievedRate());
        final StringBuilder s = new StringBuilder(String.format(Locale.ROOT, "%-14s %-34s", r.transport(), rate));
        final Histogram h = r.latency();
        for (final double p : PERCENTILES)
        {
            s.append(String.format(Locale.ROOT, " p%s=%s", trim(p), nanos(h.getValueAtPercentile(p))));
        }
        s.append(String.format(Locale.ROOT, " max=%s  gc=%d  %.2f B/msg", nanos(h.getMaxValue()), r.gcCount(),
            r.allocatedBytesPerMessage()));
        return s.toString();
    }

    private static String nanos(final long nanos)
    {
        return nanos < 10_000 ? nanos + "ns" : nanos < 10_000_000 ? nanos / 1_000 + "us" : nanos / 1_000_000 + "ms";
    }

    private static String trim(final double p)
    {
        return p == Math.rint(p) ? Long.toString((long)p) : Double.toString(p);
    }
}
