package io.mongoose.benchmarks.soak;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Checks that every message of every feed arrives exactly once and in order. Allocates only to describe the first
 * problem, which fails the soak anyway.
 */
final class SoakChecker implements EventProcessor
{
    private final long[] expectedNext;
    private final AtomicLongArray received;
    private volatile String firstProblem;

    SoakChecker(final int feeds)
    {
        expectedNext = new long[feeds];
        received = new AtomicLongArray(feeds);
    }

    @Override
    public void registerHandlers(final HandlerRegistry handlers)
    {
        handlers.on(SoakMessage.class, this::onMessage);
    }

    private void onMessage(final SoakMessage message)
    {
        final int feed = message.feed;
        if (feed < 0 || feed >= expectedNext.length)
        {
            problem("feed index " + feed + " out of range (handled after it was recycled?)");
            return;
        }
        if (message.sequence != expectedNext[feed])
        {
            problem("feed " + feed + ": expected sequence " + expectedNext[feed] + ", got " + message.sequence);
        }
        expectedNext[feed] = message.sequence + 1;
        // Only this agent thread writes.
        received.lazySet(feed, received.get(feed) + 1);
    }

    private void problem(final String what)
    {
        if (null == firstProblem)
        {
            firstProblem = what;
        }
    }

    /** Messages of that feed handled so far. */
    long received(final int feed)
    {
        return received.get(feed);
    }

    /** The first ordering problem seen, or {@code null}. */
    String firstProblem()
    {
        return firstProblem;
    }
}
