package io.mongoose.connect;

import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.internal.Require;
import io.mongoose.pool.PooledMessage;
import org.jctools.queues.MpmcArrayQueue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Collects what a feed delivers, for applications and tests: a processor that keeps its {@link MessageCopier}'s copy of
 * each message of its type in a bounded store any thread reads. When {@code capacity} copies are waiting, the next are
 * counted in {@link #dropped()} rather than blocking the agent thread.
 */
public final class InMemorySink<M extends PooledMessage, V> implements EventProcessor
{
    private static final long AWAIT_POLL_NANOS = 100_000;

    private final Class<M> type;
    private final MessageCopier<M, V> copier;
    private final MpmcArrayQueue<V> store;
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /**
     * @param type     the message type collected (and its subclasses).
     * @param capacity most copies kept until read; at least 2.
     */
    public InMemorySink(final Class<M> type, final int capacity, final MessageCopier<M, V> copier)
    {
        this.type = Objects.requireNonNull(type, "type: null; expected a pooled message class");
        this.copier = Objects.requireNonNull(copier, "copier: null; expected a MessageCopier");
        this.store = new MpmcArrayQueue<>(Require.atLeast("capacity", capacity, 2));
    }

    /** @return a sink keeping the text of every {@link LineMessage} it receives. */
    public static InMemorySink<LineMessage, String> lines(final int capacity)
    {
        return new InMemorySink<>(LineMessage.class, capacity, LineMessage::text);
    }

    @Override
    public void registerHandlers(final HandlerRegistry handlers)
    {
        handlers.on(type, this::onMessage);
    }

    private void onMessage(final M message)
    {
        received.lazySet(received.get() + 1);
        if (!store.offer(copier.copy(message)))
        {
            dropped.incrementAndGet();
        }
    }

    /** @return the oldest copy not yet read, or {@code null} if none is waiting. */
    public V poll()
    {
        return store.poll();
    }

    /** @return every copy waiting, oldest first, removed from the store. */
    public List<V> drain()
    {
        final List<V> out = new ArrayList<>();
        store.drain(out::add);
        return out;
    }

    /** Wait until {@code count} copies are waiting and take them, oldest first; throws if they do not in time. */
    public List<V> await(final int count, final Duration timeout)
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        while (store.size() < count)
        {
            if (System.nanoTime() - deadline >= 0)
            {
                throw new IllegalStateException("in-memory sink: " + store.size() + " of " + count + " messages " +
                    "arrived within " + timeout.toMillis() + " ms (received " + received.get() + ", dropped " +
                    dropped.get() + ")");
            }
            LockSupport.parkNanos(AWAIT_POLL_NANOS);
        }
        final List<V> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++)
        {
            out.add(store.poll());
        }
        return out;
    }

    /** @return messages received so far, kept or dropped. */
    public long received()
    {
        return received.get();
    }

    /** @return messages received while the store was full, so not kept. */
    public long dropped()
    {
        return dropped.get();
    }
}
