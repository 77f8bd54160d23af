package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.BenchmarkEnvironment;
import io.mongoose.benchmarks.sweep.RunResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * The before/after comparison {@link CompareMain} writes: two sweeps' run files, read with the report's own loaders,
 * set side by side as Markdown. Ratios come first because a ratio within one sweep cancels most of what changed on
 * the machine between the two; absolutes follow for Mongoose, then maximum throughput.
 */
public final class SweepComparison
{
    /** Heading of the Mongoose latency table. */
    public static final String MONGOOSE_HEADING = "## Mongoose latency, before and after";
    /** Heading of the ratio table. */
    public static final String RATIO_HEADING = "## Mongoose / peer latency ratios, before and after";
    /** Heading of the throughput table. */
    public static final String THROUGHPUT_HEADING = "## Maximum throughput (median of runs), before and after";

    private static final List<Percentile> RATIO_PERCENTILES = List.of(Percentile.P50, Percentile.P90, Percentile.P99);
    private static final List<Percentile> ABSOLUTE_PERCENTILES = List.of(Percentile.P50, Percentile.P90);
    private static final List<String> ENVIRONMENT_KEYS = List.of(BenchmarkEnvironment.CPU_MODEL,
        BenchmarkEnvironment.CPU_CORES, BenchmarkEnvironment.OS, BenchmarkEnvironment.JVM,
        BenchmarkEnvironment.JVM_ARGS, BenchmarkEnvironment.GC, BenchmarkEnvironment.CLOCKSOURCE);

    private SweepComparison()
    {
    }

    /**
     * @param beforeDirectory where the first sweep was read from, as the caller named it.
     * @param before          its runs.
     * @param afterDirectory  where the second sweep was read from.
     * @param after           its runs.
     * @return the comparison as a Markdown document.
     */
    public static String render(
        final Path beforeDirectory, final RunCatalog before, final Path afterDirectory, final RunCatalog after)
    {
        final StringBuilder out = new StringBuilder(8 * 1024);
        out.append("# Sweep comparison: before and after\n\n");
        out.append("- Before: `").append(beforeDirectory).append("`, ").append(describe(before)).append(".\n");
        out.append("- After: `").append(afterDirectory).append("`, ").append(describe(after)).append(".\n");
        out.append("- ").append(environment(before, after)).append("\n\n");
        appendMongoose(out, before, after);
        appendRatios(out, before, after);
        appendThroughput(out, before, after);
        return out.toString();
    }

    private static String describe(final RunCatalog runs)
    {
        final long latency = runs.all().stream().filter(r -> r.result().mode() == RunResult.Mode.LATENCY).count();
        final String basis = RepeatsSection.basis(runs);
        return runs.all().size() + " run files (" + latency + " latency, " + (runs.all().size() - latency) +
            " throughput), newest " + ProvenanceSection.DATE.format(runs.newest()) + "; " +
            Character.toLowerCase(basis.charAt(0)) + basis.substring(1, basis.length() - 1);
    }

    /**
     * @return which recorded environment values the two sweeps share, and each that differs with both sides' values:
     * a change of machine, JDK or flags moves absolutes, and the reader must know.
     */
    private static String environment(final RunCatalog before, final RunCatalog after)
    {
        final List<String> differs = new ArrayList<>();
        for (final String key : ENVIRONMENT_KEYS)
        {
            final String was = values(before, key);
            final String is = values(after, key);
            if (!was.equals(is))
            {
                differs.add(key + " was `" + was + "`, is `" + is + "`");
            }
        }
        if (differs.isEmpty())
        {
            return "Both sweeps recorded the same CPU, OS, JVM, JVM flags, GC and clocksource.";
        }
        return "The environment differs, so absolutes may move for reasons other than the code: " +
            String.join("; ", differs) + ".";
    }

    private static String values(final RunCatalog runs, final String key)
    {
        final Set<String> values = new LinkedHashSet<>();
        runs.all().forEach(r -> values.add(r.result().environment().getOrDefault(key,
            BenchmarkEnvironment.UNKNOWN)));
        return String.join(" / ", values);
    }

