package io.mongoose.yaml;

import io.mongoose.config.ConfigValidator;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ServerConfig;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.MongooseStartException;
import io.mongoose.server.ShutdownReport;
import io.mongoose.testing.AgentThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Mutated and random YAML documents always end in a valid configuration or in a {@link MongooseConfigException} whose
 * every error is one line of the form {@code path: found; expected …}: never another exception, never a hang.
 *
 * <p>The seed is fixed so a failure reproduces; it is printed, and {@code -Dmongoose.fuzz.seed=N} replaces it
 * ({@code -Dmongoose.fuzz.iterations=N} changes the count). A failure prints the seed, the iteration and the input.
 */
class YamlConfigFuzzTest
{
    private static final long SEED = Long.getLong("mongoose.fuzz.seed", 0x6d6f6e676f6f7365L);
    private static final int ITERATIONS = Integer.getInteger("mongoose.fuzz.iterations", 5_000);
    /** Each valid one starts and stops a real server, so far fewer than the load-only loop. */
    private static final int SERVER_ITERATIONS = 400;
    private static final long SERVER_SEED_MIX = 0x5e7e7L;
    /** Far beyond any real load (well under a millisecond) even on a busy machine: only a hang reaches it. */
    private static final Duration HANG = Duration.ofSeconds(5);
    private static final Pattern ONE_ERROR = Pattern.compile("[^\\n\\r]+: [^\\n\\r]+; expected [^\\n\\r]+");

    private static final EventProcessor NOOP = handlers ->
    {
    };
    /** A plain type, and one that reads every kind of property so their readers are fuzzed too. */
    private static final ProcessorTypes TYPES = ProcessorTypes.builder()
        .add("quote-pricer", () -> NOOP)
        .addConfigurable("alert", properties ->
        {
            properties.text("label", "alert");
            properties.integer("max", 5);
            properties.flag("loud", false);
            if (properties.duration("window", Duration.ofSeconds(1)).compareTo(Duration.ofMinutes(1)) > 0)
            {
                properties.reject("window", "at most 1m");
            }
            return NOOP;
        })
        .build();

    private static final List<String> VALID = List.of("""
        server: { name: quotes, startTimeout: 30s, shutdownTimeout: 10s }
        feeds:
          - { name: quotes, kind: named, queueCapacity: 4096, fullQueuePolicy: backoff, publishTimeout: 10s }
          - { name: control, kind: broadcast, queueCapacity: 16, fullQueuePolicy: drop, publishTimeout: 250ms }
        agents:
          - name: pricing
            idleStrategy: busy-spin
            drainLimit: 256
            pinning: { cpu: any }
            threadMode: dedicated
            processors:
              - { name: pricer, type: quote-pricer, subscriptions: &subs [quotes] }
              - { name: alerts, type: alert, subscriptions: *subs, properties: { label: a, max: 3, loud: true, window: 5s } }
          - name: audit
            idleStrategy: sleep
            pinning: none
            threadMode: invoker
            processors:
              - { name: audit-log, type: quote-pricer }
        """, """
        server:
          name: ticks
          shutdownTimeout: 2m
        feeds:
          - name: ticks
            kind: named
            queueCapacity: 0x400
          - name: orders
            kind: named
        agents:
          - name: a
            pinning:
              cpu: 0
            processors:
              - name: p
                type: alert
                subscriptions:
                  - ticks
                  - orders
                properties:
                  window: 100us
        """);

