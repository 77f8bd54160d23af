package io.mongoose.admin;

import io.mongoose.testing.TestHost;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The registry on its own, against a test host: registration rules, argument binding, every refusal and failure, and
 * commands bound to an executor (here one the test drives, standing in for an agent).
 */
class AdminTest
{
    private final TestHost host = new TestHost();
    private final Admin admin = new Admin(host);

    /** Holds tasks until the test runs them, like an agent that is busy until then. */
    private static final class HeldExecutor implements Executor
    {
        final List<Runnable> tasks = new ArrayList<>();

        @Override
        public synchronized void execute(final Runnable task)
        {
            tasks.add(task);
        }

        synchronized void runAll()
        {
            tasks.forEach(Runnable::run);
            tasks.clear();
        }
    }

    private static AdminResult greet(final AdminArguments args)
    {
        return AdminResult.of("hello " + args.get("NAME") + args.optional("PUNCT").orElse("."),
            Map.of("name", args.get("NAME")));
    }

    @Test
    void aCommandGetsItsArgumentsByName()
    {
        admin.register("greet", "NAME [PUNCT]", "say hello", AdminTest::greet);

        assertEquals("hello Ada.", admin.invoke("greet", "Ada").text());
        assertEquals("hello Ada!", admin.invoke("greet", "Ada", "!").text());
        assertEquals(Map.of("name", "Ada Lovelace"), admin.execute("greet 'Ada Lovelace'").data());
        assertEquals("hello Ada?", admin.invoke(List.of("greet", "Ada", "?").get(0), List.of("Ada", "?")).text());
    }

    @Test
    void anUnknownCommandListsTheKnownOnes()
    {
        admin.register("greet", "NAME", "say hello", AdminTest::greet);

        final AdminException ex = assertThrows(AdminException.class, () -> admin.invoke("gret", "x"));

        assertEquals("unknown command 'gret'; expected one of help, commands, greet", ex.getMessage());
    }

    @Test
    void missingAndExtraArgumentsNameTheArgumentAndShowTheUsage()
    {
        admin.register("greet", "NAME [PUNCT]", "say hello", AdminTest::greet);
        admin.register("ping", "", "answer pong", args -> AdminResult.of("pong"));

        assertEquals("greet: missing argument NAME; usage: greet NAME [PUNCT]",
            assertThrows(AdminException.class, () -> admin.invoke("greet")).getMessage());
        assertEquals("greet: unexpected argument '?' (takes at most 2); usage: greet NAME [PUNCT]",
            assertThrows(AdminException.class, () -> admin.invoke("greet", "Ada", "!", "?")).getMessage());
        assertEquals("ping: unexpected argument 'now' (takes none); usage: ping",
            assertThrows(AdminException.class, () -> admin.invoke("ping", "now")).getMessage());
    }

    @Test
    void aNumberArgumentThatIsNotANumberIsNamed()
    {
        admin.register("repeat", "[TIMES]", "repeat", args -> AdminResult.of("x".repeat(
            (int)args.getLong("TIMES", 1))));

        assertEquals("x", admin.invoke("repeat").text());
        assertEquals("xxx", admin.invoke("repeat", "3").text());
        assertEquals("repeat: argument TIMES: 'three' is not a whole number; expected an integer such as 10",
            assertThrows(AdminException.class, () -> admin.invoke("repeat", "three")).getMessage());
    }

    @Test
    void aCommandAskingForAnArgumentItDidNotDeclareIsABugNamedAsSuch()
    {
        admin.register("bad", "[OPT]", "asks for the wrong names", args -> AdminResult.of(args.get("OPT")));
        admin.register("worse", "", "asks for an undeclared name", args -> AdminResult.of(args.get("NOPE")));

        final AdminException optional = assertThrows(AdminException.class, () -> admin.invoke("bad", "v"));
        assertEquals("bad: failed: java.lang.IllegalArgumentException: bad: no required argument OPT in usage '[OPT]'; " +
            "it is optional: use optional(\"OPT\")", optional.getMessage());
        assertThrows(AdminException.class, () -> admin.invoke("worse"));
        assertEquals(2, host.reported.size(), "bugs in commands reach the error handler");
    }

