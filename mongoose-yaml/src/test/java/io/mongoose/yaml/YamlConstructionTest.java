package io.mongoose.yaml;

import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ServerConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.service.MongooseService;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Loading YAML checks the whole document before it runs any factory: a refused file constructs no processor and no
 * service (whose constructors may open files or sockets), and a valid one constructs each entry's instance once.
 */
class YamlConstructionTest
{
    private final AtomicInteger processorsMade = new AtomicInteger();
    private final AtomicInteger servicesMade = new AtomicInteger();
    private final ProcessorTypes types = ProcessorTypes.builder()
        .addConfigurable("counted", properties ->
        {
            processorsMade.incrementAndGet();
            properties.text("label", "");
            return new Counted();
        })
        .addService("counted-service", () ->
        {
            servicesMade.incrementAndGet();
            return new MongooseService()
            {
            };
        })
        .build();

    @TempDir
    Path dir;

    /** Valid entries of both kinds; {@code %s} is where each test puts its own problem, or nothing. */
    private static final String DOCUMENT = """
        feeds:
          - { name: quotes, kind: named%s }
        services:
          - { name: refdata, type: counted-service }
        agents:
          - name: pricing
            processors:
              - { name: pricer, type: counted, subscriptions: [quotes], properties: { label: p } }
              - { name: checker, type: counted, subscriptions: [quotes], services: [refdata] }
        """;

    private static final class Counted implements EventProcessor
    {
        @Override
        public void registerHandlers(final HandlerRegistry handlers)
        {
        }
    }

    private List<String> errors(final String yaml)
    {
        return assertThrows(MongooseConfigException.class, () -> YamlConfig.load(yaml, "test.yaml", types)).errors();
    }

    @Test
    void aFileWithAnUnknownKeyElsewhereConstructsNothing()
    {
        assertEquals(List.of("feeds[0].colour: unknown key; expected one of name, kind, queueCapacity, " +
            "fullQueuePolicy, publishTimeout, ring"), errors(DOCUMENT.formatted(", colour: red")));
        assertEquals(0, processorsMade.get(), "processor constructions");
        assertEquals(0, servicesMade.get(), "service constructions");
    }

    @Test
    void aFileFailingTheValidatorConstructsNothing()
    {
        assertEquals(List.of("feeds[0].queueCapacity: 1000 (feed 'quotes'); expected a power of two from 2 to " +
            "16777216"), errors(DOCUMENT.formatted(", queueCapacity: 1000")));
        assertEquals(0, processorsMade.get(), "processor constructions");
        assertEquals(0, servicesMade.get(), "service constructions");
    }

    @Test
    void noEntryPointConstructsAnythingForARefusedFile() throws IOException
    {
        final Path file = Files.writeString(dir.resolve("bad.yaml"), DOCUMENT.formatted(", queueCapacity: 1000"));

        assertThrows(MongooseConfigException.class, () -> YamlConfig.load(file, types));
        assertThrows(MongooseConfigException.class, () -> MongooseYaml.server(file, types,
            new PoolRegistry("yaml-construction"), new LoggingErrorHandler()));
        assertEquals(0, processorsMade.get(), "processor constructions");
        assertEquals(0, servicesMade.get(), "service constructions");
    }

    @Test
    void everyProblemOfARefusedFileIsStillListedAtOnce()
    {
        assertEquals(List.of(
                "feeds[0].fullQueuePolicy: unknown 'wait'; expected one of backoff, drop, fail",
                "feeds[0].queueCapacity: 1000 (feed 'quotes'); expected a power of two from 2 to 16777216",
                "agents[0].processors[1].services[0]: unknown service 'refdta'; expected one of refdata"),
            errors(DOCUMENT.formatted(", queueCapacity: 1000, fullQueuePolicy: wait").replace("services: [refdata]",
                "services: [refdta]")));
        assertEquals(0, processorsMade.get() + servicesMade.get());
    }

    @Test
    void aValidFileConstructsEachEntryOnce()
    {
        final ServerConfig config = YamlConfig.load(DOCUMENT.formatted(""), "test.yaml", types);

        assertEquals(2, processorsMade.get());
        assertEquals(1, servicesMade.get());
        assertEquals(Counted.class, config.agentGroups().get(0).processors().get(0).processor().getClass());
        assertEquals(Counted.class, config.agentGroups().get(0).processors().get(1).processor().getClass());
    }

    /** A factory's checks of its properties need the factory to run, so they come once the rest is valid. */
    @Test
    void aPropertyTheFactoryRejectsIsReportedOnceTheRestIsValid()
    {
        assertEquals(List.of("agents[0].processors[0].properties.colour: unknown key; expected one of label"),
            errors(DOCUMENT.formatted("").replace("{ label: p }", "{ label: p, colour: red }")));
        assertEquals(2, processorsMade.get(), "each factory ran once, to check its properties");
    }
}
