package io.mongoose.examples;

import io.mongoose.config.MongooseConfigException;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.examples.QuickStartExample.PriceSumProcessor;
import io.mongoose.examples.QuickStartExample.Quote;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.ShutdownReport;
import io.mongoose.yaml.MongooseYaml;
import io.mongoose.yaml.ProcessorTypes;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The quick start's server described by a YAML file ({@code examples/config/quotes.yaml}) instead of the builder: the
 * file names processor types, the code says what each type is.
 */
public final class YamlConfigExample
{
    /** Exit code: every quote handled, nothing leaked. */
    public static final int EXIT_OK = 0;
    /** Exit code: quotes lost or leaked. */
    public static final int EXIT_FAILED = 1;
    /** Exit code: bad arguments or a configuration error. */
    public static final int EXIT_USAGE = 2;
    /** Where {@link #main} looks without an argument: the file in this repository, from its root. */
    public static final Path DEFAULT_FILE = Path.of("examples/config/quotes.yaml");

    private static final int QUOTES = 100_000;

    private YamlConfigExample()
    {
    }

    /**
     * Load the file, publish 100,000 quotes, stop, and exit with {@link #run}'s code.
     *
     * @param args the configuration file, {@link #DEFAULT_FILE} when absent.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * @param args the configuration file, {@link #DEFAULT_FILE} when absent.
     * @param out  the result.
     * @param err  configuration errors and failures.
     * @return {@link #EXIT_OK}, {@link #EXIT_FAILED} or {@link #EXIT_USAGE}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        if (args.length > 1)
        {
            err.println("error: " + args.length + " arguments; expected at most one, the configuration file");
            return EXIT_USAGE;
        }
        final Path file = args.length == 1 ? Path.of(args[0]) : DEFAULT_FILE;
        final PoolRegistry pools = new PoolRegistry("yaml-config");
        final ObjectPool<Quote> quotes = pools.register(
            Quote.class, Quote::new, PoolConfig.of(1024).waitOnExhaustion(Duration.ofSeconds(1)));
        final List<PriceSumProcessor> sums = new ArrayList<>();
        final List<PriceBandProcessor> bands = new ArrayList<>();

        final MongooseServer server;
        try
        {
            server = MongooseYaml.server(file, types(sums, bands), pools, new LoggingErrorHandler());
        }
        catch (final MongooseConfigException ex)
        {
            err.println(ex.getMessage());
            return EXIT_USAGE;
        }

        server.start();
        final FeedPublisher publisher = server.publisher("quotes");
        for (int i = 0; i < QUOTES; i++)
        {
            final Quote quote = quotes.acquire();
            quote.instrumentId = i % 16;
            quote.priceTicks = 10_000 + i % 100;
            publisher.publish(quote);
        }
        final ShutdownReport report = server.stop();

        long handled = 0;
        long priceSum = 0;
        for (final PriceSumProcessor sum : sums)
        {
            handled += sum.count;
            priceSum += sum.priceSum;
        }
        long inBand = 0;
        for (final PriceBandProcessor band : bands)
        {
            inBand += band.inBand();
        }
        out.println("server '" + server.name() + "' from " + file + ": handled " + handled + " quotes, price sum " +
            priceSum + ", " + inBand + " in band, " + report);
        if (!report.clean() || handled != (long)QUOTES * sums.size())
        {
            err.println("quotes were lost or leaked: " + report);
            return EXIT_FAILED;
        }
        return EXIT_OK;
    }

    /**
     * The processor types {@code quotes.yaml} names. A supplier makes a type without properties; a factory reads the
     * entry's properties. {@code remember} only keeps each processor made, so {@link #run} can print its counts.
     *
     * @param sums  receives every price-sum processor made.
     * @param bands receives every price-band processor made.
     * @return the types.
     */
    static ProcessorTypes types(final List<PriceSumProcessor> sums, final List<PriceBandProcessor> bands)
    {
        return ProcessorTypes.builder()
            .add("price-sum", () -> remember(sums, new PriceSumProcessor()))
            .addConfigurable("price-band", properties -> remember(bands, new PriceBandProcessor(
                properties.integer("lowTicks", 0), properties.integer("highTicks", Long.MAX_VALUE))))
            .build();
    }

    /** Keeps each processor a factory makes, to read its counts after stop. */
    private static <T> T remember(final List<T> made, final T processor)
    {
        made.add(processor);
        return processor;
    }
}
