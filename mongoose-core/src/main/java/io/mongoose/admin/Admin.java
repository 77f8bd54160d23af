package io.mongoose.admin;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * A server's admin commands ({@code MongooseServer.admin()}): a registry of named commands, with the built-ins, and
 * the way to invoke them from code or from a console ({@code AdminCli} in mongoose-tools).
 *
 * <pre>{@code
 * Admin admin = server.admin();
 * admin.register("greet", "NAME", "say hello", args -> AdminResult.of("hello " + args.get("NAME")));
 * AdminResult r = admin.invoke("pause-feed", "quotes");
 * System.out.println(r.text());          // feed 'quotes' paused: ...
 * Object paused = r.data().get("paused"); // true
 * }</pre>
 *
 * <p>Threading: every method may be called from any thread. A command registered here runs on the invoking thread; a
 * command a processor registered through its context is queued to the processor's agent, runs there between duty
 * cycles, and its result (or failure) comes back to the caller, who waits at most {@link #timeout()}. Every refusal
 * and failure is an {@link AdminException} with a one-line message.
 */
public final class Admin implements CommandRegistrar
{
    /** How long an invocation waits for an agent to run a command, unless changed with {@link #timeout(Duration)}. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(5);
    /** Names the console keeps for itself. */
    public static final Set<String> RESERVED = Set.of("quit", "exit");

    private static final Pattern COMMAND_NAME = Pattern.compile("[a-z][a-z0-9]*(-[a-z0-9]+)*");
    private static final String CALLER = "caller";
    /** Longest exception text a failure repeats. */
    private static final int MAX_SHOWN_FAILURE = 300;

    private final AdminHost host;
    private final Map<String, Entry> commands = new LinkedHashMap<>(); // guarded by this
    private volatile Duration timeout = DEFAULT_TIMEOUT;

    /**
     * A registry with {@code help} and {@code commands}; the server creates its own, with its built-ins.
     *
     * @param host the server administered.
     */
    public Admin(final AdminHost host)
    {
        this.host = Objects.requireNonNull(host, "host: null; expected the server administered");
        register("help", "[COMMAND]", "list the commands, or show how to use one", this::help);
        register("commands", "", "list the commands with where they run", args -> list());
    }

    /**
     * Register a command that runs on the invoking thread.
     *
     * @see CommandRegistrar#register
     */
    @Override
    public void register(final String name, final String usage, final String description, final AdminCommand command)
    {
        add(name, usage, description, command, null, CALLER);
    }

    /**
     * A registrar whose commands run through {@code executor}, e.g. on a processor's agent thread; they are refused
     * while the host is not running.
     *
     * @param runsOn   where they run, for {@code help} and messages, e.g. {@code processor 'vwap' on agent 'pricing'}.
     * @param executor runs a command's task; throws {@link RejectedExecutionException} with a reason when it cannot
     *                 take one.
     * @return the registrar.
     */
    public CommandRegistrar registrarOn(final String runsOn, final Executor executor)
    {
        Objects.requireNonNull(runsOn, "runsOn: null; expected where the commands run");
        Objects.requireNonNull(executor, "executor: null; expected what runs the commands");
        return (name, usage, description, command) -> add(name, usage, description, command, executor, runsOn);
    }

    /**
     * Remove a command, for example to register a different {@code stop}.
     *
     * @param name a command's name.
     * @return whether it was registered.
     */
    public synchronized boolean unregister(final String name)
    {
        return null != commands.remove(name);
    }

    /** @return every command, in registration order. */
    public synchronized List<AdminCommandInfo> commands()
    {
        final List<AdminCommandInfo> infos = new ArrayList<>();
        for (final Entry entry : commands.values())
        {
            infos.add(entry.info());
        }
        return infos;
    }

    /** @return the server administered. */
    public AdminHost host()
    {
        return host;
    }

    /**
     * @param waitAtMost how long an invocation waits for an agent to run a command; positive.
     * @return this.
     */
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
     * Invoke a command and wait for its answer.
     *
     * @param name      the command.
     * @param arguments its arguments.
     * @return its answer.
     * @throws AdminException if the command is unknown, the arguments do not fit its usage, it was refused, timed out
     *                        or failed.
     */
    public AdminResult invoke(final String name, final String... arguments)
    {
        return invoke(name, List.of(arguments));
    }

    /**
     * Parse a command line ({@link CommandLine}) and invoke it.
     *
     * @param line e.g. {@code pause-feed quotes}.
     * @return its answer.
     * @throws AdminException as {@link #invoke(String, String...)}, or if the line is empty or badly quoted.
     */
    public AdminResult execute(final String line)
    {
        final List<String> words = CommandLine.parse(line);
        if (words.isEmpty())
        {
            throw new AdminException("empty command line; expected a command, e.g. help");
        }
        return invoke(words.get(0), words.subList(1, words.size()));
    }

    /**
     * @param name      the command.
     * @param arguments its arguments.
     * @return its answer.
     * @throws AdminException as {@link #invoke(String, String...)}.
     */
    public AdminResult invoke(final String name, final List<String> arguments)
    {
        final Entry entry = lookup(name);
        final AdminArguments bound = entry.usage.bind(entry.name, arguments);
        if (null == entry.executor)
        {
            return runHere(entry, bound);
        }
        final AgentInvocation invocation = submit(entry, bound);
        final Duration waitAtMost = timeout;
        try
        {
            return invocation.future().get(waitAtMost.toNanos(), TimeUnit.NANOSECONDS);
        }
        catch (final ExecutionException ex)
        {
            throw (AdminException)ex.getCause();
        }
        catch (final TimeoutException ex)
        {
            invocation.timedOut(waitAtMost);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            invocation.interrupted();
        }
        return outcome(invocation.future());
    }

    /** A completed future's answer; the agent may have completed it between the timeout and the cancellation. */
    private static AdminResult outcome(final CompletableFuture<AdminResult> future)
    {
        try
        {
            return future.join();
        }
        catch (final CompletionException ex)
        {
            throw (AdminException)ex.getCause();
        }
    }

    /**
     * Invoke without waiting. The future completes with the answer, or exceptionally with an {@link AdminException}
     * (also after {@link #timeout()}). A command bound to an agent completes it on the agent thread: chain further
     * work with the {@code *Async} methods of {@link CompletableFuture}, never blocking work on the agent.
     *
     * @param name      the command.
     * @param arguments its arguments.
     * @return the answer to come.
     */
    public CompletableFuture<AdminResult> invokeAsync(final String name, final List<String> arguments)
    {
        try
        {
            final Entry entry = lookup(name);
            final AdminArguments bound = entry.usage.bind(entry.name, arguments);
            if (null == entry.executor)
            {
                return CompletableFuture.completedFuture(runHere(entry, bound));
            }
            final AgentInvocation invocation = submit(entry, bound);
            final Duration waitAtMost = timeout;
            // The timeout task runs on the JDK's delay thread itself, not on the common pool.
            CompletableFuture.delayedExecutor(waitAtMost.toNanos(), TimeUnit.NANOSECONDS, Runnable::run)
                .execute(() -> invocation.timedOut(waitAtMost));
            return invocation.future();
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
        final AdminResult result;
        try
        {
            result = entry.command.execute(arguments);
        }
        catch (final AdminException ex)
        {
            throw ex;
        }
        catch (final Exception ex)
        {
            host.reportError(entry.source(), ex);
            throw entry.failure(ex);
        }
        if (null == result)
        {
            final IllegalStateException bug = entry.nullResult();
            host.reportError(entry.source(), bug);
            throw entry.failure(bug);
        }
        return result;
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
        final String name = arguments.optional("COMMAND").orElse(null);
        if (null == name)
        {
            return list();
        }
        final Entry entry = lookup(name);
        final AdminCommandInfo info = entry.info();
        return AdminResult.of("usage: " + info.synopsis() + "\n  " + info.description() +
            (null == entry.executor ? "" : " (runs on " + entry.runsOn + ")"), describe(info));
    }

    private AdminResult list()
    {
        final List<AdminCommandInfo> infos = commands();
        int width = 0;
        for (final AdminCommandInfo info : infos)
        {
            width = Math.max(width, info.synopsis().length());
        }
        final StringBuilder text = new StringBuilder("commands:");
        final List<Object> data = new ArrayList<>();
        for (final AdminCommandInfo info : infos)
        {
            text.append("\n  ").append(info.synopsis()).append(" ".repeat(width - info.synopsis().length() + 2))
                .append(info.description());
            if (!CALLER.equals(info.runsOn()))
            {
                text.append(" (runs on ").append(info.runsOn()).append(')');
            }
            data.add(describe(info));
        }
        final Map<String, Object> result = new LinkedHashMap<>();
        result.put("commands", data);
        return AdminResult.of(text.toString(), result);
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

    /** One registered command. */
    static final class Entry
    {
        final String name;
        final Usage usage;
        final String description;
        final AdminCommand command;
        final Executor executor;
        final String runsOn;

        Entry(final String name, final Usage usage, final String description, final AdminCommand command,
            final Executor executor, final String runsOn)
        {
            this.name = name;
            this.usage = usage;
            this.description = description;
            this.command = command;
            this.executor = executor;
            this.runsOn = runsOn;
        }

        AdminCommandInfo info()
        {
            return new AdminCommandInfo(name, usage.toString(), description, runsOn);
        }

        String source()
        {
            return "admin:" + name;
        }

        AdminException failure(final Throwable error)
        {
            return new AdminException(name + ": failed" + (null == executor ? "" : " on " + runsOn) + ": " +
                Usage.oneLine(error.toString(), MAX_SHOWN_FAILURE), error);
        }

        IllegalStateException nullResult()
        {
            return new IllegalStateException("command '" + name + "' returned null; expected an AdminResult");
        }
    }
}
