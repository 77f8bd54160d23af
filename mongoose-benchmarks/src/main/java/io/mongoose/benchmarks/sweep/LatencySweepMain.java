package io.mongoose.benchmarks.sweep;

import org.HdrHistogram.Histogram;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Optional;

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

    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 99.999};

    private LatencySweepMain()
    {
    }

    /**
     * @param args {@code --name=value} flags; see {@link SweepOptions#USAGE}.
     */
    public static void main(final String[] args)
    {
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
            out.printf(Locale.ROOT, "%s %s: warm-up %d ms, window %d ms, drain limit %d, idle %s, pin %s%n",
                options.transport().flagName(), options.throughputMode() ? "max throughput" :
                    SweepOptions.rateLabel(options.rate()) + " msg/s", options.warmupMillis(), options.runMillis(),
                options.drainLimit(), options.idle(), options.pin());
            final RunResult result = new SweepRun(options).execute();
            RunResultFiles.write(options.output(), result);
            print(out, result);
            out.println("wrote " + options.output() + " (+ .service.hgrm, .run.properties)");
            return EXIT_OK;
        }
        catch (final Exception ex)
        {
            err.println(options.transport().flagName() + " run failed: " + ex);
            ex.printStackTrace(err);
            return EXIT_FAILED;
        }
    }

    static void print(final PrintStream out, final RunResult r)
    {
        if (r.mode() == RunResult.Mode.LATENCY)
        {
            out.printf(Locale.ROOT, "  rate: target %,d msg/s, achieved %,.0f msg/s%s; %,d samples%n", r.targetRate(),
                r.achievedRate(), r.targetMet() ? "" : " (MISSED TARGET)", r.samples());
        }
        else
        {
            out.printf(Locale.ROOT, "  throughput: %,.0f msg/s; %,d samples%n", r.achievedRate(), r.samples());
        }
        out.println("  latency  " + percentiles(r.latency()));
        out.println("  service  " + percentiles(r.service()));
        out.printf(Locale.ROOT, "  gc: %d collections (%d ms) in the window; allocated: publisher %,d B, consumer %,d B " +
            "(%.4f B/msg)%n", r.gcCount(), r.gcMillis(), r.publisherAllocatedBytes(), r.consumerAllocatedBytes(),
            r.allocatedBytesPerMessage());
        r.jitter().ifPresent(j -> printJitter(out, j));
        out.println("  pinning: publisher " + r.publisherPinning() + "; consumer " + r.consumerPinning());
        out.println("  environment: " + r.environment());
    }

    private static void printJitter(final PrintStream out, final Jitter j)
    {
        if (j.hiccups().isPresent())
        {
            final Histogram h = j.hiccups().get();
            out.printf(Locale.ROOT, "  hiccups (%,d µs park, %,d wake-ups): p50=%,d ns  p99=%,d ns  p99.9=%,d ns  " +
                    "max=%,d ns%n", j.hiccupIntervalMicros(), h.getTotalCount(), h.getValueAtPercentile(50),
                h.getValueAtPercentile(99), h.getValueAtPercentile(99.9), h.getMaxValue());
        }
        else
        {
            out.println("  hiccups: meter off (--jitterIntervalMicros=0)");
        }
        out.println("  context switches in the window (voluntary / involuntary): publisher " +
            switches(j.publisherSwitches()) + "; consumer " + switches(j.consumerSwitches()));
        out.println("  core-to-core round trip: " + j.placement().map(p -> String.format(Locale.ROOT,
            "%,d ns before the run, %,d ns after%s", p.roundTripBeforeNanos(), p.roundTripAfterNanos(),
            p.windowMediansNanos().isEmpty() ? "" : "; p50 by part of the window: " + p.windowMediansNanos() + " ns"))
            .orElse("not measured (threads not pinned, or the probe could not pin)"));
    }

    private static String switches(final Optional<ContextSwitches> switches)
    {
        return switches.map(s -> String.format(Locale.ROOT, "%,d / %,d", s.voluntary(), s.involuntary()))
            .orElse(RunResultFiles.UNAVAILABLE);
    }

    private static String percentiles(final Histogram h)
    {
        final StringBuilder s = new StringBuilder();
        for (final double p : PERCENTILES)
        {
            s.append(String.format(Locale.ROOT, "p%s=%,d ns  ", trim(p), h.getValueAtPercentile(p)));
        }
        return s.append(String.format(Locale.ROOT, "max=%,d ns", h.getMaxValue())).toString();
    }

    private static String trim(final double p)
    {
        return p == Math.rint(p) ? Long.toString((long)p) : Double.toString(p);
    }
}
