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
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Each numeric setting has one range, and the builder's withers, the validator and a YAML file refuse a value outside
 * it in the same words: the setting, its owner's name, the value and the range. None of them lets through a value
 * that would fail later with an unrelated error (an {@link OutOfMemoryError} for a queue of 2^30 slots, a JCTools
 * message for a pool of {@code Integer.MAX_VALUE}).
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

    @Test
    void aQueueOfTwoToTheThirtyIsRefusedByTheBuilderAndTheFileAlike()
    {
        assertEquals("feed 'quotes' queueCapacity: 1073741824; expected " + CAPACITY_RANGE,
            refusal(IllegalArgumentException.class, () -> FeedConfig.named("quotes").queueCapacity(1 << 30)));
        assertEquals(List.of("feeds[0].queueCapacity: 1073741824 (feed 'quotes'); expected " + CAPACITY_RANGE),
            yamlErrors("", ", queueCapacity: 1073741824", ""));
        // The feed's builder leaves the check to the validator, which refuses it before anything is allocated.
        assertEquals(List.of("feeds[0].queueCapacity: 1073741824 (feed 'quotes'); expected " + CAPACITY_RANGE),
            ConfigValidator.problems(MongooseServer.builder()
                .feed(FeedConfig.builder().name("quotes").queueCapacity(1 << 30).build())
                .agentGroup(AgentGroupConfig.named("pricing").processor("p", PRICER, "quotes")).toConfig()));
        assertEquals(FeedConfig.MAX_QUEUE_CAPACITY,
            FeedConfig.named("quotes").queueCapacity(FeedConfig.MAX_QUEUE_CAPACITY).queueCapacity());
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
        final AgentGroupConfig pricing = AgentGroupConfig.named("pricing");
        assertEquals("agent group 'pricing' drainLimit: 0; expected an integer from 1 to 16777216",
            refusal(IllegalArgumentException.class, () -> pricing.drainLimit(0)));
        assertEquals("agent group 'pricing' drainLimit: 16777217; expected an integer from 1 to 16777216",
            refusal(IllegalArgumentException.class, () -> pricing.drainLimit((1 << 24) + 1)));
        assertEquals("agent group 'pricing' timerWheelSize: 131072; expected a power of two from 2 to 65536",
            refusal(IllegalArgumentException.class, () -> pricing.timerWheelSize(1 << 17)));
        assertEquals(List.of(
                "agents[0].drainLimit: 16777217 (agent group 'pricing'); expected an integer from 1 to 16777216",
                "agents[0].timerWheelSize: 131072 (agent group 'pricing'); expected a power of two from 2 to 65536"),
            yamlErrors("", "", ", drainLimit: 16777217, timerWheelSize: 131072"));
        assertEquals(1 << 24, pricing.drainLimit(1 << 24).drainLimit());
    }

    @Test
    void timeouts()
    {
        assertEquals("feed 'quotes' publishTimeout: PT25H; expected " + TIMEOUT_RANGE,
            refusal(IllegalArgumentException.class, () -> FeedConfig.named("quotes").publishTimeout(Duration.ofHours(25))));
        assertEquals("feed 'quotes' publishTimeout: PT0S; expected " + TIMEOUT_RANGE,
            refusal(IllegalArgumentException.class, () -> FeedConfig.named("quotes").publishTimeout(Duration.ZERO)));
        assertEquals("feed 'quotes' publishTimeout: null; expected " + TIMEOUT_RANGE,
            refusal(NullPointerException.class, () -> FeedConfig.named("quotes").publishTimeout(null)));
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
        assertEquals(ServerConfig.MAX_TIMEOUT,
            FeedConfig.named("quotes").publishTimeout(ServerConfig.MAX_TIMEOUT).publishTimeout());
    }

    @Test
    void monitoringDurations()
    {
        assertEquals("counters sampleInterval: PT11S; expected a positive duration up to 10s",
            refusal(IllegalArgumentException.class,
                () -> CountersConfig.defaults().sampleInterval(Duration.ofSeconds(11))));
        assertEquals("health agentDownAfter: PT1000000H; expected " + TIMEOUT_RANGE, refusal(
            IllegalArgumentException.class, () -> HealthConfig.defaults().agentLiveness(Duration.ofSeconds(1),
                Duration.ofHours(1_000_000))));
        assertEquals("health errorRateWindow: PT0S; expected " + TIMEOUT_RANGE, refusal(IllegalArgumentException.class,
            () -> HealthConfig.defaults().errorRate(1, Duration.ZERO)));
    }
}
