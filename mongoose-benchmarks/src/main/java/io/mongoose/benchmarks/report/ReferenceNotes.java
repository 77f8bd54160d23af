package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.BenchmarkEnvironment;
import io.mongoose.benchmarks.sweep.RunResult;
import org.HdrHistogram.Histogram;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The point-by-point answer to the reference page, as sentences built from the run files and
 * {@link ReferenceFigures}: every number in them is computed or quoted, none is typed in. A point the runs cannot speak
 * to says so instead of being left out, so the list always answers the same questions.
 */
public final class ReferenceNotes
{
    private static final long ONE_MICROSECOND_NANOS = 1_000;
    private static final double MILLIS_PER_SECOND = 1_000.0;

    private ReferenceNotes()
    {
    }

    /**
     * @param context the runs and options.
     * @return the notes, in the order the report lists them.
     */
    public static List<String> of(final ReportContext context)
    {
        final RunCatalog runs = context.runs();
        final List<String> notes = new ArrayList<>();
        notes.add(coverage(runs));
        notes.add(headline(runs));
        notes.add(topRate(runs));
        notes.add(garbageCollection(runs));
        notes.add(allocation(runs, context.exampleLines()));
        notes.add(method(runs));
        notes.add(sameHarness(runs));
        notes.add(host(runs));
        notes.add(windows(runs));
        return notes;
    }

    /**
     * @param runs windows to summarise.
     * @return {@code 0 in all N windows}, or how many windows saw a collection and the most any saw.
     */
    public static String gcSummary(final List<LoadedRun> runs)
    {
        if (runs.isEmpty())
        {
            return Formats.NO_RUN;
        }
        final long collected = runs.stream().filter(r -> r.result().gcCount() > 0).count();
        if (collected == 0)
        {
            return "0 in all " + runs.size() + " windows";
        }
        final long most = runs.stream().mapToLong(r -> r.result().gcCount()).max().orElse(0);
        return "non-zero in " + collected + " of " + runs.size() + " windows (at most " + most + " in one)";
    }

    private static String coverage(final RunCatalog runs)
    {
        final List<String> measured = new ArrayList<>();
        final List<String> missing = new ArrayList<>();
        for (final ReferenceFigures.RateRow row : ReferenceFigures.RATE_SWEEP)
        {
            (runs.latency(Transports.MONGOOSE, row.rate()).isPresent() ? measured : missing)
                .add(RunLabels.rate(row.rate()));
        }
        final String reference = "Rate sweep: the reference has rows at " + ReferenceFigures.RATE_SWEEP.stream()
            .map(r -> RunLabels.rate(r.rate())).collect(Collectors.joining(", ")) + ". ";
        if (missing.isEmpty())
        {
            return reference + "This sweep measured Mongoose at every one of them, and the peers at: " +
                peerRates(runs) + ".";
        }
        return reference + "This sweep has no Mongoose run at " + String.join(", ", missing) +
            ", so those rows have no counterpart here" + (measured.isEmpty() ? "." : "; it does at " +
            String.join(", ", measured) + ".");
    }

    private static String peerRates(final RunCatalog runs)
    {
        final List<String> parts = new ArrayList<>();
        for (final String peer : runs.peers())
        {
            final List<String> rates = runs.latencyRuns(peer).stream()
                .map(r -> RunLabels.rate(r.result().targetRate())).collect(Collectors.toList());
            parts.add(Transports.displayName(peer) + " (" + (rates.isEmpty() ? "none" : String.join(", ", rates)) +
                ")");
        }
        return parts.isEmpty() ? "no rate (no peer ran)" : String.join(", ", parts);
    }

    private static String headline(final RunCatalog runs)
    {
        final long rate = ReferenceFigures.HEADLINE_RATE;
        final ReferenceFigures.RateRow reference = ReferenceFigures.row(rate).orElseThrow();
        final String quoted = "Headline at " + RunLabels.rate(rate) + ": the reference quotes p50 " +
            reference.quoted(Percentile.P50) + ", p99.9 " + reference.quoted(Percentile.P99_9) + " and p99.99 " +
            reference.quoted(Percentile.P99_99) + ", and reads its p99.9 as nearly every event finishing within a " +
            "microsecond. ";
        final Optional<LoadedRun> ours = runs.latency(Transports.MONGOOSE, rate);
        if (ours.isEmpty())
        {
            return quoted + "This sweep has no Mongoose run at that rate to set against it.";
        }
        final RunResult result = ours.get().result();
        final Histogram latency = result.latency();
        final double withinMicrosecond = latency.getTotalCount() == 0 ? 0 :
            latency.getCountBetweenValues(0, ONE_MICROSECOND_NANOS) / (double)latency.getTotalCount();
        return quoted + "Mongoose here: p50 " + Formats.latency(Percentile.P50.valueIn(latency)) + ", p99.9 " +
            Formats.latency(Percentile.P99_9.valueIn(latency)) + ", p99.99 " +
            Formats.latency(Percentile.P99_99.valueIn(latency)) + " (rate " + RunLabels.achieved(result) + "), with " +
            Formats.percent(withinMicrosecond) + " of its " + Formats.count(latency.getTotalCount()) +
            " samples at or below 1 µs from the intended send time.";
    }

