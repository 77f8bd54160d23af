package io.mongoose.examples;

import io.mongoose.examples.QuickStartExample.PriceSumProcessor;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.yaml.ProcessorTypeProvider;
import io.mongoose.yaml.ProcessorTypes;

import java.time.Duration;

/**
 * The processor and service types of {@code examples/config/quotes.yaml}, {@code examples/config/pipeline.yaml} and
 * {@code examples/config/operations.yaml}, for {@code MongooseMain}, which finds this provider through
 * {@code META-INF/services}: {@code scripts/run-server.sh --config=examples/config/quotes.yaml} serves that file.
 * {@code MongooseMain} builds its server on {@link PoolRegistry#global()}, so that is where the enricher finds the
 * line pool.
 */
public final class ExampleProcessorTypes implements ProcessorTypeProvider
{
    @Override
    public void addTypes(final ProcessorTypes.Builder types)
    {
        types.add("price-sum", PriceSumProcessor::new)
            .addConfigurable("price-band", properties -> new PriceBandProcessor(
                properties.integer("lowTicks", 0), properties.integer("highTicks", Long.MAX_VALUE)))
            .addConfigurable("session-clock", properties -> new SessionClockProcessor(
                Duration.ofMillis(properties.integer("periodMillis", 10))))
            .addConfigurableService("company-names", properties -> new CompanyNames(properties.text("names", "")))
            .addConfigurable("company-enricher", properties ->
                new CompanyEnricher(PoolRegistry.global(), properties.text("feed", "enriched")));
    }
}
