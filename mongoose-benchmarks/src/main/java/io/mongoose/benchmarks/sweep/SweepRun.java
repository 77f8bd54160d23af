package io.mongoose.benchmarks.sweep;

import io.mongoose.benchmarks.BenchmarkEnvironment;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One measured run: start the hop, publish on an open-loop schedule (or unpaced) from a dedicated publisher thread,
 * snapshot GC and per-thread allocation at the edges of the measurement window, wait for every message to arrive, and
 * collect the result.
 *
 * <p>Open loop: message {@code i} is due at {@code t0 + i / rate}; the publisher busy-waits until then, stamps that
 * intended time, and sends. When it falls behind it sends at once, still stamping the schedule's time, so a stall
 * anywhere shows up as latency for every message it delayed (no coordinated omission).
 */
final class SweepRun
{
    private static final long START_SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long DRAIN_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private final SweepOptions options;

    SweepRun(final SweepOptions options)
    {
        this.options = options;
    }

    RunResult execute() throws Exception
    {
        THREADS.setThreadAllocatedMemoryEnabled(true);
        final LatencyRecorder recorder = new LatencyRecorder();
        final Hop hop = Hops.create(options);
        hop.start(recorder);

        final long warmupNanos = TimeUnit.MILLISECONDS.toNanos(options.warmupMillis());
        final long runNanos = TimeUnit.MILLISECONDS.toNanos(options.runMillis());
        final long t0 = System.nanoTime() + START_SLACK_NANOS;
        final long windowStart = t0 + warmupNanos;
        final long windowEnd = windowStart + runNanos;
        recorder.window(t0, windowStart, windowEnd);

        final Publisher publisher = new Publisher(hop, options, t0, windowStart, windowEnd, windowEnd + runNanos);
        final Thread publisherThread = new Thread(publisher, "publisher");
        final AtomicReference<Throwable> publisherFailure = new AtomicReference<>();
        publisherThread.setUncaughtExceptionHandler((t, e) -> publisherFailure.set(e));
        publisherThread.start();

        rehearseWindowEdgeReads();
        sleepUntil(windowStart);
        final long gcCountBefore = gcCount();
        final long gcMillisBefore = gcMillis();
        sleepUntil(windowEnd);
        final long gcCount = gcCount() - gcCountBefore;
        final long gcMillis = gcMillis() - gcMillisBefore;

        publisherThread.join();
        if (null != publisherFailure.get())
        {
            hop.close();
            throw new IllegalStateException("publisher failed", publisherFailure.get());
        }
        final long deadline = System.nanoTime() + DRAIN_TIMEOUT_NANOS;
        while (recorder.received() < publisher.sent)
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new IllegalStateException(options.transport().flagName() + ": received " + recorder.received() +
                    " of " + publisher.sent + " messages within " + TimeUnit.NANOSECONDS.toSeconds(DRAIN_TIMEOUT_NANOS) +
                    " s of the end; messages were lost");
            }
            LockSupport.parkNanos(100_000);
        }
        // The consumer is idle now (everything received), so reading its figure from here is not racing an allocation.
        final long consumerAllocated = recorder.allocatedAtWindowStart() < 0 ? 0 :
            THREADS.getThreadAllocatedBytes(hop.consumerThread().getId()) - recorder.allocatedAtWindowStart();
        final String consumerPinning = hop.consumerPinning();
        hop.close();

        // Every message of the window: a latency run records each one; a throughput run times one in
        // UnpacedTiming.TIMED_EVERY, so its histograms hold that share, and its window's messages are the ones sent.
        final long samples = options.throughputMode() ? publisher.windowSent : recorder.latency().getTotalCount();
        final double achieved = publisher.achievedRate(windowStart, windowEnd);
        final boolean targetMet = options.throughputMode() ||
            achieved >= RunResult.TARGET_TOLERANCE * options.rate();
        return new RunResult(
            options.transport().flagName(),
            options.throughputMode() ? RunResult.Mode.THROUGHPUT : RunResult.Mode.LATENCY,
            options.rate(), achieved, targetMet, samples, options.warmupMillis(), options.runMillis(),
            options.drainLimit(), options.idle(), options.pin(), publisher.pinning, consumerPinning, gcCount, gcMillis,
            publisher.allocatedInWindow(), consumerAllocated,
            recorder.latency(), recorder.service(), BenchmarkEnvironment.capture().values());
    }

    /**
     * Run, once during the warm-up, the reads this thread takes at the window's edges. Their first run loads classes and
     * runs interpreted: a few milliseconds of CPU that, taken at the window's start, come out of the busy-spinning
     * threads' time (the machine has two CPUs and they own both) and show as late messages.
     */
    private static void rehearseWindowEdgeReads()
    {
        // The results are not needed: only the running is.
        gcCount();
        gcMillis();
    }

    private static void sleepUntil(final long deadline)
    {
        long remaining;
        while ((remaining = deadline - System.nanoTime()) > 0)
        {
            LockSupport.parkNanos(remaining);
        }
    }

    private static long gcCount()
    {
        long count = 0;
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())
        {
            count += Math.max(0, gc.getCollectionCount());
        }
        return count;
    }

    private static long gcMillis()
    {
        long millis = 0;
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())
        {
            millis += Math.max(0, gc.getCollectionTime());
        }
        return millis;
    }

    /** The publisher thread's loop; its fields are read after it is joined. */
    private static final class Publisher implements Runnable
    {
        private final Hop hop;
        private final SweepOptions options;
        private final long t0;
        private final long windowStart;
        private final long windowEnd;
        private final long hardStop;
        long sent;
        long windowSent;
        long lastWindowSend;
        private final AllocationMarks allocation;
        private long allocatedAtEnd = -1;
        String pinning = "not started";

        Publisher(final Hop hop, final SweepOptions options, final long t0, final long windowStart,
            final long windowEnd, final long hardStop)
        {
            this.hop = hop;
            this.options = options;
            this.t0 = t0;
            this.windowStart = windowStart;
            this.windowEnd = windowEnd;
            this.hardStop = hardStop;
            this.allocation = new AllocationMarks(t0, windowStart);
        }

        @Override
        public void run()
        {
            try (ThreadPinning pin = ThreadPinning.pinCurrentThread("auto".equals(options.pin())))
            {
                pinning = pin.outcome();
                if (options.throughputMode())
                {
                    unpaced();
                }
                else
                {
                    paced(options.rate());
                }
                allocatedAtEnd = THREADS.getCurrentThreadAllocatedBytes();
            }
        }


        /** Measured by this thread itself at the first window send and after the last send. */
        long allocatedInWindow()
        {
            final long atStart = allocation.atWindowStart();
            return atStart < 0 ? 0 : allocatedAtEnd - atStart;
        }

        /**
         * Window bookkeeping for one send or batch, without a branch on the window's start (see
         * {@link AllocationMarks}): the loop compiled during warm-up is the loop that sends the window.
         */
        private void count(final long schedule, final long now, final int messages)
        {
            final int inWindow = AllocationMarks.inWindow(schedule, windowStart, windowEnd);
            windowSent += (long)messages * inWindow;
            lastWindowSend += (now - lastWindowSend) & -(long)inWindow;
        }

        private void paced(final long rate)
        {
            for (long i = 0; ; i++)
            {
                // Exact schedule in integer nanoseconds, no drift from a rounded period.
                final long intended = t0 + i * 1_000_000_000L / rate;
                if (intended >= windowEnd)
                {
                    return;
                }
                long now = System.nanoTime();
                while (now < intended)
                {
                    now = System.nanoTime();
                }
                if (now >= hardStop)
                {
                    // Hopelessly behind: stop rather than run on for minutes; the achieved rate tells the story.
                    return;
                }
                allocation.onTime(intended);
                hop.send(intended, now);
                sent++;
                count(intended, now, 1);
            }
        }

        private void unpaced()
        {
            long now;
            while ((now = System.nanoTime()) < t0)
            {
                Thread.onSpinWait();
            }
            // One clock read per batch, not per message (see UnpacedTiming); the batch counts in the window its time
            // falls in, so the window ends at most a batch late.
            while (now < windowEnd)
            {
                allocation.onTime(now);
                hop.send(now, now);
                for (int i = 1; i < UnpacedTiming.TIMED_EVERY; i++)
                {
                    hop.send(UnpacedTiming.UNTIMED, UnpacedTiming.UNTIMED);
                }
                sent += UnpacedTiming.TIMED_EVERY;
                count(now, now, UnpacedTiming.TIMED_EVERY);
                now = System.nanoTime();
            }
        }

        /** Messages of the window over the time it actually took to send them (at least the window). */
        double achievedRate(final long start, final long end)
        {
            final long span = Math.max(end, lastWindowSend) - start;
            return windowSent * 1e9 / span;
        }
    }
}
