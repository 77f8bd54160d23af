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
import java.util.stream.Stream;

/**
 * Every run under an input directory, grouped by what the runs record (transport, mode, target rate), never by file
 * name. A latency point is one transport at one target rate; of several runs of a point the newest is reported and
 * the others are listed by {@link #supersededLatencyRuns()}. The paired runs are read from
 * {@value PairedSection#DIRECTORY}/.
 */
public final class RunCatalog
{
    /** Which of two runs of a point is reported: the newer; the path breaks a tie so output is stable. */
    private static final Comparator<LoadedRun> NEWEST_FIRST =
        Comparator.comparing(LoadedRun::modified).reversed().thenComparing(LoadedRun::properties);
    private static final String FLAG = "--input";

    private final List<LoadedRun> runs;
    private final List<PairedRunData> pairedRuns;
    private final List<PairedRunData> otherPairedRuns;
    private final Map<String, TreeMap<Long, LoadedRun>> latency = new HashMap<>();
    private final Map<String, List<LoadedRun>> throughput = new HashMap<>();
    private final List<LoadedRun> superseded = new ArrayList<>();

    private RunCatalog(final List<LoadedRun> runs, final List<PairedRunData> pairedRuns)
    {
        this.runs = List.copyOf(runs);
        this.pairedRuns = pairedRuns.stream().filter(PairedRunData::standardConfiguration).toList();
        this.otherPairedRuns = pairedRuns.stream().filter(r -> !r.standardConfiguration()).toList();
        for (final LoadedRun run : this.runs)
        {
            final RunResult result = run.result();
            if (result.mode() == RunResult.Mode.THROUGHPUT)
            {
                throughput.computeIfAbsent(result.transport(), t -> new ArrayList<>()).add(run);
                continue;
            }
            final TreeMap<Long, LoadedRun> rates = latency.computeIfAbsent(result.transport(), t -> new TreeMap<>());
            final LoadedRun previous = rates.get(result.targetRate());
            final boolean newer = null == previous || NEWEST_FIRST.compare(run, previous) < 0;
            if (newer)
            {
                rates.put(result.targetRate(), run);
            }
            if (null != previous)
            {
                superseded.add(newer ? previous : run);
            }
        }
        superseded.sort(Comparator.comparing(LoadedRun::properties));
    }

    /**
     * Read every {@code *.run.properties} file under a directory, at any depth, and the paired runs.
     *
     * @param input the directory the sweep wrote to.
     * @return the runs found.
     * @throws ReportInputException if the directory holds no run, or a run file cannot be read (named in the message).
     */
    public static RunCatalog load(final Path input) throws ReportInputException
    {
        final List<Path> files;
        try (Stream<Path> walk = Files.walk(input))
        {
            files = walk.filter(p -> p.getFileName().toString().endsWith(RunResultFiles.PROPERTIES_SUFFIX))
                .filter(Files::isRegularFile).sorted().toList();
        }
        catch (final IOException | UncheckedIOException ex)
        {
            throw new ReportInputException(FLAG + ": cannot list '" + input + "': " + ex.getMessage(), ex);
        }
        if (files.isEmpty())
        {
            throw new ReportInputException(FLAG + ": no run found under '" + input + "'; expected at least one *" +
                RunResultFiles.PROPERTIES_SUFFIX + " file written by the sweep (scripts/sweep.sh)");
        }
        final List<LoadedRun> runs = new ArrayList<>(files.size());
        for (final Path file : files)
        {
            try
            {
                // The run's own date; the file system's only for files that record none.
                final Instant recorded =
                    RunResultFiles.recordedAt(file).orElse(Files.getLastModifiedTime(file).toInstant());
                runs.add(new LoadedRun(file, recorded, RunResultFiles.read(file)));
            }
            catch (final IOException | RuntimeException ex)
            {
                throw new ReportInputException(FLAG + ": run file '" + file + "' cannot be read: " + ex.getMessage(),
                    ex);
            }
        }
        return new RunCatalog(runs, readPaired(input.resolve(PairedSection.DIRECTORY)));
    }

    /** Every paired run's data file in {@code dir}, by rate; none if there is no such directory. */
    private static List<PairedRunData> readPaired(final Path dir) throws ReportInputException
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
                        throw new ReportInputException(FLAG + ": " + file + ": transports " + run.transports() +
                            "; expected mongoose among them, every paired ratio is Mongoose's against a peer's");
                    }
                    paired.add(run);
                }
            }
        }
        catch (final IOException ex)
        {
            // PairedRunData's message names the file and what it expected.
            throw new ReportInputException(FLAG + ": " + ex.getMessage(), ex);
        }
        paired.sort(Comparator.comparingLong(PairedRunData::rate));
        return paired;
    }

    /** @return every run read, ordered by file path. */
    public List<LoadedRun> all()
    {
        return runs;
    }

    /** @return every transport with at least one run, in report order (Mongoose first). */
    public List<String> transports()
    {
        return Transports.ordered(runs.stream().map(r -> r.result().transport()).toList());
    }

    /** @return every transport but Mongoose with at least one run, in report order. */
    public List<String> peers()
    {
        return transports().stream().filter(t -> !Transports.MONGOOSE.equals(t)).toList();
    }

    /** @return every target rate with a latency run for any transport, ascending. */
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
        return Optional.ofNullable(latency.getOrDefault(transport, new TreeMap<>()).get(rate));
    }

    /**
     * @param transport a transport name.
     * @return its reported latency runs by target rate, ascending.
     */
    public List<LoadedRun> latencyRuns(final String transport)
    {
        return List.copyOf(latency.getOrDefault(transport, new TreeMap<>()).values());
    }

    /** @return latency runs that a newer run of the same transport and rate replaced, by path. */
    public List<LoadedRun> supersededLatencyRuns()
    {
        return List.copyOf(superseded);
    }

    /**
     * @param transport a transport name.
     * @return its throughput runs, by path.
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
        return repeats.isEmpty() ? Optional.empty() :
            Optional.of(Formats.median(repeats.stream().map(r -> r.result().achievedRate()).toList()));
    }

    /**
     * @return the paired runs in the standard configuration ({@link PairedRunData#standardConfiguration()}), by
     *         rate: the ones the targets are judged on.
     */
    public List<PairedRunData> pairedRuns()
    {
        return pairedRuns;
    }

    /** @return the paired runs in another configuration (a smaller queue or ring, polled consumers), by rate. */
    public List<PairedRunData> otherPairedRuns()
    {
        return otherPairedRuns;
    }

    /** @return the recorded time of the newest run. */
    public Instant newest()
    {
        return runs.stream().map(LoadedRun::modified).max(Comparator.naturalOrder()).orElseThrow();
    }
}
