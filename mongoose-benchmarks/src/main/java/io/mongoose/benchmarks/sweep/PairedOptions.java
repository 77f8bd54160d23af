package io.mongoose.benchmarks.sweep;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What one {@link PairedRunMain} run measures: its flags, checked.
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
}
