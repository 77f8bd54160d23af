package io.mongoose.server;

import io.mongoose.dispatch.EventProcessor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * One processor inside an agent group.
 *
 * @param name              unique processor name.
 * @param processor         the user logic.
 * @param subscriptions     named feeds it receives (broadcast feeds reach it anyway).
 * @param latencyMonitoring whether to record its publish-to-handler latency ({@link MongooseServer#latency(String)});
 *                          {@code null} takes the server's default ({@link ServerConfig#latencyMonitoring()}).
 */
public record ProcessorConfig(
    String name, EventProcessor processor, List<String> subscriptions, Boolean latencyMonitoring)
{
    /**
     * Copies the subscription list; nulls are kept so validation can name them.
     */
    public ProcessorConfig
    {
        subscriptions = null == subscriptions ? List.of() : Collections.unmodifiableList(new ArrayList<>(subscriptions));
    }

    /**
     * A processor that follows the server's latency monitoring default.
     *
     * @param name          unique processor name.
     * @param processor     the user logic.
     * @param subscriptions named feeds it receives.
     */
    public ProcessorConfig(final String name, final EventProcessor processor, final List<String> subscriptions)
    {
        this(name, processor, subscriptions, null);
    }

    /**
     * @param name       unique processor name.
     * @param processor  the user logic.
     * @param namedFeeds named feeds it subscribes to.
     * @return a processor following the server's latency monitoring default; add it with
     *         {@link AgentGroupConfig#processor(ProcessorConfig)}.
     */
    public static ProcessorConfig of(final String name, final EventProcessor processor, final String... namedFeeds)
    {
        return new ProcessorConfig(name, processor, null == namedFeeds ? null : Arrays.asList(namedFeeds));
    }

    /**
     * @param on whether to record this processor's publish-to-handler latency, whatever the server's default.
     * @return a copy with that setting.
     */
    public ProcessorConfig latencyMonitoring(final boolean on)
    {
        return new ProcessorConfig(name, processor, subscriptions, on);
    }

    /**
     * @param serverDefault the server's {@link ServerConfig#latencyMonitoring()}.
     * @return whether this processor's latency is recorded.
     */
    public boolean monitorsLatency(final boolean serverDefault)
    {
        return null == latencyMonitoring ? serverDefault : latencyMonitoring;
    }
}
