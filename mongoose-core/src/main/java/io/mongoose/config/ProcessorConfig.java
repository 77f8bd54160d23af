package io.mongoose.config;

import io.mongoose.dispatch.EventProcessor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * One processor inside an agent group.
 *
 * <p>Made with {@link #of(String, EventProcessor, String...)} and changed with the withers, each of which returns a
 * copy, e.g. {@code ProcessorConfig.of("vwap", vwap, "prices").publishes("signals").latencyMonitoring(true)}. A
 * {@link #builder()} checks nothing, for front ends that leave every check to {@link ConfigValidator}.
 *
 * <p>A value: equal to another processor config with equal settings (the same processor instance).
 */
public final class ProcessorConfig
{
    private final String name;
    private final EventProcessor processor;
    private final List<String> subscriptions;
    private final List<String> services;
    private final List<String> publishes;
    private final Boolean latencyMonitoring;

    /** Copies the lists, a null list as an empty one; null names in them are kept so validation can name them. */
    private ProcessorConfig(
        final String name, final EventProcessor processor, final List<String> subscriptions,
        final List<String> services, final List<String> publishes, final Boolean latencyMonitoring)
    {
        this.name = name;
        this.processor = processor;
        this.subscriptions = copy(subscriptions);
        this.services = copy(services);
        this.publishes = copy(publishes);
        this.latencyMonitoring = latencyMonitoring;
    }

    /**
     * @param name          unique processor name.
     * @param processor     the user logic.
     * @param subscriptions named feeds it receives.
     * @return a processor that declares no services, publishes nothing and follows the server's latency monitoring
     *         default; change them with the copies below and host it with
     *         {@link AgentGroupConfig#processor(ProcessorConfig)}.
     */
    public static ProcessorConfig of(final String name, final EventProcessor processor, final String... subscriptions)
    {
        return new ProcessorConfig(name, processor, list(subscriptions), List.of(), List.of(), null);
    }

    /**
     * @return a builder that starts from {@code of(null, null)}'s settings and checks none of the values it is given.
     */
    public static Builder builder()
    {
        return new Builder(of(null, null));
    }

    /**
     * @return a builder that starts from this processor's settings.
     */
    public Builder toBuilder()
    {
        return new Builder(this);
    }

    /**
     * @return unique processor name.
     */
    public String name()
    {
        return name;
    }

    /**
     * @return the user logic.
     */
    public EventProcessor processor()
    {
        return processor;
    }

    /**
     * @return named feeds it receives (broadcast feeds reach it anyway); unmodifiable.
     */
    public List<String> subscriptions()
    {
        return subscriptions;
    }

    /**
     * @return services it uses, checked to exist before anything starts (it may look up any service); unmodifiable.
     */
    public List<String> services()
    {
        return services;
    }

    /**
     * @return feeds it is the single producer of, from its agent thread: a pipe to the processors subscribing to them
     *         ({@code ProcessorContext.publisher(feed)}); unmodifiable.
     */
    public List<String> publishes()
    {
        return publishes;
    }

    /**
     * @return whether to record its publish-to-handler latency
     *         ({@link io.mongoose.server.MongooseServer#latency(String)}); {@code null} takes the server's default
     *         ({@link ServerConfig#latencyMonitoring()}).
     */
    public Boolean latencyMonitoring()
    {
        return latencyMonitoring;
    }

    /**
     * @param feeds feeds this processor publishes from its agent thread.
     * @return a copy publishing them.
     */
    public ProcessorConfig publishes(final String... feeds)
    {
        return new ProcessorConfig(name, processor, subscriptions, services, list(feeds), latencyMonitoring);
    }

    /**
     * @param serviceNames services this processor uses; unknown names fail validation.
     * @return a copy declaring them.
     */
    public ProcessorConfig services(final String... serviceNames)
    {
        return new ProcessorConfig(name, processor, subscriptions, list(serviceNames), publishes, latencyMonitoring);
    }

    /**
     * @param on whether to record this processor's publish-to-handler latency, whatever the server's default.
     * @return a copy with that setting.
     */
    public ProcessorConfig latencyMonitoring(final boolean on)
    {
        return new ProcessorConfig(name, processor, subscriptions, services, publishes, on);
    }

    /**
     * @param serverDefault the server's {@link ServerConfig#latencyMonitoring()}.
     * @return whether this processor's latency is recorded.
     */
    public boolean monitorsLatency(final boolean serverDefault)
    {
        return null == latencyMonitoring ? serverDefault : latencyMonitoring;
    }

    private static List<String> list(final String[] names)
    {
        return null == names ? null : Arrays.asList(names);
    }

    private static List<String> copy(final List<String> names)
    {
        return null == names ? List.of() : Collections.unmodifiableList(new ArrayList<>(names));
    }

    /**
     * @param o another object.
     * @return whether it is a processor config with equal settings and the same processor instance (by its equals).
     */
    @Override
    public boolean equals(final Object o)
    {
        return this == o || o instanceof ProcessorConfig that && Objects.equals(name, that.name) &&
            Objects.equals(processor, that.processor) && subscriptions.equals(that.subscriptions) &&
            services.equals(that.services) && publishes.equals(that.publishes) &&
            Objects.equals(latencyMonitoring, that.latencyMonitoring);
    }

    /**
     * @return a hash of every setting, consistent with {@link #equals(Object)}.
     */
    @Override
    public int hashCode()
    {
        return Objects.hash(name, processor, subscriptions, services, publishes, latencyMonitoring);
    }

    /**
     * @return every setting, e.g. {@code ProcessorConfig[name=vwap, processor=..., subscriptions=[prices], ...]}.
     */
    @Override
    public String toString()
    {
        return "ProcessorConfig[name=" + name + ", processor=" + processor + ", subscriptions=" + subscriptions +
            ", services=" + services + ", publishes=" + publishes + ", latencyMonitoring=" + latencyMonitoring + "]";
    }

    /**
     * Sets any value and checks none, so a front end that reads settings from elsewhere (the YAML reader) can hand
     * whatever it read to {@link ConfigValidator}, which reports every problem at once with its path. Code that writes
     * a processor entry uses {@link #of(String, EventProcessor, String...)} and the withers.
     */
    public static final class Builder
    {
        private String name;
        private EventProcessor processor;
        private List<String> subscriptions;
        private List<String> services;
        private List<String> publishes;
        private Boolean latencyMonitoring;

        private Builder(final ProcessorConfig from)
        {
            name = from.name;
            processor = from.processor;
            subscriptions = from.subscriptions;
            services = from.services;
            publishes = from.publishes;
            latencyMonitoring = from.latencyMonitoring;
        }

        /**
         * @param processorName unique processor name.
         * @return this builder.
         */
        public Builder name(final String processorName)
        {
            name = processorName;
            return this;
        }

        /**
         * @param eventProcessor the user logic.
         * @return this builder.
         */
        public Builder processor(final EventProcessor eventProcessor)
        {
            processor = eventProcessor;
            return this;
        }

        /**
         * @param feeds named feeds it receives, copied at {@link #build()}; {@code null} for none.
         * @return this builder.
         */
        public Builder subscriptions(final List<String> feeds)
        {
            subscriptions = feeds;
            return this;
        }

        /**
         * @param serviceNames services it uses, copied at {@link #build()}; {@code null} for none.
         * @return this builder.
         */
        public Builder services(final List<String> serviceNames)
        {
            services = serviceNames;
            return this;
        }

        /**
         * @param feeds feeds it publishes from its agent thread, copied at {@link #build()}; {@code null} for none.
         * @return this builder.
         */
        public Builder publishes(final List<String> feeds)
        {
            publishes = feeds;
            return this;
        }

        /**
         * @param on whether to record its publish-to-handler latency; {@code null} for the server's default.
         * @return this builder.
         */
        public Builder latencyMonitoring(final Boolean on)
        {
            latencyMonitoring = on;
            return this;
        }

        /**
         * @return a processor config with the values given, checked by no one yet.
         */
        public ProcessorConfig build()
        {
            return new ProcessorConfig(name, processor, subscriptions, services, publishes, latencyMonitoring);
        }
    }
}
