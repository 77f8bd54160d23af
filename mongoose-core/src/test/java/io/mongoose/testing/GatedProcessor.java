package io.mongoose.testing;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;

import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Holds its agent inside the handler of the first message until {@link #open()}, so a test can fill queues and pools
 * deterministically. Records the sequences it handled, in order.
 */
public final class GatedProcessor implements EventProcessor
{
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch gate = new CountDownLatch(1);
    private final CopyOnWriteArrayList<Long> handled = new CopyOnWriteArrayList<>();

    @Override
    public void registerHandlers(final HandlerRegistry handlers)
    {
        handlers.on(SeqMessage.class, this::onSeq);
    }

    private void onSeq(final SeqMessage m)
    {
        entered.countDown();
        try
        {
            if (!gate.await(Await.GENEROUS.toSeconds(), TimeUnit.SECONDS))
            {
                throw new IllegalStateException("gate never opened");
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while gated on sequence " + m.sequence, ex);
        }
        handled.add(m.sequence);
    }

    /** Wait until the agent is inside the handler (holding one message). */
    public void awaitEntered()
    {
        try
        {
            if (!entered.await(Await.GENEROUS.toSeconds(), TimeUnit.SECONDS))
            {
                fail("handler was never entered");
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            fail(ex);
        }
    }

    public void open()
    {
        gate.countDown();
    }

    public java.util.List<Long> handled()
    {
        return handled;
    }
}