    private static String topRate(final RunCatalog runs)
    {
        final long rate = ReferenceFigures.SUSTAINED_THROUGHPUT;
        final StringBuilder note = new StringBuilder("Throughput: the reference reports about ")
            .append(RunLabels.rate(rate)).append(" sustained. ");
        final Optional<LoadedRun> paced = runs.latency(Transports.MONGOOSE, rate);
        if (paced.isEmpty())
        {
            note.append("This sweep has no paced Mongoose run at ").append(RunLabels.rate(rate)).append(". ");
        }
        else if (paced.get().result().targetMet())
        {
            note.append("Mongoose's paced ").append(RunLabels.rate(rate)).append(" run held its target (")
                .append(RunLabels.achieved(paced.get().result())).append("). ");
        }
        else
        {
            note.append("Mongoose's paced ").append(RunLabels.rate(rate)).append(" run did not hold its target: ")
                .append(RunLabels.achieved(paced.get().result())).append(", so its latency row describes an " +
                    "overloaded publisher, not a ").append(RunLabels.rate(rate)).append(" load. ");
        }
        final Optional<Double> median = runs.medianThroughput(Transports.MONGOOSE);
        if (median.isEmpty())
        {
            note.append("No unpaced Mongoose run was made to measure its maximum.");
        }
        else
        {
            note.append("Unpaced, Mongoose reached a median of ").append(Formats.rate(median.get()))
                .append(" msg/s over ").append(runs.throughputRuns(Transports.MONGOOSE).size()).append(" runs (")
                .append(Formats.ratio(median.get(), rate)).append(" the reference's figure).");
        }
        return note.toString();
    }

    private static String garbageCollection(final RunCatalog runs)
    {
        final StringBuilder note = new StringBuilder("GC: the reference reports a GC count of ")
            .append(ReferenceFigures.GC_COUNT).append(" across its windows. Mongoose here: ")
            .append(gcSummary(windowsOf(runs, Transports.MONGOOSE))).append(" (latency and throughput).");
        final List<String> collected = new ArrayList<>();
        for (final String peer : runs.peers())
        {
            final List<LoadedRun> windows = windowsOf(runs, peer);
            if (windows.stream().anyMatch(r -> r.result().gcCount() > 0))
            {
                collected.add(Transports.displayName(peer) + " " + gcSummary(windows));
            }
        }
        if (!runs.peers().isEmpty())
        {
            note.append(collected.isEmpty() ? " No peer window saw a collection either." :
                " Peers with collections: " + String.join("; ", collected) + ".");
        }
        return note.toString();
    }

    private static String allocation(final RunCatalog runs, final List<String> exampleLines)
    {
        final List<LoadedRun> windows = windowsOf(runs, Transports.MONGOOSE);
        final StringBuilder note = new StringBuilder("Memory: the reference states no per-operation allocation " +
            "and a stable heap of about ").append(ReferenceFigures.HEAP_MEGABYTES).append(" MB. ");
        if (windows.isEmpty())
        {
            note.append("This sweep has no Mongoose window to measure allocation in. ");
        }
        else
        {
            final double most = windows.stream().mapToDouble(r -> r.result().allocatedBytesPerMessage()).max()
                .orElse(0);
            final long total = windows.stream()
                .mapToLong(r -> r.result().publisherAllocatedBytes() + r.result().consumerAllocatedBytes()).sum();
            if (most == 0)
            {
                note.append("Here the publisher and consumer threads allocated nothing in any of the ")
                    .append(windows.size()).append(" Mongoose windows. ");
            }
            else
            {
                note.append("Here the publisher and consumer threads together allocated at most ")
                    .append(Formats.bytesPerMessage(most)).append(" bytes per message in a Mongoose window (")
                    .append(Formats.count(total)).append(" bytes over all ").append(windows.size())
                    .append(" windows). ");
            }
        }
        final Optional<ExampleOutputStats> example = ExampleOutputStats.of(exampleLines);
        if (example.isPresent())
        {
            note.append("The pooled-events example reported a heap of ").append(example.get().heap())
                .append(" and a GC count of ").append(example.get().gcCount()).append(" over its ")
                .append(example.get().lines()).append(" progress lines (quoted below).");
        }
        else
        {
            note.append("Heap size is not part of the run files; the pooled-events example's output was not given " +
                "(--exampleOutput).");
        }
        return note.toString();
    }