    private static void appendMongoose(final StringBuilder out, final RunCatalog before, final RunCatalog after)
    {
        out.append(MONGOOSE_HEADING).append("\n\n");
        out.append("Latency from intended send time. The change column is after divided by before: below 1.00× " +
            "the after sweep was faster. A rate whose achieved rate fell short of ")
            .append(Formats.percent(RunResult.TARGET_TOLERANCE)).append(" of its target is marked ")
            .append(RunLabels.MISSED).append(".\n\n");
        final List<String> header = new ArrayList<>(List.of("Rate"));
        for (final Percentile p : ABSOLUTE_PERCENTILES)
        {
            header.addAll(List.of(p.label() + " before", p.label() + " after", p.label() + " change"));
        }
        header.addAll(List.of("Achieved before", "Achieved after"));
        final MarkdownTable table = MarkdownTable.numeric(header);
        for (final long rate : rates(before, after))
        {
            final Optional<RunResult> was = before.latency(Transports.MONGOOSE, rate).map(LoadedRun::result);
            final Optional<RunResult> is = after.latency(Transports.MONGOOSE, rate).map(LoadedRun::result);
            if (was.isEmpty() && is.isEmpty())
            {
                continue;
            }
            final List<String> row = new ArrayList<>(List.of(RunLabels.rate(rate)));
            for (final Percentile p : ABSOLUTE_PERCENTILES)
            {
                row.add(was.map(r -> Formats.latency(p.valueIn(r.latency()))).orElse(Formats.NO_RUN));
                row.add(is.map(r -> Formats.latency(p.valueIn(r.latency()))).orElse(Formats.NO_RUN));
                row.add(was.isPresent() && is.isPresent() ?
                    Formats.ratio(p.valueIn(is.get().latency()), p.valueIn(was.get().latency())) : Formats.NO_RUN);
            }
            row.add(was.map(SweepComparison::achieved).orElse(Formats.NO_RUN));
            row.add(is.map(SweepComparison::achieved).orElse(Formats.NO_RUN));
            table.row(row);
        }
        appendOrSay(out, table, "Neither sweep has a Mongoose latency run.");
    }

    private static void appendRatios(final StringBuilder out, final RunCatalog before, final RunCatalog after)
    {
        out.append(RATIO_HEADING).append("\n\n");
        out.append("Each cell is Mongoose's latency divided by the peer's at the same percentile and rate, within " +
            "one sweep: below 1.00× Mongoose was faster. Peers present in both sweeps only.\n\n");
        final List<String> header = new ArrayList<>(List.of("Peer", "Rate"));
        for (final Percentile p : RATIO_PERCENTILES)
        {
            header.addAll(List.of(p.label() + " before", p.label() + " after"));
        }
        header.addAll(List.of("Rate targets before", "Rate targets after"));
        final MarkdownTable table = MarkdownTable.numeric(header, 2);
        final List<String> peers = new ArrayList<>(before.peers());
        peers.retainAll(after.peers());
        for (final String peer : peers)
        {
            for (final long rate : rates(before, after))
            {
                final Optional<RunResult> mongooseWas = latency(before, Transports.MONGOOSE, rate);
                final Optional<RunResult> peerWas = latency(before, peer, rate);
                final Optional<RunResult> mongooseIs = latency(after, Transports.MONGOOSE, rate);
                final Optional<RunResult> peerIs = latency(after, peer, rate);
                final boolean hasBefore = mongooseWas.isPresent() && peerWas.isPresent();
                final boolean hasAfter = mongooseIs.isPresent() && peerIs.isPresent();
                if (!hasBefore && !hasAfter)
                {
                    continue;
                }
                final List<String> row = new ArrayList<>(List.of(Transports.displayName(peer), RunLabels.rate(rate)));
                for (final Percentile p : RATIO_PERCENTILES)
                {
                    row.add(hasBefore ? ratio(p, mongooseWas.get(), peerWas.get()) : Formats.NO_RUN);
                    row.add(hasAfter ? ratio(p, mongooseIs.get(), peerIs.get()) : Formats.NO_RUN);
                }
                row.add(hasBefore ? RatioSection.targets(mongooseWas.get(), peerWas.get()) : Formats.NO_RUN);
                row.add(hasAfter ? RatioSection.targets(mongooseIs.get(), peerIs.get()) : Formats.NO_RUN);
                table.row(row);
            }
        }
        appendOrSay(out, table, peers.isEmpty() ? "No peer ran in both sweeps." :
            "No peer has a latency run at a rate Mongoose also ran at, in either sweep.");
        final List<String> oneSided = new ArrayList<>();
        oneSided.addAll(oneSided(before.peers(), after.peers(), "before"));
        oneSided.addAll(oneSided(after.peers(), before.peers(), "after"));
        if (!oneSided.isEmpty())
        {
            out.append("Left out, present in one sweep only: ").append(String.join(", ", oneSided)).append(".\n\n");
        }
    }

