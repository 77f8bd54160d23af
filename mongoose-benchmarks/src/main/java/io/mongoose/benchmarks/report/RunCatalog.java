package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.PairedRunData;
import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Every run under an input directory, grouped by what the runs say about themselves (transport, mode, target rate),
 * never by file name: the harness may name and nest its files however it likes.
 *
 * <p>A latency point is one transport at one target rate. If a directory holds more than one run for a point (a
 * re-run), the newest file is the one reported and the others are listed by {@link #supersededLatencyRuns()}, so
 * nothing is dropped silently. The paired runs are read from {@value PairedSection#DIRECTORY}/.
 */
public final class RunCatalog
{
    /** Which of two runs of the same point is reported: the newer file; the path breaks a tie so output is stable. */
    static final Comparator<LoadedRun> NEWEST_FIRST =
        Comparator.comparing(LoadedRun::modified).reversed().thenComparing(LoadedRun::properties);

    private final List<LoadedRun> runs;
    private final List<PairedRunData> pairedRuns;
    private final List<PairedRunData> otherPairedRuns;
    private final Map<String, TreeMap<Long, LoadedRun>> latency;
    private final Map<String, List<LoadedRun>> throughput;
    private final List<LoadedRun> superseded;

    private RunCatalog(final List<LoadedRun> runs, final List<PairedRunData> pairedRuns)
    {
        this.runs = List.copyOf(runs);
        this.pairedRuns = pairedRuns.stream().filter(PairedRunData::standardConfiguration).toList();
        this.otherPairedRuns = pairedRuns.stream().filter(r -> !r.standardConfiguration()).toList();
        final Map<String, TreeMap<Long, LoadedRun>> byPoint = new HashMap<>();
        final Map<String, List<LoadedRun>> byTransport = new HashMap<>();
        final List<LoadedRun> replaced = new ArrayList<>();
        for (final LoadedRun run : this.runs)
        {
            final RunResult result = run.result();
            if (result.mode() == RunResult.Mode.THROUGHPUT)
            {
                byTransport.computeIfAbsent(result.transport(), t -> new ArrayList<>()).add(run);
                continue;
            }
            final TreeMap<Long, LoadedRun> rates = byPoint.computeIfAbsent(result.transport(), t -> new TreeMap<>());
            final LoadedRun previous = rates.get(result.targetRate());
            if (null == previous || NEWEST_FIRST.compare(run, previous) < 0)
            {
                rates.put(result.targetRate(), run);
                if (null != previous)
                {
                    replaced.add(previous);
                }
            }
            else
            {
                replaced.add(run);
            }
        }
        this.latency = byPoint;
        this.throughput = byTransport;
        replaced.sort(Comparator.comparing(LoadedRun::properties));
        this.superseded = List.copyOf(replaced);
    }

    /**
     * Read every {@code *.run.properties} file under a directory, at any depth, and the paired runs.
     *
     * @param input the directory the sweep wrote to.
     * @return the runs found.
     * @throws ReportInputException if the directory holds no run, or a run file cannot be read or parsed (the message
     *                              names the file).
     */
    public static RunCatalog load(final Path input) throws ReportInputException
    {
        final String flag = "--input";
        final List<Path> files = list(input, flag);
        if (files.isEmpty())
        {
            throw new ReportInputException(flag + ": no run found under '" + input + "'; expected at least one *" +
                RunResultFiles.PROPERTIES_SUFFIX + " file written by the sweep (scripts/sweep.sh)");
        }
        return new RunCatalog(read(files, flag), readPaired(input.resolve(PairedSection.DIRECTORY), flag));
    }

    /**
     * Every paired run's data file in {@code dir} ({@code scripts/paired.sh}), by rate; none if there is no dir.
     */
    private static List<PairedRunData> readPaired(final Path dir, final String flag)
        throws ReportInputException
    {
        if (!Files.isDirectory(dir))
        {
            return List.of();
        }
        final List<PairedRunData> paired = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir))
        {
            for (final Path file : (Iterable<Path>)files.sorted()::iterator)
            {
                if (file.getFileName().toString().endsWith(PairedSection.SUFFIX))
                {
                    final PairedRunData run = PairedRunData.read(file);
                    if (!run.transports().contains(Transports.MONGOOSE))
                    {
                        throw new ReportInputException(flag + ": " + file + ": transports " + run.transports() +
                            "; expected mongoose among them, every paired ratio is Mongoose's against a peer's");
                    }
                    paired.add(run);
                }
            }
        }
        catch (final IOException ex)
        {
            // PairedRunData's message names the file and what it expected.
            throw new ReportInputException(flag + ": " + ex.getMessage(), ex);
        }
        paired.sort(Comparator.comparingLong(PairedRunData::rate));
        return paired;
    }

    /**
     * @param directory where to look, at any depth.
     * @param flag      the flag that named the directory, for errors.
     * @return every run properties file found, sorted by path.
     */
    static List<Path> list(final Path directory, final String flag)
        throws ReportInputException
    {
        try (Stream<Path> walk = Files.walk(directory))
        {
            return walk
                .filter(p -> p.getFileName().toString().endsWith(RunResultFiles.PROPERTIES_SUFFIX))
                .filter(Files::isRegularFile)
                .sorted()
                .collect(Collectors.toList());
        }
        catch (final IOException | UncheckedIOException ex)
        {
            throw new ReportInputException(flag + ": cannot list '" + directory + "': " + ex.getMessage(), ex);
        }
    }

    /**
     * @param files run properties files.
     * @param flag  the flag that named their directory, for errors.
     * @return the runs, in the same order.
     * @throws ReportInputException if a file cannot be read or parsed (the message names it).
     */
    static List<LoadedRun> read(final List<Path> files, final String flag) throws ReportInputException
    {
        final List<LoadedRun> runs = new ArrayList<>(files.size());
        for (final Path file : files)
        {
            try
            {
                // The run's own date; the file system's only for files that record none.
                final Instant recorded = RunResultFiles.recordedAt(file)
                    .orElse(Files.getLastModifiedTime(file).toInstant());
                runs.add(new LoadedRun(file, recorded, RunResultFiles.read(file)));
            }
            catch (final IOException | RuntimeException ex)
            {
                throw new ReportInputException(flag + ": run file '" + file + "' cannot be read: " + ex.getMessage(),
                    ex);
            }
        }
        return runs;
    }

    /**
     * @return every run read, ordered by file path.
     */
    public List<LoadedRun> all()
    {
        return runs;
    }

    /**
     * @return every transport with at least one run, in report order (Mongoose first).
     */
    public List<String> transports()
    {
        return Transports.ordered(runs.stream().map(r -> r.result().transport()).collect(Collectors.toList()));
    }

    /**
     * @return every transport but Mongoose with at least one run, in report order.
     */
    public List<String> peers()
    {
        return Transports.peers(transports());
    }

    /**
     * @return every target rate with a latency run for any transport, ascending.
     */
    public SortedSet<Long> latencyRates()
    {
        final SortedSet<Long> rates = new TreeSet<>();
        latency.values().forEach(byRate -> rates.addAll(byRate.keySet()));
        return rates;
    }

    /**
     * @param transport a transport name.
     * @param rate      a target rate, messages per second.
     * @return the reported latency run of that transport at that rate, if there is one.
     */
    public Optional<LoadedRun> latency(final String transport, final long rate)
    {
        final TreeMap<Long, LoadedRun> byRate = latency.get(transport);
        return null == byRate ? Optional.empty() : Optional.ofNullable(byRate.get(rate));
    }

    /**
     * @param transport a transport name.
     * @return its reported latency runs by target rate, ascending; empty if it has none.
     */
    public List<LoadedRun> latencyRuns(final String transport)
    {
        final TreeMap<Long, LoadedRun> byRate = latency.get(transport);
        return null == byRate ? List.of() : List.copyOf(byRate.values());
    }

    /**
     * @return every reported latency run, by transport in report order, then by rate.
     */
    public List<LoadedRun> latencyRuns()
    {
        final List<LoadedRun> all = new ArrayList<>();
        transports().forEach(t -> all.addAll(latencyRuns(t)));
        return all;
    }

    /**
     * @return latency runs that a newer run of the same transport and rate replaced, by path.
     */
    public List<LoadedRun> supersededLatencyRuns()
    {
        return superseded;
    }

    /**
     * @param transport a transport name.
     * @return its throughput runs, by path; empty if it has none.
     */
    public List<LoadedRun> throughputRuns(final String transport)
    {
        return List.copyOf(throughput.getOrDefault(transport, List.of()));
    }

    /**
     * @param transport a transport name.
     * @return the median achieved rate of its throughput runs, if it has any.
     */
    public Optional<Double> medianThroughput(final String transport)
    {
        final List<LoadedRun> repeats = throughputRuns(transport);
        if (repeats.isEmpty())
        {
            return Optional.empty();
        }
        return Optional.of(Median.of(
            repeats.stream().map(r -> r.result().achievedRate()).collect(Collectors.toList())));
    }

    /**
     * @return the paired runs' data ({@code scripts/paired.sh}) under the input's {@value PairedSection#DIRECTORY}/
     *         in the standard configuration ({@link PairedRunData#standardConfiguration()}), by rate; empty if there
     *         are none. Every section that looks a paired run up by its rate, the targets' included, reads these.
     */
    public List<PairedRunData> pairedRuns()
    {
        return pairedRuns;
    }

    /**
     * @return the paired runs under the input's {@value PairedSection#DIRECTORY}/ in another configuration (a smaller
     *         queue or ring, polled consumers), by rate; empty if there are none. {@link PairedSection} shows them as
     *         rows of their own; no target is judged on them.
     */
    public List<PairedRunData> otherPairedRuns()
    {
        return otherPairedRuns;
    }

    /**
     * @return the last-modified time of the newest run file.
     */
    public Instant newest()
    {
        return runs.stream().map(LoadedRun::modified).max(Comparator.naturalOrder()).orElseThrow();
    }
}
