package io.mongoose.tools;

import io.mongoose.admin.AdminException;
import io.mongoose.admin.AdminResult;
import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ConfigProblem;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ServerConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.AgentGroupInvoker;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.MongooseStartException;
import io.mongoose.server.ShutdownReport;
import io.mongoose.yaml.ProcessorTypeProvider;
import io.mongoose.yaml.ProcessorTypes;
import io.mongoose.yaml.YamlConfig;
import org.agrona.concurrent.IdleStrategy;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a server from a YAML file in one command: {@code MongooseMain --config=FILE [--check] [--admin]}.
 *
 * <p>Processor types come from every {@link ProcessorTypeProvider} on the class path; message pools from
 * {@link PoolRegistry#global()}, where the providers' code registers them. The server runs until the JVM is asked to
 * stop (SIGTERM, Ctrl-C), then stops gracefully, prints its {@link ShutdownReport} and the JVM exits. The main thread
 * starts and stops the server, and drives any {@link ThreadMode#INVOKER} groups in between, so those work too.
 *
 * <p>With {@code --admin}, an {@link AdminCli} reads admin commands from stdin on its own daemon thread while the
 * server runs; {@code stop}, {@code quit} or the end of stdin stop the server (the main thread does the stopping, as
 * for a signal). Off by default, so a server started with stdin closed or redirected from {@code /dev/null} keeps
 * running.
 */
public final class MongooseMain
{
    /** Exit code: {@code --check} found the file valid, or the server stopped with a clean report. */
    public static final int EXIT_OK = 0;
    /** Exit code: the server failed to start, or stopped with messages undelivered or leaked. */
    public static final int EXIT_FAILED = 1;
    /** Exit code: bad arguments, processor type providers or configuration. */
    public static final int EXIT_USAGE = 2;

    static final String USAGE = String.join("\n",
        "usage: MongooseMain --config=FILE [--check] [--admin]",
        "  --config=FILE  the server's YAML configuration (docs/configuration.md)",
        "  --check        check the file and exit: 0 if it is valid, 2 with every problem if not",
        "  --admin        read admin commands from stdin while serving ('help' lists them); 'stop', 'quit' or the",
        "                 end of stdin stop the server",
        "Processor types come from the ProcessorTypeProvider implementations on the class path (ServiceLoader).",
        "The server runs until SIGTERM or Ctrl-C, then stops gracefully and prints its shutdown report.");

    /** Beyond the server's own timeouts, how long the JVM's shutdown waits for the main thread to finish stopping. */
    private static final Duration STOP_MARGIN = Duration.ofSeconds(10);

    private MongooseMain()
    {
    }

    /**
     * @param args {@code --config=FILE [--check]}.
     */
    public static void main(final String[] args)
    {
        // After a signal the JVM is already shutting down and halts once the shutdown hook returns; this exit then
        // never completes, which is fine: the report has been printed by then.
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Run in this JVM with the processor types of the class path's providers. Serving blocks until the JVM shuts down;
     * {@code --check}, {@code --help} and every error return at once.
     *
     * @param args {@code --config=FILE [--check]}.
     * @param out  what the server does: running, stopped with its report.
     * @param err  usage and configuration errors, start failures.
     * @return {@link #EXIT_OK}, {@link #EXIT_FAILED} or {@link #EXIT_USAGE}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        return run(args, System.in, out, err, ServiceLoader.load(ProcessorTypeProvider.class));
    }

    /**
     * @param args      {@code --config=FILE [--check]}.
     * @param out       what the server does: running, stopped with its report.
     * @param err       usage and configuration errors, start failures.
     * @param providers where processor types come from.
     * @return {@link #EXIT_OK}, {@link #EXIT_FAILED} or {@link #EXIT_USAGE}.
     */
    static int run(final String[] args, final PrintStream out, final PrintStream err,
        final Iterable<ProcessorTypeProvider> providers)
    {
        return run(args, System.in, out, err, providers);
    }

    /**
     * @param args      {@code --config=FILE [--check] [--admin]}.
     * @param in        admin commands, with {@code --admin}.
     * @param out       what the server does, and the admin console's answers.
     * @param err       usage and configuration errors, start failures.
     * @param providers where processor types come from.
     * @return {@link #EXIT_OK}, {@link #EXIT_FAILED} or {@link #EXIT_USAGE}.
     */
    static int run(final String[] args, final InputStream in, final PrintStream out, final PrintStream err,
        final Iterable<ProcessorTypeProvider> providers)
    {
        final Options options = Options.parse(args);
        if (!options.errors.isEmpty())
        {
            options.errors.forEach(e -> err.println("error: " + e));
            err.println(USAGE);
            return EXIT_USAGE;
        }
        if (options.help)
        {
            out.println(USAGE);
            return EXIT_OK;
        }
        final ProcessorTypes types;
        try
        {
            types = types(providers);
        }
        catch (final IllegalArgumentException | ServiceConfigurationError ex)
        {
            err.println("error: processor type providers: " + ex.getMessage());
            return EXIT_USAGE;
        }
        final ServerConfig config;
        final MongooseServer server;
        try
        {
            config = YamlConfig.load(options.config, types);
            if (options.check)
            {
                out.println(options.config + ": valid; " + describe(config));
                return EXIT_OK;
            }
            server = MongooseServer.create(config, PoolRegistry.global(), new LoggingErrorHandler());
        }
        catch (final MongooseConfigException ex)
        {
            err.println(ex.getMessage());
            return EXIT_USAGE;
        }
        return serve(server, config, options.config, options.admin ? in : null, out, err);
    }

    /**
     * @param providers contribute types in the order given.
     * @return every type they register.
     * @throws IllegalArgumentException naming the provider, if two register the same name or one throws.
     */
    static ProcessorTypes types(final Iterable<ProcessorTypeProvider> providers)
    {
        final ProcessorTypes.Builder types = ProcessorTypes.builder();
        for (final ProcessorTypeProvider provider : providers)
        {
            try
            {
                provider.addTypes(types);
            }
            catch (final RuntimeException ex)
            {
                throw new IllegalArgumentException(provider.getClass().getName() + ": " +
                    (ex instanceof IllegalArgumentException ? ex.getMessage() : ex.toString()), ex);
            }
        }
        return types.build();
    }

    private static int serve(final MongooseServer server, final ServerConfig config, final Path file,
        final InputStream adminIn, final PrintStream out, final PrintStream err)
    {
        final CountDownLatch stopRequested = new CountDownLatch(1);
        final CountDownLatch stopped = new CountDownLatch(1);
        final Duration bound = config.startTimeout().plus(config.shutdownTimeout()).plus(STOP_MARGIN);
        final CompletableFuture<ShutdownReport> report = new CompletableFuture<>();
        final AtomicBoolean stopFromConsole = new AtomicBoolean();
        final Thread hook = new Thread(() ->
        {
            stopRequested.countDown();
            try
            {
                // The JVM halts when this hook returns, so wait for the main thread to stop the server first.
                stopped.await(bound.toMillis(), TimeUnit.MILLISECONDS);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
        }, "mongoose-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        Thread console = null;
        try
        {
            try
            {
                server.start();
            }
            catch (final MongooseStartException ex)
            {
                err.println("error: server '" + server.name() + "' failed to start: " + ex.getMessage());
                return EXIT_FAILED;
            }
            out.println("server '" + server.name() + "' running from " + file + "; " + describe(config) +
                "; stop it with SIGTERM or Ctrl-C");
            if (null != adminIn)
            {
                console = startConsole(server, adminIn, out, err, stopRequested, report, stopFromConsole, bound);
            }
            runUntil(stopRequested, server, config);
            final ShutdownReport stopReport = server.stop();
            out.println("server '" + server.name() + "' stopped: " + stopReport);
            report.complete(stopReport);
            if (null != console && stopFromConsole.get())
            {
                // Let the console print the stop command's answer before the JVM exits.
                joinQuietly(console, bound);
            }
            return stopReport.clean() ? EXIT_OK : EXIT_FAILED;
        }
        finally
        {
            report.complete(null);
            stopped.countDown();
            try
            {
                Runtime.getRuntime().removeShutdownHook(hook);
            }
            catch (final IllegalStateException ex)
            {
                // The JVM is shutting down (a signal stopped the server): the hook is running and goes with it.
            }
        }
    }

    /**
     * The console runs on a daemon thread, so a console still waiting for input never holds the JVM. Its {@code stop}
     * asks the main thread to stop the server, as a signal does (the main thread owns any invoker groups), and waits
     * for the report; {@code quit} or the end of input do the same without waiting.
     */
    private static Thread startConsole(final MongooseServer server, final InputStream in, final PrintStream out,
        final PrintStream err, final CountDownLatch stopRequested, final CompletableFuture<ShutdownReport> report,
        final AtomicBoolean stopFromConsole, final Duration bound)
    {
        server.admin().unregister("stop");
        server.admin().register("stop", "", "stop the server gracefully (the main thread stops it and prints the " +
            "shutdown report)", args ->
            {
                stopFromConsole.set(true);
                stopRequested.countDown();
                final ShutdownReport stopReport = awaitReport(report, bound);
                return AdminResult.of("server '" + server.name() + "' stopped" +
                    (null != stopReport && stopReport.clean() ? "" : " with problems (see its report)"));
            });
        final boolean terminal = in == System.in && null != System.console();
        final Thread console = new Thread(() ->
        {
            AdminCli.End end;
            try
            {
                end = new AdminCli(server.admin(), new InputStreamReader(in, Charset.defaultCharset()),
                    new OutputStreamWriter(out, Charset.defaultCharset())).prompt(terminal ? "mongoose> " : "").run();
            }
            catch (final UncheckedIOException ex)
            {
                err.println("error: admin console: " + ex.getMessage() + ": " + ex.getCause());
                end = AdminCli.End.END_OF_INPUT;
            }
            if (AdminCli.End.SERVER_STOPPED != end)
            {
                out.println("admin console closed (" + (AdminCli.End.QUIT == end ? "quit" : "end of input") +
                    "): stopping server '" + server.name() + "'");
                stopRequested.countDown();
            }
        }, "mongoose-admin-console");
        console.setDaemon(true);
        out.println("admin console on stdin: 'help' lists the commands; 'stop', 'quit' or the end of input stops " +
            "the server");
        console.start();
        return console;
    }

    private static ShutdownReport awaitReport(final CompletableFuture<ShutdownReport> report, final Duration bound)
    {
        try
        {
            return report.get(bound.toMillis(), TimeUnit.MILLISECONDS);
        }
        catch (final TimeoutException ex)
        {
            throw new AdminException("stop: requested, but the server did not stop within " + bound.toMillis() +
                " ms");
        }
        catch (final ExecutionException ex)
        {
            throw new AdminException("stop: failed: " + ex.getCause());
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AdminException("stop: requested; interrupted while waiting for the server to stop");
        }
    }

    private static void joinQuietly(final Thread thread, final Duration bound)
    {
        try
        {
            thread.join(bound.toMillis());
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    /** Drives the invoker groups, if any, on this thread (their owner) until a stop is requested. */
    private static void runUntil(final CountDownLatch stopRequested, final MongooseServer server,
        final ServerConfig config)
    {
        final List<AgentGroupInvoker> invokers = new ArrayList<>();
        for (final AgentGroupConfig group : config.agentGroups())
        {
            if (group.threadMode() == ThreadMode.INVOKER)
            {
                invokers.add(server.invoker(group.name()));
            }
        }
        boolean interrupted = false;
        final IdleStrategy idle = IdleStrategyKind.BACKOFF.newIdleStrategy();
        while (stopRequested.getCount() > 0)
        {
            if (invokers.isEmpty())
            {
                try
                {
                    stopRequested.await();
                }
                catch (final InterruptedException ex)
                {
                    interrupted = true; // only a stop request ends serving
                }
                continue;
            }
            int work = 0;
            for (final AgentGroupInvoker invoker : invokers)
            {
                work += invoker.invoke();
            }
            idle.idle(work);
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }

    private static String describe(final ServerConfig config)
    {
        int processors = 0;
        for (final AgentGroupConfig group : config.agentGroups())
        {
            processors += group.processors().size();
        }
        return count(config.feeds().size(), "feed") + ", " + count(config.agentGroups().size(), "agent group") + ", " +
            count(processors, "processor") +
            (config.services().isEmpty() ? "" : ", " + count(config.services().size(), "service"));
    }

    private static String count(final int n, final String noun)
    {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** The command line, every problem with it collected. */
    private static final class Options
    {
        final List<String> errors = new ArrayList<>();
        Path config;
        boolean configGiven;
        boolean check;
        boolean help;
        boolean admin;

        static Options parse(final String[] args)
        {
            final Options options = new Options();
            for (final String arg : args)
            {
                if (arg.equals("--help") || arg.equals("-h"))
                {
                    options.help = true;
                }
                else if (arg.equals("--check"))
                {
                    options.check = true;
                }
                else if (arg.equals("--admin"))
                {
                    options.admin = true;
                }
                else if (arg.startsWith("--config="))
                {
                    options.configGiven = true;
                    final String value = arg.substring("--config=".length());
                    if (value.isBlank())
                    {
                        options.errors.add("--config: empty; expected the path of a YAML file");
                    }
                    else if (null != options.config)
                    {
                        options.errors.add("--config: given twice; expected one file");
                    }
                    else
                    {
                        try
                        {
                            options.config = Path.of(value);
                        }
                        catch (final InvalidPathException ex)
                        {
                            options.errors.add("--config: '" + ConfigProblem.escape(value) + "' is not a path (" +
                                ConfigProblem.escape(ex.getReason()) + "); expected the path of a YAML file");
                        }
                    }
                }
                else
                {
                    options.errors.add("unknown argument '" + ConfigProblem.escape(arg) + "'; expected --config=FILE, " +
                        "--check, --admin or --help");
                }
            }
            if (!options.configGiven && !options.help)
            {
                options.errors.add("--config: missing; expected --config=FILE");
            }
            return options;
        }
    }
}
