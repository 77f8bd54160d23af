package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The runs of the sweep's drain-limit phase: Mongoose at a few rates, once per drain limit, read from the
 * {@value #DIRECTORY} subdirectory of the sweep's output. A point is one rate at one drain limit; as in
 * {@link RunCatalog}, a re-run of a point replaces the older file, which is listed in {@link #superseded()}.
 */
public final class DrainLimitRuns
{
    /** The subdirectory of the sweep's output the phase writes to. */
    public static final String DIRECTORY = "drainlimit";

    private final Path directory;
    private final TreeMap<Long, TreeMap<Integer, LoadedRun>> byRate = new TreeMap<>();
    private final List<LoadedRun> superseded = new ArrayList<>();

    private DrainLimitRuns(final Path directory, final List<LoadedRun> runs, final String flag)
        throws ReportInputException
    {
        this.directory = directory;
        for (final LoadedRun run : runs)
        {
            final RunResult result = run.result();
            if (!Transports.MONGOOSE.equals(result.transport()) || result.mode() != RunResult.Mode.LATENCY)
            {
                throw new ReportInputException(flag + ": run file '" + run.properties() + "' is a " +
                    result.transport() + " " + result.mode().name().toLowerCase(Locale.ROOT) + " run; expected " +
                    "only Mongoose latency runs in " + DIRECTORY + "/ (the sweep's drain-limit phase)");
            }
            final TreeMap<Integer, LoadedRun> limits =
                byRate.computeIfAbsent(result.targetRate(), r -> new TreeMap<>());
            final LoadedRun previous = limits.get(result.drainLimit());
            if (null == previous || RunCatalog.NEWEST_FIRST.compare(run, previous) < 0)
            {
                limits.put(result.drainLimit(), run);
                if (null != previous)
                {
                    superseded.add(previous);
                }
            }
            else
            {
                superseded.add(run);
            }
        }
        superseded.sort(Comparator.comparing(LoadedRun::properties));
    }

    /**
     * @param directory the {@value #DIRECTORY} directory.
     * @param runs      the runs read from it.
     * @param flag      the flag that named the sweep's directory, for errors.
     * @return the phase's runs, or empty if there are none.
     * @throws ReportInputException if a run is not a Mongoose latency run (the message names its file).
     */
    static Optional<DrainLimitRuns> of(final Path directory, final List<LoadedRun> runs, final String flag)
        throws ReportInputException
    {
        return runs.isEmpty() ? Optional.empty() : Optional.of(new DrainLimitRuns(directory, runs, flag));
    }

    /**
     * @return the directory the runs were read from.
     */
    public Path directory()
    {
        return directory;
    }

    /**
     * @return every target rate with a run, ascending.
     */
    public SortedSet<Long> rates()
    {
        return new TreeSet<>(byRate.keySet());
    }

    /**
     * @return every drain limit with a run at any rate, ascending.
     */
    public SortedSet<Integer> drainLimits()
    {
        final SortedSet<Integer> limits = new TreeSet<>();
        byRate.values().forEach(l -> limits.addAll(l.keySet()));
        return limits;
    }

    /**
     * @param rate       a target rate, messages per second.
     * @param drainLimit a drain limit.
     * @return the reported run of that point, if there is one.
     */
    public Optional<LoadedRun> run(final long rate, final int drainLimit)
    {
        final TreeMap<Integer, LoadedRun> limits = byRate.get(rate);
        return null == limits ? Optional.empty() : Optional.ofNullable(limits.get(drainLimit));
    }

    /**
     * @param rate a target rate, messages per second.
     * @return its reported runs by drain limit, ascending; empty if it has none.
     */
    public List<LoadedRun> runs(final long rate)
    {
        final TreeMap<Integer, LoadedRun> limits = byRate.get(rate);
        return null == limits ? List.of() : List.copyOf(limits.values());
    }

    /**
     * @return every reported run, by rate and then drain limit.
     */
    public List<LoadedRun> reported()
    {
        final List<LoadedRun> all = new ArrayList<>();
        byRate.values().forEach(l -> all.addAll(l.values()));
        return all;
    }

    /**
     * @return runs that a newer run of the same rate and drain limit replaced, by path.
     */
    public List<LoadedRun> superseded()
    {
        return List.copyOf(superseded);
    }

    /**
     * @return every run read, reported and superseded.
     */
    public List<LoadedRun> all()
    {
        final List<LoadedRun> all = reported();
        all.addAll(superseded);
        return all;
    }

    /**
     * The drain limits with the lowest latency at a rate, among the runs that held it: a run that missed its target
     * measured a backlog, not the limit.
     *
     * @param rate       a target rate.
     * @param percentile the percentile compared.
     * @return every drain limit whose run met its target and reached the lowest value (more than one on a tie),
     * ascending; empty if no run at the rate met its target.
     */
    public List<Integer> lowest(final long rate, final Percentile percentile)
    {
        long best = Long.MAX_VALUE;
        final List<Integer> limits = new ArrayList<>();
        for (final LoadedRun run : runs(rate))
        {
            if (!run.result().targetMet())
            {
                continue;
            }
            final long value = percentile.valueIn(run.result().latency());
            if (value < best)
            {
                best = value;
                limits.clear();
            }
            if (value == best)
            {
                limits.add(run.result().drainLimit());
            }
        }
        return limits;
    }
}
