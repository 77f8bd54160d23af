package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.BenchmarkEnvironment;
import io.mongoose.benchmarks.sweep.RunResult;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The machine and JVM the runs recorded (the {@code env.*} keys), and per transport the settings and the pinning
 * each run actually got. A value that differs between runs is shown once per distinct value with the transports that
 * recorded it, because a comparison across different JVMs or flags has to say so.
 */
public final class EnvironmentSection implements SummarySection
{
    private static final Map<String, String> LABELS = labels();

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        final List<LoadedRun> runs = context.runs().all();
        out.append("## Environment\n\n");
        final MarkdownTable environment = MarkdownTable.text(List.of("Property", "Value"));
        final Set<String> keys = new LinkedHashSet<>(LABELS.keySet());
        runs.forEach(r -> keys.addAll(new TreeSet<>(r.result().environment().keySet())));
        for (final String key : keys)
        {
            environment.row(List.of(LABELS.getOrDefault(key, key), distinct(runs,
                r -> r.result().environment().getOrDefault(key, BenchmarkEnvironment.UNKNOWN))));
        }
        environment.appendTo(out);
        out.append('\n');

        out.append("### Run settings and pinning applied, per transport\n\n");
        final MarkdownTable settings = MarkdownTable.text(List.of("Transport", "Runs", "Warm-up", "Window",
            "Drain limit", "Idle strategy", "Pinning requested", "Publisher pinning", "Consumer pinning"));
        for (final String transport : context.runs().transports())
        {
            final List<LoadedRun> own = new ArrayList<>();
            runs.stream().filter(r -> r.result().transport().equals(transport)).forEach(own::add);
            settings.row(List.of(Transports.displayName(transport), Integer.toString(own.size()),
                values(own, r -> Formats.count(r.warmupMillis()) + " ms"),
                values(own, r -> Formats.count(r.runMillis()) + " ms"),
                values(own, r -> Integer.toString(r.drainLimit())),
                values(own, RunResult::idle),
                values(own, RunResult::pinRequest),
                values(own, RunResult::publisherPinning),
                values(own, RunResult::consumerPinning)));
        }
        settings.appendTo(out);
        out.append('\n');
    }

    /**
     * @param runs  runs.
     * @param value what to read from each.
     * @return the single value all runs share, or each distinct value followed by the transports that recorded it.
     */
    private static String distinct(final List<LoadedRun> runs, final Function<LoadedRun, String> value)
    {
        final Map<String, Set<String>> transportsByValue = new LinkedHashMap<>();
        for (final LoadedRun run : runs)
        {
            transportsByValue.computeIfAbsent(value.apply(run), v -> new LinkedHashSet<>())
                .add(run.result().transport());
        }
        if (transportsByValue.size() == 1)
        {
            return transportsByValue.keySet().iterator().next();
        }
        final List<String> parts = new ArrayList<>();
        transportsByValue.forEach((v, transports) ->
            parts.add(v + " (runs of " + String.join(", ", Transports.ordered(transports)) + ")"));
        return String.join("; ", parts);
    }

    /**
     * @param runs  one transport's runs.
     * @param value what to read from each.
     * @return the distinct values, in first-seen order, separated by semicolons.
     */
    private static String values(final List<LoadedRun> runs, final Function<RunResult, String> value)
    {
        final Set<String> distinct = new LinkedHashSet<>();
        runs.forEach(r -> distinct.add(value.apply(r.result())));
        return String.join("; ", distinct);
    }

    private static Map<String, String> labels()
    {
        final Map<String, String> labels = new LinkedHashMap<>();
        labels.put(BenchmarkEnvironment.CPU_MODEL, "CPU model");
        labels.put(BenchmarkEnvironment.CPU_CORES, "Cores available to the JVM");
        labels.put(BenchmarkEnvironment.OS, "OS");
        labels.put(BenchmarkEnvironment.JAVA_VERSION, "JDK version");
        labels.put(BenchmarkEnvironment.JAVA_VENDOR, "JDK vendor");
        labels.put(BenchmarkEnvironment.JVM, "JVM");
        labels.put(BenchmarkEnvironment.JVM_ARGS, "JVM flags");
        labels.put(BenchmarkEnvironment.GC, "GC");
        labels.put(BenchmarkEnvironment.CLOCKSOURCE, "Clocksource");
        return labels;
    }
}