    private static void appendThroughput(final StringBuilder out, final RunCatalog before, final RunCatalog after)
    {
        out.append(THROUGHPUT_HEADING).append("\n\n");
        out.append("The median of each transport's unpaced runs (how many in brackets), and Mongoose's median " +
            "divided by the transport's: above 1.00× Mongoose moved more messages per second.\n\n");
        final MarkdownTable table = MarkdownTable.numeric(List.of("Transport", "Median before (msg/s)",
            "Median after (msg/s)", "Mongoose / transport before", "Mongoose / transport after"));
        final Set<String> transports = new LinkedHashSet<>(before.transports());
        transports.addAll(after.transports());
        for (final String transport : Transports.ordered(transports))
        {
            final Optional<Double> was = before.medianThroughput(transport);
            final Optional<Double> is = after.medianThroughput(transport);
            if (was.isEmpty() && is.isEmpty())
            {
                continue;
            }
            table.row(List.of(Transports.displayName(transport), median(before, transport),
                median(after, transport), throughputRatio(before, was), throughputRatio(after, is)));
        }
        appendOrSay(out, table, "Neither sweep has a throughput run.");
    }

    private static SortedSet<Long> rates(final RunCatalog before, final RunCatalog after)
    {
        final SortedSet<Long> rates = new TreeSet<>(before.latencyRates());
        rates.addAll(after.latencyRates());
        return rates;
    }

    private static Optional<RunResult> latency(final RunCatalog runs, final String transport, final long rate)
    {
        return runs.latency(transport, rate).map(LoadedRun::result);
    }

    private static String ratio(final Percentile p, final RunResult mongoose, final RunResult peer)
    {
        return Formats.ratio(p.valueIn(mongoose.latency()), p.valueIn(peer.latency()));
    }

    private static String achieved(final RunResult result)
    {
        return result.targetMet() ? RunLabels.achieved(result) : "**" + RunLabels.achieved(result) + "**";
    }

    private static String median(final RunCatalog runs, final String transport)
    {
        return runs.medianThroughput(transport).map(m -> Formats.rate(m) + " (" +
            runs.throughputRuns(transport).size() + ")").orElse(Formats.NO_RUN);
    }

    private static String throughputRatio(final RunCatalog runs, final Optional<Double> transportMedian)
    {
        final Optional<Double> mongoose = runs.medianThroughput(Transports.MONGOOSE);
        return mongoose.isPresent() && transportMedian.isPresent() ?
            Formats.ratio(mongoose.get(), transportMedian.get()) : Formats.NO_RUN;
    }

    private static List<String> oneSided(final List<String> these, final List<String> those, final String side)
    {
        final List<String> only = new ArrayList<>();
        for (final String peer : these)
        {
            if (!those.contains(peer))
            {
                only.add(Transports.displayName(peer) + " (" + side + " only)");
            }
        }
        return only;
    }

    private static void appendOrSay(final StringBuilder out, final MarkdownTable table, final String empty)
    {
        if (table.isEmpty())
        {
            out.append(empty).append("\n\n");
            return;
        }
        table.appendTo(out);
        out.append('\n');
    }
}
