package io.mongoose.benchmarks.sweep;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What one {@link PairedRunMain} run measures, parsed from {@code --name=value} flags.
 *
 * @param rate          messages per second within each slice; 0 (max) sends each slice unpaced, as fast as the hop
 *                      takes messages.
 * @param sliceMillis   how long one transport is measured before the next takes over.
 * @param cycles        measured cycles; a cycle gives every transport one slice.
 * @param warmupCycles  cycles run first and discarded.
 * @param transports    the transports, Mongoose first.
 * @param consumers     which consumer threads take the transports' messages.
 * @param queueCapacity every hop's queue or ring capacity, a power of two.
 * @param drainLimit    messages per poll for the hops that take a limit (Mongoose, JCTools).
 * @param pin           whether to pin the publisher and the consumer to CPUs of their own.
 * @param jvms          JVMs to run one after another, their cycles pooled; 1 measures in this JVM.
 * @param output        the Markdown file to write, if any.
 * @param data          the file to write this JVM's measurements to, for a parent run that pools JVMs, if any.
 */
record PairedOptions(long rate, long sliceMillis, int cycles, int warmupCycles, List<Transport> transports,
    Consumers consumers, int queueCapacity, int drainLimit, boolean pin, int jvms, Optional<Path> output,
    Optional<Path> data)
{
    /** The transports that have a polled hop. */
    static final List<Transport> POLLED =
        List.of(Transport.MONGOOSE, Transport.MONGOOSE_QUEUE, Transport.DISRUPTOR, Transport.DISRUPTOR_TWIN,
            Transport.JCTOOLS);

    /** Which consumer threads take the transports' messages. */
    enum Consumers
    {
        /** Each transport's own consumer thread, as the sweep runs it: {@link OwnThreadConsumers}. */
        OWN,
        /** One harness thread polling every transport: {@link PolledConsumers}. */
        POLLED;

        /**
         * @return the name on the command line.
         */
        String flagName()
        {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    static final String USAGE = String.join("\n",
        "usage: PairedRunMain [--name=value ...]",
        "  --rate=N             messages per second within a slice, e.g. 10k, 1M, or max: every slice sent as fast as",
        "                       the hop takes messages, and each slice's time per message compared (default 1M)",
        "  --sliceMillis=N      one transport's turn, milliseconds (default 50)",
        "  --cycles=N           measured cycles, each one slice per transport (default 200)",
        "  --warmupCycles=N     cycles run first and discarded (default 40)",
        "  --consumers=own|polled  own: each transport's own consumer thread, as the sweep runs it, parked between",
        "                       its slices; polled: one harness thread polls every transport (default own)",
        "  --transports=a,b     mongoose and at least one peer (default mongoose,disruptor,jctools); peer",
        "                       disruptor-twin, a second Disruptor lane, is the A/A control; with",
        "                       --consumers=polled, only mongoose, mongoose-queue, disruptor, disruptor-twin",
        "                       and jctools",
        "  --queueCapacity=N    every hop's queue or ring capacity, a power of two (default 65536)",
        "  --drainLimit=N       messages per poll (default 256)",
        "  --pin=auto|none      pin publisher and consumer to CPUs of their own (default auto)",
        "  --jvms=N             run N JVMs one after another and pool their cycles (default 1: this JVM)",
        "  --output=FILE        also write the result as Markdown to FILE",
        "  --data=FILE          also write the measurements to FILE: this JVM's, or with --jvms the pooled ones");

    /**
     * @param args {@code --name=value} flags.
     * @return the options.
     * @throws IllegalArgumentException naming every bad flag and what it expects.
     */
    static PairedOptions parse(final String... args)
    {
        final Map<String, String> values = new LinkedHashMap<>(Map.of("rate", "1M", "sliceMillis", "50", "cycles",
            "200", "warmupCycles", "40", "transports", "mongoose,disruptor,jctools", "consumers", "own",
            "queueCapacity", Integer.toString(PairedRunData.DEFAULT_QUEUE_CAPACITY), "drainLimit", "256", "pin",
            "auto", "jvms", "1"));
        final List<String> errors = new ArrayList<>();
        String output = null;
        String data = null;
        for (final String arg : args)
        {
            final int eq = arg.indexOf('=');
            final String name = arg.startsWith("--") && eq > 2 ? arg.substring(2, eq) : null;
            if (null == name || !(values.containsKey(name) || "output".equals(name) || "data".equals(name)))
            {
                errors.add("unknown or malformed flag '" + arg + "'; expected one of --rate, --sliceMillis, " +
                    "--cycles, --warmupCycles, --transports, --consumers, --queueCapacity, --drainLimit, --pin, --jvms, " +
                    "--output, --data, as --name=value");
                continue;
            }
            if ("output".equals(name))
            {
                output = arg.substring(eq + 1);
            }
            else if ("data".equals(name))
            {
                data = arg.substring(eq + 1);
            }
            else
            {
                values.put(name, arg.substring(eq + 1));
            }
        }
        final long rate = SweepOptions.rate(values.get("rate"), errors);
        final long slice = SweepOptions.positiveLong("sliceMillis", values.get("sliceMillis"), 1, errors);
        final long cycles = SweepOptions.positiveLong("cycles", values.get("cycles"), 1, errors);
        final long warmup = SweepOptions.positiveLong("warmupCycles", values.get("warmupCycles"), 0, errors);
        final long capacity = SweepOptions.positiveLong("queueCapacity", values.get("queueCapacity"), 2, errors);
        if (capacity > 0 && (Long.bitCount(capacity) != 1 || capacity > MongooseHop.MAX_QUEUE_CAPACITY))
        {
            errors.add("--queueCapacity: " + capacity + "; expected " + MongooseHop.QUEUE_CAPACITY_EXPECTED);
        }
        final long drainLimit = SweepOptions.positiveLong("drainLimit", values.get("drainLimit"), 1, errors);
        final Consumers consumers = consumers(values.get("consumers"), errors);
        final List<Transport> transports = transports(values.get("transports"),
            Consumers.POLLED == consumers ? POLLED : List.of(Transport.values()), errors);
        final String pin = values.get("pin");
        if (!"auto".equals(pin) && !"none".equals(pin))
        {
            errors.add("--pin: '" + pin + "'; expected auto or none");
        }
        if (output != null && output.isBlank())
        {
            errors.add("--output: empty; expected a file path");
        }
        if (data != null && data.isBlank())
        {
            errors.add("--data: empty; expected a file path");
        }
        final long jvms = SweepOptions.positiveLong("jvms", values.get("jvms"), 1, errors);

        if (!errors.isEmpty())
        {
            throw new IllegalArgumentException(String.join("\n", errors));
        }
        return new PairedOptions(rate, slice, (int)Math.min(Integer.MAX_VALUE, cycles),
            (int)Math.min(Integer.MAX_VALUE, warmup), transports, consumers, (int)capacity, (int)Math.min(Integer.MAX_VALUE,
            drainLimit), "auto".equals(pin), (int)Math.min(Integer.MAX_VALUE, jvms), Optional.ofNullable(output).map(Path::of),
            Optional.ofNullable(data).map(Path::of));
    }

    private static Consumers consumers(final String text, final List<String> errors)
    {
        for (final Consumers c : Consumers.values())
        {
            if (c.flagName().equals(text))
            {
                return c;
            }
        }
        errors.add("--consumers: '" + text + "'; expected own or polled");
        return Consumers.OWN;
    }

    private static List<Transport> transports(final String text, final List<Transport> supported,
        final List<String> errors)
    {
        final List<Transport> found = new ArrayList<>();
        for (final String name : text.split(","))
        {
            final Transport t = Transport.byName(name.trim().toLowerCase(Locale.ROOT));
            if (null == t || !supported.contains(t))
            {
                errors.add("--transports: '" + name + "'; expected one of " + names(supported) +
                    (supported.size() < Transport.values().length ? " (the transports with a polled hop)" : ""));
            }
            else if (found.contains(t))
            {
                errors.add("--transports: '" + name + "' twice; expected each transport once");
            }
            else
            {
                found.add(t);
            }
        }
        if (!found.contains(Transport.MONGOOSE) || found.size() < 2)
        {
            errors.add("--transports: '" + text + "'; expected mongoose and at least one peer, every ratio is " +
                "Mongoose's against a peer's");
        }
        // Mongoose first, so the table and the ratios read in one order whatever the flag's order.
        found.sort((a, b) -> Integer.compare(a.ordinal(), b.ordinal()));
        return List.copyOf(found);
    }

    private static String names(final List<Transport> transports)
    {
        final List<String> names = new ArrayList<>();
        for (final Transport t : transports)
        {
            names.add(t.flagName());
        }
        return String.join(", ", names);
    }
}
