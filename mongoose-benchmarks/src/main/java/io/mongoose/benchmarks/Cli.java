package io.mongoose.benchmarks;

import io.mongoose.config.IdleStrategyKind;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * The benchmark programs' shared picocli setup: {@code --name=value} flags, a later flag overriding an earlier one;
 * {@code --help} prints the usage and exits 0; a bad flag prints the program's name, what is wrong and the usage to
 * the error stream, and exits 2.
 */
public final class Cli
{
    private Cli()
    {
    }

    /**
     * @param command a picocli {@code @Command}.
     * @param out     where {@code --help} goes.
     * @param err     where bad flags are reported.
     * @return the command line to parse or execute the command with.
     */
    public static CommandLine commandLine(final Object command, final PrintStream out, final PrintStream err)
    {
        return new CommandLine(command)
            .setOut(new PrintWriter(out, true))
            .setErr(new PrintWriter(err, true))
            .setOverwrittenOptionsAllowed(true)
            .setCaseInsensitiveEnumValuesAllowed(true)
            .setParameterExceptionHandler(Cli::refuse);
    }

    private static int refuse(final ParameterException ex, final String[] args)
    {
        final CommandLine line = ex.getCommandLine();
        final List<ParameterException> problems = new ArrayList<>();
        // A missing flag may be an unknown one mistyped: report both.
        if (!(ex instanceof UnmatchedArgumentException) && !line.getUnmatchedArguments().isEmpty())
        {
            problems.add(new UnmatchedArgumentException(line, line.getUnmatchedArguments()));
        }
        problems.add(ex);
        for (final ParameterException problem : problems)
        {
            line.getErr().println(line.getCommandName() + ": " + problem.getMessage());
            UnmatchedArgumentException.printSuggestions(problem, line.getErr());
        }
        line.usage(line.getErr());
        return line.getCommandSpec().exitCodeOnInvalidInput();
    }

    /**
     * A check of the flags after parsing.
     *
     * @param spec    the command being checked.
     * @param ok      whether the check passed.
     * @param message otherwise, what is wrong: the flag, the value and what it expects.
     */
    public static void check(final CommandSpec spec, final boolean ok, final String message)
    {
        if (!ok)
        {
            throw new ParameterException(spec.commandLine(), message);
        }
    }

    /**
     * @param spec  the command being checked.
     * @param flag  the flag, e.g. {@code --cycles}.
     * @param value its value, checked to be at least {@code min}.
     * @param min   the least value it takes.
     * @return the value.
     */
    public static long atLeast(final CommandSpec spec, final String flag, final long value, final long min)
    {
        check(spec, value >= min, flag + ": " + value + "; expected at least " + min);
        return value;
    }

    /**
     * @param spec the command being checked.
     * @param idle an {@code --idle}, checked to name an idle strategy.
     * @return the idle strategy's name.
     */
    public static String idle(final CommandSpec spec, final String idle)
    {
        check(spec, IdleStrategyKind.yamlNames().contains(idle), "--idle: unknown '" + idle + "'; expected one of " +
            String.join(", ", IdleStrategyKind.yamlNames()));
        return idle;
    }

    /** @param spec the command to check for flags given with nothing after their {@code =}. */
    public static void noEmptyValues(final CommandSpec spec)
    {
        for (final CommandLine.Model.OptionSpec option : spec.commandLine().getParseResult().matchedOptions())
        {
            for (final String value : option.originalStringValues())
            {
                check(spec, !value.isBlank(), option.longestName() + ": empty; expected a value after '='");
            }
        }
    }

    /** Digits with an optional k, M or G suffix (case ignored) as a number; -1 if none or too big. */
    private static long suffixed(final String text)
    {
        final String lower = text.toLowerCase(Locale.ROOT);
        final int suffix = lower.isEmpty() ? 0 : "kmg".indexOf(lower.charAt(lower.length() - 1)) + 1;
        try
        {
            return Math.multiplyExact(Long.parseLong(lower.substring(0, lower.length() - Math.min(suffix, 1))),
                (long)Math.pow(1000, suffix));
        }
        catch (final NumberFormatException | ArithmeticException ex)
        {
            return -1;
        }
    }

    /** A number of messages, at least 1, with an optional k, M or G suffix. */
    public static final class Count implements CommandLine.ITypeConverter<Long>
    {
        @Override
        public Long convert(final String text)
        {
            final long count = suffixed(text);
            if (count < 1)
            {
                throw new CommandLine.TypeConversionException("'" + text + "'; expected a whole number of " +
                    "messages, at least 1 (e.g. 100000, 100k, 100M)");
            }
            return count;
        }
    }

    /** Messages per second, 1 to 10^9 with an optional k, M or G suffix; or {@code max}, 0: an unpaced run. */
    public static final class Rate implements CommandLine.ITypeConverter<Long>
    {
        @Override
        public Long convert(final String text)
        {
            final boolean max = "max".equals(text);
            final long rate = max ? 0 : suffixed(text);
            if (!max && (rate < 1 || rate > 1_000_000_000L))
            {
                throw new CommandLine.TypeConversionException("'" + text + "'; expected 1 to 1000000000 messages " +
                    "per second (e.g. 10000, 10k, 1M), or max");
            }
            return rate;
        }
    }

    /** The idle strategies' names, for the usage: {@code completionCandidates} of an {@code --idle} flag. */
    public static final class IdleNames implements Iterable<String>
    {
        @Override
        public Iterator<String> iterator()
        {
            return IdleStrategyKind.yamlNames().iterator();
        }
    }
}
