package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.RunResult;
import io.mongoose.benchmarks.sweep.RunResultFiles;

import java.nio.file.Path;
import java.time.Instant;

/**
 * One run as the report found it: its result and where and when its files were written.
 *
 * @param properties the run's {@code .run.properties} file.
 * @param modified   when that file was last written.
 * @param result     what it holds.
 */
public record LoadedRun(Path properties, Instant modified, RunResult result)
{
    /**
     * @return the run's latency distribution ({@code .hgrm}, microseconds), next to its properties file.
     */
    public Path latencyHgrm()
    {
        return properties.resolveSibling(baseName() + RunResultFiles.HGRM_SUFFIX);
    }

    /**
     * @return the run's service-time distribution ({@code .service.hgrm}, microseconds).
     */
    public Path serviceHgrm()
    {
        return properties.resolveSibling(baseName() + RunResultFiles.SERVICE_SUFFIX);
    }

    private String baseName()
    {
        final String name = properties.getFileName().toString();
        return name.substring(0, name.length() - RunResultFiles.PROPERTIES_SUFFIX.length());
    }
}
