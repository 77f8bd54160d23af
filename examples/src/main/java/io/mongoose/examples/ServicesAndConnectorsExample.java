package io.mongoose.examples;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ProcessorConfig;
import io.mongoose.config.ServiceConfig;
import io.mongoose.connect.InMemorySink;
import io.mongoose.connect.InMemorySource;
import io.mongoose.connect.LineMessage;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

/**
 * A service, an in-memory source, a pipe and an in-memory sink, built in Java: quote lines offered by the application
 * are enriched with company names from a reference-data service on one agent, handed over a pipe, and collected on
 * another. {@code examples/config/pipeline.yaml} is the same server reading and writing files.
 */
public final class ServicesAndConnectorsExample
{
    private ServicesAndConnectorsExample()
    {
    }

    /**
     * Enrich three quotes and print them.
     *
     * @param args unused.
     */
    public static void main(final String[] args)
    {
        run(System.out);
    }

    /**
     * @param out where the enriched lines and the report go.
     * @return the enriched lines.
     */
    public static List<String> run(final PrintStream out)
    {
        final PoolRegistry pools = new PoolRegistry("services-and-connectors");
        final InMemorySource<String, LineMessage> input = InMemorySource.lines(1024);
        final InMemorySink<LineMessage, String> output = InMemorySink.lines(1024);

        final MongooseServer server = MongooseServer.builder()
            .poolRegistry(pools)
            .service(ServiceConfig.of("companies", new CompanyNames("ACME=Acme Corp;GLOBX=Globex")))
            .service(ServiceConfig.of("input", input).publishes("quotes"))
            .feed(FeedConfig.named("quotes"))
            .feed(FeedConfig.named("enriched"))
            .agentGroup(AgentGroupConfig.named("enrich").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor(ProcessorConfig.of("enricher", new CompanyEnricher(pools, "enriched"), "quotes")
                    .services("companies")
                    .publishes("enriched")))
            .agentGroup(AgentGroupConfig.named("collect").idleStrategy(IdleStrategyKind.BACKOFF)
                .processor("output", output, "enriched"))
            .build();
        server.start();

        input.offer("ACME,10012");      // any thread; false if the source is full
        input.offer("GLOBX,2250");
        input.offer("HOOLI,4200");
        final List<String> enriched = output.await(3, Duration.ofSeconds(30));
        final ShutdownReport report = server.stop();

        enriched.forEach(out::println);
        out.println(report);
        if (!report.clean())
        {
            throw new IllegalStateException("lines were lost or leaked: " + report);
        }
        return enriched;
    }
}