    private static String method(final RunCatalog runs)
    {
        final StringBuilder note = new StringBuilder("Method: every latency here is measured from the time the " +
            "open-loop schedule meant to send the message, so when the publisher or the transport falls behind, " +
            "each delayed message is charged the full wait (free of coordinated omission). The reference measures " +
            "from ").append(ReferenceFigures.MEASURED_FROM).append(", which starts the clock only once a message " +
            "is actually sent and so leaves that wait out. Our service time covers the reference's interval");
        final Optional<LoadedRun> headline = runs.latency(Transports.MONGOOSE, ReferenceFigures.HEADLINE_RATE);
        if (headline.isPresent())
        {
            final RunResult result = headline.get().result();
            final ReferenceFigures.RateRow reference = ReferenceFigures.row(ReferenceFigures.HEADLINE_RATE)
                .orElseThrow();
            note.append(": at ").append(RunLabels.rate(ReferenceFigures.HEADLINE_RATE))
                .append(" Mongoose's service-time p50 / p99.9 were ")
                .append(Formats.latency(Percentile.P50.valueIn(result.service()))).append(" / ")
                .append(Formats.latency(Percentile.P99_9.valueIn(result.service())))
                .append(" (reference ").append(reference.quoted(Percentile.P50)).append(" / ")
                .append(reference.quoted(Percentile.P99_9)).append("), against latency ")
                .append(Formats.latency(Percentile.P50.valueIn(result.latency()))).append(" / ")
                .append(Formats.latency(Percentile.P99_9.valueIn(result.latency())));
        }
        note.append('.');
        final List<LoadedRun> mongoose = runs.latencyRuns(Transports.MONGOOSE);
        if (!mongoose.isEmpty())
        {
            final RunResult top = mongoose.get(mongoose.size() - 1).result();
            final long latency = Percentile.P99.valueIn(top.latency());
            final long service = Percentile.P99.valueIn(top.service());
            note.append(" At ").append(RunLabels.rate(top.targetRate())).append(", the highest rate run, latency p99 ")
                .append(Formats.latency(latency)).append(" against service-time p99 ")
                .append(Formats.latency(service));
            note.append(latency > service ?
                ": the " + Formats.latency(latency - service) + " between them is time spent behind schedule, " +
                    "which a publish-stamped measurement does not see." :
                ": no gap, so messages did not wait behind the schedule there.");
        }
        return note.toString();
    }

    private static String sameHarness(final RunCatalog runs)
    {
        final StringBuilder note = new StringBuilder("Peers: the reference names side-by-side runs against other " +
            "in-VM dispatchers as open work. Here ");
        final List<String> peers = runs.peers();
        if (peers.isEmpty())
        {
            return note.append("no peer was run, so there is no side-by-side comparison.").toString();
        }
        note.append(peers.stream().map(Transports::displayName).collect(Collectors.joining(", ")))
            .append(" ran in the same harness as Mongoose, with the same open-loop publisher and recorder. ");
        final Set<String> flags = distinct(runs.all(), r -> r.environment()
            .getOrDefault(BenchmarkEnvironment.JVM_ARGS, BenchmarkEnvironment.UNKNOWN));
        note.append(flags.size() == 1 ? "All " + runs.all().size() + " runs recorded the same JVM flags" :
            "The runs recorded " + flags.size() + " different sets of JVM flags (see Environment)");
        final List<LoadedRun> latency = runs.latencyRuns();
        final Set<String> drain = distinct(latency, r -> Integer.toString(r.drainLimit()));
        final Set<String> idle = distinct(latency, RunResult::idle);
        note.append(drain.size() == 1 && idle.size() == 1 ?
            ", and every latency run used drain limit " + drain.iterator().next() + " and idle strategy " +
                idle.iterator().next() + "." :
            "; latency runs used drain limits " + String.join(", ", drain) + " and idle strategies " +
                String.join(", ", idle) + " (per transport in Environment).");
        return note.toString();
    }

