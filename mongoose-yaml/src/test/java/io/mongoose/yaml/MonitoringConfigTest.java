package io.mongoose.yaml;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ConfigValidator;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.HealthConfig;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ServerConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.server.MongooseServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The counters and health settings: defaults, the builder, YAML, and every bad value named with its path.
 */
class MonitoringConfigTest
{
    private static final EventProcessor NOOP = handlers ->
    {
    };
    private static final ProcessorTypes TYPES = ProcessorTypes.builder().add("noop", () -> NOOP).build();

    private static ServerConfig withMonitoring(final CountersConfig counters, final HealthConfig health)
    {
        return ServerConfig.named("cfg").feed(FeedConfig.named("f"))
            .agentGroup(AgentGroupConfig.named("a").processor("p", NOOP, "f")).counters(counters).health(health);
    }

    private static String yaml(final String serverLines)
    {
        return "server:\n" + serverLines.indent(2) + """
            feeds: [{ name: f, kind: named }]
            agents: [{ name: a, processors: [{ name: p, type: noop, subscriptions: [f] }] }]
            """;
    }

    private static List<String> yamlErrors(final String serverLines)
    {
        return assertThrows(MongooseConfigException.class, () -> YamlConfig.load(yaml(serverLines), "m.yaml", TYPES))
            .errors();
    }

    @Test
    void countersAreOnByDefaultEverywhere()
    {
        final ServerConfig fromBuilder = MongooseServer.builder().feed(FeedConfig.named("f"))
            .agentGroup(AgentGroupConfig.named("a").processor("p", NOOP, "f")).toConfig();
        assertEquals(CountersConfig.defaults(), fromBuilder.counters());
        assertEquals(HealthConfig.defaults(), fromBuilder.health());
        assertEquals("CountersConfig[enabled=true, dir=null, deleteOnStop=true, sampleInterval=PT1S]",
            CountersConfig.defaults().toString());
        assertEquals(CountersConfig.defaults(), ServerConfig.named("s").counters());
        final ServerConfig fromYaml = YamlConfig.load(yaml("name: y"), "m.yaml", TYPES);
        assertEquals(CountersConfig.defaults(), fromYaml.counters());
        assertEquals(HealthConfig.defaults(), fromYaml.health());
    }

    @Test
    void yamlReachesTheSameModelAsTheBuilder()
    {
        final ServerConfig config = YamlConfig.load(yaml("""
            counters: { enabled: false, dir: /tmp/m-counters, deleteOnStop: false, sampleInterval: 250ms }
            health:
              agentStaleAfter: 2s
              agentDownAfter: 20s
              queueSaturation: 0.9
              errorRate: 5
              errorRateWindow: 30s
            """), "m.yaml", TYPES);
        assertEquals(CountersConfig.disabled().dir(Path.of("/tmp/m-counters")).deleteOnStop(false)
            .sampleInterval(Duration.ofMillis(250)), config.counters());
        assertEquals(HealthConfig.defaults().agentLiveness(Duration.ofSeconds(2), Duration.ofSeconds(20))
            .queueSaturation(0.9).errorRate(5, Duration.ofSeconds(30)), config.health());
    }

    @Test
    void badValuesAreNamedWithTheirPathsInTheModel(@TempDir final Path dir) throws IOException
    {
        final Path file = Files.writeString(dir.resolve("file"), "x");
        assertEquals(List.of(
                "counters.sampleInterval: PT0S; expected a positive duration up to 10s",
                "counters.dir: '" + file + "' is not a directory; expected a directory (created if missing), or no " +
                    "dir for the default",
                "health.agentDownAfter: PT1S (agentStaleAfter is PT2S); expected a duration longer than " +
                    "agentStaleAfter",
                "health.queueSaturation: 1.5; expected a fill ratio above 0 and at most 1, e.g. 0.8",
                "health.errorRate: -1.0; expected errors per second, 0 or more (0: any error degrades)",
                "health.errorRateWindow: null; expected a positive duration up to 24h"),
            ConfigValidator.problems(withMonitoring(
                CountersConfig.defaults().dir(file).sampleInterval(Duration.ZERO),
                HealthConfig.defaults().agentLiveness(Duration.ofSeconds(2), Duration.ofSeconds(1))
                    .queueSaturation(1.5).errorRate(-1, null))));
        assertEquals(List.of("counters: null; expected a counters configuration (CountersConfig.defaults())",
                "health: null; expected health thresholds (HealthConfig.defaults())"),
            ConfigValidator.problems(withMonitoring(null, null)));
        assertEquals(List.of("health.queueSaturation: NaN; expected a fill ratio above 0 and at most 1, e.g. 0.8",
                "health.errorRateWindow: PT0.05S (counters.sampleInterval is PT1S); expected at least the sample " +
                    "interval"),
            ConfigValidator.problems(withMonitoring(CountersConfig.defaults(),
                HealthConfig.defaults().queueSaturation(Double.NaN).errorRate(1, Duration.ofMillis(50)))));
        assertEquals(List.of("counters.sampleInterval: PT11S; expected a positive duration up to 10s"),
            ConfigValidator.problems(withMonitoring(
                CountersConfig.defaults().sampleInterval(Duration.ofSeconds(11)), HealthConfig.defaults())));
        assertEquals(List.of("health.agentStaleAfter: PT25H; expected a positive duration up to 24h",
                "health.agentDownAfter: PT1000000H; expected a positive duration up to 24h"),
            ConfigValidator.problems(withMonitoring(CountersConfig.defaults(),
                HealthConfig.defaults().agentLiveness(Duration.ofHours(25), Duration.ofHours(1_000_000)))));
    }

    @Test
    void badYamlIsNamedWithTheFilesPaths()
    {
        assertEquals(List.of(
                "server.counters.size: unknown key; expected one of enabled, dir, deleteOnStop, sampleInterval",
                "server.counters.enabled: 'yes'; expected true or false",
                "server.health.agentStaleAfter: 5; expected " + YamlValues.DURATION_EXPECTED,
                "server.health.queueSaturation: 'high'; expected a fill ratio above 0 and at most 1, e.g. 0.8",
                "server.health.errorRate: -2.0; expected errors per second, 0 or more (0: any error degrades)"),
            yamlErrors("""
                counters: { enabled: 'yes', size: 3 }
                health: { queueSaturation: high, agentStaleAfter: 5, errorRate: -2 }
                """));
        assertEquals(List.of(
                "server.counters: a list; expected counters settings: a map with keys enabled, dir, deleteOnStop, " +
                    "sampleInterval"),
            yamlErrors("counters: [on]"));
    }
}
