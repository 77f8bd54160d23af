package io.mongoose.config;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * The {@link ConfigValidator}'s checks of {@link CountersConfig} and {@link HealthConfig}, with paths as a YAML file
 * spells them ({@code counters.sampleInterval}, {@code health.queueSaturation}).
 */
final class MonitoringConfigChecks
{
    private MonitoringConfigChecks()
    {
    }

    static void check(final CountersConfig counters, final HealthConfig health, final List<ConfigProblem> errors)
    {
        Duration sampleInterval = null;
        if (null == counters)
        {
            errors.add(ConfigProblem.of("counters", "null", "a counters configuration (CountersConfig.defaults())"));
        }
        else
        {
            sampleInterval = counters.sampleInterval();
            if (!CountersConfig.SAMPLE_INTERVAL_RANGE.accepts(sampleInterval))
            {
                ConfigValidator.checkRange(errors, "counters.sampleInterval", CountersConfig.SAMPLE_INTERVAL_RANGE,
                    sampleInterval, null);
                sampleInterval = null;
            }
            final Path dir = counters.dir();
            if (null != dir && Files.exists(dir) && !Files.isDirectory(dir))
            {
                errors.add(ConfigProblem.of("counters.dir", "'" + ConfigProblem.escape(dir.toString()) +
                    "' is not a directory", "a directory (created if missing), or no dir for the default"));
            }
        }
        if (null == health)
        {
            errors.add(ConfigProblem.of("health", "null", "health thresholds (HealthConfig.defaults())"));
            return;
        }
        final Duration stale = health.agentStaleAfter();
        final Duration down = health.agentDownAfter();
        final boolean staleValid = HealthConfig.AGENT_STALE_AFTER_RANGE.accepts(stale);
        ConfigValidator.checkRange(errors, "health.agentStaleAfter", HealthConfig.AGENT_STALE_AFTER_RANGE, stale, null);
        if (!HealthConfig.AGENT_DOWN_AFTER_RANGE.accepts(down))
        {
            ConfigValidator.checkRange(errors, "health.agentDownAfter", HealthConfig.AGENT_DOWN_AFTER_RANGE, down, null);
        }
        else if (staleValid && down.compareTo(stale) <= 0)
        {
            errors.add(ConfigProblem.of("health.agentDownAfter", down + " (agentStaleAfter is " + stale + ")",
                "a duration longer than agentStaleAfter"));
        }
        final double saturation = health.queueSaturation();
        if (!(saturation > 0 && saturation <= 1))
        {
            errors.add(ConfigProblem.of("health.queueSaturation", String.valueOf(saturation),
                "a fill ratio above 0 and at most 1, e.g. 0.8"));
        }
        final double rate = health.errorRate();
        if (!(rate >= 0 && Double.isFinite(rate)))
        {
            errors.add(ConfigProblem.of("health.errorRate", String.valueOf(rate),
                "errors per second, 0 or more (0: any error degrades)"));
        }
        final Duration window = health.errorRateWindow();
        if (!HealthConfig.ERROR_RATE_WINDOW_RANGE.accepts(window))
        {
            ConfigValidator.checkRange(errors, "health.errorRateWindow", HealthConfig.ERROR_RATE_WINDOW_RANGE, window,
                null);
        }
        else if (null != sampleInterval && window.compareTo(sampleInterval) < 0)
        {
            errors.add(ConfigProblem.of("health.errorRateWindow", window + " (counters.sampleInterval is " +
                sampleInterval + ")", "at least the sample interval"));
        }
    }
}