    /** Values and fragments that have broken YAML loaders: limits, odd numbers, tags, aliases, control text. */
    private static final String[] TOKENS = {
        "", " ", "~", "null", "-1", "0", "1", "2147483647", "2147483648", "-2147483649", "99999999999999999999999999",
        "-9223372036854775809", "0x7fffffffffffffffffff", "0o777", "0x", "1e309", "-0", "1.5", ".nan", ".inf", "true",
        "yes", "'quoted'", "''", "\"\"", "\"esc\\u0000\\t\"", "\"\\uD800\"", "\"unterminated", "'also", "[", "]", "{",
        "}", "{}", "[]", "[a, b]", "{a: 1}", "[[[]]]", "&x", "*x", "&x [*x]", "&x {k: *x}", "*undefined", "&x 1",
        "!!str", "!!int x", "!!binary AA==", "!!merge", "!!set {a}", "!foo", "!", "!<tag:x>", "!!python/object:os.system",
        "!java.lang.Runtime", "<<: *x", "<<", "? ", "? [a]", ": ", "- ", "-", "|", ">-", "|+\n  text", "#", "# c", "---",
        "...", "%YAML 1.1", "%TAG ! tag:x,", "\t", "\t\t", "\n", "\r\n", "\r", "\u00e9", "\u2028", "\uFEFF", "\uD83D\uDE00",
        "\uD800", "\u0000", "\u0007", "\u0085", "${HOME}", "busy-spin", "spinn", "named", "broadcast", "dedicated",
        "invoker", "backoff", "quotes", "quote-pricer", "alert", "10s", "0s", "-5ms", "9999999999999999h", "250ms",
        "x".repeat(5_000), "[".repeat(300), "{a: ".repeat(60), "- ".repeat(80), "  ".repeat(200) + "a: 1",
        "name:", "kind:", "type:", "processors:", "subscriptions:", "properties:", "pinning: { cpu: 1 }", "cpu:",
    };

    /** Nine levels of nine aliases each: 9^9 values if anything expanded them. */
    private static final String LAUGHS = billionLaughs();

