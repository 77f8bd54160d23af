package io.mongoose.benchmarks;

import java.io.PrintStream;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code --name=value} command-line flags over a set of defaults, shared by the benchmark programs so they read and
 * complain alike. Malformed and unknown flags become error lines (all of them, not just the first); checking the
 * values is the caller's job.
 */
public final class Flags
{
    private Flags()
    {
    }

    /**
     * @param args     the command line.
     * @param defaults every accepted flag name and its default value, in the order errors list them.
     * @param errors   where a line per malformed or unknown flag goes.
     * @return the defaults overridden by the flags given.
     */
    public static Map<String, String> parse(
        final String[] args, final Map<String, String> defaults, final List<String> errors)
    {
        final Map<String, String> values = new LinkedHashMap<>(defaults);
        for (final String arg : args)
        {
            final int eq = arg.indexOf('=');
            if (!arg.startsWith("--") || eq < 0)
            {
                errors.add("'" + arg + "': expected --name=value");
                continue;
            }
            final String name = arg.substring(2, eq);
            if (!defaults.containsKey(name))
            {
                errors.add("--" + name + ": unknown flag; expected one of --" + String.join(", --", defaults.keySet()));
                continue;
            }
            values.put(name, arg.substring(eq + 1));
        }
        return values;
    }

    /**
     * @param args the command line.
     * @return whether it asks for the usage text ({@code --help} anywhere), which every program answers first.
     */
    public static boolean wantsHelp(final String[] args)
    {
        return List.of(args).contains("--help");
    }

    /**
     * Report bad flags the way every benchmark program does: each error line with the program's prefix, then the
     * usage text.
     *
     * @param errors one line per problem.
     * @param prefix the program's message prefix, e.g. {@code "compare: "}.
     * @param usage  the program's usage text.
     * @param err    where it goes.
     */
    public static void printErrors(
        final List<String> errors, final String prefix, final String usage, final PrintStream err)
    {
        errors.forEach(e -> err.println(prefix + e));
        err.println(usage);
    }
}
