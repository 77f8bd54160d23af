package io.mongoose.benchmarks.jmh;

import io.mongoose.benchmarks.Cli;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;

/**
 * The CI smoke run and allocation gate: every benchmark of this package with one fork, one 200 ms warm-up and two
 * 200 ms measurement iterations under JMH's GC profiler, then a table of results and the {@link AllocationGate} over
 * the {@link AllocationGated} benchmarks. The forks get this JVM's flags, so launch it with the benchmark JVM flags
 * ({@code scripts/jmh.sh --smoke} does).
 *
 * <p>Exit code: 0 when every benchmark ran and the gate passed; 1 when a gated benchmark allocated, a benchmark failed
 * or nothing gated ran; 2 without the Agrona opens flag, or with bad flags.
 */
@Command(name = "JmhSmoke", usageHelpWidth = 120,
    description = "Every benchmark of this package briefly, with JMH's GC profiler, then the allocation gate.")
public final class JmhSmoke implements Callable<Integer>
{
    /** Bytes allocated per operation, a secondary result of {@link GCProfiler}. */
    static final String ALLOC_NORM = "gc.alloc.rate.norm";
    /** The allocation rate; present (and not NaN) whenever allocation profiling works. */
    static final String ALLOC_RATE = "gc.alloc.rate";

    private static final String PACKAGE_PREFIX = JmhSmoke.class.getPackageName() + '.';
    /** Agrona fails without it. */
    private static final String AGRONA_OPENS = "java.base/jdk.internal.misc=ALL-UNNAMED";
    private static final TimeValue ITERATION_TIME = TimeValue.milliseconds(200);
    private static final TimeValue ITERATION_TIMEOUT = TimeValue.seconds(60);
    private static final String TABLE_FORMAT = "%-50s %12s  %-6s %9s %10s  %s%n";

    @Option(names = "--help", usageHelp = true, description = "print this and exit")
    boolean help;
    @Parameters(paramLabel = "REGEX", description = "benchmarks to run, as JMH's include patterns (default: every " +
        "benchmark of this package)")
    List<String> includes = List.of();

    private final PrintStream out;
    private final PrintStream err;

    JmhSmoke(final PrintStream out, final PrintStream err)
    {
        this.out = out;
        this.err = err;
    }

    /**
     * Run the smoke and the gate, and exit with {@link #run}'s code.
     *
     * @param args optional JMH include patterns; default: every benchmark of this package.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * @param args optional regular expressions selecting benchmarks.
     * @param out  where the results go.
     * @param err  where problems go.
     * @return the exit code.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        return Cli.commandLine(new JmhSmoke(out, err), out, err).execute(args);
    }

    @Override
    public Integer call()
    {
        final List<String> jvmFlags = ManagementFactory.getRuntimeMXBean().getInputArguments();
        if (!hasAgronaOpens(jvmFlags))
        {
            err.println("JmhSmoke: this JVM lacks --add-opens " + AGRONA_OPENS + ", so its forks would too " +
                "and Agrona would fail in them; launch it through scripts/jmh.sh --smoke, or with " +
                "@mongoose-benchmarks/target/launch/jvm.argfile");
            return 2;
        }
        final ChainedOptionsBuilder options = new OptionsBuilder()
            .forks(1)
            .warmupIterations(1)
            .warmupTime(ITERATION_TIME)
            .measurementIterations(2)
            .measurementTime(ITERATION_TIME)
            .timeout(ITERATION_TIMEOUT)
            .addProfiler(GCProfiler.class)
            .jvmArgs(jvmFlags.toArray(new String[0]))
            .shouldFailOnError(true);
        if (includes.isEmpty())
        {
            options.include(Pattern.quote(PACKAGE_PREFIX));
        }
        for (final String include : includes)
        {
            options.include(include);
        }

        final Collection<RunResult> results;
        try
        {
            results = new Runner(options.build()).run();
        }
        catch (final RunnerException ex)
        {
            out.println();
            out.println("JMH smoke FAILED: " + ex.getMessage());
            return 1;
        }

        final AllocationGate gate = AllocationGate.standard();
        final List<Row> rows = results.stream().map(Row::of)
            .sorted(Comparator.comparing(row -> row.measurement().benchmark())).toList();

        out.println();
        out.println("JMH smoke: 1 fork, 1 x " + ITERATION_TIME + " warm-up, 2 x " + ITERATION_TIME +
            " measurement. B/op: " + ALLOC_NORM + " of the measurement iteration the gate judged (JMH's mean above " +
            "also counts the trial tear-down); ops: operations in that iteration. Gate: " +
            format(gate.thresholdBytesPerOp()) + " B/op beyond " + gate.allowanceBytesPerIteration() / 1024 +
            " KB per iteration, on benchmarks marked @" + AllocationGated.class.getSimpleName() + ".");
        out.println();
        out.print(table(rows, gate));
        out.println();

        if (includes.isEmpty() && rows.stream().noneMatch(row -> row.measurement().gated()))
        {
            out.println("JMH smoke FAILED: no benchmark marked @" + AllocationGated.class.getSimpleName() +
                " ran, so the allocation gate checked nothing");
            return 1;
        }
        final List<Row> violations = rows.stream().filter(row -> gate.fails(row.measurement())).toList();
        if (!violations.isEmpty())
        {
            out.println("JMH smoke FAILED: allocation gate: " + violations.size() + " benchmark(s) on the " +
                "dispatch path allocated more than " + format(gate.thresholdBytesPerOp()) + " B/op:");
            out.println();
            out.print(table(violations, gate));
            return 1;
        }
        out.println("JMH smoke passed: no gated benchmark allocated more than " +
            format(gate.thresholdBytesPerOp()) + " B/op.");
        return 0;
    }

    /**
     * @param jvmFlags a JVM's input arguments.
     * @return whether they open {@code jdk.internal.misc} to the unnamed module, in either spelling the launcher uses.
     */
    static boolean hasAgronaOpens(final List<String> jvmFlags)
    {
        return jvmFlags.contains("--add-opens=" + AGRONA_OPENS) ||
            Collections.indexOfSubList(jvmFlags, List.of("--add-opens", AGRONA_OPENS)) >= 0;
    }

