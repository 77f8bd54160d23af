package io.mongoose.benchmarks.sweep;

import io.mongoose.config.IdleStrategyKind;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Every transport with its own consumer thread, as the sweep runs it, busy-spinning through its slices and parked in
 * its handler between them ({@link SliceGate}). Not pinned: the consumers take turns on the CPU the publisher leaves.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
final class OwnThreadConsumers implements PairedConsumers
{
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Lane[] lanes;
    /** Control messages sent to each hop: parks and probes. */
    private final long[] controlsSent;

    /** Start every transport's consumer thread and park it; if one fails, close those started and throw. */
    OwnThreadConsumers(final PairedOptions options) throws Exception
    {
        final List<Transport> transports = options.transports();
        lanes = new Lane[transports.size()];
        controlsSent = new long[lanes.length];
        try
        {
            for (int i = 0; i < lanes.length; i++)
            {
                final Transport transport = transports.get(i);
                final Hop hop = Hop.create(new SweepOptions(options.rate(), 0, 0, Path.of(transport.flagName()),
                    transport, options.drainLimit(), IdleStrategyKind.BUSY_SPIN.yamlName(), "none",
                    options.queueCapacity()));
                final SliceGate gate = new SliceGate();
                hop.start(gate);
                lanes[i] = new Lane(transport, hop, gate);
                park(i);
            }
        }
        catch (final Exception ex)
        {
            try
            {
                close();
            }
            catch (final Exception closing)
            {
                ex.addSuppressed(closing);
            }
            throw ex;
        }
    }

    @Override
    public PairedLane[] lanes()
    {
        return lanes.clone();
    }

    @Override
    public void beginSlice(final int lane)
    {
        final Lane l = lanes[lane];
        l.gate.open(l.hop.consumerThread());
        final long deadline = System.nanoTime() + WAIT_NANOS;
        while (l.gate.parked())
        {
            awaiting(lane, deadline, "leave its park for the next slice");
        }
        for (int i = 0; i < HANDSHAKES; i++)
        {
            l.hop.send(SliceGate.PROBE, System.nanoTime());
            final long expected = ++controlsSent[lane];
            while (l.gate.controls() != expected)
            {
                awaiting(lane, deadline, "receive probe " + (i + 1));
            }
        }
    }

    @Override
    public void endSlice(final int lane)
    {
        park(lane);
    }

    @Override
    public void check()
    {
        for (final Lane l : lanes)
        {
            if (null != l && !l.hop.consumerThread().isAlive())
            {
                throw new IllegalStateException(l.transport.flagName() + ": its consumer thread ended " +
                    "during the run; expected it to run until the hop was closed");
            }
        }
    }

    @Override
    public String describe()
    {
        return "One publisher thread for all transports; each transport's own consumer thread, as the latency sweep " +
            "runs it (Mongoose's agent thread, the Disruptor's BatchEventProcessor, the raw queues' drain loops), " +
            "busy-spins through that transport's slices and waits parked inside its handler between them; the " +
            "consumer threads are not pinned, and the one awake runs on the CPU the publisher leaves.";
    }

    /** Wake every parked consumer (it would never see its hop stop) and close every hop that started, in order. */
    @Override
    public void close() throws Exception
    {
        Exception failure = null;
        for (final Lane l : Arrays.stream(lanes).filter(Objects::nonNull).toList())
        {
            try
            {
                l.gate.open(l.hop.consumerThread());
                l.hop.close();
            }
            catch (final Exception ex)
            {
                if (null == failure)
                {
                    failure = ex;
                }
                else
                {
                    failure.addSuppressed(ex);
                }
            }
        }
        if (null != failure)
        {
            throw failure;
        }
    }

    Thread consumerThread(final int lane)
    {
        return lanes[lane].hop.consumerThread();
    }

    /** Send a park message and wait until the consumer has it: from then on it spins no more. */
    private void park(final int lane)
    {
        lanes[lane].gate.close();
        lanes[lane].hop.send(SliceGate.PARK, 0);
        final long expected = ++controlsSent[lane];
        final long deadline = System.nanoTime() + WAIT_NANOS;
        while (lanes[lane].gate.controls() != expected)
        {
            awaiting(lane, deadline, "take its park message");
        }
    }

    private void awaiting(final int lane, final long deadline, final String what)
    {
        check();
        if (System.nanoTime() - deadline > 0)
        {
            throw new IllegalStateException(lanes[lane].transport.flagName() + ": its consumer did not " + what +
                " within " + TimeUnit.NANOSECONDS.toSeconds(WAIT_NANOS) + " s");
        }
        Thread.onSpinWait();
    }

    private record Lane(Transport transport, Hop hop, SliceGate gate) implements PairedLane
    {
        @Override
        public void send(final long intendedNanos, final long sentNanos)
        {
            hop.send(intendedNanos, sentNanos);
        }

        @Override
        public SliceRecorder recorder()
        {
            return gate.recorder();
        }
    }
}