    private static String host(final RunCatalog runs)
    {
        final List<LoadedRun> mongoose = windowsOf(runs, Transports.MONGOOSE);
        final StringBuilder note = new StringBuilder("Host: the reference ran on ").append(ReferenceFigures.HOST_OS)
            .append(" with best-effort pinning and puts its tail from p99.99 up down to OS jitter. ");
        if (mongoose.isEmpty())
        {
            return note.append("This sweep has no Mongoose run to describe.").toString();
        }
        note.append("This sweep ran on ")
            .append(String.join("; ", distinct(mongoose, r -> r.environment().getOrDefault(BenchmarkEnvironment.OS,
                BenchmarkEnvironment.UNKNOWN) + ", " + r.environment().getOrDefault(BenchmarkEnvironment.CPU_MODEL,
                BenchmarkEnvironment.UNKNOWN) + ", " + r.environment().getOrDefault(BenchmarkEnvironment.CPU_CORES,
                BenchmarkEnvironment.UNKNOWN) + " cores, clocksource " + r.environment().getOrDefault(
                BenchmarkEnvironment.CLOCKSOURCE, BenchmarkEnvironment.UNKNOWN))))
            .append("; Mongoose's consumer pinning: ")
            .append(String.join("; ", distinct(mongoose, RunResult::consumerPinning))).append('.');
        runs.latency(Transports.MONGOOSE, ReferenceFigures.HEADLINE_RATE).ifPresent(r -> note.append(" At ")
            .append(RunLabels.rate(ReferenceFigures.HEADLINE_RATE)).append(" our p99.99 was ")
            .append(Formats.latency(Percentile.P99_99.valueIn(r.result().latency()))).append(" (reference ")
            .append(ReferenceFigures.row(ReferenceFigures.HEADLINE_RATE).orElseThrow().quoted(Percentile.P99_99))
            .append(")."));
        return note.toString();
    }

    private static String windows(final RunCatalog runs)
    {
        final List<String> implied = new ArrayList<>();
        for (final ReferenceFigures.RateRow row : ReferenceFigures.RATE_SWEEP)
        {
            implied.add(String.format(Locale.US, "%.1f s", row.samples() / (double)row.rate()));
        }
        final StringBuilder note = new StringBuilder("Windows: the reference states a ")
            .append(Formats.count(ReferenceFigures.WARMUP_MILLIS)).append(" ms warm-up and a ")
            .append(Formats.count(ReferenceFigures.RUN_MILLIS)).append(" ms window; its sample counts at ")
            .append(ReferenceFigures.RATE_SWEEP.stream().map(r -> RunLabels.rate(r.rate()))
                .collect(Collectors.joining(", ")))
            .append(" amount to ").append(String.join(", ", implied))
            .append(" of traffic at the nominal rate. ");
        final List<LoadedRun> mongoose = runs.latencyRuns(Transports.MONGOOSE);
        if (mongoose.isEmpty())
        {
            return note.append("This sweep has no Mongoose latency window to compare.").toString();
        }
        final List<String> ours = new ArrayList<>();
        for (final LoadedRun run : mongoose)
        {
            final RunResult result = run.result();
            final double expected = result.targetRate() * (result.runMillis() / MILLIS_PER_SECOND);
            ours.add(RunLabels.rate(result.targetRate()) + " " + (expected == 0 ? Formats.NOT_AVAILABLE :
                Formats.percent(result.samples() / expected)));
        }
        return note.append("Mongoose's windows here (warm-up / window ")
            .append(String.join("; ", distinct(mongoose, r -> Formats.count(r.warmupMillis()) + " ms / " +
                Formats.count(r.runMillis()) + " ms")))
            .append(") recorded this share of target rate × window: ").append(String.join(", ", ours)).append('.')
            .toString();
    }

    private static List<LoadedRun> windowsOf(final RunCatalog runs, final String transport)
    {
        final List<LoadedRun> windows = new ArrayList<>(runs.latencyRuns(transport));
        windows.addAll(runs.throughputRuns(transport));
        return windows;
    }

    private static Set<String> distinct(final List<LoadedRun> runs,
        final Function<RunResult, String> value)
    {
        final Set<String> values = new LinkedHashSet<>();
        runs.forEach(r -> values.add(value.apply(r.result())));
        return values;
    }
}
