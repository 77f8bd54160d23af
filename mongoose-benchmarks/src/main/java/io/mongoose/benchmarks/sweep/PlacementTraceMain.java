package io.mongoose.benchmarks.sweep;

import io.mongoose.benchmarks.Flags;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * How the host places the two CPUs over time: {@link CoreToCoreProbe} run back to back for {@code --seconds}, so both
 * CPUs stay busy as in a benchmark run, with one line per slice of {@code --sliceMillis} (milliseconds since the start
 * and the fastest round trip of the slice), then {@link PlacementStretches}' summary: how much of the time was near and
 * how long the near and far stretches lasted. This is the measurement behind the sweep's repeats and its
 * same-placement verdict ({@code docs/benchmark-method.md}); run it with nothing else on the machine.
 *
 * <p>Exit codes: 0 done, 1 a probe failed (pinning asked for and not got, or no round trip within its deadline),
 * 2 bad flags.
 */
public final class PlacementTraceMain
{
    /** Done; the trace and its summary were printed. */
    public static final int EXIT_OK = 0;
    /** A probe failed. */
    public static final int EXIT_FAILED = 1;
    /** Bad flags. */
    public static final int EXIT_USAGE = 2;
    /** The usage text. */
    public static final String USAGE = "usage: PlacementTraceMain [--seconds=300] [--sliceMillis=100] " +
        "[--pin=auto|none]";

    private static final Map<String, String> DEFAULTS = defaults();

    private PlacementTraceMain()
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
     * @param args flags.
     * @param out  where the trace goes.
     * @param err  where problems go.
     * @return an exit code.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        if (Flags.wantsHelp(args))
        {
            out.println(USAGE);
            return EXIT_OK;
        }
        final List<String> errors = new ArrayList<>();
        final Map<String, String> values = Flags.parse(args, DEFAULTS, errors);
        final long seconds = bounded("seconds", values.get("seconds"), 1, 3_600, errors);
        final long sliceMillis = bounded("sliceMillis", values.get("sliceMillis"), 10, 60_000, errors);
        final String pin = values.get("pin");
        if (!pin.equals("auto") && !pin.equals("none"))
        {
            errors.add("--pin: '" + pin + "'; expected auto or none");
        }
        if (errors.isEmpty() && sliceMillis > seconds * 1_000)
        {
            errors.add("--sliceMillis: " + sliceMillis + "; expected at most --seconds (" + seconds + " s)");
        }
        if (!errors.isEmpty())
        {
            Flags.printErrors(errors, "placement trace: ", USAGE, err);
            return EXIT_USAGE;
        }
        try
        {
            final long[] readings = trace(seconds, sliceMillis, pin.equals("auto"), out);
            out.println(PlacementStretches.of(readings, sliceMillis).describe());
            return EXIT_OK;
        }
        catch (final IllegalStateException ex)
        {
            err.println("placement trace: " + ex.getMessage());
            return EXIT_FAILED;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            err.println("placement trace: interrupted");
            return EXIT_FAILED;
        }
    }

    private static long[] trace(final long seconds, final long sliceMillis, final boolean pin, final PrintStream out)
        throws InterruptedException
    {
        final int slices = (int)(seconds * 1_000 / sliceMillis);
        final long[] readings = new long[slices];
        final long start = System.nanoTime();
        for (int s = 0; s < slices; s++)
        {
            final long sliceEnd = start + TimeUnit.MILLISECONDS.toNanos((s + 1) * sliceMillis);
            long fastest = Long.MAX_VALUE;
            do
            {
                final Optional<Long> roundTrip = CoreToCoreProbe.roundTripNanos(pin);
                if (roundTrip.isEmpty())
                {
                    throw new IllegalStateException("slice " + s + ": the probe " + (pin ? "could not pin its " +
                        "threads or " : "") + "finished no batch of round trips within " +
                        TimeUnit.NANOSECONDS.toSeconds(CoreToCoreProbe.DEADLINE_NANOS) + " s");
                }
                fastest = Math.min(fastest, roundTrip.get());
            }
            while (System.nanoTime() - sliceEnd < 0);
            readings[s] = fastest;
            out.println(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " " + fastest);
        }
        return readings;
    }

    /** {@link SweepOptions#positiveLong} with an upper bound as well. */
    private static long bounded(final String name, final String text, final long least, final long most,
        final List<String> errors)
    {
        final long value = SweepOptions.positiveLong(name, text, least, errors);
        if (value > most)
        {
            errors.add("--" + name + ": " + value + "; expected at most " + most);
        }
        return value;
    }

    private static Map<String, String> defaults()
    {
        final Map<String, String> d = new LinkedHashMap<>();
        d.put("seconds", "300");
        d.put("sliceMillis", "100");
        d.put("pin", "auto");
        return d;
    }
}
