package io.mongoose.benchmarks.sweep;


import io.mongoose.config.IdleStrategyKind;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Every transport with its own consumer thread, exactly as the latency sweep runs it ({@link Hops}: Mongoose's agent
 * thread, the Disruptor's {@code BatchEventProcessor}, the raw queues' drain loops), busy-spinning through the
 * transport's slices and parked inside its handler between them ({@link SliceGate}), so only one consumer spins beside
 * the publisher at a time. Before each slice, probe messages' round trips through the transport show its consumer is
 * spinning again.
 *
 * <p>The consumer threads are not pinned: OpenHFT Affinity hands each CPU to one thread, and here several consumers
 * take turns on the one CPU the publisher leaves; the scheduler runs the one awake there.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
final class OwnThreadConsumers implements PairedConsumers
{
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Hop[] hops;
    private final SliceGate[] gates;
    private final PairedLane[] lanes;
    /** Control messages sent to each hop: parks and probes. */
    private final long[] controlsSent;

    /**
     * Start every transport's consumer thread and park it until its first slice.
     *
     * @param options the run's options.
     * @throws Exception if a transport could not start; those already started are closed, their failures suppressed.
     */
    OwnThreadConsumers(final PairedOptions options) throws Exception
    {
        final List<Transport> transports = options.transports();
        hops = new Hop[transports.size()];
        gates = new SliceGate[hops.length];
        lanes = new PairedLane[hops.length];
        controlsSent = new long[hops.length];
        try
        {
            for (int i = 0; i < hops.length; i++)
            {
                final Transport transport = transports.get(i);
                final Hop hop = Hops.create(new SweepOptions(options.rate(), 0, 0, Path.of(transport.flagName()),
                    transport, options.drainLimit(), IdleStrategyKind.BUSY_SPIN.yamlName(), "none",
                    options.queueCapacity()));
                final SliceGate gate = new SliceGate();
                hop.start(gate);
                hops[i] = hop;
                gates[i] = gate;
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
        gates[lane].open(hops[lane].consumerThread());
        final long deadline = System.nanoTime() + WAIT_NANOS;
        while (gates[lane].parked())
        {
            awaiting(lane, deadline, "leave its park for the next slice");
        }
        for (int i = 0; i < HANDSHAKES; i++)
        {
            hops[lane].send(SliceGate.PROBE, System.nanoTime());
            final long expected = ++controlsSent[lane];
            while (gates[lane].controls() != expected)
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
        for (int i = 0; i < hops.length; i++)
        {
            if (null != hops[i] && !hops[i].consumerThread().isAlive())
            {
                throw new IllegalStateException(lanes[i].transport().flagName() + ": its consumer thread ended " +
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

    /**
     * Wake every parked consumer and close every hop that started, in order.
     */
    @Override
    public void close() throws Exception
    {
        Exception failure = null;
        for (int i = 0; i < hops.length; i++)
        {
            if (null == hops[i])
            {
                continue;
            }
            try
            {
                // A consumer parked in its handler would never see the hop's stop.
                gates[i].open(hops[i].consumerThread());
                hops[i].close();
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

    /**
     * @param lane index into {@link #lanes()}.
     * @return that transport's consumer thread.
     */
    Thread consumerThread(final int lane)
    {
        return hops[lane].consumerThread();
    }

    /** Send a park message and wait until the consumer has it: from then on it spins no more. */
    private void park(final int lane)
    {
        gates[lane].close();
        hops[lane].send(SliceGate.PARK, 0);
        final long expected = ++controlsSent[lane];
        final long deadline = System.nanoTime() + WAIT_NANOS;
        while (gates[lane].controls() != expected)
        {
            awaiting(lane, deadline, "take its park message");
        }
    }

    private void awaiting(final int lane, final long deadline, final String what)
    {
        check();
        if (System.nanoTime() - deadline > 0)
        {
            throw new IllegalStateException(lanes[lane].transport().flagName() + ": its consumer did not " + what +
                " within " + TimeUnit.NANOSECONDS.toSeconds(WAIT_NANOS) + " s");
        }
        Thread.onSpinWait();
    }

    /** The publisher's view of one own-thread hop. */
    private static final class Lane implements PairedLane
    {
        private final Transport transport;
        private final Hop hop;
        private final SliceGate gate;

        Lane(final Transport transport, final Hop hop, final SliceGate gate)
        {
            this.transport = transport;
            this.hop = hop;
            this.gate = gate;
        }

        @Override
        public Transport transport()
        {
            return transport;
        }

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
