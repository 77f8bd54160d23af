package io.mongoose.yaml;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.status.LatencyMonitor;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The YAML keys of the timer wheel and of latency monitoring reach the builder's model, and bad values are reported
 * with their path.
 */
class SchedulingAndMonitoringYamlTest
{
    /**
     * Equal to every other instance, so a loaded config can equal a builder-made one record for record, while each
     * entry still has an instance of its own (the validator refuses one instance in two entries).
     */
    private record Pricer() implements EventProcessor
    {
        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
        }
    }

    private static final ProcessorTypes TYPES = ProcessorTypes.builder().add("quote-pricer", Pricer::new).build();

    private static ServerConfig load(final String yaml)
    {
        return YamlConfig.load(yaml, "test.yaml", TYPES);
    }

    private static List<String> errors(final String yaml)
    {
        return assertThrows(MongooseConfigException.class, () -> load(yaml)).errors();
    }

    @Test
    void timerWheelKeysAreTheBuildersSettings()
    {
        final ServerConfig loaded = load("""
            feeds: [{ name: quotes, kind: named }]
            agents:
              - name: pricing
                timerTickResolution: 100us
                timerWheelSize: 2048
                processors: [{ name: pricer, type: quote-pricer, subscriptions: [quotes] }]
              - name: defaults
                processors: [{ name: other, type: quote-pricer, subscriptions: [quotes] }]
            """);
        final ServerConfig built = MongooseServer.builder()
            .feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("pricing").timerTickResolution(Duration.ofNanos(100_000))
                .timerWheelSize(2048).processor("pricer", new Pricer(), "quotes"))
            .agentGroup(AgentGroupConfig.named("defaults").processor("other", new Pricer(), "quotes"))
            .toConfig();
        assertEquals(built, loaded);
        assertEquals(AgentGroupConfig.DEFAULT_TIMER_TICK_RESOLUTION, loaded.agentGroups().get(1).timerTickResolution());
        assertEquals(AgentGroupConfig.DEFAULT_TIMER_WHEEL_SIZE, loaded.agentGroups().get(1).timerWheelSize());
    }

    @Test
    void badTimerWheelValuesNameTheirPath()
    {
        assertEquals(List.of(
            "agents[0].timerTickResolution: 'fast'; expected a positive duration: a whole number and a unit (ns, us, " +
                "ms, s, m, h), such as 250ms or 10s",
            "agents[0].timerWheelSize: 'big'; expected a power of two from 2 to 65536",
            "agents[1].timerTickResolution: PT2S (agent group 'b'); expected a duration from 1us to 1s (rounded up to a power of two " +
                "nanoseconds)",
            "agents[1].timerWheelSize: 1000 (agent group 'b'); expected a power of two from 2 to 65536"), errors("""
            feeds: [{ name: quotes, kind: named }]
            agents:
              - name: a
                timerTickResolution: fast
                timerWheelSize: big
                processors: [{ name: p1, type: quote-pricer, subscriptions: [quotes] }]
              - name: b
                timerTickResolution: 2s
                timerWheelSize: 1000
                processors: [{ name: p2, type: quote-pricer, subscriptions: [quotes] }]
            """));
    }

    @Test
    void latencyMonitoringKeysAreTheBuildersSettings()
    {
        final ServerConfig loaded = load("""
            server: { latencyMonitoring: true }
            feeds: [{ name: quotes, kind: named }]
            agents:
              - name: pricing
                processors:
                  - { name: default, type: quote-pricer, subscriptions: [quotes] }
                  - { name: opted-out, type: quote-pricer, subscriptions: [quotes], latencyMonitoring: false }
                  - { name: explicit, type: quote-pricer, subscriptions: [quotes], latencyMonitoring: true }
            """);
        final ServerConfig built = MongooseServer.builder().latencyMonitoring(true)
            .feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("pricing").processor("default", new Pricer(), "quotes")
                .processor(ProcessorConfig.of("opted-out", new Pricer(), "quotes").latencyMonitoring(false))
                .processor(ProcessorConfig.of("explicit", new Pricer(), "quotes").latencyMonitoring(true)))
            .toConfig();
        assertEquals(built, loaded);
        final MongooseServer server = MongooseServer.create(loaded, new PoolRegistry("yaml-latency"),
            (source, message, error) -> { });
        assertEquals(List.of("default", "explicit"),
            server.latencyMonitors().stream().map(LatencyMonitor::processorName).toList());
        server.stop();
    }

    @Test
    void monitoringIsOffUnlessTheFileSaysSo()
    {
        final ServerConfig loaded = load("""
            feeds: [{ name: quotes, kind: named }]
            agents:
              - name: pricing
                processors: [{ name: p, type: quote-pricer, subscriptions: [quotes] }]
            """);
        assertFalse(loaded.latencyMonitoring());
        assertNull(loaded.agentGroups().get(0).processors().get(0).latencyMonitoring());
    }

    @Test
    void latencyMonitoringMustBeABoolean()
    {
        assertEquals(List.of(
            "server.latencyMonitoring: 'yes'; expected true or false",
            "agents[0].processors[0].latencyMonitoring: 1; expected true or false"), errors("""
            server: { latencyMonitoring: yes }
            feeds: [{ name: quotes, kind: named }]
            agents:
              - name: a
                processors: [{ name: p1, type: quote-pricer, subscriptions: [quotes], latencyMonitoring: 1 }]
            """));
    }
}
