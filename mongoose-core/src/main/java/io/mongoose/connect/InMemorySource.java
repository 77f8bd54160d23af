package io.mongoose.connect;

import io.mongoose.feed.FeedPublisher;
import io.mongoose.internal.Require;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.pool.PooledMessage;
import io.mongoose.service.MessageSource;
import io.mongoose.service.ServiceContext;
import org.jctools.queues.MpscArrayQueue;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Feeds values from application threads into a feed, for applications and tests (the values are allocated): any thread
 * {@link #offer}s a value, and the source's agent thread, the feed's single producer, publishes it in a pooled message
 * its {@link MessageFiller} fills. A value waits, in order, while its pool is empty or the feed refuses it; values
 * still waiting at stop are reported as an error of this service. The pool of a type other than {@link LineMessage} is
 * the application's to register ({@link MessageSource}).
 */
public final class InMemorySource<V, M extends PooledMessage> implements MessageSource
{
    /** Most values published per duty cycle. */
    public static final int BATCH = 256;

    private final Class<M> type;
    private final String feed;
    private final MessageFiller<V, M> filler;
    private final MpscArrayQueue<V> waiting;
    private final AtomicLong rejected = new AtomicLong();
    private final AtomicLong published = new AtomicLong();
    private ObjectPool<M> pool;
    private FeedPublisher publisher;
    private M refused;

    /**
     * @param type     the message type; its pool must be in the server's registry by start.
     * @param feed     the feed to publish into; {@code null} for the only feed the service entry declares.
     * @param capacity most values waiting; at least 2.
     */
    public InMemorySource(
        final Class<M> type, final String feed, final int capacity, final MessageFiller<V, M> filler)
    {
        this.type = Objects.requireNonNull(type, "type: null; expected a pooled message class");
        this.feed = feed;
        this.filler = Objects.requireNonNull(filler, "filler: null; expected a MessageFiller");
        this.waiting = new MpscArrayQueue<>(Require.atLeast("capacity", capacity, 2));
    }

    /** @return a source of text lines, as {@link LineMessage}s, into the only feed its service entry declares. */
    public static InMemorySource<String, LineMessage> lines(final int capacity)
    {
        return new InMemorySource<>(LineMessage.class, null, capacity, (text, line) -> line.set(text));
    }

    /** Hand a value over, from any thread at any time; {@code false} if {@code capacity} values are waiting. */
    public boolean offer(final V value)
    {
        final boolean taken = waiting.offer(Objects.requireNonNull(value, "value: null; expected a value to publish"));
        if (!taken)
        {
            rejected.incrementAndGet();
        }
        return taken;
    }

    /** @return values {@link #offer} refused because the source was full. */
    public long rejected()
    {
        return rejected.get();
    }

    /** @return values published into the feed so far. */
    public long published()
    {
        return published.get();
    }

    /** @return values offered and not yet published. */
    public int waiting()
    {
        return waiting.size() + (null == refused ? 0 : 1);
    }

    @Override
    public Class<? extends PooledMessage> messageType(final String feedName)
    {
        return null == feed || feed.equals(feedName) ? type : null;
    }

    @Override
    public void registerPool(
        final PoolRegistry registry, final Class<? extends PooledMessage> messageType, final int minCapacity)
    {
        if (LineMessage.class == messageType && LineMessage.class == type)
        {
            LineMessage.pool(registry, minCapacity);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public void onStart(final ServiceContext context)
    {
        pool = LineMessage.class == type ? (ObjectPool<M>)(ObjectPool<?>)LineMessage.pool(context.pools()) :
            context.pools().pool(type);
        publisher = SourceFeed.of(context, feed);
    }

    @Override
    public int doWork()
    {
        if (null != refused)
        {
            if (!publisher.publish(refused))
            {
                return 0;
            }
            refused = null;
            published.lazySet(published.get() + 1);
        }
        int done = 0;
        for (V value; done < BATCH && null != (value = waiting.relaxedPeek()); done++)
        {
            final M message = pool.tryAcquire();
            if (null == message)
            {
                break; // the value stays first in line
            }
            waiting.relaxedPoll();
            filler.fill(value, message);
            if (!publisher.publish(message))
            {
                refused = message; // FAIL policy: the message is ours again; published first next cycle
                break;
            }
        }
        if (done > 0)
        {
            published.lazySet(published.get() + done);
        }
        return done;
    }

    @Override
    public void onStop()
    {
        final int left = waiting();
        if (null != refused)
        {
            refused.release();
            refused = null;
        }
        waiting.clear();
        if (left > 0)
        {
            throw new IllegalStateException(left + " values offered to this source were never published: the server " +
                "stopped first (wait for waiting() == 0 before stopping)");
        }
    }
}
