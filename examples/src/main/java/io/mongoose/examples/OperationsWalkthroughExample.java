package io.mongoose.examples;

import io.mongoose.admin.Admin;
import io.mongoose.admin.AdminResult;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.examples.QuickStartExample.Quote;
import io.mongoose.feed.FeedPublisher;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.tools.MongooseStat;
import io.mongoose.yaml.MongooseYaml;
import io.mongoose.yaml.ProcessorTypes;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;

/**
 * The operations walkthrough ({@code docs/operations.md}): a server from {@code examples/config/operations.yaml}
 * under load, looked at and steered the way an operator does it. Each step prints the command an operator would type
 * in the console ({@code scripts/run-server.sh --config=FILE --admin}) or a shell ({@code scripts/mongoose-stat.sh}),
 * then the server's real answer:
 * <ol>
 *     <li>{@code topology}: what runs where;</li>
 *     <li>{@code mongoose-stat}: the live counters file, read the way another process reads it;</li>
 *     <li>{@code health}: the verdict with each agent's liveness and each feed's saturation;</li>
 *     <li>{@code pause-feed}, publish, {@code feed-stats}, {@code resume-feed}: quotes wait in order, then all
 *     arrive;</li>
 *     <li>{@code clock}: a processor's own command, run on its agent thread, over its scheduler's ticks;</li>
 *     <li>{@code latency} and {@code latency-dump}: the monitored processor's publish-to-handler percentiles and an
 *     {@code .hgrm} file;</li>
 *     <li>{@code stop}: the shutdown report.</li>
 * </ol>
 */
public final class OperationsWalkthroughExample
{
    /** Exit code: every step answered and every quote was handled, nothing leaked. */
    public static final int EXIT_OK = 0;
    /** Exit code: a step failed, quotes were lost or leaked. */
    public static final int EXIT_FAILED = 1;
    /** Exit code: bad arguments or a configuration error. */
    public static final int EXIT_USAGE = 2;
    /** The configuration without {@code --config}: the file in this repository, from its root. */
    public static final Path DEFAULT_FILE = Path.of("examples/config/operations.yaml");
    /** Where the latency dump goes without {@code --out}. */
    public static final Path DEFAULT_OUT = Path.of("examples/target/operations");
    /** Quotes published before the pause. */
    public static final int QUOTES = 50_000;
    /** Quotes published while the feed is paused: fewer than its queue holds, so the producer never waits. */
    public static final int QUOTES_WHILE_PAUSED = 1_000;

    private static final String USAGE = "usage: OperationsWalkthroughExample [--config=FILE] [--out=DIR]";
    private static final Duration STEP_TIMEOUT = Duration.ofSeconds(30);

    private OperationsWalkthroughExample()
    {
    }

