package io.mongoose.admin;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.regex.Pattern;

/**
 * A server's admin commands ({@code MongooseServer.admin()}): a registry of named commands, with the built-ins, invoked
 * from code or a console. Threading: any thread; a command registered here runs on the invoking thread, one a processor
 * registered runs on its agent between duty cycles, and the caller waits at most {@link #timeout()} for it.
 */
public final class Admin implements CommandRegistrar
{
    /** How long an invocation waits for an agent by default. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    /** Names the console keeps for itself. */
    public static final Set<String> RESERVED = Set.of("quit", "exit");

    private static final Pattern COMMAND_NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    private static final String CALLER = "caller";
    private static final int MAX_SHOWN_FAILURE = 300;

    private final AdminHost host;
    private final Map<String, Entry> commands = new LinkedHashMap<>(); // guarded by this
    private volatile Duration timeout = DEFAULT_TIMEOUT;

    /** A registry with the built-in {@code help} and {@code commands}, for the server {@code host}. */
    public Admin(final AdminHost host)
    {
        this.host = Objects.requireNonNull(host, "host: null; expected the server administered");
        register("help", "[COMMAND]", "list the commands, or show how to use one", this::help);
        register("commands", "", "list the commands with where they run", args -> list());
    }

    /** Register a command that runs on the invoking thread. */
    @Override
    public void register(final String name, final String usage, final String description, final AdminCommand command)
    {
        add(name, usage, description, command, null, CALLER);
    }

    /**
     * A registrar whose commands run through {@code executor} (which throws {@link RejectedExecutionException} with a
     * reason when it cannot take one), refused while the host is not running; {@code runsOn} says where for
     * {@code help} and messages, e.g. {@code processor 'vwap' on agent 'pricing'}.
     */
    public CommandRegistrar registrarOn(final String runsOn, final Executor executor)
    {
        Objects.requireNonNull(runsOn, "runsOn: null; expected where the commands run");
        Objects.requireNonNull(executor, "executor: null; expected what runs the commands");
        return (name, usage, description, command) -> add(name, usage, description, command, executor, runsOn);
    }

    /** Remove a command, e.g. to register a different {@code stop}; returns whether it was registered. */
    public synchronized boolean unregister(final String name)
    {
        return null != commands.remove(name);
    }

    /** @return every command, in registration order. */
    public synchronized List<AdminCommandInfo> commands()
    {
        return commands.values().stream().map(Entry::info).toList();
    }

    /** @return the server administered. */
    public AdminHost host()
    {
        return host;
    }

    /** Set how long an invocation waits for an agent to run a command (positive); returns this. */
    public Admin timeout(final Duration waitAtMost)
    {
        if (null == waitAtMost || waitAtMost.isNegative() || waitAtMost.isZero())
        {
            throw new IllegalArgumentException("timeout: " + waitAtMost + "; expected a positive duration");
        }
        this.timeout = waitAtMost;
        return this;
    }

    /** @return how long an invocation waits for an agent to run a command. */
    public Duration timeout()
    {
        return timeout;
    }

    /**
     * Invoke a command and wait for its answer; an {@link AdminException} says why if the command is unknown, the
     * arguments do not fit its usage, or it was refused, timed out or failed.
     */
    public AdminResult invoke(final String name, final String... arguments)
    {
        return invoke(name, List.of(arguments));
    }

    /** Parse a command line ({@link CommandLine}), e.g. {@code pause-feed quotes}, and invoke it. */
    public AdminResult execute(final String line)
    {
        final List<String> words = CommandLine.parse(line);
        if (words.isEmpty())
        {
            throw new AdminException("empty command line; expected a command, e.g. help");
        }
        return invoke(words.get(0), words.subList(1, words.size()));
    }

    /** As {@link #invoke(String, String...)}. */
    public AdminResult invoke(final String name, final List<String> arguments)
    {
        final Entry entry = lookup(name);
        final AdminArguments bound = entry.usage.bind(name, arguments);
        return null == entry.executor ? runHere(entry, bound) : submit(entry, bound).await(timeout);
    }

    /**
     * Invoke without waiting: the future completes with the answer, or with an {@link AdminException} (also after
     * {@link #timeout()}). A command bound to an agent completes it on the agent thread: chain further work with the
     * {@code *Async} methods, never blocking work on the agent.
     */
    public CompletableFuture<AdminResult> invokeAsync(final String name, final List<String> arguments)
    {
        try
        {
            final Entry entry = lookup(name);
            final AdminArguments bound = entry.usage.bind(name, arguments);
            return null == entry.executor
                ? CompletableFuture.completedFuture(runHere(entry, bound)) : submit(entry, bound).async(timeout);
        }
        catch (final AdminException ex)
        {
            return CompletableFuture.failedFuture(ex);
        }
    }