    /** The results table: per benchmark, the iteration the gate judges it by and, on gated rows, the verdict. */
    static String table(final List<Row> rows, final AllocationGate gate)
    {
        final StringBuilder out = new StringBuilder(128 * (rows.size() + 2));
        out.append(String.format(Locale.ROOT, TABLE_FORMAT, "Benchmark", "Score", "Unit", "B/op", "ops", "Gate"));
        for (final Row row : rows)
        {
            final AllocationGate.Iteration best = gate.bestIteration(row.measurement());
            final String verdict = row.measurement().gated() ? (gate.fails(row.measurement()) ? "FAIL" : "ok") : "-";
            out.append(String.format(Locale.ROOT, TABLE_FORMAT, row.measurement().benchmark(), format(row.score()),
                row.unit(), null == best ? "n/a" : format(best.bytesPerOp()),
                null == best ? "n/a" : Long.toString(best.operations()), verdict));
        }
        return out.toString();
    }

    private static String format(final double value)
    {
        if (Double.isNaN(value))
        {
            return "n/a";
        }
        return String.format(Locale.ROOT, value >= 100 ? "%.0f" : value >= 1 ? "%.1f" : "%.3f", value);
    }

    /** One benchmark's line in the table. */
    record Row(AllocationGate.Measurement measurement, double score, String unit)
    {
        /**
         * @param result one benchmark's JMH result.
         * @return its row: short name with parameters, primary score and every measurement iteration's allocation.
         */
        static Row of(final RunResult result)
        {
            final BenchmarkParams params = result.getParams();
            final String benchmark = params.getBenchmark();
            final StringBuilder name = new StringBuilder(benchmark.startsWith(PACKAGE_PREFIX) ?
                benchmark.substring(PACKAGE_PREFIX.length()) : benchmark);
            for (final String key : params.getParamsKeys())
            {
                name.append(name.indexOf(":") < 0 ? ':' : ',').append(key).append('=').append(params.getParam(key));
            }
            final Result<?> primary = result.getPrimaryResult();
            return new Row(
                new AllocationGate.Measurement(name.toString(), AllocationGate.isGated(benchmark), iterations(result)),
                primary.getScore(), primary.getScoreUnit());
        }

        /** Bytes per operation and operations of every measurement iteration: no norm is 0 B/op, no rate NaN. */
        private static List<AllocationGate.Iteration> iterations(final RunResult result)
        {
            return result.getBenchmarkResults().stream().flatMap(b -> b.getIterationResults().stream()).map(i ->
            {
                final Result<?> rate = i.getSecondaryResults().get(ALLOC_RATE);
                final Result<?> norm = i.getSecondaryResults().get(ALLOC_NORM);
                return new AllocationGate.Iteration(null == rate || Double.isNaN(rate.getScore()) ? Double.NaN :
                    null == norm ? 0 : norm.getScore(), i.getMetadata().getAllOps());
            }).toList();
        }
    }
}
