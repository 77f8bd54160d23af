package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResultFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * The step the sweep runs after its repeated latency runs: checks that every point in the output's
 * {@value RepeatRuns#DIRECTORY} directory has the same, complete set of repeats, then copies each point's median run
 * ({@link RepeatedPoint#selected()}) to the point's usual name in the output directory, so everything that reads the
 * sweep's run files reads the median without knowing about repeats.
 *
 * <p>Nothing is copied unless every point passes: a half-applied selection would leave the output mixing medians with
 * whatever was there before.
 */
public final class RepeatSelection
{
    /** The three files of a run, in the order they are copied: the properties file, the one the report reads, last. */
    private static final List<String> SUFFIXES = List.of(RunResultFiles.HGRM_SUFFIX, RunResultFiles.SERVICE_SUFFIX,
        RunResultFiles.PROPERTIES_SUFFIX);

    private final Path output;
    private final RepeatRuns runs;
    private final int repeats;

    private RepeatSelection(final Path output, final RepeatRuns runs, final int repeats)
    {
        this.output = output;
        this.runs = runs;
        this.repeats = repeats;
    }

    /**
     * Read and check the repeats of a sweep's output directory.
     *
     * @param output   the sweep's output directory, holding {@value RepeatRuns#DIRECTORY}/.
     * @param expected how many repeats every point must have, or empty to require only that all points have as many
     *                 as the one with the most.
     * @param flag     the flag that named the directory, for errors.
     * @return the checked repeats, ready to copy.
     * @throws ReportInputException naming every missing file (a repeat, or the .hgrm or .service.hgrm beside a run's
     *                              properties) and every repeat beyond the expected count, one per line; or, as
     *                              {@link RepeatRuns#load} does, a directory or run that cannot be read.
     */
    public static RepeatSelection check(final Path output, final OptionalInt expected, final String flag)
        throws ReportInputException
    {
        final RepeatRuns runs = RepeatRuns.load(output, flag);
        final int count = expected.orElse(runs.highestRepeat());
        final String why = expected.isPresent() ? "--repeats=" + count : "the most repeats any point has";
        final List<String> problems = new ArrayList<>();
        for (final RepeatedPoint point : runs.points())
        {
            for (int repeat = 1; repeat <= count; repeat++)
            {
                final Optional<LoadedRun> run = point.repeat(repeat);
                if (run.isEmpty())
                {
                    final Path expectedFile = new RepeatName(point.name(), repeat)
                        .file(runs.directory(), RunResultFiles.PROPERTIES_SUFFIX);
                    problems.add(flag + ": missing '" + expectedFile + "': repeat " + repeat + " of " +
                        describe(point) + "; expected " + count + " repeats per point (" + why + ")");
                    continue;
                }
                for (final Path file : files(run.get()))
                {
                    if (!Files.isRegularFile(file))
                    {
                        problems.add(flag + ": missing '" + file + "' beside '" + run.get().properties() +
                            "'; expected all three files of every repeat");
                    }
                }
            }
            for (final int repeat : point.repeats().tailMap(count + 1).keySet())
            {
                problems.add(flag + ": '" + point.repeat(repeat).orElseThrow().properties() + "' is repeat " +
                    repeat + " of " + describe(point) + "; expected at most " + count + " (" + why + ")");
            }
        }
        if (!problems.isEmpty())
        {
            throw new ReportInputException(String.join(System.lineSeparator(), problems));
        }
        return new RepeatSelection(output, runs, count);
    }

    /**
     * @return the checked points, by rate and then transport in report order.
     */
    public List<RepeatedPoint> points()
    {
        return runs.points();
    }

    /**
     * @return how many repeats every point has.
     */
    public int repeats()
    {
        return repeats;
    }

    /**
     * @return the directory the repeats were read from.
     */
    public Path directory()
    {
        return runs.directory();
    }

    /**
     * Copy each point's selected run to the point's usual name in the output directory, replacing what is there. The
     * copies keep the run's modification time, so the report dates them by when they ran, not when they were copied.
     *
     * @throws IOException if a file cannot be copied.
     */
    public void copy() throws IOException
    {
        for (final RepeatedPoint point : runs.points())
        {
            final RepeatName name = new RepeatName(point.name(), point.selectedRepeat());
            final List<Path> from = files(point.selected());
            for (int i = 0; i < SUFFIXES.size(); i++)
            {
                Files.copy(from.get(i), name.pointFile(output, SUFFIXES.get(i)),
                    StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
    }

    /**
     * @param point a checked point.
     * @return one line on what was chosen and from what, e.g. {@code latency_1m_mps: r2 of 3, p50 180 ns (p50 by
     * repeat: 150 ns, 180 ns, 620 ns)}.
     */
    public static String line(final RepeatedPoint point)
    {
        return point.name() + ": r" + point.selectedRepeat() + " of " + point.count() + ", p50 " +
            Formats.latency(RepeatedPoint.p50(point.selected().result())) + " (p50 by repeat: " +
            point.repeats().values().stream().map(r -> Formats.latency(RepeatedPoint.p50(r.result())))
                .collect(Collectors.joining(", ")) + ")";
    }

    /**
     * @return a run's three files, in {@link #SUFFIXES} order.
     */
    private static List<Path> files(final LoadedRun run)
    {
        return List.of(run.latencyHgrm(), run.serviceHgrm(), run.properties());
    }

    private static String describe(final RepeatedPoint point)
    {
        return Transports.displayName(point.transport()) + " at " + RunLabels.rate(point.rate());
    }
}
