package io.mongoose.server;

import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;
import io.mongoose.testing.ThreadAllocation;
import org.agrona.concurrent.CachedNanoClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static io.mongoose.server.DispatchAgent.HEAD_START_GROWTH;
import static io.mongoose.server.DispatchAgent.STREAMING_DRAIN;
import static io.mongoose.server.DispatchAgent.STREAMING_NANOS_PER_MESSAGE;
import static io.mongoose.server.RingFeedTest.publishSequences;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The head start an agent gives a streaming ring producer: after a drain of at least
 * {@link DispatchAgent#STREAMING_DRAIN} messages that caught up with the producer, the agent leaves that ring alone
 * for its group's {@link AgentGroupConfig#ringHeadStart()} of its clock, and only that ring; twice as long after each
 * head start through which the producer kept streaming, up to {@link DispatchAgent#HEAD_START_GROWTH} times; never
 * past the moment half the ring waits. Run on a clock the test moves, with the agent on the test's thread, so every
 * duty cycle's outcome is known.
 */
class RingHeadStartTest
{
    private static final int DRAIN_LIMIT = 2 * STREAMING_DRAIN;
    private static final int RING_CAPACITY = 4 * STREAMING_DRAIN;
    private static final long HEAD_START_NANOS = AgentGroupConfig.DEFAULT_RING_HEAD_START.toNanos();

    private final PoolRegistry registry = new PoolRegistry("head-start");
    private final CachedNanoClock clock = new CachedNanoClock();
    private final SequenceChecker onA = new SequenceChecker(1);
    private final SequenceChecker onB = new SequenceChecker(1);
    private MongooseServer server;
    private AgentGroupInvoker invoker;
    private FeedPublisher a;
    private FeedPublisher b;

    RingHeadStartTest()
    {
        registry.register(SeqMessage.class, SeqMessage::new,
            PoolConfig.of(2 * RING_CAPACITY).waitOnExhaustion(Duration.ofSeconds(30)));
        clock.update(1_000_000);
    }

    private void start(final AgentGroupConfig group)
    {
        server = MongooseServer.builder().name("head-start").poolRegistry(registry).nanoClock(clock)
            .feed(FeedConfig.named("a").queueCapacity(RING_CAPACITY).ring(SeqMessage.class))
            .feed(FeedConfig.named("b").queueCapacity(RING_CAPACITY).ring(SeqMessage.class))
            .agentGroup(group.threadMode(ThreadMode.INVOKER).processor("on-a", onA, "a").processor("on-b", onB, "b"))
            .build();
        server.start();
        invoker = server.invoker("agent");
        a = server.publisher("a");
        b = server.publisher("b");
    }

    /** The default head start, with a drain limit room enough for a streaming drain to stop short of it. */
    private void start()
    {
        start(AgentGroupConfig.named("agent").drainLimit(DRAIN_LIMIT));
    }

    /** From a fresh ring: a streaming drain's worth published and taken in one drain, which starts a head start. */
    private void streamingDrainThatCatchesUp()
    {
        publishSequences(a, 0, STREAMING_DRAIN);
        assertEquals(STREAMING_DRAIN, invoker.invoke(), "the whole backlog, short of the limit: caught up");
    }

    private void stopClean(final long expectedOnA, final long expectedOnB)
    {
        assertEquals(expectedOnA, onA.received(0));
        assertEquals(expectedOnB, onB.received(0));
        assertNull(onA.firstProblem());
        assertNull(onB.firstProblem());
        assertTrue(server.stop().clean());
    }

    @Test
    void aStreamingDrainThatCaughtUpLeavesTheRingAloneForTheHeadStartThenTakesAllThatCame()
    {
        start();
        streamingDrainThatCatchesUp();
        publishSequences(a, STREAMING_DRAIN, STREAMING_DRAIN + 5);
        assertEquals(0, invoker.invoke(), "the head start has begun");
        clock.advance(HEAD_START_NANOS - 1);
        assertEquals(0, invoker.invoke(), "one nanosecond of it left");
        clock.advance(1);
        assertEquals(5, invoker.invoke(), "over: what came meanwhile, in order");
        publishSequences(a, STREAMING_DRAIN + 5, STREAMING_DRAIN + 6);
        assertEquals(1, invoker.invoke(), "a drain of 5 gives no head start");
        stopClean(STREAMING_DRAIN + 6, 0);
    }

    @Test
    void aShorterDrainGivesNoHeadStart()
    {
        start();
        publishSequences(a, 0, STREAMING_DRAIN - 1);
        assertEquals(STREAMING_DRAIN - 1, invoker.invoke());
        publishSequences(a, STREAMING_DRAIN - 1, STREAMING_DRAIN);
        assertEquals(1, invoker.invoke(), "paced feeds' drains are this short: read on at once");
        stopClean(STREAMING_DRAIN, 0);
    }

    @Test
    void aDrainThatReachedTheLimitGivesNoHeadStart()
    {
        start();
        // Behind the producer by more than the limit: nothing to wait for, the rest is there.
        publishSequences(a, 0, DRAIN_LIMIT + 10);
        assertEquals(DRAIN_LIMIT, invoker.invoke());
        assertEquals(10, invoker.invoke());
        stopClean(DRAIN_LIMIT + 10, 0);
    }

    @Test
    void theAgentsOtherRingsDrainDuringTheHeadStart()
    {
        start();
        streamingDrainThatCatchesUp();
        publishSequences(a, STREAMING_DRAIN, STREAMING_DRAIN + 3);
        publishSequences(b, 0, 4);
        assertEquals(4, invoker.invoke(), "b's messages only: a is waiting out its head start");
        assertEquals(STREAMING_DRAIN, onA.received(0));
        clock.advance(HEAD_START_NANOS);
        assertEquals(3, invoker.invoke());
        stopClean(STREAMING_DRAIN + 3, 4);
    }

    @Test
    void beginningWaitingOutAndEndingAHeadStartAllocateNothing()
    {
        start();
        // Producer and agent both on this thread, so one thread's count covers the whole path, head start included.
        assertEquals(0, streamingRounds(20_000), "warm-up rounds that went wrong");
        final long before = ThreadAllocation.currentThreadAllocatedBytes();
        final int wrong = streamingRounds(50_000);
        final long bytes = ThreadAllocation.currentThreadAllocatedBytes() - before;
        assertEquals(0, wrong, "rounds whose drains were not STREAMING_DRAIN, 0 and 1 messages");
        // As ZeroAllocationTest: a one-off JIT event is not steady-state allocation; one allocation per round would
        // be 800 KB or more.
        assertTrue(bytes < 8 * 1024, "allocated over 50,000 head starts: " + bytes + " B");
        stopClean(70_000L * (STREAMING_DRAIN + 1), 0);
    }

    @Test
    void theGroupsHeadStartIsTheOneHeld()
    {
        start(AgentGroupConfig.named("agent").drainLimit(DRAIN_LIMIT).ringHeadStart(Duration.ofNanos(10_000)));
        streamingDrainThatCatchesUp();
        publishSequences(a, STREAMING_DRAIN, STREAMING_DRAIN + 2);
        clock.advance(9_999);
        assertEquals(0, invoker.invoke(), "past the default head start, one nanosecond short of the group's");
        clock.advance(1);
        assertEquals(2, invoker.invoke());
        stopClean(STREAMING_DRAIN + 2, 0);
    }

    @Test
    void aHeadStartOfZeroTurnsItOff()
    {
        start(AgentGroupConfig.named("agent").drainLimit(DRAIN_LIMIT).ringHeadStart(Duration.ZERO));
        streamingDrainThatCatchesUp();
        publishSequences(a, STREAMING_DRAIN, STREAMING_DRAIN + 2);
        assertEquals(2, invoker.invoke(), "read on at once, the clock unmoved");
        stopClean(STREAMING_DRAIN + 2, 0);
    }

    @Test
    void aDrainLimitOfAStreamingDrainOrLessNeverStartsOne()
    {
        // A drain of the limit's worth did not catch up, and a shorter one is not a streaming drain.
        start(AgentGroupConfig.named("agent").drainLimit(STREAMING_DRAIN));
        publishSequences(a, 0, STREAMING_DRAIN + 3);
        assertEquals(STREAMING_DRAIN, invoker.invoke());
        assertEquals(3, invoker.invoke());
        publishSequences(a, STREAMING_DRAIN + 3, STREAMING_DRAIN + 4);
        assertEquals(1, invoker.invoke());
        stopClean(STREAMING_DRAIN + 4, 0);
    }

    @Test
    void aProducerThatKeptStreamingThroughAHeadStartGetsOneTwiceAsLong()
    {
        start();
        streamingDrainThatCatchesUp();
        // One message per STREAMING_NANOS_PER_MESSAGE of the head start: the least that counts as streaming.
        final int streamed = (int)(HEAD_START_NANOS / STREAMING_NANOS_PER_MESSAGE);
        publishSequences(a, STREAMING_DRAIN, STREAMING_DRAIN + streamed);
        clock.advance(HEAD_START_NANOS);
        assertEquals(streamed, invoker.invoke(), "caught up, short of the limit");
        final long next = STREAMING_DRAIN + streamed;
        publishSequences(a, next, next + 1);
        clock.advance(2 * HEAD_START_NANOS - 1);
        assertEquals(0, invoker.invoke(), "twice the group's head start, one nanosecond of it left");
        clock.advance(1);
        assertEquals(1, invoker.invoke());
        publishSequences(a, next + 1, next + 2);
        assertEquals(1, invoker.invoke(), "one message in that head start is no stream: read on at once");
        stopClean(next + 2, 0);
    }

    @Test
    void aProducerBelowTheStreamingRateGetsNoFurtherHeadStartEvenWithAStreamingDrain()
    {
        start();
        streamingDrainThatCatchesUp();
        // One message short of the streaming rate, as a paced feed's backlog after a stall would be, yet more than a
        // streaming drain's worth: on its own, such a drain would start a head start.
        final int paced = (int)(HEAD_START_NANOS / STREAMING_NANOS_PER_MESSAGE) - 1;
        assertTrue(paced >= STREAMING_DRAIN, "the test needs a streaming drain's worth: " + paced);
        publishSequences(a, STREAMING_DRAIN, STREAMING_DRAIN + paced);
        clock.advance(HEAD_START_NANOS);
        assertEquals(paced, invoker.invoke());
        final long next = STREAMING_DRAIN + paced;
        publishSequences(a, next, next + 1);
        assertEquals(1, invoker.invoke(), "read on at once");
        stopClean(next + 1, 0);
    }

    @Test
    void theHeadStartDoublesUpToSixteenTimesTheGroupsAndNoFurther()
    {
        final long groups = 100;
        start(AgentGroupConfig.named("agent").drainLimit(DRAIN_LIMIT).ringHeadStart(Duration.ofNanos(groups)));
        streamingDrainThatCatchesUp();
        long sequence = STREAMING_DRAIN;
        long expected = groups;
        for (int round = 0; round < 8; round++)
        {
            final int streamed = (int)(expected / STREAMING_NANOS_PER_MESSAGE);
            publishSequences(a, sequence, sequence + streamed);
            sequence += streamed;
            clock.advance(expected - 1);
            assertEquals(0, invoker.invoke(), "round " + round + ": a head start of " + expected + " ns");
            clock.advance(1);
            assertEquals(streamed, invoker.invoke(), "round " + round + ": over");
            expected = Math.min(2 * expected, HEAD_START_GROWTH * groups);
        }
        assertEquals(1_600, expected);
        stopClean(sequence, 0);
    }

    @Test
    void aHeadStartEndsOnceHalfTheRingIsPublished()
    {
        start();
        streamingDrainThatCatchesUp();
        final long half = STREAMING_DRAIN + RING_CAPACITY / 2;
        publishSequences(a, STREAMING_DRAIN, half);
        assertEquals(0, invoker.invoke(), "half the ring less one waits, the clock unmoved");
        publishSequences(a, half, half + 1);
        assertEquals(DRAIN_LIMIT, invoker.invoke(), "half the ring waits: the head start is over");
        assertEquals(half + 1 - STREAMING_DRAIN - DRAIN_LIMIT, invoker.invoke());
        stopClean(half + 1, 0);
    }

    @Test
    void aHeadStartInWhichNothingCameEndsTheStreak()
    {
        start();
        streamingDrainThatCatchesUp();
        clock.advance(HEAD_START_NANOS);
        assertEquals(0, invoker.invoke(), "over, and nothing came");
        // Counted from the head start's end, this burst would read as a producer still streaming.
        final int burst = STREAMING_DRAIN + 30;
        publishSequences(a, STREAMING_DRAIN, STREAMING_DRAIN + burst);
        assertEquals(burst, invoker.invoke());
        final long next = STREAMING_DRAIN + burst;
        publishSequences(a, next, next + 1);
        clock.advance(HEAD_START_NANOS - 1);
        assertEquals(0, invoker.invoke(), "a fresh head start, of the group's length");
        clock.advance(1);
        assertEquals(1, invoker.invoke());
        stopClean(next + 1, 0);
    }

    /**
     * Rounds of: a streaming drain that catches up, a duty cycle held by the head start, its end and the drain of the
     * one message that came meanwhile.
     *
     * @return how many rounds saw other drains than that.
     */
    private int streamingRounds(final int rounds)
    {
        int wrong = 0;
        long sequence = onA.received(0);
        for (int r = 0; r < rounds; r++)
        {
            publishSequences(a, sequence, sequence + STREAMING_DRAIN);
            sequence += STREAMING_DRAIN;
            wrong += STREAMING_DRAIN == invoker.invoke() ? 0 : 1;
            publishSequences(a, sequence, sequence + 1);
            sequence++;
            wrong += 0 == invoker.invoke() ? 0 : 1;
            clock.advance(HEAD_START_NANOS);
            wrong += 1 == invoker.invoke() ? 0 : 1;
        }
        return wrong;
    }
}
