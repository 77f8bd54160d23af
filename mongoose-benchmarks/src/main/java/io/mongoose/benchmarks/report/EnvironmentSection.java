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
 * The machine and JVM the runs recorded (the {@code env.*} keys), and per transport the settings and pinning each run
 * got. A value that differs between runs is shown once per distinct value with the transports that recorded it.
 */
public final class EnvironmentSection implements SummarySection
{
    private static final Map<String, String> LABELS = new LinkedHashMap<>();

    static
    {
        LABELS.put(BenchmarkEnvironment.CPU_MODEL, "CPU model");
        LABELS.put(BenchmarkEnvironment.CPU_CORES, "Cores available to the JVM");
        LABELS.put(BenchmarkEnvironment.OS, "OS");
        LABELS.put(BenchmarkEnvironment.JAVA_VERSION, "JDK version");
        LABELS.put(BenchmarkEnvironment.JAVA_VENDOR, "JDK vendor");
        LABELS.put(BenchmarkEnvironment.JVM, "JVM");
        LABELS.put(BenchmarkEnvironment.JVM_ARGS, "JVM flags");
        LABELS.put(BenchmarkEnvironment.GC, "GC");
        LABELS.put(BenchmarkEnvironment.CLOCKSOURCE, "Clocksource");
    }

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        final List<LoadedRun> runs = context.runs().all();
        out.append("## Environment\n\n");
        final MarkdownTable environment = new MarkdownTable(List.of("Property", "Value"), 2);
        final Set<String> keys = new LinkedHashSet<>(LABELS.keySet());
        runs.forEach(r -> keys.addAll(new TreeSet<>(r.result().environment().keySet())));
        for (final String key : keys)
        {
            // The single value every run shares, or each value followed by the transports that recorded it.
            final Map<String, Set<String>> transportsByValue = new LinkedHashMap<>();
            runs.forEach(r -> transportsByValue.computeIfAbsent(r.result().environment().getOrDefault(key,
                BenchmarkEnvironment.UNKNOWN), v -> new LinkedHashSet<>()).add(r.result().transport()));
            final List<String> values = new ArrayList<>();
            transportsByValue.forEach((v, transports) -> values.add(transportsByValue.size() == 1 ? v :
                v + " (runs of " + String.join(", ", Transports.ordered(transports)) + ")"));
            environment.row(List.of(LABELS.getOrDefault(key, key), String.join("; ", values)));
        }
        environment.appendTo(out);

        out.append("### Run settings and pinning applied, per transport\n\n");
        final MarkdownTable settings = new MarkdownTable(List.of("Transport", "Runs", "Warm-up", "Window",
            "Drain limit", "Idle strategy", "Pinning requested", "Publisher pinning", "Consumer pinning"), 9);
        for (final String transport : context.runs().transports())
        {
            final List<RunResult> own = runs.stream().map(LoadedRun::result)
                .filter(r -> r.transport().equals(transport)).toList();
            settings.row(List.of(Transports.displayName(transport), Integer.toString(own.size()),
                values(own, r -> Formats.count(r.warmupMillis()) + " ms"),
                values(own, r -> Formats.count(r.runMillis()) + " ms"),
                values(own, r -> Integer.toString(r.drainLimit())), values(own, RunResult::idle),
                values(own, RunResult::pinRequest), values(own, RunResult::publisherPinning),
                values(own, RunResult::consumerPinning)));
        }
        settings.appendTo(out);
    }

    /** The distinct values, in first-seen order. */
    private static String values(final List<RunResult> runs, final Function<RunResult, String> value)
    {
        final Set<String> distinct = new LinkedHashSet<>();
        runs.forEach(r -> distinct.add(value.apply(r)));
        return String.join("; ", distinct);
    }
}