    private static final String[] STRUCTURE = {
        "server:", "feeds:", "agents:", "name:", "kind:", "processors:", "type:", "subscriptions:", "properties:",
        "idleStrategy:", "pinning:", "cpu:", "drainLimit:", "- ", ": ", "\n", "\n  ", "\n    ", "  ", "[", "]", "{", "}",
        ", ", "&a ", "*a", "!", "?", "|", ">", "#", "'", "\"", "%", "@", "`", "quotes", "quote-pricer", "named", "1",
        "10s", "~", "\t",
    };

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES) // backstop only: each load has its own bound
    void mutatedAndRandomDocumentsEndInAValidConfigOrAConfigurationError() throws InterruptedException
    {
        System.out.println("YamlConfigFuzzTest: seed " + SEED + ", " + ITERATIONS + " iterations (rerun with " +
            "-Dmongoose.fuzz.seed=" + SEED + ")");
        final Random random = new Random(SEED);
        final ExecutorService loader = Executors.newSingleThreadExecutor(r ->
        {
            final Thread thread = new Thread(r, "yaml-fuzz-loader");
            thread.setDaemon(true); // a hung load must not keep the test JVM alive
            return thread;
        });
        int valid = 0;
        int refused = 0;
        final long start = System.nanoTime();
        try
        {
            for (int i = 0; i < ITERATIONS; i++)
            {
                final String input = i % 5 == 4 ? randomText(random) : mutate(VALID.get(i % VALID.size()), random);
                if (loadsValid(loader, input, i))
                {
                    valid++;
                }
                else
                {
                    refused++;
                }
            }
        }
        finally
        {
            loader.shutdownNow();
        }
        System.out.println("YamlConfigFuzzTest: " + valid + " valid, " + refused + " refused with a configuration " +
            "error, in " + Duration.ofNanos(System.nanoTime() - start).toMillis() + " ms");
        assertEquals(ITERATIONS, valid + refused);
        if (ITERATIONS >= 1_000)
        {
            assertTrue(valid > 0 && refused > 0, "a fuzz run this long reaches both outcomes: " + valid + " valid, " +
                refused + " refused");
        }
    }

    /**
     * The end-to-end half: fuzzed documents go through {@link MongooseServer#create} the way an application uses
     * them. A refused one must start no thread; one that builds a server must start and stop cleanly and leave no
     * thread behind, so no input ever yields a half-started server.
     */
    @Test
    @Timeout(value = 2, unit = TimeUnit.MINUTES)
    void fuzzedDocumentsEitherStartNoThreadOrStartAndStopCleanly()
    {
        final Random random = new Random(SEED ^ SERVER_SEED_MIX);
        int servers = 0;
        int refused = 0;
        for (int i = 0; i < SERVER_ITERATIONS; i++)
        {
            final String input = mutate(VALID.get(i % VALID.size()), random);
            final Set<Thread> before = AgentThreads.live();
            final ServerConfig config;
            try
            {
                config = YamlConfig.load(input, "fuzz.yaml", TYPES);
            }
            catch (final MongooseConfigException ex)
            {
                refused++;
                AgentThreads.assertNoneStartedSince(before, Set.of());
                continue;
            }
            final Set<String> agents = new HashSet<>();
            config.agentGroups().forEach(group -> agents.add(group.name()));
            final MongooseServer server = MongooseServer.create(config, new PoolRegistry("fuzz-" + i),
                new LoggingErrorHandler());
            try
            {
                server.start();
            }
            catch (final MongooseStartException ex)
            {
                fail(report(i, input, "a configuration that validates failed to start: " + stackTrace(ex)));
            }
            final ShutdownReport stopped = server.stop();
            final int iteration = i;
            assertTrue(stopped.clean(), () -> report(iteration, input, "stopped uncleanly: " + stopped));
            assertEquals(List.of(), AgentThreads.startedSince(before, agents),
                () -> report(iteration, input, "threads left behind after stop"));
            servers++;
        }
        System.out.println("YamlConfigFuzzTest: " + servers + " servers started and stopped, " + refused +
            " documents refused before any thread started");
        assertTrue(servers > 0 && refused > 0, "both outcomes reached: " + servers + " servers, " + refused +
            " refused");
    }

    @Test
    void theLimitsHoldOnTheirOwn() throws InterruptedException
    {
        final ExecutorService loader = Executors.newSingleThreadExecutor();
        try
        {
            for (final String input : new String[] {LAUGHS, "[".repeat(200_000), "{a: ".repeat(20_000),
                "&a { !!merge x: *a }", "- ".repeat(50_000), "a: " + "x".repeat(YamlConfig.MAX_CHARS - 3)})
            {
                assertTrue(!loadsValid(loader, input, -1), "refused");
            }
        }
        finally
        {
            loader.shutdownNow();
        }
    }

    /** @return true if the input loaded as a valid configuration, false if it was refused as it should be. */
    private static boolean loadsValid(final ExecutorService loader, final String input, final int iteration)
        throws InterruptedException
    {
        final Future<ServerConfig> load = loader.submit(() -> YamlConfig.load(input, "fuzz.yaml", TYPES));
        try
        {
            final ServerConfig config = load.get(HANG.toMillis(), TimeUnit.MILLISECONDS);
            assertEquals(List.of(), ConfigValidator.problems(config), () -> report(iteration, input,
                "loaded a configuration that does not validate"));
            return true;
        }
        catch (final TimeoutException ex)
        {
            load.cancel(true);
            return fail(report(iteration, input, "did not finish within " + HANG.toSeconds() + " s"));
        }
        catch (final ExecutionException ex)
        {
            final Throwable cause = ex.getCause();
            if (!(cause instanceof MongooseConfigException))
            {
                return fail(report(iteration, input, "threw " + stackTrace(cause)));
            }
            final MongooseConfigException refused = (MongooseConfigException)cause;
            assertTrue(null != refused.getMessage() && !refused.getMessage().isBlank(),
                () -> report(iteration, input, "a configuration error without a message"));
            for (final String error : refused.errors())
            {
                assertTrue(ONE_ERROR.matcher(error).matches(), () -> report(iteration, input,
                    "an error that is not one line of the form 'path: found; expected …': " + literal(error)));
            }
            return false;
        }
    }

    private static String mutate(final String valid, final Random random)
    {
        String text = valid;
        final int mutations = 1 + random.nextInt(4);
        for (int m = 0; m < mutations; m++)
        {
            final List<String> lines = new ArrayList<>(Arrays.asList(text.split("\n", -1)));
            final int line = random.nextInt(lines.size());
            switch (random.nextInt(10))
            {
                case 0 -> lines.remove(line);
                case 1 -> lines.add(line, lines.get(line));
                case 2 ->
                {
                    final int other = random.nextInt(lines.size());
                    final String swapped = lines.get(line);
                    lines.set(line, lines.get(other));
                    lines.set(other, swapped);
                }
                case 3 -> lines.set(line, replaceScalar(lines.get(line), token(random), random));
                case 4 -> lines.set(line, insertAt(lines.get(line), token(random), random));
                case 5 -> lines.set(line, changeCharacter(lines.get(line), random));
                case 6 -> lines.set(line, random.nextBoolean()
                    ? "  ".repeat(random.nextInt(4)) + lines.get(line) : lines.get(line).stripLeading());
                case 7 -> lines.set(line, lines.get(line).replace(" ", random.nextBoolean() ? "\t" : ""));
                case 8 -> lines.add(line, random.nextInt(8) == 0 ? LAUGHS : token(random) + ": " + token(random));
                default ->
                {
                    final String joined = String.join("\n", lines);
                    return joined.substring(0, random.nextInt(joined.length() + 1));
                }
            }
            text = String.join("\n", lines);
        }
        return text;
    }

    /** Replaces what follows a "key: " on the line, up to a comma or brace, with the token. */
    private static String replaceScalar(final String line, final String token, final Random random)
    {
        final List<Integer> colons = new ArrayList<>();
        for (int i = line.indexOf(": "); i >= 0; i = line.indexOf(": ", i + 1))
        {
            colons.add(i + 2);
        }
        if (colons.isEmpty())
        {
            return line + token;
        }
        final int from = colons.get(random.nextInt(colons.size()));
        int to = from;
        while (to < line.length() && ",}]".indexOf(line.charAt(to)) < 0)
        {
            to++;
        }
        return line.substring(0, from) + token + line.substring(to);
    }

    private static String insertAt(final String line, final String token, final Random random)
    {
        final int at = random.nextInt(line.length() + 1);
        return line.substring(0, at) + token + line.substring(at);
    }

    private static String changeCharacter(final String line, final Random random)
    {
        if (line.isEmpty())
        {
            return line;
        }
        final String alphabet = ":-[]{},&*!?|>#'\"%@` \t\u00e9\u0000\u2028";
        final int at = random.nextInt(line.length());
        final char replacement = random.nextBoolean()
            ? alphabet.charAt(random.nextInt(alphabet.length())) : (char)random.nextInt(0x3000);
        return line.substring(0, at) + replacement + line.substring(at + 1);
    }

    private static String token(final Random random)
    {
        return TOKENS[random.nextInt(TOKENS.length)];
    }

    private static String randomText(final Random random)
    {
        final StringBuilder text = new StringBuilder();
        final int parts = random.nextInt(120);
        for (int i = 0; i < parts; i++)
        {
            text.append(random.nextInt(6) == 0 ? token(random) : STRUCTURE[random.nextInt(STRUCTURE.length)]);
        }
        return text.toString();
    }

    private static String billionLaughs()
    {
        final StringBuilder yaml = new StringBuilder("l0: &l0 [lol]\n");
        for (int level = 1; level <= 9; level++)
        {
            yaml.append("l").append(level).append(": &l").append(level).append(" [");
            for (int i = 0; i < 9; i++)
            {
                yaml.append(i == 0 ? "" : ", ").append("*l").append(level - 1);
            }
            yaml.append("]\n");
        }
        return yaml.append("feeds: *l9").toString();
    }

    private static String report(final int iteration, final String input, final String what)
    {
        return "YAML fuzz (seed " + SEED + ", iteration " + iteration + "): " + what + "\ninput: " + literal(input);
    }

    /** The input as a Java string literal, so it can be pasted into a test. */
    private static String literal(final String text)
    {
        final StringBuilder out = new StringBuilder("\"");
        for (final char c : text.toCharArray())
        {
            switch (c)
            {
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                default -> out.append(c >= 0x20 && c < 0x7f ? String.valueOf(c) : String.format("\\u%04x", (int)c));
            }
        }
        return out.append('"').toString();
    }

    private static String stackTrace(final Throwable t)
    {
        final StringWriter out = new StringWriter();
        t.printStackTrace(new PrintWriter(out));
        return out.toString();
    }
}
