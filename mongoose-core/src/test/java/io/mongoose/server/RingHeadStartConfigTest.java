package io.mongoose.server;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * An agent group's ring head start: its default, the builder's and the YAML key's values, and what is refused, with the
 * path and what is accepted. {@link RingHeadStartTest} shows an agent holding it.
 */
class RingHeadStartConfigTest
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

    private static final ProcessorTypes TYPES = ProcessorTypes.builder().add("pricer", Pricer::new).build();
    private static final String EXPECTED = "expected " + AgentGroupConfig.RING_HEAD_START_RANGE.expected();

    private static ServerConfig load(final String yaml)
    {
        return YamlConfig.load(yaml, "test.yaml", TYPES);
    }

    private static List<String> errors(final String yaml)
    {
        return assertThrows(MongooseConfigException.class, () -> load(yaml)).errors();
    }

    /** The validator's view of a group made with the record's constructor, which checks nothing itself. */
    private static List<String> problems(final Duration headStart)
    {
        final AgentGroupConfig group = AgentGroupConfig.named("pricing").processor("p", new Pricer(), "quotes");
        return ConfigValidator.problems(MongooseServer.builder().feed(FeedConfig.named("quotes"))
            .agentGroup(new AgentGroupConfig(group.name(), group.idleStrategy(), group.drainLimit(), group.pinning(),
                group.threadMode(), group.processors(), group.timerTickResolution(), group.timerWheelSize(), headStart))
            .toConfig());
    }

    @Test
    void theDefaultIsFourMicrosecondsInEveryConstructorAndTheYaml()
    {
        assertEquals(Duration.ofNanos(4_000), AgentGroupConfig.DEFAULT_RING_HEAD_START);
        assertEquals(Duration.ofNanos(4_000), AgentGroupConfig.named("a").ringHeadStart());
        assertEquals(Duration.ofNanos(4_000), new AgentGroupConfig("a", IdleStrategyKind.BUSY_SPIN, 256, Pinning.none(),
            ThreadMode.DEDICATED, List.of()).ringHeadStart());
        assertEquals(Duration.ofNanos(4_000), new AgentGroupConfig("a", IdleStrategyKind.BUSY_SPIN, 256, Pinning.none(),
            ThreadMode.DEDICATED, List.of(), Duration.ofMillis(1), 512).ringHeadStart());
        assertEquals(Duration.ofNanos(4_000), load("""
            feeds: [{ name: quotes, kind: named }]
            agents: [{ name: pricing, processors: [{ name: p, type: pricer, subscriptions: [quotes] }]}]
            """).agentGroups().get(0).ringHeadStart());
    }

    @Test
    void everyOtherSettingKeepsIt()
    {
        final Duration held = Duration.ofNanos(7_000);
        final AgentGroupConfig group = AgentGroupConfig.named("a").ringHeadStart(held)
            .idleStrategy(IdleStrategyKind.BACKOFF)
            .drainLimit(32).pinning(Pinning.anyCpu()).threadMode(ThreadMode.INVOKER).processor("p", new Pricer(), "quotes")
            .processor(ProcessorConfig.of("q", new Pricer(), "quotes")).timerTickResolution(Duration.ofNanos(100_000))
            .timerWheelSize(64);
        assertEquals(held, group.ringHeadStart());
    }

    @Test
    void theYamlKeyIsTheBuildersSetting()
    {
        final ServerConfig loaded = load("""
            feeds: [{ name: quotes, kind: named }]
            agents:
              - { name: a, ringHeadStart: 10us, processors: [{ name: p1, type: pricer, subscriptions: [quotes] }]}
              - { name: b, ringHeadStart: 0, processors: [{ name: p2, type: pricer, subscriptions: [quotes] }]}
              - { name: c, ringHeadStart: 0us, processors: [{ name: p3, type: pricer, subscriptions: [quotes] }]}
              - { name: d, ringHeadStart: 1ms, processors: [{ name: p4, type: pricer, subscriptions: [quotes] }]}
            """);
        final ServerConfig built = MongooseServer.builder()
            .feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("a").ringHeadStart(Duration.ofNanos(10_000)).processor("p1", new Pricer(),
                "quotes"))
            .agentGroup(AgentGroupConfig.named("b").ringHeadStart(Duration.ZERO).processor("p2", new Pricer(), "quotes"))
            .agentGroup(AgentGroupConfig.named("c").ringHeadStart(Duration.ZERO).processor("p3", new Pricer(), "quotes"))
            .agentGroup(AgentGroupConfig.named("d").ringHeadStart(Duration.ofMillis(1)).processor("p4", new Pricer(),
                "quotes"))
            .toConfig();
        assertEquals(built, loaded);
    }

    @Test
    void badYamlValuesNameTheirPathAndWhatIsAccepted()
    {
        assertEquals(List.of(
            "agents[0].ringHeadStart: 'soon'; " + EXPECTED,
            "agents[1].ringHeadStart: '-4us'; " + EXPECTED,
            "agents[2].ringHeadStart: a list; " + EXPECTED,
            "agents[3].ringHeadStart: PT0.002S (agent group 'd'); " + EXPECTED), errors("""
            feeds: [{ name: quotes, kind: named }]
            agents:
              - { name: a, ringHeadStart: soon, processors: [{ name: p1, type: pricer, subscriptions: [quotes] }]}
              - { name: b, ringHeadStart: -4us, processors: [{ name: p2, type: pricer, subscriptions: [quotes] }]}
              - { name: c, ringHeadStart: [4us], processors: [{ name: p3, type: pricer, subscriptions: [quotes] }]}
              - { name: d, ringHeadStart: 2ms, processors: [{ name: p4, type: pricer, subscriptions: [quotes] }]}
            """));
    }

    @Test
    void theBuilderRefusesANullANegativeOrTooLongAHeadStart()
    {
        final AgentGroupConfig pricing = AgentGroupConfig.named("pricing");
        assertEquals("agent group 'pricing' ringHeadStart: null; " + EXPECTED,
            assertThrows(NullPointerException.class, () -> pricing.ringHeadStart(null)).getMessage());
        assertEquals("agent group 'pricing' ringHeadStart: PT-0.000000001S; " + EXPECTED,
            assertThrows(IllegalArgumentException.class, () -> pricing.ringHeadStart(Duration.ofNanos(-1)))
                .getMessage());
        assertEquals("agent group 'pricing' ringHeadStart: PT1S; " + EXPECTED,
            assertThrows(IllegalArgumentException.class, () -> pricing.ringHeadStart(Duration.ofSeconds(1)))
                .getMessage());
        assertEquals(Duration.ZERO, pricing.ringHeadStart(Duration.ZERO).ringHeadStart());
        assertEquals(AgentGroupConfig.MAX_RING_HEAD_START,
            pricing.ringHeadStart(AgentGroupConfig.MAX_RING_HEAD_START).ringHeadStart());
    }

    @Test
    void theValidatorRefusesWhatTheConstructorLetThrough()
    {
        assertEquals(List.of("agents[0].ringHeadStart: null (agent group 'pricing'); " + EXPECTED), problems(null));
        assertEquals(List.of("agents[0].ringHeadStart: PT-0.000000001S (agent group 'pricing'); " + EXPECTED),
            problems(Duration.ofNanos(-1)));
        assertEquals(List.of("agents[0].ringHeadStart: PT0.001000001S (agent group 'pricing'); " + EXPECTED),
            problems(Duration.ofNanos(1_000_001)));
        assertEquals(List.of(), problems(Duration.ZERO));
        assertEquals(List.of(), problems(AgentGroupConfig.MAX_RING_HEAD_START));
    }
}
