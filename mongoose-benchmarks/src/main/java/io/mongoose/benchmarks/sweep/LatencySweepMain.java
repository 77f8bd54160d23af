package io.mongoose.benchmarks.sweep;

import io.mongoose.benchmarks.Cli;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * Runs one point of the latency sweep and writes its files ({@link RunResultFiles}), e.g. {@code --rate=1M
 * --transport=disruptor --output=docs/reports/disruptor_latency_1m_mps.hgrm}; {@code scripts/sweep.sh} runs the whole
 * sweep. Exit codes: 0 done, 1 the run failed, 2 bad flags.
 */
@Command(name = "LatencySweepMain", sortOptions = false, sortSynopsis = false, usageHelpWidth = 120,
    description = "Runs one point of the latency sweep and writes its files.")
public final class LatencySweepMain implements Callable<Integer>
{
    /** Exit codes: done, the run failed, bad flags. */
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;

    private static final double[] PERCENTILES = {50, 90, 99, 99.9};

    @Option(names = "--help", usageHelp = true, description = "print this and exit")
    boolean help;
    @Option(names = "--rate", paramLabel = "N|max", defaultValue = "1M", converter = Cli.Rate.class,
        description = "messages per second, open loop (k/M suffixes: 10k, 1M); max = unpaced throughput run " +
            "(default ${DEFAULT-VALUE})")
    long rate;
    @Option(names = "--warmupMillis", paramLabel = "N", defaultValue = "5000",
        description = "warm-up at rate before measuring (default ${DEFAULT-VALUE})")
    long warmupMillis;
    @Option(names = "--runMillis", paramLabel = "N", defaultValue = "10000",
        description = "measurement window (default ${DEFAULT-VALUE})")
    long runMillis;
    @Option(names = "--output", paramLabel = "FILE.hgrm", required = true,
        description = "latency distribution to write; .service.hgrm and .run.properties go beside it")
    String output;
    @Option(names = "--transport", paramLabel = "NAME", defaultValue = "mongoose",
        completionCandidates = SeparateRunTransports.class,
        description = "${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})")
    String transport;
    @Option(names = "--drainLimit", paramLabel = "N", defaultValue = "256",
        description = "consumer batch limit per duty cycle (default ${DEFAULT-VALUE})")
    int drainLimit;
    @Option(names = "--idle", paramLabel = "NAME", defaultValue = "busy-spin",
        completionCandidates = Cli.IdleNames.class,
        description = "consumer idle strategy: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE})")
    String idle;
    @Option(names = "--pin", paramLabel = "none|auto", defaultValue = "none",
        description = "auto pins consumer and publisher to distinct free CPUs, best effort (default ${DEFAULT-VALUE})")
    String pin;
    @Option(names = "--queueCapacity", paramLabel = "N", defaultValue = "65536",
        description = "queue or ring capacity, a power of two (default ${DEFAULT-VALUE})")
    int queueCapacity;
    @Spec
    CommandSpec spec;

    private final PrintStream out;
    private final PrintStream err;

    LatencySweepMain(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    /** @param args {@code --name=value} flags; {@code --help} lists them. */
    public static void main(final String[] args)
    {
        // The server's and Affinity's INFO logs would bury the run's own line.
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        System.exit(run(args, System.out, System.err));
    }

    /** @return the exit code of a run with these flags, its summary printed to {@code out}, errors to {@code err}. */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        return Cli.commandLine(new LatencySweepMain(out, err), out, err).execute(args);
    }

    /** @return the flags, checked; a ParameterException names the first bad flag, its value and what it expects. */
    SweepOptions options()
    {
        final Transport hop = Transport.byName(transport);
        Cli.check(spec, null != hop && !hop.pairedOnly(), "--transport: " + (null == hop ? "unknown '" + transport +
            "'" : "'" + transport + "' is the paired runs' A/A control (PairedRunMain --transports)") +
            "; expected one of " + String.join(", ", Transport.separateRunNames()));
        Cli.check(spec, output.endsWith(RunResultFiles.HGRM_SUFFIX) && !output.endsWith(RunResultFiles.SERVICE_SUFFIX),
            "--output: '" + output + "'; expected a file name ending in .hgrm");
        Cli.check(spec, "none".equals(pin) || "auto".equals(pin), "--pin: '" + pin + "'; expected none or auto");
        return new SweepOptions(rate, Cli.atLeast(spec, "--warmupMillis", warmupMillis, 0),
            Cli.atLeast(spec, "--runMillis", runMillis, 1), Path.of(output), hop,
            (int)Cli.atLeast(spec, "--drainLimit", drainLimit, 1), Cli.idle(spec, idle), pin,
            queueCapacity(spec, queueCapacity));
    }

    /** @return {@code --queueCapacity}, checked: a power of two a Mongoose hop can take. */
    static int queueCapacity(final CommandSpec spec, final int capacity)
    {
        Cli.check(spec, capacity >= 2 && Integer.bitCount(capacity) == 1 && capacity <= MongoosePath.MAX_QUEUE_CAPACITY,
            "--queueCapacity: " + capacity + "; expected " + MongoosePath.QUEUE_CAPACITY_EXPECTED);
        return capacity;
    }

    @Override
    public Integer call()
    {
        final SweepOptions options = options();
        try
        {
            final RunResult result = SweepRun.execute(options);
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

    /** @return a run in one line: transport, rate asked and achieved, latency percentiles, GC and allocation. */
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
            s.append(String.format(Locale.ROOT, " p%s=%s", p == Math.rint(p) ? Long.toString((long)p) : p,
                nanos(h.getValueAtPercentile(p))));
        }
        s.append(String.format(Locale.ROOT, " max=%s  gc=%d  %.2f B/msg", nanos(h.getMaxValue()), r.gcCount(),
            r.allocatedBytesPerMessage()));
        return s.toString();
    }

    private static String nanos(final long nanos)
    {
        return nanos < 10_000 ? nanos + "ns" : nanos < 10_000_000 ? nanos / 1_000 + "us" : nanos / 1_000_000 + "ms";
    }

    static final class SeparateRunTransports implements Iterable<String>
    {
        @Override
        public Iterator<String> iterator()
        {
            return Transport.separateRunNames().iterator();
        }
    }
}
