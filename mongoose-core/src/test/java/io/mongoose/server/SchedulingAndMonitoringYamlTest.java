package io.mongoose.server;

import io.mongoose.dispatch.EventProcessor;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The YAML keys of the timer wheel and of latency monitoring reach the builder's model, and bad values are reported
 * with their path.
 */
class SchedulingAndMonitoringYamlTest
{
    private static final EventProcessor PRICER = handlers ->
    {
    };
    private static final ProcessorTypes TYPES = ProcessorTypes.builder().add("quote-pricer", () -> PRICER).build();

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
                .timerWheelSize(2048).processor("pricer", PRICER, "quotes"))
            .agentGroup(AgentGroupConfig.named("defaults").processor("other", PRICER, "quotes"))
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
            "agents[1].timerTickResolution: PT2S; expected a duration from 1us to 1s (rounded up to a power of two " +
                "nanoseconds)",
            "agents[1].timerWheelSize: 1000; expected a power of two from 2 to 65536"), errors("""
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
}