    @Test
    void registrationRefusesBadNamesUsagesDescriptionsAndDuplicates()
    {
        final AdminCommand ok = args -> AdminResult.of("");
        admin.register("greet", "NAME", "say hello", AdminTest::greet);

        assertEquals("command name: 'Greet'; expected lower-case words joined by '-', e.g. reset-vwap",
            assertThrows(IllegalArgumentException.class, () -> admin.register("Greet", "", "x", ok)).getMessage());
        assertEquals("command name: 'null'; expected lower-case words joined by '-', e.g. reset-vwap",
            assertThrows(IllegalArgumentException.class, () -> admin.register(null, "", "x", ok)).getMessage());
        assertEquals("command name: 'quit' is reserved by the console; expected another name",
            assertThrows(IllegalArgumentException.class, () -> admin.register("quit", "", "x", ok)).getMessage());
        assertEquals("command 'greet' is already registered (runs on caller); expected a unique name",
            assertThrows(IllegalArgumentException.class, () -> admin.register("greet", "", "x", ok)).getMessage());
        assertEquals("command 'a': usage word 'feed'; expected NAME or [NAME] with NAME in upper case (e.g. FEED " +
            "[LIMIT])", assertThrows(IllegalArgumentException.class, () -> admin.register("a", "feed", "x", ok))
            .getMessage());
        assertEquals("command 'a': required B after an optional argument in usage '[A] B'; expected optional " +
            "arguments last", assertThrows(IllegalArgumentException.class, () -> admin.register("a", "[A] B", "x", ok))
            .getMessage());
        assertEquals("command 'a': usage names A twice; expected each argument once",
            assertThrows(IllegalArgumentException.class, () -> admin.register("a", "A [A]", "x", ok)).getMessage());
        assertEquals("command 'a': description ' '; expected one line",
            assertThrows(IllegalArgumentException.class, () -> admin.register("a", "", " ", ok)).getMessage());
        assertEquals("command 'a': description 'two\\nlines'; expected one line",
            assertThrows(IllegalArgumentException.class, () -> admin.register("a", "", "two\nlines", ok)).getMessage());
        assertEquals("command 'a': null; expected what the command does",
            assertThrows(NullPointerException.class, () -> admin.register("a", "", "x", null)).getMessage());
        assertEquals(List.of("help", "commands", "greet"), admin.commands().stream().map(AdminCommandInfo::name)
            .toList(), "nothing refused was registered");
    }

    @Test
    void helpListsEveryCommandWithItsUsageAndWhereItRuns()
    {
        admin.register("greet", "NAME [PUNCT]", "say hello", AdminTest::greet);
        admin.registrarOn("processor 'p' on agent 'a'", new HeldExecutor())
            .register("reset", "", "reset the processor", args -> AdminResult.of("reset"));

        final AdminResult help = admin.invoke("help");

        assertEquals(String.join("\n",
            "commands:",
            "  help [COMMAND]      list the commands, or show how to use one",
            "  commands            list the commands with where they run",
            "  greet NAME [PUNCT]  say hello",
            "  reset               reset the processor (runs on processor 'p' on agent 'a')"), help.text());
        assertEquals(help, admin.invoke("commands"));
        assertEquals(Map.of("name", "reset", "usage", "", "description", "reset the processor",
            "runsOn", "processor 'p' on agent 'a'"), ((List<?>)help.data().get("commands")).get(3));
        assertEquals("usage: greet NAME [PUNCT]\n  say hello", admin.invoke("help", "greet").text());
        assertEquals("usage: reset\n  reset the processor (runs on processor 'p' on agent 'a')",
            admin.invoke("help", "reset").text());
        assertEquals("unknown command 'nope'; expected one of help, commands, greet, reset",
            assertThrows(AdminException.class, () -> admin.invoke("help", "nope")).getMessage());
    }

