package io.mongoose.benchmarks.sweep;

import io.mongoose.benchmarks.Flags;
import io.mongoose.config.IdleStrategyKind;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Flags of one harness run, each {@code --name=value}. Every value is checked; errors name the flag and what it
 * expects, and are all reported at once.
 *
 * @param rate                 messages per second for an open-loop latency run, or 0 for an unpaced throughput run.
 * @param warmupMillis         warm-up at rate before the measurement window.
 * @param runMillis            measurement window.
 * @param output               the latency {@code .hgrm} to write (its {@code .service.hgrm} and
 *                             {@code .run.properties} go next to it).
 * @param transport            the hop measured.
 * @param drainLimit           consumer batch limit per duty cycle.
 * @param idle                 consumer idle strategy.
 * @param pin                  {@code none}, or {@code auto}: pin consumer and publisher to distinct free CPUs, best
 *                             effort.
 * @param queueCapacity        capacity of the hop's queue or ring (a power of two), the same for every transport.
 */
public record SweepOptions(
    long rate, long warmupMillis, long runMillis, Path output, Transport transport, int drainLimit, String idle,
    String pin, int queueCapacity)
{
    /** The flags and their defaults, in the order usage lists them. */
    public static final Map<String, String> DEFAULTS = defaults();

    /** Usage text. */
    public static final String USAGE = String.join("\n",
        "usage: LatencySweepMain --output=FILE.hgrm [--name=value ...]",
        "  --rate=N|max         messages per second, open loop (k/M suffixes: 10k, 1M); max = unpaced throughput run",
        "  --warmupMillis=N     warm-up at rate before measuring (default 5000)",
        "  --runMillis=N        measurement window (default 10000)",
        "  --output=FILE.hgrm   latency distribution to write; .service.hgrm and .run.properties go beside it",
        "  --transport=NAME     " + String.join(" | ", Transport.separateRunNames()) + " (default mongoose)",
        "  --drainLimit=N       consumer batch limit per duty cycle (default 256)",
        "  --idle=NAME          consumer idle strategy: " + String.join(", ", IdleStrategyKind.yamlNames()) +
            " (default busy-spin)",
        "  --pin=none|auto      auto pins consumer and publisher to distinct free CPUs, best effort (default none)",
        "  --queueCapacity=N    queue or ring capacity, a power of two (default 65536)");

    private static Map<String, String> defaults()
    {
        final Map<String, String> d = new LinkedHashMap<>();
        d.put("rate", "1M");
        d.put("warmupMillis", "5000");
        d.put("runMillis", "10000");
        d.put("output", "");
        d.put("transport", "mongoose");
        d.put("drainLimit", "256");
        d.put("idle", IdleStrategyKind.BUSY_SPIN.yamlName());
        d.put("pin", "none");
        d.put("queueCapacity", "65536");
        return d;
    }

    /**
     * @param args {@code --name=value} flags.
     * @return the options.
     * @throws IllegalArgumentException listing every bad flag, one per line.
     */
    public static SweepOptions parse(final String... args)
    {
        final List<String> errors = new ArrayList<>();
        final Map<String, String> values = Flags.parse(args, DEFAULTS, errors);
        final long rate = rate(values.get("rate"), errors);
        final long warmup = positiveLong("warmupMillis", values.get("warmupMillis"), 0, errors);
        final long run = positiveLong("runMillis", values.get("runMillis"), 1, errors);
        final String output = values.get("output");
        if (output.isEmpty() || !output.endsWith(RunResultFiles.HGRM_SUFFIX) ||
            output.endsWith(RunResultFiles.SERVICE_SUFFIX))
        {
            errors.add("--output: '" + output + "'; expected a file name ending in .hgrm");
        }
        final Transport transport = Transport.byName(values.get("transport"));
        if (null == transport || transport.pairedOnly())
        {
            errors.add("--transport: " + (null == transport ? "unknown '" + values.get("transport") + "'" :
                "'" + transport.flagName() + "' is " + transport.pairedRole() + " (PairedRunMain --transports)") +
                "; expected one of " + String.join(", ", Transport.separateRunNames()));
        }
        final long drainLimit = positiveLong("drainLimit", values.get("drainLimit"), 1, errors);
        final String idle = values.get("idle");
        if (!IdleStrategyKind.yamlNames().contains(idle))
        {
            errors.add("--idle: unknown '" + idle + "'; expected one of " +
                String.join(", ", IdleStrategyKind.yamlNames()));
        }
        final String pin = values.get("pin");
        if (!pin.equals("none") && !pin.equals("auto"))
        {
            errors.add("--pin: '" + pin + "'; expected none or auto");
        }
        final long capacity = positiveLong("queueCapacity", values.get("queueCapacity"), 2, errors);
        if (capacity > 0 && (Long.bitCount(capacity) != 1 || capacity > MongooseHop.MAX_QUEUE_CAPACITY))
        {
            errors.add("--queueCapacity: " + capacity + "; expected " + MongooseHop.QUEUE_CAPACITY_EXPECTED);
        }
        if (!errors.isEmpty())
        {
            throw new IllegalArgumentException(String.join("\n", errors));
        }
        return new SweepOptions(rate, warmup, run, Path.of(output), transport, (int)drainLimit, idle, pin,
            (int)capacity);
    }

    /**
     * @return whether this is an unpaced throughput run.
     */
    public boolean throughputMode()
    {
        return rate == 0;
    }

    /**
     * @param rate messages per second.
     * @return the label used in file names: {@code 10k}, {@code 1m}, {@code 10m}, or the number.
     */
    public static String rateLabel(final long rate)
    {
        if (rate >= 1_000_000 && rate % 1_000_000 == 0)
        {
            return rate / 1_000_000 + "m";
        }
        if (rate >= 1_000 && rate % 1_000 == 0)
        {
            return rate / 1_000 + "k";
        }
        return Long.toString(rate);
    }

    static long rate(final String text, final List<String> errors)
    {
        if ("max".equals(text))
        {
            return 0;
        }
        final String t = text.toLowerCase(Locale.ROOT);
        long multiplier = 1;
        String digits = t;
        if (t.endsWith("k"))
        {
            multiplier = 1_000;
            digits = t.substring(0, t.length() - 1);
        }
        else if (t.endsWith("m"))
        {
            multiplier = 1_000_000;
            digits = t.substring(0, t.length() - 1);
        }
        try
        {
            final long value = Long.parseLong(digits) * multiplier;
            if (value < 1 || value > 1_000_000_000L)
            {
                errors.add("--rate: " + text + "; expected 1 to 1000000000 messages per second, or max");
                return -1;
            }
            return value;
        }
        catch (final NumberFormatException ex)
        {
            errors.add("--rate: '" + text + "'; expected messages per second (e.g. 10000, 10k, 1M) or max");
            return -1;
        }
    }

    static long positiveLong(final String name, final String text, final long min, final List<String> errors)
    {
        try
        {
            final long value = Long.parseLong(text);
            if (value < min)
            {
                errors.add("--" + name + ": " + value + "; expected at least " + min);
                return -1;
            }
            return value;
        }
        catch (final NumberFormatException ex)
        {
            errors.add("--" + name + ": '" + text + "'; expected an integer of at least " + min);
            return -1;
        }
    }
}
