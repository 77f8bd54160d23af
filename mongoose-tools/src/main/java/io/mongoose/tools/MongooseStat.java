package io.mongoose.tools;

import io.mongoose.status.CounterType;
import io.mongoose.status.CountersFile;
import io.mongoose.status.HealthStatus;
import io.mongoose.status.ServerState;
import org.agrona.concurrent.status.CountersReader;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Prints a running server's counters from another process, once a second, like Aeron's {@code AeronStat}:
 * {@code mongoose-stat [--dir=DIR | --file=FILE] [--server=NAME] [--pid=PID] [--interval=MS] [--count=N] [--list]}.
 *
 * <p>It maps the server's counters file ({@link CountersFile}) read-only and never writes to it. It picks the one live
 * server in the directory, or the one named by {@code --server} / {@code --pid}; when several match it lists them and
 * exits. Files left by a process that is gone are reported and skipped. It stops after {@code --count} prints, or when
 * the server goes away (its file removed, its process gone, or its state STOPPED or FAILED), saying which.
 */
public final class MongooseStat
{
    /** Exit code: printed {@code --count} times, or listed, or showed help. */
    public static final int EXIT_OK = 0;
    /** Exit code: no such running server, or it went away while being watched. */
    public static final int EXIT_GONE = 1;
    /** Exit code: bad arguments, or several servers match. */
    public static final int EXIT_USAGE = 2;

    static final String USAGE = String.join("\n",
        "usage: mongoose-stat [--dir=DIR | --file=FILE] [--server=NAME] [--pid=PID] [--interval=MS] [--count=N] [--list]",
        "  --dir=DIR       where servers put their counters files (default " + CountersFile.defaultDirectory() + ")",
        "  --file=FILE     one counters file, instead of looking in a directory",
        "  --server=NAME   the server with this name",
        "  --pid=PID       the server in this process",
        "  --interval=MS   milliseconds between prints (default 1000)",
        "  --count=N       stop after N prints (default: until the server goes away or Ctrl-C)",
        "  --list          list the running servers and exit",
        "  --help          this text",
        "Exit code: 0 done, 1 no such server or it went away, 2 bad arguments or several servers match.");

    private static final DateTimeFormatter TIME =
        DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(ZoneId.systemDefault());
    private static final long DEFAULT_INTERVAL_MS = 1000;

    private MongooseStat()
    {
    }

    /**
     * @param args see {@link #USAGE}.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * Run in this JVM: returns after {@code --count} prints, or when the server goes away, or at once for
     * {@code --list}, {@code --help} and errors.
     *
     * @param args the command line.
     * @param out  the counters, lists, help.
     * @param err  errors, and files skipped because their process is gone.
     * @return {@link #EXIT_OK}, {@link #EXIT_GONE} or {@link #EXIT_USAGE}.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
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
        final List<CountersFile.Header> live = new ArrayList<>();
        try
        {
            final List<CountersFile.Header> found = null != options.file
                ? List.of(CountersFile.Header.read(options.file)) : CountersFile.list(options.dir);
            for (final CountersFile.Header header : found)
            {
                if (!matches(options, header))
                {
                    continue;
                }
                if (header.ownerAlive())
                {
                    live.add(header);
                }
                else
                {
                    err.println("skipping " + header.file() + ": server '" + header.serverName() + "' (pid " +
                        header.pid() + ") is gone; the file is left from a crash and the next server started in " +
                        "its directory removes it");
                }
            }
        }
        catch (final IOException | IllegalArgumentException ex)
        {
            err.println("error: " + ex.getMessage());
            return EXIT_GONE;
        }
        if (options.list)
        {
            live.forEach(h -> out.println(describe(h)));
            return EXIT_OK;
        }
        if (live.isEmpty())
        {
            err.println("error: no running Mongoose server" + selection(options) + " in " +
                (null != options.file ? options.file : options.dir));
            return EXIT_GONE;
        }
        if (live.size() > 1)
        {
            err.println("error: " + live.size() + " running servers" + selection(options) + " in " + options.dir +
                "; choose one with --server=NAME or --pid=PID:");
            live.forEach(h -> err.println("  " + describe(h)));
            return EXIT_USAGE;
        }
        return watch(live.get(0), options, out, err);
    }

    private static int watch(
        final CountersFile.Header header, final Options options, final PrintStream out, final PrintStream err)
    {
        final CountersFile file;
        try
        {
            file = CountersFile.open(header.file());
        }
        catch (final IOException | IllegalArgumentException ex)
        {
            err.println("error: " + ex.getMessage());
            return EXIT_GONE;
        }
        final CountersReader reader = file.reader();
        for (long printed = 0; ; )
        {
            final String gone = goneReason(header, reader);
            if (null != gone)
            {
                err.println("server '" + header.serverName() + "' (pid " + header.pid() + ") " + gone);
                return EXIT_GONE;
            }
            print(header, reader, out);
            printed++;
            if (options.count > 0 && printed >= options.count)
            {
                return EXIT_OK;
            }
            try
            {
                Thread.sleep(options.intervalMs);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                return EXIT_OK;
            }
        }
    }

    /** Why the server is no longer worth watching, or null while it runs. */
    private static String goneReason(final CountersFile.Header header, final CountersReader reader)
    {
        if (!Files.exists(header.file()))
        {
            return "went away: its counters file " + header.file() + " was removed (the server stopped)";
        }
        if (!header.ownerAlive())
        {
            return "went away: its process is gone";
        }
        final int stateId = find(reader, CounterType.SERVER_STATE);
        if (stateId >= 0)
        {
            final long state = reader.getCounterValue(stateId);
            if (ServerState.STOPPED.ordinal() == state || ServerState.FAILED.ordinal() == state)
            {
                return "has stopped: state " + ServerState.values()[(int)state];
            }
        }
        return null;
    }