    @Test
    void aCommandThatThrowsIsReportedAndReturnedToTheCaller()
    {
        final IllegalStateException boom = new IllegalStateException("boom");
        admin.register("explode", "", "throws", args ->
        {
            throw boom;
        });
        admin.register("refuse", "", "refuses", args ->
        {
            throw new AdminException("refuse: not today");
        });
        admin.register("nothing", "", "returns null", args -> null);

        final AdminException failed = assertThrows(AdminException.class, () -> admin.invoke("explode"));
        assertEquals("explode: failed: java.lang.IllegalStateException: boom", failed.getMessage());
        assertSame(boom, failed.getCause());
        assertEquals("refuse: not today", assertThrows(AdminException.class, () -> admin.invoke("refuse")).getMessage());
        assertEquals("nothing: failed: java.lang.IllegalStateException: command 'nothing' returned null; expected an " +
            "AdminResult", assertThrows(AdminException.class, () -> admin.invoke("nothing")).getMessage());
        assertEquals(List.of("admin:explode java.lang.IllegalStateException: boom",
            "admin:nothing java.lang.IllegalStateException: command 'nothing' returned null; expected an AdminResult"),
            host.reported, "a refusal is not an error; failures are");
    }

    @Test
    void unregisterRemovesACommandSoItCanBeReplaced()
    {
        admin.register("ping", "", "answer pong", args -> AdminResult.of("pong"));

        assertTrue(admin.unregister("ping"));
        assertFalse(admin.unregister("ping"));
        admin.register("ping", "", "answer PONG", args -> AdminResult.of("PONG"));

        assertEquals("PONG", admin.invoke("ping").text());
    }

    @Test
    void aBoundCommandRunsOnItsExecutorAndItsAnswerComesBack()
    {
        final HeldExecutor agent = new HeldExecutor();
        final List<Thread> ranOn = new ArrayList<>();
        admin.registrarOn("agent 'a'", agent).register("where", "", "name the thread", args ->
        {
            ranOn.add(Thread.currentThread());
            return AdminResult.of(Thread.currentThread().getName());
        });

        final CompletableFuture<AdminResult> answer = admin.invokeAsync("where", List.of());
        assertFalse(answer.isDone());
        final Thread runner = new Thread(agent::runAll, "fake-agent");
        runner.start();

        assertEquals("fake-agent", answer.join().text());
        assertEquals(List.of(runner), ranOn);
    }

    @Test
    void aBoundCommandNotTakenInTimeIsCancelledAndNeverRuns()
    {
        final HeldExecutor agent = new HeldExecutor();
        final List<String> ran = new ArrayList<>();
        admin.registrarOn("processor 'p' on agent 'a'", agent).register("late", "", "too late", args ->
        {
            ran.add("late");
            return AdminResult.of("late");
        });
        admin.timeout(Duration.ofMillis(50));

        final AdminException ex = assertThrows(AdminException.class, () -> admin.invoke("late"));
        agent.runAll();

        assertEquals("late: not run: processor 'p' on agent 'a' did not take it within 50 ms (the agent is busy or " +
            "blocked, or nobody invokes its group); cancelled", ex.getMessage());
        assertEquals(List.of(), ran, "a cancelled command does not run when the agent gets to it");
    }

    @Test
    void anAsyncInvocationTimesOutToo()
    {
        final HeldExecutor agent = new HeldExecutor();
        admin.registrarOn("agent 'a'", agent).register("late", "", "too late", args -> AdminResult.of("late"));
        admin.timeout(Duration.ofMillis(20));

        final CompletionException ex = assertThrows(CompletionException.class,
            () -> admin.invokeAsync("late", List.of()).join());

        assertInstanceOf(AdminException.class, ex.getCause());
        assertTrue(ex.getCause().getMessage().startsWith("late: not run: agent 'a' did not take it within 20 ms"),
            ex.getCause().getMessage());
    }

