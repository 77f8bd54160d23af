package io.mongoose.benchmarks.sweep;

import io.mongoose.benchmarks.report.Formats;
import io.mongoose.benchmarks.report.PairedReport;
import org.HdrHistogram.Histogram;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Mongoose against its peers in one JVM, on one publisher thread and one consumer thread, in alternating slices: each
 * cycle gives every transport one slice (50 ms by default) of open-loop sends at the rate, the order rotating from
 * cycle to cycle, and the ratios are taken cycle by cycle.
 *
 * <p>Why. The latency sweep runs every point in a JVM of its own, and on a virtual machine the host places the two
 * CPUs near or far from each other for seconds at a time: a whole run lands in a fast or a slow mode, and two runs
 * one after the other can differ by 3× for that alone. Slices of tens of milliseconds on the same two threads put each
 * Mongoose slice next to a peer slice under the same placement, so the per-cycle ratio carries the transports'
 * difference and little of the host's. What is given up: the consumer is the harness's loop calling each hop's poll
 * (Mongoose's agent group in {@code INVOKER} mode, the Disruptor's {@code EventPoller}, JCTools' {@code drain}),
 * not each transport's own dedicated consumer thread, and every empty poll is followed by one
 * {@link Thread#onSpinWait()} for every transport alike.
 *
 * <p>Exit codes: 0 done, 1 the run failed (a hop lost or kept a message, a thread failed), 2 bad flags.
 */
public final class PairedRunMain
{
    /** Finished; the result was printed (and written). */
    public static final int EXIT_OK = 0;
    /** The run failed. */
    public static final int EXIT_FAILED = 1;
    /** Bad flags. */
    public static final int EXIT_USAGE = 2;

    private static final long START_SLACK_NANOS = TimeUnit.MICROSECONDS.toNanos(100);
    private static final long DRAIN_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(30);
    /** Round trips per placement reading; the reading is their median. */
    static final int ROUND_TRIPS = 33;

    private PairedRunMain()
    {
    }

    /**
     * @param args see {@link PairedOptions#USAGE}.
     */
    public static void main(final String[] args)
    {
        System.exit(run(args, System.out, System.err));
    }

    /**
     * @param args flags.
     * @param out  where the result goes.
     * @param err  where problems go.
     * @return an exit code.
     */
    public static int run(final String[] args, final PrintStream out, final PrintStream err)
    {
        final PairedOptions options;
        try
        {
            options = PairedOptions.parse(args);
        }
        catch (final IllegalArgumentException ex)
        {
            err.println(ex.getMessage());
            err.println(PairedOptions.USAGE);
            return EXIT_USAGE;
        }
        try
        {
            final String result = measure(options);
            out.print(result);
            if (options.output().isPresent())
            {
                final Path file = options.output().get();
                if (null != file.toAbsolutePath().getParent())
                {
                    Files.createDirectories(file.toAbsolutePath().getParent());
                }
                Files.writeString(file, result, StandardCharsets.UTF_8);
            }
            return EXIT_OK;
        }
        catch (final IOException | RuntimeException | InterruptedException ex)
        {
            err.println("paired run failed: " + ex);
            return EXIT_FAILED;
        }
    }

    private static String measure(final PairedOptions options) throws InterruptedException
    {
        final int n = options.transports().size();
        final AtomicReference<PolledHop[]> built = new AtomicReference<>();
        final AtomicReference<Throwable> consumerFailure = new AtomicReference<>();
        final AtomicReference<String> consumerPinning = new AtomicReference<>("not started");
        final CountDownLatch ready = new CountDownLatch(1);
        final Slices slices = new Slices();
        final Thread consumer = new Thread(() ->
            consume(options, built, consumerFailure, consumerPinning, ready, slices), "paired-consumer");
        consumer.start();
        final String publisherPinning;
        final Histogram[] totals = new Histogram[n];
        final long[][] p50 = new long[n][options.cycles()];
        final long[][] p90 = new long[n][options.cycles()];
        final long[] sent = new long[n];
        final long[] roundTrips = new long[options.cycles()];
        try (ThreadPinning pin = ThreadPinning.pinCurrentThread(options.pin()))
        {
            publisherPinning = pin.outcome();
            ready.await();
            final PolledHop[] hops = built.get();
            if (null == hops)
            {
                throw new IllegalStateException("the consumer thread failed to build the hops", consumerFailure.get());
            }
            final Histogram slice = new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, 3);
            for (int i = 0; i < n; i++)
            {
                totals[i] = new Histogram(LatencyRecorder.HIGHEST_TRACKABLE_NANOS, 3);
            }
            final long sliceNanos = TimeUnit.MILLISECONDS.toNanos(options.sliceMillis());
            final long[] trips = new long[ROUND_TRIPS];
            for (int cycle = 0; cycle < options.warmupCycles() + options.cycles(); cycle++)
            {
                final long roundTrip = roundTrip(slices, trips, consumerFailure);
                if (cycle >= options.warmupCycles())
                {
                    roundTrips[cycle - options.warmupCycles()] = roundTrip;
                }
                for (int k = 0; k < n; k++)
                {
                    final int h = (k + cycle) % n;
                    slices.current = hops[h];
                    sent[h] += sendSlice(hops[h], options.rate(), sliceNanos);
                    awaitReceived(hops[h], sent[h], consumerFailure);
                    slice.reset();
                    hops[h].recorder().takeSlice(slice);
                    final int measured = cycle - options.warmupCycles();
                    if (measured >= 0)
                    {
                        totals[h].add(slice);
                        p50[h][measured] = slice.getValueAtPercentile(50);
                        p90[h][measured] = slice.getValueAtPercentile(90);
                    }
                }
            }
        }
        finally
        {
            slices.running = false;
            consumer.join();
        }
        if (null != consumerFailure.get())
        {
            throw new IllegalStateException("the consumer thread failed", consumerFailure.get());
        }
        final List<String> names = new ArrayList<>();
        for (final Transport t : options.transports())
        {
            names.add(t.flagName());
        }
        return PairedReport.markdown(heading(options, publisherPinning, consumerPinning.get()), names, totals, p50,
            p90, roundTrips, ROUND_TRIPS);
    }

    /** The result's title and what was run, for {@link PairedReport}. */
    private static String heading(final PairedOptions options, final String publisherPinning,
        final String consumerPinning)
    {
        return "# Paired hop latency at " + SweepOptions.rateLabel(options.rate()).toUpperCase(Locale.ROOT) +
            " msg/s\n\nMeasured by `PairedRunMain` (`scripts/paired.sh`) at " +
            Instant.now().truncatedTo(ChronoUnit.SECONDS) + " on Java " + System.getProperty("java.version") + ", " +
            Runtime.getRuntime().availableProcessors() + " CPUs. " + options.cycles() + " cycles after " +
            options.warmupCycles() + " discarded; each cycle gave every transport one slice of " +
            options.sliceMillis() + " ms at " + Formats.count(options.rate()) + " msg/s on an open-loop schedule " +
            "(latency from the intended send time), the order rotating by one each cycle. One publisher thread and " +
            "one consumer thread for all transports; publisher: " + publisherPinning + "; consumer: " +
            consumerPinning + ". Queue or ring capacity " + options.queueCapacity() + ", drain limit " +
            options.drainLimit() + ".\n\n";
    }

    /** Send one slice on the open-loop schedule; the count sent. */
    private static long sendSlice(final PolledHop hop, final long rate, final long sliceNanos)
    {
        final long start = System.nanoTime() + START_SLACK_NANOS;
        long count = 0;
        for (;;)
        {
            // Exact schedule in integer nanoseconds, no drift from a rounded period.
            final long intended = start + count * 1_000_000_000L / rate;
            if (intended - start >= sliceNanos)
            {
                return count;
            }
            long now;
            while ((now = System.nanoTime()) < intended)
            {
                Thread.onSpinWait();
            }
            hop.send(intended, now);
            count++;
        }
    }

    /**
     * Where the host has the two threads' CPUs now: the median of {@value #ROUND_TRIPS} round trips of a value through
     * the consumer's loop, which echoes every new ping (see {@link #consume}). Between slices, so no hop is running.
     */
    private static long roundTrip(
        final Slices slices, final long[] trips, final AtomicReference<Throwable> consumerFailure)
    {
        final long deadline = System.nanoTime() + DRAIN_TIMEOUT_NANOS;
        for (int i = 0; i < trips.length; i++)
        {
            final long ping = slices.ping + 1;
            final long start = System.nanoTime();
            slices.ping = ping;
            while (slices.pong != ping)
            {
                if (null != consumerFailure.get() || System.nanoTime() - deadline > 0)
                {
                    throw new IllegalStateException("the consumer thread did not echo a placement ping",
                        consumerFailure.get());
                }
            }
            trips[i] = System.nanoTime() - start;
        }
        Arrays.sort(trips);
        return trips[trips.length / 2];
    }

    private static void awaitReceived(
        final PolledHop hop, final long sent, final AtomicReference<Throwable> consumerFailure)
    {
        final long deadline = System.nanoTime() + DRAIN_TIMEOUT_NANOS;
        while (hop.recorder().received() != sent)
        {
            if (null != consumerFailure.get())
            {
                throw new IllegalStateException("the consumer thread failed", consumerFailure.get());
            }
            if (System.nanoTime() - deadline > 0)
            {
                throw new IllegalStateException(hop.transport().flagName() + ": " + hop.recorder().received() +
                    " of " + sent + " messages received after " + TimeUnit.NANOSECONDS.toSeconds(DRAIN_TIMEOUT_NANOS) +
                    " s; expected every message sent");
            }
            Thread.onSpinWait();
        }
    }

    private static void consume(final PairedOptions options, final AtomicReference<PolledHop[]> built,
        final AtomicReference<Throwable> failure, final AtomicReference<String> pinning, final CountDownLatch ready,
        final Slices slices)
    {
        final List<PolledHop> hops = new ArrayList<>();
        try (ThreadPinning pin = ThreadPinning.pinCurrentThread(options.pin()))
        {
            pinning.set(pin.outcome());
            try
            {
                // Built here: Mongoose's INVOKER agent group runs only on the thread that started its server.
                for (final Transport t : options.transports())
                {
                    hops.add(switch (t)
                    {
                        case MONGOOSE -> new MongoosePolledHop(options.queueCapacity(), options.drainLimit());
                        case DISRUPTOR -> new DisruptorPolledHop(options.queueCapacity());
                        case JCTOOLS -> new JctoolsPolledHop(options.queueCapacity(), options.drainLimit());
                        default -> throw new IllegalArgumentException("no polled hop for " + t.flagName());
                    });
                }
                final PolledHop[] array = hops.toArray(new PolledHop[0]);
                slices.current = array[0];
                built.set(array);
            }
            finally
            {
                ready.countDown();
            }
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
        }
        finally
        {
            for (final PolledHop hop : hops)
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

    /**
     * The hop the consumer polls now, whether to go on, and the placement probe's ping (publisher) and echo (consumer).
     * The padding keeps the ping and the echo on different cache lines, so a round trip moves one line each way, as
     * {@link CoreToCoreProbe}'s do.
     */
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
