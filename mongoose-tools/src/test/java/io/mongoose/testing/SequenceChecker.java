package io.mongoose.testing;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * A processor that checks exactly-once, in-order delivery per feed. Each {@link SeqMessage} carries its feed index in
 * {@code producer} and a per-feed sequence from 0. Allocation-free per message, so it also serves the allocation test.
 */
public final class SequenceChecker implements EventProcessor
{
    private final long[] expectedNext;
    private final AtomicLongArray received;
    private volatile String firstProblem;

    public SequenceChecker(final int feeds)
    {
        expectedNext = new long[feeds];
        received = new AtomicLongArray(feeds);
    }

    @Override
    public void registerHandlers(final HandlerRegistry handlers)
    {
        handlers.on(SeqMessage.class, this::onSeq);
    }

    private void onSeq(final SeqMessage m)
    {
        final int feed = m.producer;
        if (feed < 0 || feed >= expectedNext.length)
        {
            problem("feed index " + feed + " out of range (recycled while in use?)");
            return;
        }
        if (m.sequence != expectedNext[feed])
        {
            problem("feed " + feed + ": expected sequence " + expectedNext[feed] + " got " + m.sequence);
        }
        expectedNext[feed] = m.sequence + 1;
        received.lazySet(feed, received.get(feed) + 1);
    }

    private void problem(final String what)
    {
        if (null == firstProblem)
        {
            firstProblem = what;
        }
    }

    public long received(final int feed)
    {
        return received.get(feed);
    }

    public long receivedTotal()
    {
        long total = 0;
        for (int i = 0; i < received.length(); i++)
        {
            total += received.get(i);
        }
        return total;
    }

    /** @return the first ordering/duplication problem seen, or null. */
    public String firstProblem()
    {
        return firstProblem;
    }
}
