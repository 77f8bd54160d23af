package io.mongoose.yaml;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ConfigValidator;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.HealthConfig;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ServerConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.MongooseServerBuilder;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Each numeric setting has one range, and the validator (for a config made by withers, which take any value) and a
 * YAML file refuse a value outside it in the same words: the path, the value, its owner's name and the range. Neither
 * lets through a value that would fail later with an unrelated error (an {@link OutOfMemoryError} for a queue of 2^30
 * slots, a JCTools message for a pool of {@code Integer.MAX_VALUE}).
 */
class SettingRangesTest
{
    private static final EventProcessor PRICER = handlers ->
    {
    };
    private static final ProcessorTypes TYPES = ProcessorTypes.builder().add("pricer", () -> PRICER).build();

    private static final String CAPACITY_RANGE = "a power of two from 2 to 16777216";
    private static final String TIMEOUT_RANGE = "a positive duration up to 24h";

    /** One feed and one agent; {@code feedKeys} and {@code agentKeys} go into their maps. */
    private static List<String> yamlErrors(final String serverKeys, final String feedKeys, final String agentKeys)
    {
        final String yaml = "server: { name: s" + serverKeys + " }\n" +
            "feeds: [{ name: quotes, kind: named" + feedKeys + " }]\n" +
            "agents: [{ name: pricing" + agentKeys + ", processors: [{ name: p, type: pricer, " +
            "subscriptions: [quotes] }]}]\n";
        return assertThrows(MongooseConfigException.class, () -> YamlConfig.load(yaml, "test.yaml", TYPES)).errors();
    }

    private static String refusal(final Class<? extends RuntimeException> type, final Runnable call)
    {
        return assertThrows(type, call::run).getMessage();
    }

    /** A server of this feed and this agent group, whose processor subscribes to 'quotes'. */
    private static MongooseServerBuilder server(final FeedConfig feed, final AgentGroupConfig agent)
    {
        return MongooseServer.builder().feed(feed).agentGroup(agent.processor("p", PRICER, "quotes"));
    }

    /** What the validator says of a config made with withers. */
    private static List<String> problems(final MongooseServerBuilder server)
    {
        return ConfigValidator.problems(server.toConfig());
    }

    @Test
    void aQueueOfTwoToTheThirtyIsRefusedByTheValidatorAndTheFileAlike()
    {
        final List<String> expected =
            List.of("feeds[0].queueCapacity: 1073741824 (feed 'quotes'); expected " + CAPACITY_RANGE);
        final MongooseServerBuilder server =
            server(FeedConfig.named("quotes").queueCapacity(1 << 30), AgentGroupConfig.named("pricing"));
        assertEquals(expected, problems(server));
        // Refused when the server is built, before anything is allocated.
        assertEquals(expected, assertThrows(MongooseConfigException.class, server::build).errors());
        assertEquals(expected, yamlErrors("", ", queueCapacity: 1073741824", ""));
        assertEquals(List.of(), problems(server(FeedConfig.named("quotes").queueCapacity(FeedConfig.MAX_QUEUE_CAPACITY),
            AgentGroupConfig.named("pricing"))));
        assertEquals(CAPACITY_RANGE, FeedConfig.QUEUE_CAPACITY_RANGE.expected());
    }

    @Test
    void aPoolOfIntegerMaxValueIsRefusedNamingTheSettingAndTheRange()
    {
        final String expected = "pool capacity: 2147483647; expected an integer from 1 to 16777216";
        assertEquals(expected, refusal(IllegalArgumentException.class, () -> PoolConfig.of(Integer.MAX_VALUE)));
        assertEquals(expected, refusal(IllegalArgumentException.class, () -> new PoolRegistry("r").register(
            SeqMessage.class, SeqMessage::new, PoolConfig.of(Integer.MAX_VALUE).failOnExhaustion())));
        assertEquals("pool maxWait: PT25H; expected a duration from 0 to 24h", refusal(IllegalArgumentException.class,
            () -> PoolConfig.of(1).waitOnExhaustion(Duration.ofHours(25))));
        assertEquals(PoolConfig.MAX_CAPACITY, PoolConfig.of(PoolConfig.MAX_CAPACITY).capacity());
        assertEquals(FeedConfig.MAX_QUEUE_CAPACITY, PoolConfig.MAX_CAPACITY, "a pool can hold the largest ring");
    }