    private static void print(final CountersFile.Header header, final CountersReader reader, final PrintStream out)
    {
        final StringBuilder text = new StringBuilder();
        text.append(TIME.format(Instant.now())).append(" - server '").append(header.serverName()).append("' pid ")
            .append(header.pid()).append(", started ").append(TIME.format(Instant.ofEpochMilli(header.serverStartMillis())))
            .append('\n');
        reader.forEach((CountersReader.MetaData)(id, typeId, key, label) ->
        {
            final long value = reader.getCounterValue(id);
            text.append(String.format("%4d: %,20d - %s%s%n", id, value, label, decode(typeId, value)));
        });
        text.append("--\n");
        out.print(text);
        out.flush();
    }

    /** The name behind an enumerated value, e.g. {@code  (RUNNING)}; empty for plain counts. */
    private static String decode(final int typeId, final long value)
    {
        if (CounterType.SERVER_STATE.typeId() == typeId && value >= 0 && value < ServerState.values().length)
        {
            return " (" + ServerState.values()[(int)value] + ")";
        }
        if (CounterType.SERVER_HEALTH.typeId() == typeId && value >= 0 && value < HealthStatus.values().length)
        {
            return " (" + HealthStatus.values()[(int)value] + ")";
        }
        if (CounterType.SERVER_HEARTBEAT.typeId() == typeId && value > 0)
        {
            return " (" + TIME.format(Instant.ofEpochMilli(value)) + ")";
        }
        return "";
    }

    private static int find(final CountersReader reader, final CounterType type)
    {
        final int[] found = {-1};
        reader.forEach((CountersReader.MetaData)(id, typeId, key, label) ->
        {
            if (type.typeId() == typeId && found[0] < 0)
            {
                found[0] = id;
            }
        });
        return found[0];
    }

    private static boolean matches(final Options options, final CountersFile.Header header)
    {
        return (null == options.server || options.server.equals(header.serverName())) &&
            (options.pid < 0 || options.pid == header.pid());
    }

    private static String selection(final Options options)
    {
        return (null == options.server ? "" : " named '" + options.server + "'") +
            (options.pid < 0 ? "" : " with pid " + options.pid);
    }

    private static String describe(final CountersFile.Header h)
    {
        return "server '" + h.serverName() + "' pid " + h.pid() + " started " +
            TIME.format(Instant.ofEpochMilli(h.serverStartMillis())) + " file " + h.file();
    }

    /** The command line, parsed; every problem collected, not just the first. */
    private static final class Options
    {
        final List<String> errors = new ArrayList<>();
        Path dir = CountersFile.defaultDirectory();
        Path file;
        String server;
        long pid = -1;
        long intervalMs = DEFAULT_INTERVAL_MS;
        long count;
        boolean list;
        boolean help;

        static Options parse(final String[] args)
        {
            final Options o = new Options();
            final Set<String> seen = new HashSet<>();
            for (final String arg : args)
            {
                final int eq = arg.indexOf('=');
                final String flag = eq < 0 ? arg : arg.substring(0, eq);
                final String value = eq < 0 ? null : arg.substring(eq + 1);
                if (!seen.add(flag))
                {
                    o.errors.add(flag + ": given twice; expected it once");
                    continue;
                }
                switch (flag)
                {
                    case "--help", "-h" -> o.help = true;
                    case "--list" -> o.list = noValue(o, flag, value);
                    case "--dir" -> o.dir = path(o, flag, value, "a directory");
                    case "--file" -> o.file = path(o, flag, value, "a counters file");
                    case "--server" -> o.server = required(o, flag, value, "a server name");
                    case "--pid" -> o.pid = number(o, flag, value, "a process id", 1, -1);
                    case "--interval" -> o.intervalMs = number(o, flag, value, "milliseconds > 0", 1,
                        DEFAULT_INTERVAL_MS);
                    case "--count" -> o.count = number(o, flag, value, "a number of prints > 0", 1, 0);
                    default -> o.errors.add("unknown argument '" + arg + "'; expected one of --dir, --file, " +
                        "--server, --pid, --interval, --count, --list, --help");
                }
            }
            if (seen.contains("--dir") && seen.contains("--file"))
            {
                o.errors.add("--dir and --file: both given; expected one (a file names its directory)");
            }
            return o;
        }

        private static boolean noValue(final Options o, final String flag, final String value)
        {
            if (null != value)
            {
                o.errors.add(flag + ": takes no value; found '" + value + "'");
            }
            return true;
        }

        private static String required(final Options o, final String flag, final String value, final String expected)
        {
            if (null == value || value.isEmpty())
            {
                o.errors.add(flag + ": no value; expected " + flag + "=<" + expected + ">");
                return null;
            }
            return value;
        }

        private static Path path(final Options o, final String flag, final String value, final String expected)
        {
            final String text = required(o, flag, value, expected);
            if (null == text)
            {
                return null;
            }
            try
            {
                return Path.of(text);
            }
            catch (final InvalidPathException ex)
            {
                o.errors.add(flag + ": '" + text + "' is not a path (" + ex.getReason() + "); expected " + expected);
                return null;
            }
        }

        private static long number(
            final Options o, final String flag, final String value, final String expected, final long min,
            final long standIn)
        {
            final String text = required(o, flag, value, expected);
            if (null == text)
            {
                return standIn;
            }
            try
            {
                final long n = Long.parseLong(text);
                if (n >= min)
                {
                    return n;
                }
                o.errors.add(flag + ": " + n + " is out of range; expected " + expected);
            }
            catch (final NumberFormatException ex)
            {
                o.errors.add(flag + ": '" + text + "' is not a number; expected " + expected);
            }
            return standIn;
        }
    }
}
