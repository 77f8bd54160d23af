package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * The sweep's repeated latency runs, read from the {@value #DIRECTORY} subdirectory of its output: every transport at
 * every rate, run several times, each run named {@code <point>_r<N>} ({@link RepeatName}). The sweep copies each
 * point's median run to the point's usual name in the output directory, so the rest of the report never reads this
 * directory; the report's Repeats section does, to show every run and the spread between them.
 *
 * <p>Unlike {@link RunCatalog} there is no "newest wins" here: two files claiming the same repeat of the same point,
 * or one point's repeats under two names, make the directory ambiguous, and loading it fails naming both files.
 */
public final class RepeatRuns
{
    /** The subdirectory of the sweep's output the repeats are written to. */
    public static final String DIRECTORY = "repeats";

    private final Path directory;
    private final List<LoadedRun> all;
    private final List<RepeatedPoint> points;

    private RepeatRuns(final Path directory, final List<LoadedRun> runs, final String flag)
        throws ReportInputException
    {
        this.directory = directory;
        this.all = List.copyOf(runs);
        final Map<String, Map<Long, TreeMap<Integer, LoadedRun>>> byPoint = new HashMap<>();
        final Map<String, Map<Long, String>> names = new HashMap<>();
        for (final LoadedRun run : runs)
        {
            final RunResult result = run.result();
            if (result.mode() != RunResult.Mode.LATENCY)
            {
                throw new ReportInputException(flag + ": run file '" + run.properties() + "' is a " +
                    result.transport() + " " + result.mode().name().toLowerCase(Locale.ROOT) + " run; expected " +
                    "only latency runs in " + DIRECTORY + "/ (the sweep's repeated points)");
            }
            final RepeatName name = RepeatName.of(run.properties()).orElseThrow(() -> new ReportInputException(
                flag + ": run file '" + run.properties() + "' is not named <point>_r<N>" +
                RunResultFiles.PROPERTIES_SUFFIX + "; expected every file in " + DIRECTORY + "/ to carry its " +
                "repeat number, as scripts/sweep.sh --repeats=N writes them"));
            final String known = names.computeIfAbsent(result.transport(), t -> new HashMap<>())
                .putIfAbsent(result.targetRate(), name.point());
            if (null != known && !known.equals(name.point()))
            {
                throw new ReportInputException(flag + ": run file '" + run.properties() + "' is a repeat of " +
                    Transports.displayName(result.transport()) + " at " + RunLabels.rate(result.targetRate()) +
                    ", but other repeats of that point are named " + known + "_r<N>; expected one name per point");
            }
            final LoadedRun previous = byPoint.computeIfAbsent(result.transport(), t -> new HashMap<>())
                .computeIfAbsent(result.targetRate(), r -> new TreeMap<>()).putIfAbsent(name.repeat(), run);
            if (null != previous)
            {
                throw new ReportInputException(flag + ": run files '" + previous.properties() + "' and '" +
                    run.properties() + "' are both repeat " + name.repeat() + " of " +
                    Transports.displayName(result.transport()) + " at " + RunLabels.rate(result.targetRate()) +
                    "; expected each repeat once");
            }
        }
        final List<RepeatedPoint> found = new ArrayList<>();
        byPoint.forEach((transport, rates) -> rates.forEach((rate, repeats) ->
            found.add(new RepeatedPoint(transport, rate, names.get(transport).get(rate), repeats))));
        final List<String> order = Transports.ordered(byPoint.keySet());
        found.sort(Comparator.comparingLong(RepeatedPoint::rate).thenComparingInt(p -> order.indexOf(p.transport())));
        this.points = List.copyOf(found);
    }

    /**
     * @param directory the {@value #DIRECTORY} directory.
     * @param runs      the runs read from it.
     * @param flag      the flag that named the sweep's directory, for errors.
     * @return the repeats, or empty if there are none.
     * @throws ReportInputException if a run is not a latency run, is not named {@code <point>_r<N>}, or makes a
     *                              point ambiguous (the message names the files).
     */
    static Optional<RepeatRuns> of(final Path directory, final List<LoadedRun> runs, final String flag)
        throws ReportInputException
    {
        return runs.isEmpty() ? Optional.empty() : Optional.of(new RepeatRuns(directory, runs, flag));
    }

    /**
     * Read the repeats of a sweep's output directory on their own, before anything else is there to read.
     *
     * @param input the sweep's output directory.
     * @param flag  the flag that named it, for errors.
     * @return its repeats.
     * @throws ReportInputException if it has no {@value #DIRECTORY} directory or no run in it, or a run cannot be
     *                              read or is not a repeat (the message names the directory or file).
     */
    public static RepeatRuns load(final Path input, final String flag) throws ReportInputException
    {
        final Path directory = input.resolve(DIRECTORY);
        if (!Files.isDirectory(directory))
        {
            throw new ReportInputException(flag + ": '" + directory + "' is not a directory; expected the repeated " +
                "runs of scripts/sweep.sh --repeats=N (N > 1)");
        }
        return of(directory, RunCatalog.read(RunCatalog.list(directory, List.of(), flag), flag), flag)
            .orElseThrow(() -> new ReportInputException(flag + ": no run found under '" + directory +
                "'; expected *_r<N>" + RunResultFiles.PROPERTIES_SUFFIX + " files written by scripts/sweep.sh " +
                "--repeats=N"));
    }

    /**
     * @return the directory the runs were read from.
     */
    public Path directory()
    {
        return directory;
    }

    /**
     * @return every run read, by path.
     */
    public List<LoadedRun> all()
    {
        return all;
    }

    /**
     * @return every point, by rate and then transport in report order.
     */
    public List<RepeatedPoint> points()
    {
        return points;
    }

    /**
     * @param transport a transport name.
     * @param rate      a target rate, messages per second.
     * @return that point's repeats, if it has any.
     */
    public Optional<RepeatedPoint> point(final String transport, final long rate)
    {
        return points.stream().filter(p -> p.transport().equals(transport) && p.rate() == rate).findFirst();
    }

    /**
     * @return every rate with a repeated point, ascending.
     */
    public SortedSet<Long> rates()
    {
        return points.stream().map(RepeatedPoint::rate).collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * @return every transport with a repeated point, in report order.
     */
    public List<String> transports()
    {
        return Transports.ordered(points.stream().map(RepeatedPoint::transport).collect(Collectors.toList()));
    }

    /**
     * @return the highest repeat number of any point.
     */
    public int highestRepeat()
    {
        return points.stream().mapToInt(p -> p.repeats().lastKey()).max().orElseThrow();
    }
}
