package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResultFiles;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The name of one repeat's files in the sweep's {@value RepeatRuns#DIRECTORY} directory: the point's usual base name
 * with {@code _r<N>} appended, e.g. {@code disruptor_latency_1m_mps_r2.hgrm} for the second run of the point whose
 * files are otherwise {@code disruptor_latency_1m_mps.*}. The repeat's number is the one fact a run cannot say about
 * itself, so it is read from the name; transport and rate still come from the file's contents.
 *
 * @param point  the point's base name, e.g. {@code latency_1m_mps}: where its selected run is copied.
 * @param repeat the repeat's number, from 1.
 */
public record RepeatName(String point, int repeat)
{
    private static final Pattern BASE = Pattern.compile("(.+)_r([1-9][0-9]{0,8})");

    /**
     * @param point  the point's base name, not blank.
     * @param repeat from 1.
     * @throws IllegalArgumentException if either is out of range.
     */
    public RepeatName
    {
        if (point.isBlank() || repeat < 1)
        {
            throw new IllegalArgumentException("repeat name: point '" + point + "', repeat " + repeat +
                "; expected a base name and a repeat from 1");
        }
    }

    /**
     * @param properties a repeat's {@code .run.properties} file.
     * @return its point and repeat, or empty if the name does not end in {@code _r<N>.run.properties}.
     */
    public static Optional<RepeatName> of(final Path properties)
    {
        final String name = properties.getFileName().toString();
        if (!name.endsWith(RunResultFiles.PROPERTIES_SUFFIX))
        {
            return Optional.empty();
        }
        final Matcher m = BASE.matcher(name.substring(0, name.length() - RunResultFiles.PROPERTIES_SUFFIX.length()));
        return m.matches() ? Optional.of(new RepeatName(m.group(1), Integer.parseInt(m.group(2)))) : Optional.empty();
    }

    /**
     * @param directory the directory the repeat's files are in.
     * @param suffix    {@link RunResultFiles#HGRM_SUFFIX}, {@link RunResultFiles#SERVICE_SUFFIX} or
     *                  {@link RunResultFiles#PROPERTIES_SUFFIX}.
     * @return that file of this repeat, e.g. {@code directory/latency_1m_mps_r2.service.hgrm}.
     */
    public Path file(final Path directory, final String suffix)
    {
        return directory.resolve(point + "_r" + repeat + suffix);
    }

    /**
     * @param directory the directory the point's usual files are in (the sweep's output).
     * @param suffix    as for {@link #file}.
     * @return that file of the point, e.g. {@code directory/latency_1m_mps.service.hgrm}.
     */
    public Path pointFile(final Path directory, final String suffix)
    {
        return directory.resolve(point + suffix);
    }
}