    @Test
    void drainLimitAndTimerWheelSize()
    {
        final FeedConfig quotes = FeedConfig.named("quotes");
        final AgentGroupConfig pricing = AgentGroupConfig.named("pricing");
        final List<String> expected = List.of(
            "agents[0].drainLimit: 16777217 (agent group 'pricing'); expected an integer from 1 to 16777216",
            "agents[0].timerWheelSize: 131072 (agent group 'pricing'); expected a power of two from 2 to 65536");
        assertEquals(expected, problems(server(quotes, pricing.drainLimit((1 << 24) + 1).timerWheelSize(1 << 17))));
        assertEquals(expected, yamlErrors("", "", ", drainLimit: 16777217, timerWheelSize: 131072"));
        assertEquals(List.of("agents[0].drainLimit: 0 (agent group 'pricing'); expected an integer from 1 to 16777216"),
            problems(server(quotes, pricing.drainLimit(0))));
        assertEquals(List.of(), problems(server(quotes, pricing.drainLimit(1 << 24))));
    }

    @Test
    void timeouts()
    {
        final AgentGroupConfig pricing = AgentGroupConfig.named("pricing");
        for (final Duration bad : new Duration[] {Duration.ofHours(25), Duration.ZERO, null})
        {
            assertEquals(List.of("feeds[0].publishTimeout: " + bad + " (feed 'quotes'); expected " + TIMEOUT_RANGE),
                problems(server(FeedConfig.named("quotes").publishTimeout(bad), pricing)));
        }
        assertEquals("server startTimeout: PT25H; expected " + TIMEOUT_RANGE,
            refusal(IllegalArgumentException.class, () -> MongooseServer.builder().startTimeout(Duration.ofHours(25))));
        assertEquals("server shutdownTimeout: PT-1S; expected " + TIMEOUT_RANGE, refusal(
            IllegalArgumentException.class, () -> MongooseServer.builder().shutdownTimeout(Duration.ofSeconds(-1))));
        // Beyond what nanoseconds in a long hold: refused, where it used to end in ArithmeticException at build.
        final Duration longest = Duration.ofSeconds(Long.MAX_VALUE);
        assertEquals("server shutdownTimeout: " + longest + "; expected " + TIMEOUT_RANGE, refusal(
            IllegalArgumentException.class, () -> MongooseServer.builder().shutdownTimeout(longest)));
        assertEquals(List.of(
                "server.startTimeout: PT25H; expected " + TIMEOUT_RANGE,
                "server.shutdownTimeout: PT1000000H; expected " + TIMEOUT_RANGE,
                "feeds[0].publishTimeout: PT25H (feed 'quotes'); expected " + TIMEOUT_RANGE),
            yamlErrors(", startTimeout: 25h, shutdownTimeout: 1000000h", ", publishTimeout: 25h", ""));
        assertEquals(List.of(),
            problems(server(FeedConfig.named("quotes").publishTimeout(ServerConfig.MAX_TIMEOUT), pricing)));
    }

    @Test
    void monitoringDurations()
    {
        assertEquals(List.of(
                "counters.sampleInterval: PT11S; expected a positive duration up to 10s",
                "health.agentDownAfter: PT1000000H; expected " + TIMEOUT_RANGE,
                "health.errorRateWindow: PT0S; expected " + TIMEOUT_RANGE),
            problems(server(FeedConfig.named("quotes"), AgentGroupConfig.named("pricing"))
                .counters(CountersConfig.defaults().sampleInterval(Duration.ofSeconds(11)))
                .health(HealthConfig.defaults().agentLiveness(Duration.ofSeconds(1), Duration.ofHours(1_000_000))
                    .errorRate(1, Duration.ZERO))));
    }
}
