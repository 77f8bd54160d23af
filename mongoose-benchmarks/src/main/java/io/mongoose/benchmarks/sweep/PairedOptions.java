package io.mongoose.benchmarks.sweep;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** {@link PairedRunMain}'s flags, checked: {@code rate} 0 sends each slice unpaced; Mongoose first. */
record PairedOptions(long rate, long sliceMillis, int cycles, int warmupCycles, List<Transport> transports,
    Consumers consumers, int queueCapacity, int drainLimit, boolean pin, int jvms, Optional<Path> output,
    Optional<Path> data)
{
    /** The transports that have a polled hop. */
    static final List<Transport> POLLED =
        List.of(Transport.MONGOOSE, Transport.MONGOOSE_QUEUE, Transport.DISRUPTOR, Transport.DISRUPTOR_TWIN,
            Transport.JCTOOLS);

    /** Which consumer threads take the transports' messages: {@link OwnThreadConsumers}, {@link PolledConsumers}. */
    enum Consumers
    {
        OWN,
        POLLED;

        String flagName()
        {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