    private synchronized Entry lookup(final String name)
    {
        final Entry entry = commands.get(name);
        if (null == entry)
        {
            throw new AdminException("unknown command '" + Usage.oneLine(String.valueOf(name)) + "'; expected one of " +
                String.join(", ", commands.keySet()));
        }
        return entry;
    }

    private AgentInvocation submit(final Entry entry, final AdminArguments arguments)
    {
        if (!host.isRunning())
        {
            throw new AdminException(entry.name + ": refused: server '" + host.name() + "' is " + host.state() +
                "; commands of " + entry.runsOn + " run only while it is RUNNING");
        }
        final AgentInvocation invocation = new AgentInvocation(entry, arguments, host);
        try
        {
            entry.executor.execute(invocation);
        }
        catch (final RejectedExecutionException ex)
        {
            throw new AdminException(entry.name + ": refused: " + ex.getMessage());
        }
        return invocation;
    }

    private AdminResult runHere(final Entry entry, final AdminArguments arguments)
    {
        try
        {
            return entry.run(arguments);
        }
        catch (final AdminException ex)
        {
            throw ex;
        }
        catch (final Exception ex)
        {
            throw entry.failed(host, ex);
        }
    }

    private synchronized void add(final String name, final String usage, final String description,
        final AdminCommand command, final Executor executor, final String runsOn)
    {
        if (null == name || !COMMAND_NAME.matcher(name).matches())
        {
            throw new IllegalArgumentException("command name: '" + (null == name ? "null" : Usage.oneLine(name)) +
                "'; expected lower-case words joined by '-', e.g. reset-vwap");
        }
        if (RESERVED.contains(name))
        {
            throw new IllegalArgumentException("command name: '" + name + "' is reserved by the console; expected " +
                "another name");
        }
        final Entry existing = commands.get(name);
        if (null != existing)
        {
            throw new IllegalArgumentException("command '" + name + "' is already registered (runs on " +
                existing.runsOn + "); expected a unique name");
        }
        if (null == description || description.isBlank() || description.contains("\n"))
        {
            throw new IllegalArgumentException("command '" + name + "': description " +
                (null == description ? "null" : "'" + Usage.oneLine(description) + "'") + "; expected one line");
        }
        Objects.requireNonNull(command, () -> "command '" + name + "': null; expected what the command does");
        commands.put(name, new Entry(name, Usage.parse(name, usage), description.strip(), command, executor, runsOn));
    }

    private AdminResult help(final AdminArguments arguments)
    {
        return arguments.optional("COMMAND").map(this::usage).orElseGet(this::list);
    }

    private AdminResult usage(final String name)
    {
        final Entry entry = lookup(name);
        final AdminCommandInfo info = entry.info();
        return AdminResult.of("usage: " + info.synopsis() + "\n  " + info.description() +
            (null == entry.executor ? "" : " (runs on " + entry.runsOn + ")"), describe(info));
    }

    private AdminResult list()
    {
        final List<AdminCommandInfo> infos = commands();
        final int width = infos.stream().mapToInt(info -> info.synopsis().length()).max().orElse(0);
        final StringBuilder text = new StringBuilder("commands:");
        for (final AdminCommandInfo info : infos)
        {
            text.append("\n  ").append(info.synopsis()).append(" ".repeat(width - info.synopsis().length() + 2))
                .append(info.description());
            if (!CALLER.equals(info.runsOn()))
            {
                text.append(" (runs on ").append(info.runsOn()).append(')');
            }
        }
        return AdminResult.of(text.toString(), Map.of("commands", infos.stream().map(Admin::describe).toList()));
    }

    private static Map<String, Object> describe(final AdminCommandInfo info)
    {
        final Map<String, Object> data = new LinkedHashMap<>();
        data.put("name", info.name());
        data.put("usage", info.usage());
        data.put("description", info.description());
        data.put("runsOn", info.runsOn());
        return data;
    }

    /** One registered command; {@code executor} is null for one that runs on the invoking thread. */
    record Entry(String name, Usage usage, String description, AdminCommand command, Executor executor, String runsOn)
    {
        AdminCommandInfo info()
        {
            return new AdminCommandInfo(name, usage.toString(), description, runsOn);
        }

        /** Run the command on this thread; a null answer is a failure. */
        AdminResult run(final AdminArguments arguments) throws Exception
        {
            final AdminResult result = command.execute(arguments);
            if (null == result)
            {
                throw new IllegalStateException("command '" + name + "' returned null; expected an AdminResult");
            }
            return result;
        }

        /** Report a failure to the error handler first, then return it as the caller sees it. */
        AdminException failed(final AdminHost host, final Throwable error)
        {
            host.reportError("admin:" + name, error);
            return new AdminException(name + ": failed" + (null == executor ? "" : " on " + runsOn) + ": " +
                Usage.oneLine(error.toString(), MAX_SHOWN_FAILURE), error);
        }
    }
}
