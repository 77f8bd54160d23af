package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;

import java.nio.file.Path;
import java.time.Instant;

/**
 * One run as the report found it.
 *
 * @param properties the run's {@code .run.properties} file.
 * @param modified   when the run was recorded.
 * @param result     what it holds.
 */
public record LoadedRun(Path properties, Instant modified, RunResult result)
{
    /**
     * @param suffix {@link RunResultFiles#HGRM_SUFFIX} or {@link RunResultFiles#SERVICE_SUFFIX}.
     * @return the run's file of that suffix, next to its properties file.
     */
    public Path sibling(final String suffix)
    {
        final String name = properties.getFileName().toString();
        return properties.resolveSibling(
            name.substring(0, name.length() - RunResultFiles.PROPERTIES_SUFFIX.length()) + suffix);
    }
}
