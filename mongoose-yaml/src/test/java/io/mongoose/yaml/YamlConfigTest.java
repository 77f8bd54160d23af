package io.mongoose.yaml;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.Pinning;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.feed.FullQueuePolicy;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;
import io.mongoose.testing.AgentThreads;
import io.mongoose.testing.Await;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * YAML reaches the builder's model, and every kind of bad file ends in one {@link MongooseConfigException} that lists
 * every problem with its path.
 */
class YamlConfigTest
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

    /** Equal to every other instance, like the pricer. */
    private record Risk() implements EventProcessor
    {
        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
        }
    }

    private static final String IDLE_NAMES = "busy-spin, yield, backoff, sleep";
    private static final String DURATION =
        "a positive duration: a whole number and a unit (ns, us, ms, s, m, h), such as 250ms or 10s";

    private static final ProcessorTypes TYPES = ProcessorTypes.builder()
        .add("quote-pricer", Pricer::new)
        .add("risk-check", Risk::new)
        .build();

    /** The smallest valid file: one named feed, one agent, one processor subscribing to it. */
    private static final String MINIMAL = """
        feeds:
          - { name: quotes, kind: named }
        agents:
          - name: pricing
            processors:
              - { name: pricer, type: quote-pricer, subscriptions: [quotes] }
        """;

    private static ServerConfig load(final String yaml)
    {
        return YamlConfig.load(yaml, "test.yaml", TYPES);
    }

    private static List<String> errors(final String yaml)
    {
        return errors(yaml, TYPES);
    }

    private static List<String> errors(final String yaml, final ProcessorTypes types)
    {
        return assertThrows(MongooseConfigException.class, () -> YamlConfig.load(yaml, "test.yaml", types)).errors();
    }

    /** MINIMAL with its agent's settings replaced by {@code agentLines} (indented as agent keys). */
    private static String agentWith(final String agentLines)
    {
        return MINIMAL.replace("  - name: pricing\n", "  - name: pricing\n" + agentLines.indent(4));
    }

    /** MINIMAL with its feed replaced by {@code feed}, a flow map. */
    private static String feedIs(final String feed)
    {
        return MINIMAL.replace("{ name: quotes, kind: named }", feed);
    }

    // ---------------------------------------------------------------------------------------------- the same model

    @Test
    void aFullFileIsTheConfigTheBuilderMakes()
    {
        final ServerConfig loaded = load("""
            server: { name: quotes, startTimeout: 45s, shutdownTimeout: 1500ms }
            feeds:
              - { name: quotes, kind: named, queueCapacity: 1024, fullQueuePolicy: drop, publishTimeout: 250ms }
              - name: control
                kind: broadcast
                queueCapacity: 0x10
                fullQueuePolicy: fail
                publishTimeout: 2m
            agents:
              - name: pricing
                idleStrategy: busy-spin
                drainLimit: 64
                pinning: { cpu: 1 }
                threadMode: dedicated
                processors:
                  - { name: pricer, type: quote-pricer, subscriptions: [quotes] }
                  - name: pricer-2
                    type: quote-pricer
                    subscriptions:
                      - quotes
              - name: risk
                idleStrategy: backoff
                pinning: any
                processors:
                  - { name: limits, type: risk-check }
              - name: audit
                idleStrategy: sleep
                drainLimit: 1
                pinning: none
                threadMode: invoker
                processors:
                  - { name: audit-log, type: risk-check, subscriptions: [quotes, control] }
            """);

        final ServerConfig built = MongooseServer.builder()
            .name("quotes")
            .startTimeout(Duration.ofSeconds(45))
            .shutdownTimeout(Duration.ofMillis(1500))
            .feed(FeedConfig.named("quotes").queueCapacity(1024).fullQueuePolicy(FullQueuePolicy.DROP)
                .publishTimeout(Duration.ofMillis(250)))
            .feed(FeedConfig.broadcast("control").queueCapacity(16).fullQueuePolicy(FullQueuePolicy.FAIL)
                .publishTimeout(Duration.ofMinutes(2)))
            .agentGroup(AgentGroupConfig.named("pricing").idleStrategy(IdleStrategyKind.BUSY_SPIN).drainLimit(64)
                .pinning(Pinning.cpu(1)).threadMode(ThreadMode.DEDICATED)
                .processor("pricer", new Pricer(), "quotes").processor("pricer-2", new Pricer(), "quotes"))
            .agentGroup(AgentGroupConfig.named("risk").idleStrategy(IdleStrategyKind.BACKOFF).pinning(Pinning.anyCpu())
                .processor("limits", new Risk()))
            .agentGroup(AgentGroupConfig.named("audit").idleStrategy(IdleStrategyKind.SLEEP).drainLimit(1)
                .pinning(Pinning.none()).threadMode(ThreadMode.INVOKER)
                .processor("audit-log", new Risk(), "quotes", "control"))
            .toConfig();

        assertEquals(built, loaded);
    }

    @Test
    void keysLeftOutTakeTheBuilderDefaults()
    {
        final ServerConfig built = MongooseServer.builder()
            .feed(FeedConfig.named("quotes"))
            .agentGroup(AgentGroupConfig.named("pricing").processor("pricer", new Pricer(), "quotes"))
            .toConfig();

        assertEquals(built, load(MINIMAL));
        assertEquals("mongoose", load(MINIMAL).name());
    }

    @Test
    void eachProcessorEntryGetsANewProcessorFromItsType()
    {
        final class Counter implements EventProcessor
        {
            @Override
            public void registerHandlers(final HandlerRegistry handlers)
            {
            }
        }
        final ProcessorTypes types = ProcessorTypes.builder().add("counter", Counter::new).build();

        final ServerConfig config = YamlConfig.load("""
            feeds: [{ name: ticks, kind: broadcast }]
            agents:
              - name: a
                processors: [{ name: one, type: counter }, { name: two, type: counter }]
            """, "counters.yaml", types);

        final List<ProcessorConfig> processors = config.agentGroups().get(0).processors();
        assertEquals(Counter.class, processors.get(0).processor().getClass());
        assertEquals(Counter.class, processors.get(1).processor().getClass());
        assertNotSame(processors.get(0).processor(), processors.get(1).processor());
    }

    @Test
    void everyPinningForm()
    {
        assertEquals(Pinning.none(), load(agentWith("pinning: none")).agentGroups().get(0).pinning());
        assertEquals(Pinning.anyCpu(), load(agentWith("pinning: any")).agentGroups().get(0).pinning());
        assertEquals(Pinning.anyCpu(), load(agentWith("pinning: { cpu: any }")).agentGroups().get(0).pinning());
        assertEquals(Pinning.cpu(3), load(agentWith("pinning: { cpu: 3 }")).agentGroups().get(0).pinning());
    }

    @Test
    void durationsInEveryUnit()
    {
        final String[] written = {"5ns", "7us", "250ms", "10s", "2m", "1h"};
        final Duration[] meant = {Duration.ofNanos(5), Duration.ofNanos(7_000), Duration.ofMillis(250),
            Duration.ofSeconds(10), Duration.ofMinutes(2), Duration.ofHours(1)};
        for (int i = 0; i < written.length; i++)
        {
            assertEquals(meant[i], load("server: { startTimeout: " + written[i] + " }\n" + MINIMAL).startTimeout(),
                written[i]);
        }
    }

    @Test
    void namesMayBeNumbersAndTaggedCoreValuesAreAccepted()
    {
        final ServerConfig config = load("""
            server: { name: 2024 }
            feeds:
              - { name: !!str quotes, kind: named, queueCapacity: !!int 8 }
            agents:
              - name: 7
                processors:
                  - { name: pricer, type: quote-pricer, subscriptions: !!seq [quotes] }
            """);

        assertEquals("2024", config.name());
        assertEquals(8, config.feeds().get(0).queueCapacity());
        assertEquals("7", config.agentGroups().get(0).name());
    }

    @Test
    void anchorsAndAliasesMayShareValues()
    {
        final ServerConfig config = load("""
            feeds:
              - { name: quotes, kind: named, publishTimeout: &timeout 3s }
            agents:
              - name: pricing
                processors:
                  - { name: pricer, type: quote-pricer, subscriptions: &subs [quotes] }
                  - { name: pricer-2, type: quote-pricer, subscriptions: *subs }
            server: { shutdownTimeout: *timeout }
            """);

        assertEquals(Duration.ofSeconds(3), config.shutdownTimeout());
        assertEquals(List.of("quotes"), config.agentGroups().get(0).processors().get(1).subscriptions());
    }

    // ---------------------------------------------------------------------------------------------- the issue's
    // example

    @Test
    void unknownIdleStrategyNamesThePathTheValueAndTheChoices()
    {
        final String yaml = """
            feeds:
              - { name: quotes, kind: broadcast }
            agents:
              - { name: a, processors: [{ name: p0, type: quote-pricer }] }
              - { name: b, idleStrategy: spinn, processors: [{ name: p1, type: quote-pricer }] }
            """;

        assertEquals(List.of("agents[1].idleStrategy: unknown 'spinn'; expected one of busy-spin, yield, backoff, sleep"),
            errors(yaml));
    }

    // ---------------------------------------------------------------------------------------------- shape of the file

    @Test
    void unknownKeysNameTheKeysAllowedThere()
    {
        assertEquals(List.of(
                "pools: unknown key; expected one of server, feeds, agents, services",
                "server.title: unknown key; expected one of name, startTimeout, shutdownTimeout, latencyMonitoring, " +
                    "counters, health",
                "feeds[0].capacity: unknown key; expected one of name, kind, queueCapacity, fullQueuePolicy, " +
                    "publishTimeout, ring",
                "agents[0].idelStrategy: unknown key; expected one of name, idleStrategy, drainLimit, pinning, " +
                    "threadMode, processors, timerTickResolution, timerWheelSize",
                "agents[0].pinning.core: unknown key; expected one of cpu",
                "agents[0].processors[0].subscribe: unknown key; expected one of name, type, subscriptions, " +
                    "properties, services, publishes, latencyMonitoring"),
            errors("""
                pools: [quotes]
                server: { title: quotes }
                feeds:
                  - { name: quotes, kind: broadcast, capacity: 64 }
                agents:
                  - name: pricing
                    idelStrategy: yield
                    pinning: { cpu: 0, core: 1 }
                    processors:
                      - { name: pricer, type: quote-pricer, subscribe: [quotes] }
                """));
    }

    @Test
    void missingRequiredKeys()
    {
        assertEquals(List.of(
                "feeds: missing; expected a list of feeds",
                "agents: missing; expected a list of agent groups"),
            errors("server: { name: quotes }\n"));
        assertEquals(List.of(
                "feeds[0].name: missing; expected a feed name",
                "feeds[1].kind: missing; expected one of broadcast, named",
                "agents[0].name: missing; expected an agent name",
                "agents[0].pinning.cpu: missing; expected any, or a CPU id from 0 to 2147483647",
                "agents[0].processors[0].name: missing; expected a processor name",
                "agents[0].processors[1].type: missing; expected one of quote-pricer, risk-check",
                "agents[1].processors: missing; expected a list of processors"),
            errors("""
                feeds:
                  - { kind: broadcast }
                  - { name: quotes }
                agents:
                  - pinning: {}
                    processors:
                      - { type: quote-pricer, subscriptions: [quotes] }
                      - { name: p1, subscriptions: [quotes] }
                  - { name: idle }
                """));
    }

    @Test
    void wrongTypesSayWhatWasFoundAndWhatWasExpected()
    {
        assertEquals(List.of(
                "server: a list; expected server settings: a map with keys name, startTimeout, shutdownTimeout, " +
                    "latencyMonitoring, counters, health",
                "feeds: a map; expected a list of feeds",
                "agents: 'pricing'; expected a list of agent groups"),
            errors("server: [quotes]\nfeeds: { name: quotes }\nagents: pricing\n"));
        assertEquals(List.of(
                "server.name: a map; expected a server name",
                "feeds[0]: 'quotes'; expected a feed: a map with keys name, kind, queueCapacity, fullQueuePolicy, " +
                    "publishTimeout, ring",
                "feeds[1].name: a list; expected a feed name",
                "feeds[1].queueCapacity: 'big'; expected a power of two from 2 to 16777216",
                "feeds[1].publishTimeout: 10; expected " + DURATION,
                "agents[0]: a list; expected an agent group: a map with keys name, idleStrategy, drainLimit, pinning, " +
                    "threadMode, processors, timerTickResolution, timerWheelSize",
                "agents[1].idleStrategy: a map; expected one of " + IDLE_NAMES,
                "agents[1].drainLimit: 2.5; expected an integer from 1 to 16777216",
                "agents[1].processors[0]: 'pricer'; expected a processor: a map with keys name, type, subscriptions, " +
                    "properties, services, publishes, latencyMonitoring",
                "agents[1].processors[1].subscriptions: 'quotes'; expected a list of feed names",
                "agents[1].processors[2].properties: a list; expected a map of properties",
                "agents[1].processors[2].subscriptions[1]: a map; expected a feed name",
                "agents[2].processors: a map; expected a list of processors"),
            errors("""
                server: { name: { first: quotes } }
                feeds:
                  - quotes
                  - { name: [ticks], kind: named, queueCapacity: big, publishTimeout: 10 }
                agents:
                  - [pricing]
                  - name: risk
                    idleStrategy: { name: yield }
                    drainLimit: 2.5
                    processors:
                      - pricer
                      - { name: p1, type: quote-pricer, subscriptions: quotes }
                      - { name: p2, type: quote-pricer, subscriptions: [ticks, { name: x }], properties: [a] }
                  - { name: audit, processors: { name: p3 } }
                """));
    }

    @Test
    void aRingFeedNamesItsMessageClassAndABadClassIsNamedWithWhatIsExpected()
    {
        final ServerConfig config = load(feedIs("{ name: quotes, kind: named, queueCapacity: 64, ring: " +
            SeqMessage.class.getName() + " }"));
        assertEquals(FeedConfig.named("quotes").queueCapacity(64).ring(SeqMessage.class), config.feeds().get(0));

        final String expected = "expected the class name of a PooledMessage subclass, such as com.example.Quote";
        assertEquals(List.of("feeds[0].ring: 'com.example.Nope' (no such class: java.lang.ClassNotFoundException: " +
            "com.example.Nope); " + expected), errors(feedIs("{ name: quotes, kind: named, ring: com.example.Nope }")));
        assertEquals(List.of("feeds[0].ring: 'java.lang.String' (not a PooledMessage subclass); " + expected),
            errors(feedIs("{ name: quotes, kind: named, ring: java.lang.String }")));
        assertEquals(List.of("feeds[0].ring: a list; " + expected),
            errors(feedIs("{ name: quotes, kind: named, ring: [a] }")));
    }

    @Test
    void explicitNullsAreWrongTypesToo()
    {
        assertEquals(List.of(
                "feeds[0].queueCapacity: null; expected a power of two from 2 to 16777216",
                "feeds[0].fullQueuePolicy: null; expected one of backoff, drop, fail",
                "feeds[0].publishTimeout: null; expected " + DURATION,
                "feeds[0].name: null; expected a non-blank feed name"),
            errors(feedIs("{ name: ~, kind: named, queueCapacity: , fullQueuePolicy: null, publishTimeout: ~ }")));
        assertEquals(List.of(
                "agents[0].idleStrategy: null; expected one of " + IDLE_NAMES,
                "agents[0].pinning: null; expected none, any, or { cpu: <CPU id> }",
                "agents[0].threadMode: null; expected one of dedicated, invoker"),
            errors(agentWith("idleStrategy: ~\npinning: ~\nthreadMode: ~")));
    }

    @Test
    void anExplicitCoreTagOnAnEmptyValueIsShownQuoted()
    {
        assertEquals(List.of("feeds[0].queueCapacity: ''; expected a power of two from 2 to 16777216"),
            errors(feedIs("{ name: quotes, kind: named, queueCapacity: !!int '' }")));
    }

    @Test
    void unknownEnumValuesListTheAcceptedOnes()
    {
        assertEquals(List.of(
                "feeds[0].kind: unknown 'topic'; expected one of broadcast, named",
                "feeds[0].fullQueuePolicy: unknown 'BACKOFF'; expected one of backoff, drop, fail"),
            errors(feedIs("{ name: quotes, kind: topic, fullQueuePolicy: BACKOFF }")));
        assertEquals(List.of(
                "agents[0].pinning: unknown 'all'; expected none, any, or { cpu: <CPU id> }",
                "agents[0].threadMode: unknown 'thread'; expected one of dedicated, invoker"),
            errors(agentWith("pinning: all\nthreadMode: thread")));
        assertEquals(List.of("server.ringLayout: unknown key; expected one of name, startTimeout, shutdownTimeout, " +
                "latencyMonitoring, counters, health"), errors("server: { ringLayout: compacted }\n" + MINIMAL));
        assertEquals(List.of("agents[0].pinning.cpu: 'first'; expected any, or a CPU id from 0 to 2147483647"),
            errors(agentWith("pinning: { cpu: first }")));
    }

    @Test
    void integersOutOfRange()
    {
        assertEquals(List.of("feeds[0].queueCapacity: 4294967296; expected a power of two from 2 to 16777216"),
            errors(feedIs("{ name: quotes, kind: named, queueCapacity: 4294967296 }")));
        assertEquals(List.of("feeds[0].queueCapacity: 99999999999999999999999; expected a power of two from 2 to " +
                "16777216"),
            errors(feedIs("{ name: quotes, kind: named, queueCapacity: 99999999999999999999999 }")));
        assertEquals(List.of(
                "agents[0].drainLimit: -2147483649; expected an integer from 1 to 16777216",
                "agents[0].pinning.cpu: 2147483648; expected any, or a CPU id from 0 to 2147483647"),
            errors(agentWith("drainLimit: -2147483649\npinning: { cpu: 2147483648 }")));
    }

    @Test
    void durationsMustBePositiveWholeNumbersWithAUnit()
    {
        for (final String bad : new String[] {"0s", "-1s", "1.5s", "10", "10 s", "10sec", "s", "PT10S", "''",
            "9999999999999999999h", "9999999999999999h"})
        {
            final List<String> errors = errors("server: { shutdownTimeout: " + bad + " }\n" + MINIMAL);
            assertEquals(1, errors.size(), bad + ": " + errors);
            assertTrue(errors.get(0).startsWith("server.shutdownTimeout: "), errors.get(0));
            assertTrue(errors.get(0).endsWith("; expected " + DURATION), errors.get(0));
        }
        assertEquals(List.of("server.shutdownTimeout: '0s'; expected " + DURATION),
            errors("server: { shutdownTimeout: 0s }\n" + MINIMAL));
    }

    @Test
    void duplicateKeysAreNamed()
    {
        assertEquals(List.of(
                "feeds[0].kind: duplicate key; expected each key once",
                "agents[0].name: duplicate key; expected each key once"),
            errors("""
                feeds:
                  - { name: quotes, kind: named, kind: broadcast }
                agents:
                  - name: pricing
                    name: pricing-2
                    processors: [{ name: pricer, type: quote-pricer, subscriptions: [quotes] }]
                """));
    }

    @Test
    void keysMustBeNames()
    {
        assertEquals(List.of(
                "feeds[0]: a list as a key; expected one of name, kind, queueCapacity, fullQueuePolicy, " +
                    "publishTimeout, ring",
                "feeds[0]: null as a key; expected one of name, kind, queueCapacity, fullQueuePolicy, " +
                    "publishTimeout, ring",
                "feeds[0]: '' as a key; expected one of name, kind, queueCapacity, fullQueuePolicy, " +
                    "publishTimeout, ring"),
            errors(feedIs("{ name: quotes, kind: named, [a]: 1, ~: 2, '': 3 }")));
    }

    // ---------------------------------------------------------------------------------------------- the validator's
    // checks

    @Test
    void theValidatorsChecksAreReportedWithTheFilesPaths()
    {
        assertEquals(List.of(
                "server.name: ' '; expected a non-blank server name",
                "feeds[0].queueCapacity: 1000 (feed 'quotes'); expected a power of two from 2 to 16777216",
                "feeds[1].name: duplicate 'quotes'; expected a name no other feed uses",
                "feeds[2]: feed 'orphan' has no subscriber; expected at least one processor subscribing to it " +
                    "(or remove the feed)",
                "agents[0].drainLimit: 0 (agent group 'pricing'); expected an integer from 1 to 16777216",
                "agents[0].pinning: cpu -1; expected a CPU id of 0 or more",
                "agents[0].processors[0].subscriptions[0]: unknown feed 'quotez'; expected one of quotes, orphan",
                "agents[0].processors[0].subscriptions[2]: duplicate 'quotes'; expected each feed once",
                "agents[1].name: duplicate 'pricing'; expected a name no other agent uses",
                "agents[1].processors[0].name: duplicate 'pricer' (also at agents[0].processors[0]); expected a name " +
                    "no other processor uses",
                "agents[2].processors: empty; expected at least one processor"),
            errors("""
                server: { name: ' ' }
                feeds:
                  - { name: quotes, kind: named, queueCapacity: 1000 }
                  - { name: quotes, kind: broadcast }
                  - { name: orphan, kind: named }
                agents:
                  - name: pricing
                    drainLimit: 0
                    pinning: { cpu: -1 }
                    processors:
                      - { name: pricer, type: quote-pricer, subscriptions: [quotez, quotes, quotes] }
                  - name: pricing
                    processors:
                      - { name: pricer, type: risk-check }
                  - { name: idle, processors: [] }
                """));
    }

    @Test
    void emptyFeedAndAgentLists()
    {
        assertEquals(List.of(
                "feeds: empty; expected at least one feed",
                "agents: empty; expected at least one agent group"),
            errors("feeds: []\nagents: []\n"));
    }

    @Test
    void aProblemIsNotReportedAgainAsTheProblemsItCauses()
    {
        // The feed entry cannot be read, so its name is unknown: the subscription to it is not reported as well.
        assertEquals(List.of(
                "feeds[0]: 'quotes'; expected a feed: a map with keys name, kind, queueCapacity, fullQueuePolicy, " +
                    "publishTimeout, ring"),
            errors(MINIMAL.replace("{ name: quotes, kind: named }", "quotes")));
        // The processor entry cannot be read, so whether the feed has a subscriber is unknown.
        assertEquals(List.of(
                "agents[0].processors[1]: a list; expected a processor: a map with keys name, type, subscriptions, " +
                    "properties, services, publishes, latencyMonitoring"),
            errors("""
                feeds:
                  - { name: quotes, kind: named }
                  - { name: trades, kind: named }
                agents:
                  - name: pricing
                    processors:
                      - { name: pricer, type: quote-pricer, subscriptions: [quotes] }
                      - [trades]
                """));
        // A readable file still gets both kinds of cross-reference check.
        assertEquals(List.of(
                "feeds[1]: feed 'trades' has no subscriber; expected at least one processor subscribing to it " +
                    "(or remove the feed)",
                "agents[0].processors[0].subscriptions[1]: unknown feed 'trade'; expected one of quotes, trades"),
            errors("""
                feeds:
                  - { name: quotes, kind: named }
                  - { name: trades, kind: named }
                agents:
                  - name: pricing
                    processors:
                      - { name: pricer, type: quote-pricer, subscriptions: [quotes, trade] }
                """));
    }

    // ---------------------------------------------------------------------------------------------- processor types

    @Test
    void unknownProcessorTypeListsTheRegisteredNames()
    {
        assertEquals(List.of(
                "agents[0].processors[2].type: unknown 'quote-pricr'; expected one of quote-pricer, risk-check",
                "agents[0].processors[3].type: a list; expected one of quote-pricer, risk-check",
                "agents[0].processors[4].type: unknown 'java.lang.Runtime'; expected one of quote-pricer, risk-check"),
            errors("""
                feeds: [{ name: quotes, kind: broadcast }]
                agents:
                  - name: pricing
                    processors:
                      - { name: p0, type: quote-pricer }
                      - { name: p1, type: risk-check }
                      - { name: p2, type: quote-pricr }
                      - { name: p3, type: [quote-pricer] }
                      - { name: p4, type: java.lang.Runtime }
                """));
        assertEquals(List.of("agents[0].processors[0].type: unknown 'quote-pricer'; expected a registered processor " +
            "type (none are registered)"), errors(MINIMAL, ProcessorTypes.builder().build()));
    }

    /** Reads every kind of property; rejects a window above one second. */
    private static final class Alert implements EventProcessor
    {
        final String label;
        final long max;
        final boolean loud;
        final Duration window;

        Alert(final ProcessorProperties properties)
        {
            label = properties.text("label", "alert");
            max = properties.integer("max", 5);
            loud = properties.flag("loud", false);
            window = properties.duration("window", Duration.ofSeconds(1));
            if (window.compareTo(Duration.ofSeconds(1)) > 0)
            {
                properties.reject("window", "at most 1s");
            }
            if (!properties.contains("owner"))
            {
                properties.reject("owner", "the team to page");
            }
        }

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
        }
    }

    private static final ProcessorTypes ALERTS = ProcessorTypes.builder()
        .add("quote-pricer", Pricer::new)
        .addConfigurable("alert", Alert::new)
        .build();

    private static String alertWith(final String properties)
    {
        return """
            feeds: [{ name: quotes, kind: broadcast }]
            agents:
              - name: a
                processors:
                  - name: alert
                    type: alert
            """ + (properties.isEmpty() ? "" : "        properties: " + properties + "\n");
    }

    @Test
    void propertiesReachTheFactory()
    {
        final ServerConfig config = YamlConfig.load(
            alertWith("{ label: 42, max: 0x20, loud: true, window: 250ms, owner: desk }"), "alerts.yaml", ALERTS);

        final Alert alert = (Alert)config.agentGroups().get(0).processors().get(0).processor();
        assertEquals("42", alert.label);
        assertEquals(32, alert.max);
        assertTrue(alert.loud);
        assertEquals(Duration.ofMillis(250), alert.window);
    }

    @Test
    void badPropertiesAreReportedWithTheirPaths()
    {
        assertEquals(List.of(
                "agents[0].processors[0].properties.label: null; expected a value",
                "agents[0].processors[0].properties.max: 'many'; expected an integer from -9223372036854775808 to " +
                    "9223372036854775807",
                "agents[0].processors[0].properties.loud: 'yes'; expected true or false",
                "agents[0].processors[0].properties.window: '5s'; expected at most 1s",
                "agents[0].processors[0].properties.owner: missing; expected the team to page",
                "agents[0].processors[0].properties.colour: unknown key; expected one of label, max, loud, window, owner"),
            errors(alertWith("{ label: ~, max: many, loud: yes, window: 5s, colour: red }"), ALERTS));
        assertEquals(List.of("agents[0].processors[0].properties.window: 'soon'; expected " + DURATION,
                "agents[0].processors[0].properties.owner: missing; expected the team to page"),
            errors(alertWith("{ window: soon }"), ALERTS));
    }

    /**
     * A property that is not a single value is a problem of the file's shape, found before any factory runs; the
     * factory's own checks of the entry's properties wait until the rest of the file is valid.
     */
    @Test
    void aPropertyThatIsNotASingleValueIsFoundBeforeTheFactoryRuns()
    {
        final AtomicInteger made = new AtomicInteger();
        final ProcessorTypes types = ProcessorTypes.builder().addConfigurable("alert", properties ->
        {
            made.incrementAndGet();
            return new Alert(properties);
        }).build();

        assertEquals(List.of("agents[0].processors[0].properties.nested: a map; expected a single value: a string, " +
                "number, boolean or duration"),
            errors(alertWith("{ label: ~, max: many, nested: { a: 1 } }"), types));
        assertEquals(0, made.get());
    }

    @Test
    void aTypeWithoutPropertiesRefusesThem()
    {
        assertEquals(List.of("agents[0].processors[0].properties.rate: unknown key; expected no properties (type " +
                "'quote-pricer' reads none)"),
            errors(MINIMAL.replace("subscriptions: [quotes] }", "subscriptions: [quotes], properties: { rate: 5 } }")));
    }

    @Test
    void aFactoryThatThrowsOrReturnsNullIsAProblemOfItsEntry()
    {
        final ProcessorTypes types = ProcessorTypes.builder()
            .add("broken", () ->
            {
                throw new IllegalStateException("no pricing library\non this host");
            })
            .add("empty", () -> null)
            .build();

        assertEquals(List.of(
                "agents[0].processors[0].type: factory of type 'broken' threw java.lang.IllegalStateException: " +
                    "no pricing library\\non this host; expected it to return a processor",
                "agents[0].processors[1].type: factory of type 'empty' returned null; expected it to return a processor"),
            errors("""
                feeds: [{ name: quotes, kind: broadcast }]
                agents:
                  - name: a
                    processors: [{ name: p0, type: broken }, { name: p1, type: empty }]
                """, types));
    }

    @Test
    void propertiesAreReadableOnlyWhileTheFactoryRuns()
    {
        final AtomicReference<ProcessorProperties> kept = new AtomicReference<>();
        final ProcessorTypes types = ProcessorTypes.builder().addConfigurable("keeper", properties ->
        {
            kept.set(properties);
            assertEquals("agents[0].processors[0].properties", properties.path());
            assertEquals("keeper", properties.type());
            assertEquals(Set.of("a"), properties.keys());
            properties.text("a", "");
            return new Pricer();
        }).build();
        YamlConfig.load("""
            feeds: [{ name: quotes, kind: broadcast }]
            agents: [{ name: a, processors: [{ name: p, type: keeper, properties: { a: 1 } }] }]
            """, "keeper.yaml", types);

        final IllegalStateException late = assertThrows(IllegalStateException.class, () -> kept.get().text("a", ""));
        assertEquals("agents[0].processors[0].properties: read after the factory of type 'keeper' returned; expected " +
            "properties to be read only while the factory runs", late.getMessage());
    }

    // ---------------------------------------------------------------------------------------------- all at once

    @Test
    void everyProblemOfAFileIsListedAtOnceInFileOrder()
    {
        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () -> YamlConfig.load("""
            server: { name: quotes, startTimeout: soon }
            feeds:
              - { name: quotes, kind: named, queueCapacity: 1000, fullQueuePolicy: wait }
            agents:
              - name: pricing
                idleStrategy: spinn
                processors:
                  - { name: pricer, type: quote-pricr, subscriptions: [quotes] }
            """, "quotes.yaml", TYPES));

        final List<String> expected = List.of(
            "server.startTimeout: 'soon'; expected " + DURATION,
            "feeds[0].fullQueuePolicy: unknown 'wait'; expected one of backoff, drop, fail",
            "feeds[0].queueCapacity: 1000 (feed 'quotes'); expected a power of two from 2 to 16777216",
            "agents[0].processors[0].type: unknown 'quote-pricr'; expected one of quote-pricer, risk-check",
            "agents[0].idleStrategy: unknown 'spinn'; expected one of " + IDLE_NAMES);
        assertEquals(expected.subList(0, 3), ex.errors().subList(0, 3));
        assertEquals(Set.copyOf(expected.subList(3, 5)), Set.copyOf(ex.errors().subList(3, 5)),
            "within one entry, the reader's problems come before the validator's");
        assertEquals("invalid Mongoose configuration (5 errors):\n  " + String.join("\n  ", ex.errors()),
            ex.getMessage());
    }

    @Test
    void aHugeNumberOfProblemsIsCut()
    {
        final StringBuilder yaml = new StringBuilder(MINIMAL).append("server:\n");
        for (int i = 0; i < 150; i++)
        {
            yaml.append("  key").append(i).append(": 1\n");
        }

        final List<String> errors = errors(yaml.toString());

        assertEquals(YamlConfig.MAX_LISTED + 1, errors.size());
        assertEquals("server.key0: unknown key; expected one of name, startTimeout, shutdownTimeout, " +
            "latencyMonitoring, counters, health",
            errors.get(0));
        assertEquals("test.yaml: 50 more problems not listed; expected at most 100 listed at once",
            errors.get(YamlConfig.MAX_LISTED));
    }

    // ---------------------------------------------------------------------------------------------- malformed input

    @Test
    void malformedYamlIsOneErrorWithLineAndColumn()
    {
        assertEquals(List.of("test.yaml line 3, column 12: mapping values are not allowed here; expected well-formed " +
            "YAML"), errors("feeds:\n  - name: quotes\n    kind: a: b\n"));
        assertEquals(List.of("test.yaml line 1, column 16: expected ',' or ']', but got <stream end> (while parsing " +
            "a flow sequence at line 1, column 8); expected well-formed YAML"), errors("feeds: [ quotes"));
        assertEquals(List.of("test.yaml line 2, column 9: found undefined alias nowhere; expected well-formed YAML"),
            errors("feeds: []\nagents: *nowhere\n"));
    }

    @Test
    void emptyDocumentsAndDocumentsThatAreNotMaps()
    {
        assertEquals(List.of("test.yaml: empty document; expected a map with keys server, feeds, agents, services"), errors(""));
        assertEquals(List.of("test.yaml: empty document; expected a map with keys server, feeds, agents, services"),
            errors("# nothing but a comment\n\n"));
        assertEquals(List.of("test.yaml: null; expected a map with keys server, feeds, agents, services"), errors("---\n"));
        assertEquals(List.of("test.yaml: a list; expected a map with keys server, feeds, agents, services"),
            errors("- feeds\n- agents\n"));
        assertEquals(List.of("test.yaml: 'quotes'; expected a map with keys server, feeds, agents, services"), errors("quotes"));
    }

    @Test
    void twoDocumentsAreRefused()
    {
        final List<String> errors = errors(MINIMAL + "---\n" + MINIMAL);

        assertEquals(List.of("test.yaml line 7, column 1: but found another document (expected a single document in " +
            "the stream at line 1, column 1); expected well-formed YAML"), errors);
    }

    @Test
    void controlCharactersAreRefusedWithTheirPosition()
    {
        assertEquals(List.of("test.yaml line 2, column 9: character U+0007 (special characters are not allowed); " +
            "expected well-formed YAML"), errors("feeds:\n  name: \u0007\n"));
    }

    @Test
    void valuesInMessagesAreEscapedAndCut()
    {
        final String long100 = "x".repeat(100);

        assertEquals(List.of("feeds[0].kind: unknown 'tab\\there\\nand\\u0000nul'; expected one of broadcast, named"),
            errors(feedIs("{ name: quotes, kind: \"tab\\there\\nand\\0nul\" }")));
        assertEquals(List.of("feeds[0].kind: unknown '" + "x".repeat(60) + "…'; expected one of broadcast, named"),
            errors(feedIs("{ name: quotes, kind: " + long100 + " }")));
    }

    @Test
    void anEmojiLoadsWhereverItFalls()
    {
        // SnakeYAML Engine 2.10 reads in chunks of 1,025 characters and fails on a surrogate pair across a boundary;
        // this moves one across every offset around the first boundary (the fuzz test found it).
        for (int padding = 1_000; padding < 1_040; padding++)
        {
            final String name = "x".repeat(padding) + "\uD83D\uDE00";
            assertEquals(name, load("server: { name: '" + name + "' }\n" + MINIMAL).name(), "padding " + padding);
        }
        assertEquals(List.of("test.yaml line 1, column 18: character U+D800 (The last char is HighSurrogate (no " +
            "LowSurrogate detected).); expected well-formed YAML"), errors("server: { name: \uD800"));
    }

    // ---------------------------------------------------------------------------------------------- hostile input

    @Test
    void tagsNeverSelectClasses()
    {
        assertEquals(List.of("test.yaml line 1, column 16: tag '!!javax.script.ScriptEngineManager' is not supported; " +
                "expected plain values without tags (a tag never selects a class here)"),
            errors("feeds: [{name: !!javax.script.ScriptEngineManager [x]}]\n"));
        assertEquals(List.of("test.yaml line 1, column 9: tag '!java.lang.ProcessBuilder' is not supported; expected " +
                "plain values without tags (a tag never selects a class here)"),
            errors("server: !java.lang.ProcessBuilder { name: x }\n"));
        assertEquals(List.of("test.yaml line 1, column 17: tag '!!binary' is not supported; expected plain values " +
            "without tags (a tag never selects a class here)"), errors("server: { name: !!binary aGVsbG8= }\n"));
        assertEquals(List.of("test.yaml line 1, column 17: tag '!!map' is not supported; expected plain values " +
            "without tags (a tag never selects a class here)"), errors("server: { name: !!map x }\n"));
    }

    @Test
    void mergeKeysAreOrdinaryUnknownKeysAndExplicitMergeTagsAreRefused()
    {
        assertEquals(List.of(
                "feeds[1].<<: unknown key; expected one of name, kind, queueCapacity, fullQueuePolicy, " +
                    "publishTimeout, ring",
                "feeds[1].kind: missing; expected one of broadcast, named"),
            errors(MINIMAL.replace("  - { name: quotes, kind: named }",
                "  - &base { name: quotes, kind: named }\n  - { <<: *base, name: trades }")
                .replace("[quotes]", "[quotes, trades]")));
        // With the merge tag, SnakeYAML Engine would merge the map into itself forever.
        assertEquals(List.of("test.yaml line 1, column 6: tag '!!merge' is not supported; expected plain values " +
            "without tags (a tag never selects a class here)"), errors("&a { !!merge x: *a }"));
    }

    @Test
    void environmentReferencesAreText()
    {
        assertEquals("${HOME}", load("server:\n  name: ${HOME}\n" + MINIMAL).name());
    }

    @Test
    void deepNestingIsRefusedBeforeItCanOverflowTheStack()
    {
        assertEquals(List.of("test.yaml line 1, column 33: nested deeper than 32 levels; expected a configuration, " +
            "which nests at most 6 levels"), errors("[".repeat(100_000)));
        assertEquals(List.of("test.yaml line 1, column 129: nested deeper than 32 levels; expected a configuration, " +
            "which nests at most 6 levels"), errors("{a: ".repeat(40) + "1" + "}".repeat(40)));
    }

    @Test
    void aliasBombsAreRefused()
    {
        // "Billion laughs": nine levels of nine aliases each would expand to 9^9 values.
        final StringBuilder bomb = new StringBuilder("a: &a [lol]\n");
        char previous = 'a';
        for (char level = 'b'; level <= 'i'; level++)
        {
            bomb.append(level).append(": &").append(level).append(" [")
                .append(String.join(", ", java.util.Collections.nCopies(9, "*" + previous))).append("]\n");
            previous = level;
        }
        bomb.append("feeds: *i\n");

        assertEquals(List.of("test.yaml line 7, column 28: alias *f is one alias too many; expected at most 50 aliases"),
            errors(bomb.toString()));
    }

    @Test
    void aliasFanOutWithinTheAliasLimitIsBoundedToo()
    {
        // 40 aliases: a processor with 3,000 subscriptions, listed 40 times by alias, in agents listed 9 times by
        // alias: a few kilobytes expanding to over a million values.
        final String subscriptions = String.join(", ", java.util.Collections.nCopies(3_000, "quotes"));
        final String yaml = "feeds: [{ name: quotes, kind: named }]\n" +
            "agents:\n" +
            "  - &agent\n" +
            "    name: a\n" +
            "    processors:\n" +
            "      - &p { name: p, type: quote-pricer, subscriptions: [" + subscriptions + "] }\n" +
            "      - " + String.join("\n      - ", java.util.Collections.nCopies(30, "*p")) + "\n" +
            "  - " + String.join("\n  - ", java.util.Collections.nCopies(9, "*agent")) + "\n";

        assertEquals(List.of("test.yaml: more than 100000 keys and list items once aliases are expanded; expected a " +
            "smaller configuration"), errors(yaml));
    }

    @Test
    void aDocumentTooLargeIsRefusedUnread()
    {
        assertEquals(List.of("test.yaml: 1048577 characters; expected at most 1048576"),
            errors("#".repeat(YamlConfig.MAX_CHARS + 1)));
    }

    // ---------------------------------------------------------------------------------------------- files

    @Test
    void loadsAFileAndNamesItInErrors(@TempDir final Path dir) throws IOException
    {
        final Path good = Files.writeString(dir.resolve("good.yaml"), "\uFEFF" + MINIMAL, StandardCharsets.UTF_8);
        final Path bad = Files.writeString(dir.resolve("bad.yaml"), "- not a map\n", StandardCharsets.UTF_8);

        assertEquals(load(MINIMAL), YamlConfig.load(good, TYPES));
        assertEquals(List.of(bad + ": a list; expected a map with keys server, feeds, agents, services"),
            assertThrows(MongooseConfigException.class, () -> YamlConfig.load(bad, TYPES)).errors());
    }

    @Test
    void unreadableFilesAreConfigurationErrors(@TempDir final Path dir) throws IOException
    {
        final Path missing = dir.resolve("missing.yaml");
        final Path latin1 = Files.write(dir.resolve("latin1.yaml"), "server: { name: caf\u00e9 }\n".getBytes(
            StandardCharsets.ISO_8859_1));
        final Path huge = Files.write(dir.resolve("huge.yaml"), new byte[YamlConfig.MAX_CHARS * 4 + 10]);

        assertEquals(List.of(missing + ": cannot be read (java.nio.file.NoSuchFileException: " + missing +
                "); expected a readable YAML file"),
            assertThrows(MongooseConfigException.class, () -> YamlConfig.load(missing, TYPES)).errors());
        assertEquals(List.of(latin1 + ": not UTF-8 text; expected a UTF-8 YAML file"),
            assertThrows(MongooseConfigException.class, () -> YamlConfig.load(latin1, TYPES)).errors());
        assertEquals(List.of(huge + ": more than 4194304 bytes; expected at most 1048576 characters"),
            assertThrows(MongooseConfigException.class, () -> YamlConfig.load(huge, TYPES)).errors());
        assertTrue(assertThrows(MongooseConfigException.class, () -> YamlConfig.load(dir, TYPES)).errors().get(0)
            .startsWith(dir + ": cannot be read ("));
    }

    @Test
    void nullArgumentsAreNamed()
    {
        assertEquals("yaml: null; expected the text of a YAML document",
            assertThrows(NullPointerException.class, () -> YamlConfig.load(null, "x", TYPES)).getMessage());
        assertEquals("sourceName: null; expected a name for the document, such as its file",
            assertThrows(NullPointerException.class, () -> YamlConfig.load(MINIMAL, null, TYPES)).getMessage());
        assertEquals("types: null; expected the ProcessorTypes the document may name",
            assertThrows(NullPointerException.class, () -> YamlConfig.load(MINIMAL, "x", null)).getMessage());
        assertEquals("file: null; expected the path of a YAML configuration file",
            assertThrows(NullPointerException.class, () -> YamlConfig.load((Path)null, TYPES)).getMessage());
    }

    // ---------------------------------------------------------------------------------------------- servers

    /** Counts the sequence messages it handles. */
    private static final class SeqCounter implements EventProcessor
    {
        static final AtomicLong HANDLED = new AtomicLong();

        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
            handlers.on(SeqMessage.class, m -> HANDLED.incrementAndGet());
        }
    }

    @Test
    void aServerFromAFileRuns(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("seq.yaml"), """
            server: { name: yaml-seq }
            feeds: [{ name: seq, kind: named, queueCapacity: 64 }]
            agents:
              - name: yaml-seq-agent
                idleStrategy: sleep
                processors: [{ name: counter, type: seq-counter, subscriptions: [seq] }]
            """);
        final PoolRegistry pools = new PoolRegistry("yaml-seq");
        final ObjectPool<SeqMessage> seqs =
            pools.register(SeqMessage.class, SeqMessage::new, PoolConfig.of(16).waitOnExhaustion(Await.GENEROUS));
        final long before = SeqCounter.HANDLED.get();

        final MongooseServer server = MongooseYaml.server(
            file, ProcessorTypes.builder().add("seq-counter", SeqCounter::new).build(), pools, new LoggingErrorHandler());
        server.start();
        final FeedPublisher publisher = server.publisher("seq");
        for (int i = 0; i < 100; i++)
        {
            publisher.publish(seqs.acquire());
        }
        Await.until("100 messages handled", () -> SeqCounter.HANDLED.get() - before == 100);
        final ShutdownReport report = server.stop();

        assertEquals("yaml-seq", server.name());
        assertTrue(report.clean(), report::toString);
    }

    @Test
    void aFileFailingValidationStartsNoThread(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("bad.yaml"), """
            feeds: [{ name: quotes, kind: named, queueCapacity: 1000 }]
            agents:
              - { name: yaml-bad-a, processors: [{ name: p0, type: quote-pricer, subscriptions: [quotes] }] }
              - { name: yaml-bad-b, idleStrategy: spinn, processors: [{ name: p1, type: quote-pricer }] }
            """);
        final Set<Thread> before = AgentThreads.live();

        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () -> MongooseYaml.server(
            file, TYPES, new PoolRegistry("yaml-bad"), new LoggingErrorHandler()));

        assertEquals(2, ex.errors().size(), ex::getMessage);
        AgentThreads.assertNoneStartedSince(before, Set.of("yaml-bad-a", "yaml-bad-b"));
    }

    /** A factory that hands every entry its one instance would put it on two agent threads: refused at load. */
    @Test
    void aFactoryReturningOneInstanceForTwoEntriesIsRefused()
    {
        final EventProcessor singleton = new Pricer();
        final ProcessorTypes types = ProcessorTypes.builder().add("singleton", () -> singleton).build();

        assertEquals(List.of("agents[1].processors[0].type: processor 'b' on agent group 'g2' is the same instance as " +
            "processor 'a' on agent group 'g1' (agents[0].processors[0]); expected a new instance for each processor " +
            "entry (an instance runs on one agent thread, with one context)"), errors("""
                feeds: [{ name: quotes, kind: broadcast }]
                agents:
                  - { name: g1, processors: [{ name: a, type: singleton }] }
                  - { name: g2, processors: [{ name: b, type: singleton }] }
                """, types));
    }

    @Test
    void registerHandlersProblemsStillComeFromCreate(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("throws.yaml"), MINIMAL);
        final EventProcessor throwing = handlers ->
        {
            throw new IllegalStateException("no handlers today");
        };

        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () -> MongooseYaml.server(
            file, ProcessorTypes.builder().add("quote-pricer", () -> throwing).build(), new PoolRegistry("yaml-reg"),
            new LoggingErrorHandler()));

        assertEquals(List.of("agents[0].processors[0]: registerHandlers threw java.lang.IllegalStateException: no " +
            "handlers today; expected it to register handlers and return"), ex.errors());
    }

    @Test
    void modelPathsMapToFilePaths()
    {
        final List<String> mapped = new ArrayList<>();
        for (final String path : new String[] {"name", "startTimeout", "shutdownTimeout", "agents[1].processors[2]" +
            ".processor", "feeds[0].name", "agents[0].processors[0].subscriptions[1]"})
        {
            mapped.add(YamlConfig.pathInFile(path));
        }

        assertEquals(List.of("server.name", "server.startTimeout", "server.shutdownTimeout",
            "agents[1].processors[2].type", "feeds[0].name", "agents[0].processors[0].subscriptions[1]"), mapped);
    }
}
