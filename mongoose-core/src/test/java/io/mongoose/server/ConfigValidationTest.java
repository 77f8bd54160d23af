package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ConfigValidator;
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
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.AgentThreads;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConfigValidationTest
{
    /** Handles nothing; each entry takes a new one, since one instance in two entries is refused. */
    private record Noop() implements EventProcessor
    {
        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
        }
    }

    private static final String KINDS = "one of BUSY_SPIN, YIELD, BACKOFF, SLEEP";

    private static ServerConfig config(final List<FeedConfig> feeds, final List<AgentGroupConfig> agents)
    {
        return ServerConfig.named("cfg").feeds(feeds).agentGroups(agents);
    }

    private static List<FeedConfig> feeds(final FeedConfig... feeds)
    {
        return Arrays.asList(feeds);
    }

    private static List<AgentGroupConfig> agents(final AgentGroupConfig... agents)
    {
        return Arrays.asList(agents);
    }

    /** One named feed, one agent with one processor subscribing to it. */
    private static AgentGroupConfig pricing()
    {
        return AgentGroupConfig.named("pricing").processor("vwap", new Noop(), "prices");
    }

    private static List<String> problems(final ServerConfig config)
    {
        return ConfigValidator.problems(config);
    }

    // ---------------------------------------------------------------------------------------------- valid

    @Test
    void aValidConfigHasNoProblems()
    {
        final ServerConfig config = config(
            feeds(FeedConfig.named("prices"), FeedConfig.broadcast("control").queueCapacity(2)),
            agents(
                pricing(),
                AgentGroupConfig.named("risk").idleStrategy(IdleStrategyKind.YIELD)
                    .drainLimit(1).pinning(Pinning.cpu(0))
                    .processor("limits", new Noop()).processor("exposure", new Noop(), "prices"),
                AgentGroupConfig.named("audit").idleStrategy(IdleStrategyKind.SLEEP).pinning(Pinning.anyCpu())
                    .threadMode(ThreadMode.INVOKER).processor("log", new Noop())));

        assertEquals(List.of(), problems(config));
        assertDoesNotThrow(() -> ConfigValidator.validate(config));
    }

    @Test
    void everyIdleStrategyIsAccepted()
    {
        for (final IdleStrategyKind kind : IdleStrategyKind.values())
        {
            assertEquals(List.of(), problems(config(feeds(FeedConfig.named("prices")),
                agents(pricing().idleStrategy(kind)))), kind.name());
        }
    }

    // ---------------------------------------------------------------------------------------------- agents

    @Test
    void nullIdleStrategyIsAProblemNotACrash()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices")), agents(pricing().idleStrategy(null)));

        assertEquals(List.of("agents[0].idleStrategy: null; expected " + KINDS), problems(config));
    }

    /** {@link #pricing()} with any drain limit: the withers take any value, the validator checks it. */
    private static AgentGroupConfig pricingDraining(final int drainLimit)
    {
        return pricing().drainLimit(drainLimit);
    }

    /** A named feed with any capacity and timeout: the withers take any value, the validator checks it. */
    private static FeedConfig feed(final String name, final int queueCapacity, final Duration publishTimeout)
    {
        return FeedConfig.named(name).queueCapacity(queueCapacity).publishTimeout(publishTimeout);
    }

    @Test
    void drainLimitMustBeInItsRange()
    {
        final String expected = "(agent group 'pricing'); expected an integer from 1 to 16777216";
        assertEquals(List.of("agents[0].drainLimit: 0 " + expected),
            problems(config(feeds(FeedConfig.named("prices")), agents(pricingDraining(0)))));
        assertEquals(List.of("agents[0].drainLimit: -5 " + expected),
            problems(config(feeds(FeedConfig.named("prices")), agents(pricingDraining(-5)))));
        assertEquals(List.of("agents[0].drainLimit: 16777217 " + expected),
            problems(config(feeds(FeedConfig.named("prices")), agents(pricingDraining((1 << 24) + 1)))));
        assertEquals(List.of(), problems(config(feeds(FeedConfig.named("prices")), agents(pricingDraining(1 << 24)))));
    }

    @Test
    void duplicateAgentNames()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices")),
            agents(pricing(), AgentGroupConfig.named("pricing").processor("other", new Noop(), "prices")));

        assertEquals(List.of("agents[1].name: duplicate 'pricing'; expected a name no other agent uses"),
            problems(config));
    }

    @Test
    void blankAndNullAgentNames()
    {
        final ServerConfig config = config(feeds(FeedConfig.broadcast("prices")),
            agents(AgentGroupConfig.named(" ").processor("p0", new Noop()),
                AgentGroupConfig.named(null).processor("p1", new Noop())));

        assertEquals(List.of(
            "agents[0].name: ' '; expected a non-blank agent name",
            "agents[1].name: null; expected a non-blank agent name"), problems(config));
    }

    @Test
    void negativeCpuPinning()
    {
        final ServerConfig config =
            config(feeds(FeedConfig.named("prices")), agents(pricing().pinning(Pinning.cpu(-1))));

        assertEquals(List.of("agents[0].pinning: cpu -1; expected a CPU id of 0 or more"), problems(config));
    }

    @Test
    void nullPinningAndThreadMode()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices")),
            agents(pricing().pinning(null).threadMode(null), pricing().pinning(new Pinning(null, 3))));

        assertEquals(List.of(
            "agents[0].pinning: null; expected none, any, or a CPU id",
            "agents[0].threadMode: null; expected one of DEDICATED, INVOKER",
            "agents[1].name: duplicate 'pricing'; expected a name no other agent uses",
            "agents[1].pinning: null; expected none, any, or a CPU id",
            "agents[1].processors[0].name: duplicate 'vwap' (also at agents[0].processors[0]); " +
                "expected a name no other processor uses"), problems(config));
    }

    @Test
    void agentWithoutProcessorsAndNullAgent()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices")),
            agents(AgentGroupConfig.named("idle"), null, pricing()));

        assertEquals(List.of(
            "agents[0].processors: empty; expected at least one processor",
            "agents[1]: null; expected an agent group"), problems(config));
    }

    // ---------------------------------------------------------------------------------------------- processors

    @Test
    void duplicateProcessorNamesNameBothPlaces()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices")),
            agents(pricing().processor("spare", new Noop(), "prices"),
                AgentGroupConfig.named("risk").processor("spare", new Noop()).processor("vwap", new Noop())));

        assertEquals(List.of(
            "agents[1].processors[0].name: duplicate 'spare' (also at agents[0].processors[1]); " +
                "expected a name no other processor uses",
            "agents[1].processors[1].name: duplicate 'vwap' (also at agents[0].processors[0]); " +
                "expected a name no other processor uses"), problems(config));
    }

    @Test
    void nullProcessor()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices")),
            agents(AgentGroupConfig.named("pricing").processor("vwap", null, "prices")));

        assertEquals(List.of("agents[0].processors[0].processor: null; expected an EventProcessor instance"),
            problems(config));
    }

    @Test
    void nullProcessorEntryAndBlankProcessorName()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices")),
            agents(AgentGroupConfig.named("pricing").drainLimit(1)
                .processors(Arrays.asList(null, ProcessorConfig.of("", new Noop(), "prices")))));

        assertEquals(List.of(
            "agents[0].processors[0]: null; expected a processor",
            "agents[0].processors[1].name: ''; expected a non-blank processor name"), problems(config));
    }

    @Test
    void subscriptionToAnUnknownFeed()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices"), FeedConfig.broadcast("control")),
            agents(AgentGroupConfig.named("pricing").processor("vwap", new Noop(), "prices", "pricez")));

        assertEquals(List.of("agents[0].processors[0].subscriptions[1]: unknown feed 'pricez'; expected one of " +
            "prices, control"), problems(config));
    }

    @Test
    void nullAndDuplicateSubscriptions()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices")),
            agents(AgentGroupConfig.named("pricing").processor("vwap", new Noop(), "prices", null, "prices")));

        assertEquals(List.of(
            "agents[0].processors[0].subscriptions[1]: unknown feed null; expected one of prices",
            "agents[0].processors[0].subscriptions[2]: duplicate 'prices'; expected each feed once"),
            problems(config));
    }

    private static final String ONE_INSTANCE_EXPECTED = "expected a new instance for each processor entry (an " +
        "instance runs on one agent thread, with one context)";

    /** Two threads would call it at once, each through its own context: refused before any thread starts. */
    @Test
    void oneProcessorInstanceOnTwoAgentGroupsIsRefusedNamingBothProcessorsAndGroups()
    {
        final EventProcessor shared = handlers ->
        {
        };
        final MongooseServerBuilder builder = MongooseServer.builder().poolRegistry(new PoolRegistry("cfg"))
            .feed(FeedConfig.named("prices"))
            .agentGroup(AgentGroupConfig.named("cfg-shared-1").processor("vwap", shared, "prices"))
            .agentGroup(AgentGroupConfig.named("cfg-shared-2").processor("twap", shared, "prices"));
        final List<String> expected = List.of("agents[1].processors[0].processor: processor 'twap' on agent group " +
            "'cfg-shared-2' is the same instance as processor 'vwap' on agent group 'cfg-shared-1' " +
            "(agents[0].processors[0]); " + ONE_INSTANCE_EXPECTED);

        assertEquals(expected, problems(builder.toConfig()));
        assertEquals(expected, assertThrows(MongooseConfigException.class, builder::build).errors());
        assertStartsNoThread(Set.of("cfg-shared-1", "cfg-shared-2"), builder::build);
    }

    @Test
    void oneProcessorInstanceTwiceOnOneGroupIsRefusedToo()
    {
        final EventProcessor shared = handlers ->
        {
        };
        final ServerConfig config = config(feeds(FeedConfig.named("prices")), agents(AgentGroupConfig.named("pricing")
            .processor("vwap", shared, "prices").processor("mid", new Noop(), "prices")
            .processor("twap", shared, "prices")));

        assertEquals(List.of("agents[0].processors[2].processor: processor 'twap' on agent group 'pricing' is the " +
            "same instance as processor 'vwap' on agent group 'pricing' (agents[0].processors[0]); " +
            ONE_INSTANCE_EXPECTED), problems(config));
    }

    @Test
    void equalButDistinctProcessorsAreFine()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices")), agents(
            AgentGroupConfig.named("a").processor("p1", new Noop(), "prices"),
            AgentGroupConfig.named("b").processor("p2", new Noop(), "prices").processor("p3", new Noop())));

        assertEquals(List.of(), problems(config));
    }

    // ---------------------------------------------------------------------------------------------- feeds

    @Test
    void queueCapacityMustBeAPowerOfTwoInItsRange()
    {
        for (final int bad : new int[] {1000, 3, 1, 0, -4, Integer.MIN_VALUE, 1 << 25, 1 << 30})
        {
            final ServerConfig config =
                config(feeds(feed("prices", bad, FeedConfig.DEFAULT_PUBLISH_TIMEOUT)), agents(pricing()));
            assertEquals(List.of("feeds[0].queueCapacity: " + bad + " (feed 'prices'); expected a power of two from " +
                "2 to 16777216"), problems(config));
        }
        for (final int good : new int[] {2, 4, 1024, 1 << 24})
        {
            assertEquals(List.of(), problems(config(feeds(FeedConfig.named("prices").queueCapacity(good)),
                agents(pricing()))), "capacity " + good);
        }
    }

    @Test
    void duplicateFeedNames()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices"), FeedConfig.broadcast("prices")),
            agents(pricing()));

        assertEquals(List.of("feeds[1].name: duplicate 'prices'; expected a name no other feed uses"),
            problems(config));
    }

    @Test
    void namedFeedWithNoSubscriber()
    {
        final ServerConfig config = config(feeds(FeedConfig.named("prices"), FeedConfig.named("orphan")),
            agents(pricing()));

        assertEquals(List.of("feeds[1]: feed 'orphan' has no subscriber; expected at least one processor " +
            "subscribing to it (or remove the feed)"), problems(config));
    }

    @Test
    void broadcastFeedNeedsNoSubscription()
    {
        final ServerConfig config = config(feeds(FeedConfig.broadcast("control")),
            agents(AgentGroupConfig.named("a").processor("p", new Noop())));

        assertEquals(List.of(), problems(config));
    }

    @Test
    void unsubscribedFeedIsNamedByItsOwnIndexAfterADuplicate()
    {
        final ServerConfig config = config(
            feeds(FeedConfig.named("prices"), FeedConfig.named("prices"), FeedConfig.named("orphan")),
            agents(pricing()));

        assertEquals(List.of(
            "feeds[1].name: duplicate 'prices'; expected a name no other feed uses",
            "feeds[2]: feed 'orphan' has no subscriber; expected at least one processor subscribing to it " +
                "(or remove the feed)"), problems(config));
    }

    @Test
    void unsubscribedFeedIsNamedByItsOwnIndexAfterANullOrBlankFeed()
    {
        final ServerConfig config = config(
            feeds(null, FeedConfig.named(""), FeedConfig.named("orphan"), FeedConfig.named("prices")),
            agents(pricing()));

        assertEquals(List.of(
            "feeds[0]: null; expected a feed",
            "feeds[1].name: ''; expected a non-blank feed name",
            "feeds[2]: feed 'orphan' has no subscriber; expected at least one processor subscribing to it " +
                "(or remove the feed)"), problems(config));
    }

    @Test
    void theSameFeedListedTwiceIsReportedOnceAsADuplicateAndOnceAsUnsubscribed()
    {
        final FeedConfig orphan = FeedConfig.named("orphan");
        final ServerConfig config = config(feeds(orphan, orphan, FeedConfig.named("prices")), agents(pricing()));

        assertEquals(List.of(
            "feeds[1].name: duplicate 'orphan'; expected a name no other feed uses",
            "feeds[0]: feed 'orphan' has no subscriber; expected at least one processor subscribing to it " +
                "(or remove the feed)"), problems(config));
    }

    @Test
    void nullFeedPolicy()
    {
        final ServerConfig config =
            config(feeds(FeedConfig.named("prices").queueCapacity(8).fullQueuePolicy(null)), agents(pricing()));

        assertEquals(List.of("feeds[0].fullQueuePolicy: null; expected one of BACKOFF, DROP, FAIL"), problems(config));
    }

    @Test
    void noFeedsAndNoAgents()
    {
        assertEquals(List.of(
            "feeds: empty; expected at least one feed",
            "agents: empty; expected at least one agent group"), problems(config(List.of(), List.of())));
        assertEquals(List.of(
            "feeds: empty; expected at least one feed",
            "agents: empty; expected at least one agent group"), problems(config(null, null)));
    }

    @Test
    void noFeedsWithAnAgent()
    {
        final ServerConfig config = config(List.of(), agents(AgentGroupConfig.named("a").processor("p", new Noop())));

        assertEquals(List.of("feeds: empty; expected at least one feed"), problems(config));
    }

    @Test
    void noAgentsLeavesTheFeedsUnsubscribed()
    {
        final ServerConfig config =
            config(feeds(FeedConfig.named("prices"), FeedConfig.broadcast("control")), List.of());

        assertEquals(List.of(
            "agents: empty; expected at least one agent group",
            "feeds[0]: feed 'prices' has no subscriber; expected at least one processor subscribing to it " +
                "(or remove the feed)",
            "feeds[1]: feed 'control' has no subscriber; expected at least one processor subscribing to it " +
                "(or remove the feed)"), problems(config));
    }

    // ---------------------------------------------------------------------------------------------- server

    @Test
    void zeroNegativeAndNullTimeouts()
    {
        final ServerConfig config = config(
            feeds(feed("prices", 1024, Duration.ZERO), feed("control", 1024, Duration.ofMillis(-1)),
                feed("audit", 1024, null), feed("archive", 1024, Duration.ofHours(25))),
            agents(AgentGroupConfig.named("pricing")
                .processor("vwap", new Noop(), "prices", "control", "audit", "archive")))
            .startTimeout(Duration.ZERO).shutdownTimeout(Duration.ofSeconds(-1));

        assertEquals(List.of(
            "startTimeout: PT0S; expected a positive duration up to 24h",
            "shutdownTimeout: PT-1S; expected a positive duration up to 24h",
            "feeds[0].publishTimeout: PT0S (feed 'prices'); expected a positive duration up to 24h",
            "feeds[1].publishTimeout: PT-0.001S (feed 'control'); expected a positive duration up to 24h",
            "feeds[2].publishTimeout: null (feed 'audit'); expected a positive duration up to 24h",
            "feeds[3].publishTimeout: PT25H (feed 'archive'); expected a positive duration up to 24h"),
            problems(config));
        assertEquals(List.of("startTimeout: null; expected a positive duration up to 24h"), problems(
            config(feeds(FeedConfig.named("prices")), agents(pricing())).startTimeout(null)
                .shutdownTimeout(Duration.ofNanos(1))));
        assertEquals(List.of("shutdownTimeout: PT1000000H; expected a positive duration up to 24h"), problems(
            config(feeds(FeedConfig.named("prices")), agents(pricing())).startTimeout(Duration.ofHours(24))
                .shutdownTimeout(Duration.ofHours(1_000_000))));
    }

    @Test
    void blankServerNameAndNullConfig()
    {
        assertEquals(List.of("name: ''; expected a non-blank server name"), problems(
            ServerConfig.named("").feed(FeedConfig.named("prices")).agentGroup(pricing())));
        assertEquals(List.of("name: null; expected a non-blank server name"), problems(
            ServerConfig.named(null).feed(FeedConfig.named("prices")).agentGroup(pricing())));
        assertEquals(List.of("config: null; expected a server configuration"), problems(null));
        final MongooseConfigException ex =
            assertThrows(MongooseConfigException.class, () -> ConfigValidator.validate(null));
        assertEquals("invalid Mongoose configuration (1 error):\n  config: null; expected a server configuration",
            ex.getMessage());
    }

    @Test
    void namesInErrorsStayOnOneLineAndAreCut()
    {
        final String forged = "prices\n  agents[9].name: forged";
        final ServerConfig config = config(feeds(FeedConfig.named("prices")),
            agents(AgentGroupConfig.named("pricing").processor("vwap", new Noop(), "prices", forged, "x".repeat(80))));

        assertEquals(List.of(
            "agents[0].processors[0].subscriptions[1]: unknown feed 'prices\\n  agents[9].name: forged'; expected " +
                "one of prices",
            "agents[0].processors[0].subscriptions[2]: unknown feed '" + "x".repeat(60) + "…'; expected one of prices"),
            problems(config));
    }

    // ---------------------------------------------------------------------------------------------- all at once

    private static final List<String> MANY_PROBLEMS = List.of(
        "feeds[0].queueCapacity: 1000 (feed 'prices'); expected a power of two from 2 to 16777216",
        "feeds[2].name: duplicate 'prices'; expected a name no other feed uses",
        "agents[0].drainLimit: 0 (agent group 'cfg-many-a'); expected an integer from 1 to 16777216",
        "agents[0].pinning: cpu -2; expected a CPU id of 0 or more",
        "agents[0].processors[0].subscriptions[0]: unknown feed 'pricez'; expected one of prices, orphan",
        "agents[1].name: duplicate 'cfg-many-a'; expected a name no other agent uses",
        "agents[1].idleStrategy: null; expected " + KINDS,
        "agents[1].processors[0].name: duplicate 'p' (also at agents[0].processors[0]); " +
            "expected a name no other processor uses",
        "agents[1].processors[0].processor: null; expected an EventProcessor instance",
        "feeds[0]: feed 'prices' has no subscriber; expected at least one processor subscribing to it " +
            "(or remove the feed)",
        "feeds[1]: feed 'orphan' has no subscriber; expected at least one processor subscribing to it " +
            "(or remove the feed)");

    private static MongooseServerBuilder manyProblems()
    {
        return MongooseServer.builder()
            .name("cfg")
            .poolRegistry(new PoolRegistry("cfg"))
            .feed(feed("prices", 1000, FeedConfig.DEFAULT_PUBLISH_TIMEOUT))
            .feed(FeedConfig.named("orphan"))
            .feed(FeedConfig.broadcast("prices"))
            .agentGroup(AgentGroupConfig.named("cfg-many-a").pinning(Pinning.cpu(-2))
                .processor(ProcessorConfig.of("p", new Noop(), "pricez")).drainLimit(0))
            .agentGroup(AgentGroupConfig.named("cfg-many-a").idleStrategy(null).processor("p", null));
    }

    @Test
    void validatorListsEveryProblemAtOnce()
    {
        assertEquals(MANY_PROBLEMS, problems(manyProblems().toConfig()));
    }

    @Test
    void createThrowsListingEveryProblemAtOnce()
    {
        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () -> MongooseServer.create(
            manyProblems().toConfig(), new PoolRegistry("cfg"), new LoggingErrorHandler()));

        assertEquals(MANY_PROBLEMS, ex.errors());
        assertEquals("invalid Mongoose configuration (11 errors):\n  " + String.join("\n  ", MANY_PROBLEMS),
            ex.getMessage());
    }

    @Test
    void builderThrowsListingEveryProblemAtOnce()
    {
        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () -> manyProblems().build());

        assertEquals(MANY_PROBLEMS, ex.errors());
    }

    @Test
    void builderThrowsForASingleProblem()
    {
        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () -> MongooseServer.builder()
            .poolRegistry(new PoolRegistry("cfg"))
            .feed(FeedConfig.named("prices"))
            .agentGroup(pricing().idleStrategy(null))
            .build());

        assertEquals(List.of("agents[0].idleStrategy: null; expected " + KINDS), ex.errors());
        assertEquals("invalid Mongoose configuration (1 error):\n  agents[0].idleStrategy: null; expected " + KINDS,
            ex.getMessage());
    }

    // ---------------------------------------------------------------------------------------------- registerHandlers

    private static MongooseServerBuilder failingRegistrations()
    {
        final EventProcessor throwing = handlers ->
        {
            throw new IllegalStateException("no handlers today");
        };
        final EventProcessor duplicate = handlers -> handlers
            .on(SeqMessage.class, m ->
            {
            })
            .on(SeqMessage.class, m ->
            {
            });
        return MongooseServer.builder()
            .name("cfg")
            .poolRegistry(new PoolRegistry("cfg"))
            .feed(FeedConfig.broadcast("prices"))
            .agentGroup(AgentGroupConfig.named("cfg-reg-a").processor("fine", new Noop()).processor("throws", throwing))
            .agentGroup(AgentGroupConfig.named("cfg-reg-b").processor("dup", duplicate));
    }

    @Test
    void registerHandlersThrowingIsAConfigErrorNamingTheProcessorPath()
    {
        final MongooseConfigException ex =
            assertThrows(MongooseConfigException.class, () -> failingRegistrations().build());

        assertEquals(List.of(
            "agents[0].processors[1]: registerHandlers threw java.lang.IllegalStateException: no handlers today; " +
                "expected it to register handlers and return",
            "agents[1].processors[0]: registerHandlers threw java.lang.IllegalArgumentException: processor 'dup': " +
                SeqMessage.class.getName() + " already has a handler; expected one per type; " +
                "expected it to register handlers and return"), ex.errors());
        assertEquals(List.of(), problems(failingRegistrations().toConfig()), "the model itself is valid");
    }

    // ---------------------------------------------------------------------------------------------- no threads

    private static void assertStartsNoThread(final Set<String> agentNames, final Supplier<MongooseServer> build)
    {
        final Set<Thread> before = AgentThreads.live();

        assertThrows(MongooseConfigException.class, build::get);

        AgentThreads.assertNoneStartedSince(before, agentNames);
    }

    @Test
    void aConfigFailingValidationStartsNoThread()
    {
        assertStartsNoThread(Set.of("cfg-many-a"), () -> manyProblems().build());
    }

    @Test
    void aConfigFailingRegistrationStartsNoThread()
    {
        assertStartsNoThread(Set.of("cfg-reg-a", "cfg-reg-b"), () -> failingRegistrations().build());
    }

    @Test
    void theThreadCheckSeesAStartedAgent()
    {
        final Set<Thread> before = AgentThreads.live();
        final MongooseServer server = MongooseServer.builder()
            .name("cfg")
            .poolRegistry(new PoolRegistry("cfg"))
            .feed(FeedConfig.broadcast("prices"))
            .agentGroup(
                AgentGroupConfig.named("cfg-control").idleStrategy(IdleStrategyKind.SLEEP).processor("p", new Noop()))
            .build();
        assertEquals(List.of(), AgentThreads.startedSince(before, Set.of("cfg-control")), "build() must start nothing");
        try
        {
            server.start();
            final List<String> started = AgentThreads.startedSince(before, Set.of("cfg-control"));
            assertTrue(started.contains("cfg-control"), "the check must see a started agent thread: " + started);
        }
        finally
        {
            server.stop();
        }
    }
}
