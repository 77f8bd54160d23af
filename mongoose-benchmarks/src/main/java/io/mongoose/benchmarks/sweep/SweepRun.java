package io.mongoose.benchmarks.sweep;

import io.mongoose.benchmarks.BenchmarkEnvironment;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * One measured run. Open loop: message {@code i} is due at {@code t0 + i / rate}, stamped with that intended time;
 * behind schedule the publisher sends at once, still stamping the schedule's time, so a stall shows as latency for
 * every message it delayed (no coordinated omission).
 */
final class SweepRun
{
    private static final long START_SLACK_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    private static final long DRAIN_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(60);
    private static final com.sun.management.ThreadMXBean THREADS =
        (com.sun.management.ThreadMXBean)ManagementFactory.getThreadMXBean();

    private SweepRun()
    {
    }

    static RunResult execute(final SweepOptions options) throws Exception
    {
        THREADS.setThreadAllocatedMemoryEnabled(true);
        final LatencyRecorder recorder = new LatencyRecorder();
        final Hop hop = Hop.create(options);
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

        // Once in the warm-up: the reads' first run loads classes and runs interpreted, CPU time that at the window's
        // start would come out of the busy-spinning threads' and show as late messages.
        gc(false);
        gc(true);
        sleepUntil(windowStart);
        final long gcCountBefore = gc(false);
        final long gcMillisBefore = gc(true);
        sleepUntil(windowEnd);
        final long gcCount = gc(false) - gcCountBefore;
        final long gcMillis = gc(true) - gcMillisBefore;

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
                    " of " + publisher.sent + " messages within " +
                    TimeUnit.NANOSECONDS.toSeconds(DRAIN_TIMEOUT_NANOS) + " s of the end; messages were lost");
            }
            LockSupport.parkNanos(100_000);
        }
        // The consumer is idle now, so reading its figure from here races no allocation.
        final long consumerAllocated = recorder.allocatedAtWindowStart() < 0 ? 0 :
            THREADS.getThreadAllocatedBytes(hop.consumerThread().getId()) - recorder.allocatedAtWindowStart();
        final String consumerPinning = hop.consumerPinning();
        hop.close();

        // A throughput run records one message in UnpacedTiming.TIMED_EVERY: its window's messages are those sent.
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

    private static void sleepUntil(final long deadline)
    {
        long remaining;
        while ((remaining = deadline - System.nanoTime()) > 0)
        {
            LockSupport.parkNanos(remaining);
        }
    }

    private static long gc(final boolean millis)
    {
        long total = 0;
        for (final GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())
        {
            total += Math.max(0, millis ? gc.getCollectionTime() : gc.getCollectionCount());
        }
        return total;
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

        long allocatedInWindow()
        {
            final long atStart = allocation.atWindowStart();
            return atStart < 0 ? 0 : allocatedAtEnd - atStart;
        }

        /** Window bookkeeping for one send or batch, branch-free (see {@link AllocationMarks}). */
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
            // One clock read per batch (see UnpacedTiming), so the window ends at most a batch late.
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
