package io.mongoose.benchmarks.jmh;

import io.mongoose.config.FeedConfig;
import org.jctools.queues.MpscArrayQueue;
import org.jctools.queues.SpscArrayQueue;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Group;
import org.openjdk.jmh.annotations.GroupThreads;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Control;

import java.util.concurrent.TimeUnit;

/**
 * What does the single-producer contract buy? Mongoose gives every (feed, agent group) pair its own JCTools
 * {@link SpscArrayQueue}; the alternative is one {@link MpscArrayQueue} per agent shared by every producer, which
 * needs a CAS on the producer index for each offer. Both queues have Mongoose's default capacity
 * ({@value FeedConfig#DEFAULT_QUEUE_CAPACITY}) and carry one preallocated element, so nothing is allocated per
 * operation.
 *
 * <ul>
 *     <li>{@link #spscOfferPoll} / {@link #mpscOfferPoll}: one thread offers then polls. The queue's cache lines never
 *     move between cores, so this isolates the instruction cost of each queue's offer and poll.</li>
 *     <li>Groups {@code spscTransfer} / {@code mpscTransfer}: one producer thread and one consumer thread
 *     ({@code @GroupThreads(1)} each), the way Mongoose uses the queue. The score is the time per operation averaged
 *     over both threads, and includes the cache-line traffic between their cores. A side that finds the queue full
 *     (or empty) spins until it can proceed or JMH ends the iteration, so an operation is a completed transfer.</li>
 * </ul>
 *
 * <p>On a 2-core machine, such as the one this project is developed on, the two transfer threads occupy both cores:
 * JMH's own control thread, the JIT compiler and anything else running compete with them, so transfer numbers from
 * such a machine are rough and vary from run to run. Compare the two queues within one run; on a machine with more
 * cores, pin the two threads to separate physical cores for stable figures.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(2)
public class QueueBenchmark
{
    /** The one element every queue carries; preallocated so an operation allocates nothing. */
    private static final Object ELEMENT = new Object();

    /** Queues owned by one benchmark thread. */
    @State(Scope.Thread)
    public static class SingleThread
    {
        final SpscArrayQueue<Object> spsc = new SpscArrayQueue<>(FeedConfig.DEFAULT_QUEUE_CAPACITY);
        final MpscArrayQueue<Object> mpsc = new MpscArrayQueue<>(FeedConfig.DEFAULT_QUEUE_CAPACITY);
    }

    /** Queues shared by the producer and the consumer thread of one group. */
    @State(Scope.Group)
    public static class Transfer
    {
        final SpscArrayQueue<Object> spsc = new SpscArrayQueue<>(FeedConfig.DEFAULT_QUEUE_CAPACITY);
        final MpscArrayQueue<Object> mpsc = new MpscArrayQueue<>(FeedConfig.DEFAULT_QUEUE_CAPACITY);
    }

    /**
     * @param queues this thread's queues.
     * @return the element polled back.
     */
    @Benchmark
    public Object spscOfferPoll(final SingleThread queues)
    {
        queues.spsc.offer(ELEMENT);
        return queues.spsc.poll();
    }

    /**
     * @param queues this thread's queues.
     * @return the element polled back.
     */
    @Benchmark
    public Object mpscOfferPoll(final SingleThread queues)
    {
        queues.mpsc.offer(ELEMENT);
        return queues.mpsc.poll();
    }

    /**
     * Producer side of the SPSC transfer.
     *
     * @param queues  the group's queues.
     * @param control tells a spinning producer that the iteration is over.
     */
    @Benchmark
    @Group("spscTransfer")
    @GroupThreads(1)
    public void spscOffer(final Transfer queues, final Control control)
    {
        // Bounded by the iteration: JMH sets stopMeasurement at its end, so a producer facing a full queue whose
        // consumer has already stopped cannot hang the run.
        while (!queues.spsc.offer(ELEMENT) && !control.stopMeasurement)
        {
            Thread.onSpinWait();
        }
    }

    /**
     * Consumer side of the SPSC transfer.
     *
     * @param queues  the group's queues.
     * @param control tells a spinning consumer that the iteration is over.
     * @return the element taken, or {@code null} when the iteration ended first.
     */
    @Benchmark
    @Group("spscTransfer")
    @GroupThreads(1)
    public Object spscPoll(final Transfer queues, final Control control)
    {
        Object element;
        while (null == (element = queues.spsc.poll()) && !control.stopMeasurement)
        {
            Thread.onSpinWait();
        }
        return element;
    }

    /**
     * Producer side of the MPSC transfer: a single producer, paying for the multi-producer CAS.
     *
     * @param queues  the group's queues.
     * @param control tells a spinning producer that the iteration is over.
     */
    @Benchmark
    @Group("mpscTransfer")
    @GroupThreads(1)
    public void mpscOffer(final Transfer queues, final Control control)
    {
        while (!queues.mpsc.offer(ELEMENT) && !control.stopMeasurement)
        {
            Thread.onSpinWait();
        }
    }

    /**
     * Consumer side of the MPSC transfer.
     *
     * @param queues  the group's queues.
     * @param control tells a spinning consumer that the iteration is over.
     * @return the element taken, or {@code null} when the iteration ended first.
     */
    @Benchmark
    @Group("mpscTransfer")
    @GroupThreads(1)
    public Object mpscPoll(final Transfer queues, final Control control)
    {
        Object element;
        while (null == (element = queues.mpsc.poll()) && !control.stopMeasurement)
        {
            Thread.onSpinWait();
        }
        return element;
    }
}