    @Test
    void aStartedCommandThatOutlivesTheTimeoutSaysSoAndStillReportsItsFailure() throws Exception
    {
        final CountDownLatch started = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final List<Thread> agents = new ArrayList<>();
        // Returns only once the command has started, so the caller's wait begins with the command running.
        final Executor startingAgent = task ->
        {
            final Thread agent = new Thread(task, "fake-agent");
            agents.add(agent);
            agent.start();
            try
            {
                started.await();
            }
            catch (final InterruptedException ex)
            {
                throw new IllegalStateException(ex);
            }
        };
        admin.registrarOn("agent 'a'", startingAgent).register("slow", "", "slow then fails", args ->
        {
            started.countDown();
            release.await();
            throw new IllegalStateException("too slow");
        });
        admin.timeout(Duration.ofMillis(10));

        final AdminException ex = assertThrows(AdminException.class, () -> admin.invoke("slow"));
        release.countDown();
        agents.get(0).join();

        assertEquals("slow: still running on agent 'a' after 10 ms; its answer is dropped (a failure still reaches " +
            "the error handler)", ex.getMessage());
        assertEquals(List.of("admin:slow java.lang.IllegalStateException: too slow"), host.reported);
    }

    @Test
    void aFullExecutorAndAStoppedHostRefuseBoundCommands()
    {
        final Executor full = task ->
        {
            throw new RejectedExecutionException("the command queue of agent 'a' is full (64 commands waiting)");
        };
        admin.registrarOn("agent 'a'", full).register("busy", "", "never taken", args -> AdminResult.of(""));
        admin.registrarOn("agent 'b'", new HeldExecutor()).register("later", "", "needs a running host",
            args -> AdminResult.of(""));

        assertEquals("busy: refused: the command queue of agent 'a' is full (64 commands waiting)",
            assertThrows(AdminException.class, () -> admin.invoke("busy")).getMessage());
        host.state = "STOPPED";
        assertEquals("later: refused: server 'test' is STOPPED; commands of agent 'b' run only while it is RUNNING",
            assertThrows(AdminException.class, () -> admin.invoke("later")).getMessage());
        assertEquals("later: refused: server 'test' is STOPPED; commands of agent 'b' run only while it is RUNNING",
            assertThrows(CompletionException.class, () -> admin.invokeAsync("later", List.of()).join()).getCause()
                .getMessage());
        assertEquals("pong", assertDoesNotThrowPing(), "caller-thread commands still work on a stopped host");
    }

    private String assertDoesNotThrowPing()
    {
        admin.register("ping", "", "answer pong", args -> AdminResult.of("pong"));
        return admin.invoke("ping").text();
    }

    @Test
    void timeoutMustBePositive()
    {
        assertEquals("timeout: PT0S; expected a positive duration",
            assertThrows(IllegalArgumentException.class, () -> admin.timeout(Duration.ZERO)).getMessage());
        assertEquals(Admin.DEFAULT_TIMEOUT, admin.timeout());
    }

    @Test
    void commandLinesSplitOnBlanksAndQuotesKeepBlanks()
    {
        assertEquals(List.of("pause-feed", "quotes"), CommandLine.parse("  pause-feed   quotes "));
        assertEquals(List.of("greet", "Ada Lovelace", "it's", ""), CommandLine.parse("greet \"Ada Lovelace\" \"it's\" ''"));
        assertEquals(List.of("a\"b"), CommandLine.parse("'a\"b'"));
        assertEquals(List.of("ab c"), CommandLine.parse("a'b c'"));
        assertEquals(List.of(), CommandLine.parse(" \t "));
        assertEquals("unclosed \" at column 7; expected a closing \"",
            assertThrows(AdminException.class, () -> CommandLine.parse("greet \"Ada")).getMessage());
        assertEquals("empty command line; expected a command, e.g. help",
            assertThrows(AdminException.class, () -> admin.execute("  ")).getMessage());
    }
}
