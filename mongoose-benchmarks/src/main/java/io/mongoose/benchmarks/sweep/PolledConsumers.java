package io.mongoose.benchmarks.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One consumer thread for every transport: the harness's loop polls the hop whose slice it is ({@link PolledHop}) and
 * follows every empty poll with one {@link Thread#onSpinWait()}, for every transport alike. Before each slice, pings
 * echoed by that loop show it is polling the slice's hop.
 */
@SuppressWarnings("try") // close() may throw InterruptedException: it joins or waits for a thread
final class PolledConsumers implements PairedConsumers
{
    private static final long WAIT_NANOS = TimeUnit.SECONDS.toNanos(30);

    private final Slices slices = new Slices();
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final AtomicReference<String> pinning = new AtomicReference<>("not started");
    private final Thread consumer;
    private final PolledHop[] hops;

    /** Start the consumer thread and wait until it has built the hops (an invoker runs on its server's thread). */
    PolledConsumers(final PairedOptions options) throws InterruptedException
    {
        final CompletableFuture<PolledHop[]> built = new CompletableFuture<>();
        consumer = new Thread(() -> consume(options, built), "paired-consumer");
        consumer.start();
        try
        {
            hops = built.get();
        }
        catch (final ExecutionException ex)
        {
            slices.running = false;
            consumer.join();
            throw new IllegalStateException("the consumer thread failed to build the hops", ex.getCause());
        }
    }

    @Override
    public PairedLane[] lanes()
    {
        return hops.clone();
    }

    @Override
    public void beginSlice(final int lane)
    {
        slices.current = hops[lane];
        final long deadline = System.nanoTime() + WAIT_NANOS;
        for (int i = 0; i < HANDSHAKES; i++)
        {
            final long ping = slices.ping + 1;
            slices.ping = ping;
            while (slices.pong != ping)
            {
                if (null != failure.get() || System.nanoTime() - deadline > 0)
                {
                    throw new IllegalStateException("the consumer thread did not echo a handshake ping",
                        failure.get());
                }
            }
        }
    }

    /** The consumer goes on polling the finished hop, which stays empty, until the next slice names another. */
    @Override
    public void endSlice(final int lane)
    {
    }

    @Override
    public void check()
    {
        if (null != failure.get())
        {
            throw new IllegalStateException("the consumer thread failed", failure.get());
        }
    }

    @Override
    public String describe()
    {
        return "One publisher thread and one consumer thread for all transports: the harness's loop polls the hop " +
            "whose slice it is (Mongoose's agent group in INVOKER mode, the Disruptor's EventPoller, JCTools' " +
            "drain), with one spin-wait hint after every empty poll; consumer: " + pinning.get() + ".";
    }

    @Override
    public void close() throws InterruptedException
    {
        slices.running = false;
        consumer.join();
        check();
    }

    private void consume(final PairedOptions options, final CompletableFuture<PolledHop[]> built)
    {
        final List<PolledHop> made = new ArrayList<>();
        try (ThreadPinning pin = ThreadPinning.pinCurrentThread(options.pin()))
        {
            pinning.set(pin.outcome());
            for (final Transport t : options.transports())
            {
                made.add(switch (t)
                {
                    case MONGOOSE -> new MongoosePolledHop(options.queueCapacity(), options.drainLimit(), true);
                    case MONGOOSE_QUEUE -> new MongoosePolledHop(options.queueCapacity(), options.drainLimit(), false);
                    case DISRUPTOR, DISRUPTOR_TWIN -> new DisruptorPolledHop(t, options.queueCapacity());
                    case JCTOOLS -> new JctoolsPolledHop(options.queueCapacity(), options.drainLimit());
                    default -> throw new IllegalArgumentException("no polled hop for " + t.flagName());
                });
            }
            final PolledHop[] array = made.toArray(new PolledHop[0]);
            slices.current = array[0];
            built.complete(array);
            long echoed = 0;
            while (slices.running)
            {
                // Every transport's polls pay this one read of a line the publisher writes only between slices.
                final long ping = slices.ping;
                if (ping != echoed)
                {
                    slices.pong = ping;
                    echoed = ping;
                }
                if (0 == slices.current.poll())
                {
                    Thread.onSpinWait();
                }
            }
        }
        catch (final Throwable t)
        {
            failure.compareAndSet(null, t);
            built.completeExceptionally(t);
        }
        finally
        {
            for (final PolledHop hop : made)
            {
                try
                {
                    hop.close();
                }
                catch (final Throwable t)
                {
                    if (!failure.compareAndSet(null, t))
                    {
                        failure.get().addSuppressed(t);
                    }
                }
            }
        }
    }

    /** The hop polled now, whether to go on, and the handshake's ping and echo, on separate cache lines. */
    private static final class Slices
    {
        volatile PolledHop current;
        volatile boolean running = true;
        volatile long ping;
        @SuppressWarnings("unused")
        long p1, p2, p3, p4, p5, p6, p7, p8, p9, p10, p11, p12, p13, p14, p15, p16;
        volatile long pong;
    }
}