    /**
     * @param args {@code [--config=FILE] [--out=DIR]}.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * @param args {@code [--config=FILE] [--out=DIR]}: the server's YAML ({@link #DEFAULT_FILE}) and where the
     *             {@code .hgrm} dump goes ({@link #DEFAULT_OUT}).
     * @param out  the walkthrough.
     * @param err  errors.
     * @return {@link #EXIT_OK}, {@link #EXIT_FAILED} or {@link #EXIT_USAGE}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        Path file = DEFAULT_FILE;
        Path outDir = DEFAULT_OUT;
        for (final String arg : args)
        {
            if (arg.startsWith("--config=") && arg.length() > "--config=".length())
            {
                file = Path.of(arg.substring("--config=".length()));
            }
            else if (arg.startsWith("--out=") && arg.length() > "--out=".length())
            {
                outDir = Path.of(arg.substring("--out=".length()));
            }
            else
            {
                err.println("error: unknown argument '" + arg + "'; expected --config=FILE or --out=DIR");
                err.println(USAGE);
                return EXIT_USAGE;
            }
        }
        final PoolRegistry pools = new PoolRegistry("operations");
        final ObjectPool<Quote> quotes = pools.register(
            Quote.class, Quote::new, PoolConfig.of(8192).waitOnExhaustion(Duration.ofSeconds(1)));
        final ProcessorTypes.Builder types = ProcessorTypes.builder();
        new ExampleProcessorTypes().addTypes(types);
        final MongooseServer server;
        try
        {
            server = MongooseYaml.server(file, types.build(), pools, new LoggingErrorHandler());
        }
        catch (final MongooseConfigException ex)
        {
            err.println(ex.getMessage());
            return EXIT_USAGE;
        }
        try
        {
            return walk(server, quotes, outDir, out, err);
        }
        catch (final RuntimeException ex)
        {
            err.println("walkthrough failed: " + ex);
            return EXIT_FAILED;
        }
        finally
        {
            server.stop();
        }
    }

    private static int walk(
        final MongooseServer server, final ObjectPool<Quote> quotes, final Path outDir, final PrintStream out,
        final PrintStream err)
    {
        server.start();
        final Admin admin = server.admin();
        final FeedPublisher publisher = server.publisher("quotes");
        publish(publisher, quotes, 0, QUOTES);
        await("the first quotes handled", () -> server.processorStats("price-sum").handled() == QUOTES);

        step(out, 1, "what runs where", "topology", admin.invoke("topology"));

        out.println();
        out.println("## 2. the live counters, from another process");
        final Path counters = server.countersFile().orElseThrow(() ->
            new IllegalStateException("server '" + server.name() + "' publishes no counters file; expected " +
                "server.counters.enabled: true"));
        out.println("$ scripts/mongoose-stat.sh --file=" + counters + " --count=1");
        if (MongooseStat.EXIT_OK != MongooseStat.run(
            new String[]{"--file=" + counters, "--count=1"}, out, err))
        {
            err.println("mongoose-stat could not read " + counters);
            return EXIT_FAILED;
        }

        step(out, 3, "is it healthy", "health", admin.invoke("health"));

        step(out, 4, "hold a feed", "pause-feed quotes", admin.execute("pause-feed quotes"));
        publish(publisher, quotes, QUOTES, QUOTES + QUOTES_WHILE_PAUSED);
        out.println("(published " + QUOTES_WHILE_PAUSED + " quotes while paused)");
        final AdminResult held = admin.execute("feed-stats quotes");
        out.println("mongoose> feed-stats quotes");
        out.println(held.text());
        final long waiting = (Long)held.data().get("queueDepth");
        out.println("mongoose> resume-feed quotes");
        out.println(admin.execute("resume-feed quotes").text());
        final long total = QUOTES + QUOTES_WHILE_PAUSED;
        await("every quote handled after resume", () -> server.processorStats("price-sum").handled() == total &&
            server.processorStats("session-clock").handled() == total);
        out.println("(every one of the " + total + " quotes handled)");

        step(out, 5, "a processor's own command, on its agent thread", "clock", admin.invoke("clock"));

        step(out, 6, "publish-to-handler latency of the monitored processor", "latency price-sum",
            admin.execute("latency price-sum"));
        final Path hgrm = outDir.resolve("price-sum.hgrm");
        try
        {
            Files.createDirectories(outDir);
        }
        catch (final java.io.IOException ex)
        {
            err.println("cannot create " + outDir + ": " + ex.getMessage());
            return EXIT_FAILED;
        }
        out.println("mongoose> latency-dump price-sum " + hgrm);
        out.println(admin.invoke("latency-dump", "price-sum", hgrm.toString()).text());

        final AdminResult stopped = admin.invoke("stop");
        step(out, 7, "stop", "stop", stopped);
        final boolean clean = Boolean.TRUE.equals(stopped.data().get("clean"));
        if (!clean || waiting != QUOTES_WHILE_PAUSED)
        {
            err.println("expected a clean stop and " + QUOTES_WHILE_PAUSED + " quotes waiting while paused; got " +
                stopped.text() + " and " + waiting + " waiting");
            return EXIT_FAILED;
        }
        return EXIT_OK;
    }

    private static void step(
        final PrintStream out, final int number, final String title, final String command, final AdminResult result)
    {
        out.println();
        out.println("## " + number + ". " + title);
        out.println("mongoose> " + command);
        out.println(result.text());
    }

    private static void publish(
        final FeedPublisher publisher, final ObjectPool<Quote> quotes, final int from, final int to)
    {
        for (int i = from; i < to; i++)
        {
            final Quote quote = quotes.acquire();
            quote.instrumentId = i % 16;
            quote.priceTicks = 10_000 + i % 100;
            publisher.publish(quote);
        }
    }

    private static void await(final String what, final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + STEP_TIMEOUT.toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new IllegalStateException("timed out after " + STEP_TIMEOUT.toSeconds() + " s waiting for " +
                    what);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }
}
