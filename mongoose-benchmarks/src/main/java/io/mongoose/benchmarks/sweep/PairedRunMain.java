package io.mongoose.benchmarks.sweep;

import io.mongoose.benchmarks.Cli;
import io.mongoose.benchmarks.report.Formats;
import io.mongoose.benchmarks.report.PairedReport;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Mongoose against its peers in one JVM, from one publisher thread, in alternating slices: each cycle gives every
 * transport one slice of open-loop sends (or unpaced ones at {@code --rate=max}), the order rotating, and the ratios
 * are taken cycle by cycle. Why: a virtual machine's host places the two CPUs near or far for seconds at a time, so
 * separate runs can differ 3× for that alone; adjacent slices share the placement. Exit codes as the sweep's.
 */
@Command(name = "PairedRunMain", sortOptions = false, sortSynopsis = false, usageHelpWidth = 120,
    description = "Mongoose against its peers in one JVM, in alternating slices, compared cycle by cycle.")
public final class PairedRunMain implements Callable<Integer>
{
    /** Exit codes: done, the run failed, bad flags. */
    public static final int EXIT_OK = 0;
    public static final int EXIT_FAILED = 1;
    public static final int EXIT_USAGE = 2;

    private static final long START_SLACK_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    private static final long DRAIN_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);

    @Option(names = "--help", usageHelp = true, description = "print this and exit")
    boolean help;
    @Option(names = "--rate", paramLabel = "N|max", defaultValue = "1M", converter = Cli.Rate.class,
        description = "messages per second within a slice, e.g. 10k, 1M, or max: every slice sent as fast as the hop " +
            "takes messages, and each slice's time per message compared (default ${DEFAULT-VALUE})")
    long rate;
    @Option(names = "--sliceMillis", paramLabel = "N", defaultValue = "50",
        description = "one transport's turn, milliseconds (default ${DEFAULT-VALUE})")
    long sliceMillis;
    @Option(names = "--cycles", paramLabel = "N", defaultValue = "200",
        description = "measured cycles, each one slice per transport (default ${DEFAULT-VALUE})")
    int cycles;
    @Option(names = "--warmupCycles", paramLabel = "N", defaultValue = "40",
        description = "cycles run first and discarded (default ${DEFAULT-VALUE})")
    int warmupCycles;
    @Option(names = "--consumers", paramLabel = "own|polled", defaultValue = "own",
        description = "own: each transport's own consumer thread, as the sweep runs it, parked between its slices; " +
            "polled: one harness thread polls every transport (default ${DEFAULT-VALUE})")
    PairedOptions.Consumers consumers;
    @Option(names = "--transports", paramLabel = "a,b", defaultValue = "mongoose,disruptor,jctools",
        description = "mongoose and at least one peer (default ${DEFAULT-VALUE}); peer disruptor-twin, a second " +
            "Disruptor lane, is the A/A control; with --consumers=polled, only mongoose, mongoose-queue, disruptor, " +
            "disruptor-twin and jctools")
    String transports;
    @Option(names = "--queueCapacity", paramLabel = "N", defaultValue = "" + PairedRunData.DEFAULT_QUEUE_CAPACITY,
        description = "every hop's queue or ring capacity, a power of two (default ${DEFAULT-VALUE})")
    int queueCapacity;
    @Option(names = "--drainLimit", paramLabel = "N", defaultValue = "256",
        description = "messages per poll (default ${DEFAULT-VALUE})")
    int drainLimit;
    @Option(names = "--pin", paramLabel = "auto|none", defaultValue = "auto",
        description = "pin publisher and consumer to CPUs of their own (default ${DEFAULT-VALUE})")
    String pin;
    @Option(names = "--jvms", paramLabel = "N", defaultValue = "1",
        description = "run N JVMs one after another and pool their cycles (default ${DEFAULT-VALUE}: this JVM)")
    int jvms;
    @Option(names = "--output", paramLabel = "FILE", description = "also write the result as Markdown to FILE")
    Optional<Path> output;
    @Option(names = "--data", paramLabel = "FILE",
        description = "also write the measurements to FILE: this JVM's, or with --jvms the pooled ones")
    Optional<Path> data;
    @Spec
    CommandSpec spec;

    private final String[] args;
    private final PrintStream out;
    private final PrintStream err;

    PairedRunMain(final String[] args, final PrintStream out, final PrintStream err)
    {
        this.args = args;
        this.out = out;
        this.err = err;
    }

    /** @param args {@code --name=value} flags; {@code --help} lists them. */
    public static void main(final String[] args)
    {
        // The server's and Affinity's INFO logs would bury the run's own table.
        java.util.logging.Logger.getLogger("").setLevel(java.util.logging.Level.WARNING);
        System.exit(run(args, System.out, System.err));
    }

    /** @return the exit code of a run with these flags, its result printed to {@code out}, problems to {@code err}. */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        return Cli.commandLine(new PairedRunMain(args, out, err), out, err).execute(args);
    }

    /** @return the flags, checked; a ParameterException names the first bad flag, its value and what it expects. */
    PairedOptions options()
    {
        Cli.noEmptyValues(spec);
        Cli.check(spec, "auto".equals(pin) || "none".equals(pin), "--pin: '" + pin + "'; expected auto or none");
        return new PairedOptions(rate, Cli.atLeast(spec, "--sliceMillis", sliceMillis, 1),
            (int)Cli.atLeast(spec, "--cycles", cycles, 1), (int)Cli.atLeast(spec, "--warmupCycles", warmupCycles, 0),
            transports(), consumers, LatencySweepMain.queueCapacity(spec, queueCapacity),
            (int)Cli.atLeast(spec, "--drainLimit", drainLimit, 1), "auto".equals(pin),
            (int)Cli.atLeast(spec, "--jvms", jvms, 1), output, data);
    }

    /** The {@code --transports}, checked, Mongoose first so the table and the ratios read in one order. */
    private List<Transport> transports()
    {
        final boolean polled = PairedOptions.Consumers.POLLED == consumers;
        final List<Transport> supported = polled ? PairedOptions.POLLED : List.of(Transport.values());
        final List<Transport> found = new ArrayList<>();
        for (final String name : transports.split(","))
        {
            final Transport t = Transport.byName(name.trim().toLowerCase(Locale.ROOT));
            Cli.check(spec, null != t && supported.contains(t), "--transports: '" + name + "'; expected one of " +
                supported.stream().map(Transport::flagName).collect(Collectors.joining(", ")) +
                (polled ? " (the transports with a polled hop)" : ""));
            Cli.check(spec, !found.contains(t), "--transports: '" + name + "' twice; expected each transport once");
            found.add(t);
        }
        Cli.check(spec, found.contains(Transport.MONGOOSE) && found.size() >= 2, "--transports: '" + transports +
            "'; expected mongoose and at least one peer, every ratio is Mongoose's against a peer's");
        found.sort(null);
        return List.copyOf(found);
    }

    @Override
    public Integer call()
    {
        final PairedOptions options = options();
        try
        {
            final PairedRunData data = options.jvms() > 1 ? pooledJvms(options, args) : measure(options);
            if (options.data().isPresent())
            {
                RunResultFiles.createParent(options.data().get());
                data.write(options.data().get());
            }
            final String result = 0 == options.rate() ?
                PairedReport.throughputMarkdown(heading(options, data), data.transports(), data.picosPerMessage(),
                    data.cyclesPerJvm()) :
                PairedReport.markdown(heading(options, data), data.transports(), data.totals(), data.p50(),
                    data.p90(), data.p99(), data.cyclesPerJvm());
            out.print(result);
            if (options.output().isPresent())
            {
                RunResultFiles.createParent(options.output().get());
                Files.writeString(options.output().get(), result, StandardCharsets.UTF_8);
            }
            return EXIT_OK;
        }
        catch (final Exception ex)
        {
            err.println("paired run failed: " + ex);
            return EXIT_FAILED;
        }
    }

    /** Run {@code --jvms} child JVMs one at a time with this JVM's flags, and pool their measurements. */
    private static PairedRunData pooledJvms(final PairedOptions options, final String[] args) throws Exception
    {
        final Path dir = Files.createTempDirectory("paired-jvms");
        try
        {
            final List<PairedRunData> runs = new ArrayList<>();
            for (int j = 1; j <= options.jvms(); j++)
            {
                final Path data = dir.resolve("jvm-" + j + ".properties");
                final Path log = dir.resolve("jvm-" + j + ".log");
                final List<String> command = new ArrayList<>();
                command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
                command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
                command.addAll(List.of("-cp", System.getProperty("java.class.path"), PairedRunMain.class.getName()));
                Arrays.stream(args).filter(arg -> !arg.startsWith("--jvms=") && !arg.startsWith("--output=") &&
                    !arg.startsWith("--data=")).forEach(command::add);
                // Last, so they win over the parent's flags whichever form those took.
                command.addAll(List.of("--jvms=1", "--data=" + data));
                final Process child = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
                final int code = child.waitFor();
                if (EXIT_OK != code)
                {
                    final List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                    throw new IllegalStateException("JVM " + j + " of " + options.jvms() + " exited with " + code +
                        "; expected " + EXIT_OK + ". Its last output:\n" + String.join("\n",
                        lines.subList(Math.max(0, lines.size() - 20), lines.size())));
                }
                runs.add(PairedRunData.read(data));
            }
            return PairedRunData.pool(runs);
        }
        finally
        {
            try (Stream<Path> files = Files.list(dir))
            {
                for (final Path file : (Iterable<Path>)files::iterator)
                {
                    Files.deleteIfExists(file);
                }
            }
            Files.deleteIfExists(dir);
        }
    }

    @SuppressWarnings("try") // PairedConsumers.close() may throw InterruptedException; main is never interrupted
    private static PairedRunData measure(final PairedOptions options) throws Exception
    {
        final int n = options.transports().size();
        final Histogram[] totals = new Histogram[n];
        final long[][] p50 = new long[n][options.cycles()];
        final long[][] p90 = new long[n][options.cycles()];
        final long[][] p99 = new long[n][options.cycles()];
        final long[][] picos = new long[n][options.cycles()];
        final long[] sent = new long[n];
        final String publisherPinning;
        final String consumersText;
        // Before the publisher pins itself: the CPU count reads this thread's affinity, and threads started from here
        // inherit it.
        final int cpus = Runtime.getRuntime().availableProcessors();
        try (PairedConsumers consumers = PairedOptions.Consumers.POLLED == options.consumers() ?
                 new PolledConsumers(options) : new OwnThreadConsumers(options);
             ThreadPinning pin = ThreadPinning.pinCurrentThread(options.pin()))
        {
            final PairedLane[] lanes = consumers.lanes();
            final Histogram slice = new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, 3);
            Arrays.setAll(totals, i -> new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, 3));
            final long sliceNanos = TimeUnit.MILLISECONDS.toNanos(options.sliceMillis());
            for (int cycle = 0; cycle < options.warmupCycles() + options.cycles(); cycle++)
            {
                final int measured = cycle - options.warmupCycles();
                for (int k = 0; k < n; k++)
                {
                    final int h = (k + cycle) % n;
                    consumers.beginSlice(h);
                    final long start = System.nanoTime();
                    final long count = sendSlice(lanes[h], options.rate(), sliceNanos);
                    sent[h] += count;
                    final long received = awaitReceived(lanes[h], sent[h], consumers);
                    consumers.endSlice(h);
                    slice.reset();
                    lanes[h].recorder().takeSlice(slice);
                    if (measured >= 0)
                    {
                        totals[h].add(slice);
                        p50[h][measured] = slice.getValueAtPercentile(50);
                        p90[h][measured] = slice.getValueAtPercentile(90);
                        p99[h][measured] = slice.getValueAtPercentile(99);
                        picos[h][measured] = picosPerMessage(received - start, count);
                    }
                }
            }
            publisherPinning = pin.outcome();
            consumersText = consumers.describe();
        }
        return new PairedRunData(options.rate(), Instant.now().truncatedTo(ChronoUnit.SECONDS).toString(),
            System.getProperty("java.version"), options.consumers().flagName(), options.sliceMillis(),
            options.transports().stream().map(Transport::flagName).toList(), cpus, publisherPinning, consumersText,
            totals, p50, p90, new int[] {options.cycles()}, picos, p99, options.queueCapacity());
    }

    /** @return a slice's time per message, picoseconds, from its start until its last message was received. */
    static long picosPerMessage(final long nanos, final long messages)
    {
        return 0 == messages ? 0 : Math.round(nanos * 1_000.0 / messages);
    }

    /** The result's title and what was run, for {@link PairedReport}. */
    private static String heading(final PairedOptions options, final PairedRunData data)
    {
        final boolean unpaced = 0 == options.rate();
        return (unpaced ? "# Paired max throughput" : "# Paired hop latency at " +
            SweepOptions.rateLabel(options.rate()).toUpperCase(Locale.ROOT) + " msg/s") +
            "\n\nMeasured by `PairedRunMain` (`scripts/paired.sh`, `--consumers=" + options.consumers().flagName() +
            "`) at " + data.measuredAt() + " on Java " + data.javaVersion() + ", " + data.cpus() + " CPUs. " +
            options.cycles() + " cycles after " + options.warmupCycles() + " discarded; each cycle gave every " +
            "transport one slice of " + options.sliceMillis() + " ms " + (unpaced ? "of unpaced sends (the " +
            "publisher sends as fast as the hop takes messages, waiting while it is full), the order rotating by one " +
            "each cycle. A slice's throughput is its messages over the time from its first send until its last " +
            "message was received." : "at " + Formats.count(options.rate()) + " msg/s on an open-loop schedule " +
            "(latency from the intended send time), the order rotating by one each cycle.") +
            (1 == options.jvms() ? "" : " Each of " + options.jvms() + " JVMs, run one after another, did the " +
            "same, and their cycles are pooled: " + options.jvms() * options.cycles() + " cycles.") + " " +
            data.consumers() + " Publisher: " + data.publisherPinning() + ". Queue or ring capacity " +
            options.queueCapacity() + ", drain limit " + options.drainLimit() + ".\n\n";
    }

    /** Send one slice on the open-loop schedule, or unpaced at rate 0 (see {@link UnpacedTiming}); the count sent. */
    private static long sendSlice(final PairedLane lane, final long rate, final long sliceNanos)
    {
        if (0 == rate)
        {
            final long begin = System.nanoTime();
            long count = 0;
            long now;
            // One clock read per batch: the slice ends at most a batch late.
            while ((now = System.nanoTime()) - begin < sliceNanos)
            {
                lane.send(now, now);
                for (int i = 1; i < UnpacedTiming.TIMED_EVERY; i++)
                {
                    lane.send(UnpacedTiming.UNTIMED, UnpacedTiming.UNTIMED);
                }
                count += UnpacedTiming.TIMED_EVERY;
            }
            return count;
        }
        final long start = System.nanoTime() + START_SLACK_NANOS;
        long count = 0;
        for (;;)
        {
            // Exact schedule in integer nanoseconds, no drift from a rounded period.
            final long intended = start + count * 1_000_000_000L / rate;
            if (intended - start >= sliceNanos)
            {
                return count;
            }
            long now;
            while ((now = System.nanoTime()) < intended)
            {
                Thread.onSpinWait();
            }
            lane.send(intended, now);
            count++;
        }
    }

    /** Wait until the lane's consumer has received every message sent; when that was seen, nanoseconds. */
    private static long awaitReceived(final PairedLane lane, final long sent, final PairedConsumers consumers)
    {
        final long deadline = System.nanoTime() + DRAIN_TIMEOUT_NANOS;
        while (lane.recorder().received() != sent)
        {
            consumers.check();
            if (System.nanoTime() - deadline > 0)
            {
                throw new IllegalStateException(lane.transport().flagName() + ": " + lane.recorder().received() +
                    " of " + sent + " messages received after " + TimeUnit.NANOSECONDS.toSeconds(DRAIN_TIMEOUT_NANOS) +
                    " s; expected every message sent");
            }
            Thread.onSpinWait();
        }
        return System.nanoTime();
    }
}
