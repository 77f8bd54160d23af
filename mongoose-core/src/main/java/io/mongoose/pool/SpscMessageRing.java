package io.mongoose.pool;

import io.mongoose.internal.MessageRing;

import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * The {@link MessageRing} of pooled messages (docs/architecture.md, "Ring feeds"): a slot's reference is lent by claim,
 * publish and {@link #consumedUpTo(long)}; a message a handler kept leaves in {@link #afterDrain(long, long)}.
 */
final class SpscMessageRing<T extends PooledMessage> extends SpscRingPadAfter<T>
{
    // Field updaters, not VarHandles: a VarHandle call site allocates as it links at its first run, and some of these
    // first run on a rare path under load.
    @SuppressWarnings("rawtypes")
    private static final AtomicLongFieldUpdater<SpscRingPublished> PUBLISHED =
        AtomicLongFieldUpdater.newUpdater(SpscRingPublished.class, "published");
    @SuppressWarnings("rawtypes")
    private static final AtomicLongFieldUpdater<SpscRingConsumer> CONSUMED =
        AtomicLongFieldUpdater.newUpdater(SpscRingConsumer.class, "consumed");
    @SuppressWarnings("rawtypes")
    private static final AtomicLongFieldUpdater<SpscRingConsumer> HOLDER_CHANGES =
        AtomicLongFieldUpdater.newUpdater(SpscRingConsumer.class, "holderChanges");

    SpscMessageRing(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
        for (final PooledMessage message : slots)
        {
            message.spscRing = this;
            message.enterRing();
        }
    }

    /** @throws PoolExhaustedException if the slot needs a refill and the pool has none; the claim can be retried. */
    @Override
    public T tryClaim()
    {
        if (closed)
        {
            throw closed();
        }
        final long sequence = claimSequence;
        final long wrapPoint = sequence - slots.length;
        if (wrapPoint >= consumedCache)
        {
            // The consumer's sequence is read only when the cached one says the ring may be full.
            consumedCache = CONSUMED.get(this);
            if (wrapPoint >= consumedCache)
            {
                return null;
            }
        }
        final int index = (int)sequence & mask;
        PooledMessage message = slots[index];
        if (null == message)
        {
            message = refill(index);
        }
        message.reset();
        claimSequence = sequence + 1;
        @SuppressWarnings("unchecked") final T typed = (T)message;
        return typed;
    }

    /** @throws IllegalArgumentException if {@code message} is not the oldest unpublished claim. */
    @Override
    public void publish(final T message)
    {
        if (closed)
        {
            throw closedToPublish();
        }
        final long sequence = publishSequence;
        if (sequence == claimSequence || slots[(int)sequence & mask] != message)
        {
            throw notNextClaim(message, sequence);
        }
        publishSequence = sequence + 1;
        message.publishInRing(sequence);
        PUBLISHED.lazySet(this, sequence + 1);
    }

    /** Checked whole, then published with one store of the sequence. */
    @Override
    public void publish(final T[] messages, final int offset, final int count)
    {
        if (closed)
        {
            throw closedToPublish();
        }
        final long sequence = publishSequence;
        if (count > claimSequence - sequence)
        {
            throw new IllegalArgumentException("ring of pool '" + pool.name() + "': publish of " + count +
                " messages with " + (claimSequence - sequence) + " claimed and unpublished; expected no more than " +
                "were claimed");
        }
        for (int i = 0; i < count; i++)
        {
            if (slots[(int)(sequence + i) & mask] != messages[offset + i])
            {
                throw new IllegalArgumentException(notNextClaim(messages[offset + i], sequence + i).getMessage() +
                    " (messages[" + (offset + i) + "] of the batch; nothing was published)");
            }
        }
        if (count > 0)
        {
            publishSequence = sequence + count;
            for (int i = 0; i < count; i++)
            {
                messages[offset + i].publishInRing(sequence + i);
            }
            PUBLISHED.lazySet(this, sequence + count);
        }
    }

    @Override
    public long published()
    {
        return PUBLISHED.get(this);
    }

    /** Read from the message, whose fields come in the same transfer; exact, as a slot's new message is unpublished. */
    @Override
    public boolean isPublished(final long sequence)
    {
        final PooledMessage message = slots[(int)sequence & mask];
        // Pairs with the refill's release fence: a refill found here is seen marked unpublished.
        VarHandle.acquireFence();
        return null != message && message.isPublishedAt(sequence);
    }

    @Override
    public long consumed()
    {
        return CONSUMED.get(this);
    }

    @Override
    public long depth()
    {
        final long consumed = consumed();
        // A closed ring's consumer sequence is far below 0: nothing is waiting in it any more.
        return consumed < 0 ? 0 : Math.max(0, published() - consumed);
    }

    @Override
    public long producerSequence()
    {
        return publishSequence;
    }

    @Override
    public int claimedUnpublished()
    {
        return (int)(claimSequence - publishSequence);
    }

    /** @return the number of slots. */
    public int capacity()
    {
        return slots.length;
    }

    /** @return the pool the ring's messages come from and go back to. */
    ObjectPool<T> pool()
    {
        return pool;
    }

    @Override
    public Class<T> messageType()
    {
        return pool.type();
    }

    @Override
    public T messageAt(final long sequence)
    {
        @SuppressWarnings("unchecked") final T typed = (T)slots[(int)sequence & mask];
        return typed;
    }

    /** Reads the counts only if a reference to one of its messages changed hands; a bad release throws after all. */
    @Override
    public int afterDrain(final long from, final long to)
    {
        // An acquire read, so a retain by another thread that a handler waited for is seen with its count.
        final long changes = HOLDER_CHANGES.get(this);
        if (changes == holderChangesSeen)
        {
            return 0;
        }
        holderChangesSeen = changes;
        int left = 0;
        IllegalStateException failure = null;
        for (long sequence = from; sequence < to; sequence++)
        {
            final int index = (int)sequence & mask;
            final PooledMessage message = slots[index];
            if (null == message || PooledMessage.QUEUED == message.rawCountPlain())
            {
                continue;
            }
            // Out of the ring before the reference goes: the holder's last release may follow at once.
            slots[index] = null;
            message.spscRing = null;
            left++;
            try
            {
                message.releaseQueued();
            }
            catch (final IllegalStateException e)
            {
                if (null == failure)
                {
                    failure = e;
                }
                else
                {
                    failure.addSuppressed(e);
                }
            }
        }
        if (null != failure)
        {
            throw failure;
        }
        return left;
    }

    /** A release store: a producer that sees it sees the consumer's reads done and any slot taken out. */
    @Override
    public void consumedUpTo(final long sequence)
    {
        CONSUMED.lazySet(this, sequence);
    }

    /** @throws IllegalStateException if a handler released a reference it did not hold; the rest went back. */
    @Override
    public int close()
    {
        if (closed)
        {
            return 0;
        }
        closed = true;
        // Depth reads 0 from now on; the producer's fields are left to the producer.
        CONSUMED.lazySet(this, Long.MIN_VALUE / 2);
        int returned = 0;
        RuntimeException failure = null;
        for (int i = 0; i < slots.length; i++)
        {
            final PooledMessage message = slots[i];
            if (null == message)
            {
                continue;
            }
            slots[i] = null;
            message.spscRing = null;
            try
            {
                message.releaseQueued();
                returned++;
            }
            catch (final RuntimeException e)
            {
                if (null == failure)
                {
                    failure = new IllegalStateException("ring of pool '" + pool.name() + "': a message could not " +
                        "be returned at close; the other messages were", e);
                }
                else
                {
                    failure.addSuppressed(e);
                }
            }
        }
        if (null != failure)
        {
            throw failure;
        }
        return returned;
    }

    @Override
    public int returnStrays()
    {
        int returned = 0;
        for (int i = 0; i < slots.length; i++)
        {
            final PooledMessage message = slots[i];
            if (null != message)
            {
                slots[i] = null;
                message.spscRing = null;
                message.releaseQueued();
                returned++;
            }
        }
        return returned;
    }

    @Override
    public String toString()
    {
        return "SpscMessageRing[pool=" + pool.name() + ", capacity=" + slots.length + ", published=" + published() +
            ", consumed=" + (closed ? "closed" : String.valueOf(consumed())) + "]";
    }

    /** A slot whose message a handler kept: take another from the pool, under the pool's exhaustion policy. */
    private PooledMessage refill(final int index)
    {
        final PooledMessage message = pool.acquireForRing();
        message.spscRing = this;
        message.enterRing();
        // Pairs with isPublished's acquire fence: a consumer that finds the refill in the slot sees it unpublished.
        VarHandle.releaseFence();
        slots[index] = message;
        return message;
    }

    /** A reference to a message in this ring was taken or is being dropped, on any thread: the consumer must look. */
    void holderChanged()
    {
        HOLDER_CHANGES.getAndIncrement(this);
    }

    private IllegalArgumentException notNextClaim(final PooledMessage message, final long sequence)
    {
        final String what = null == message ? "null" : message.getClass().getName() + "@" +
            Integer.toHexString(System.identityHashCode(message));
        if (null != message && message.spscRing != this)
        {
            return new IllegalArgumentException("ring of pool '" + pool.name() + "': publish of " + what + ", which " +
                "was not claimed from this ring; on a ring feed, use claim() to take the next message and publish " +
                "that, rather than a message acquired from a pool");
        }
        return new IllegalArgumentException("ring of pool '" + pool.name() + "': publish of " + what + ", which is " +
            "not the oldest unpublished claim (" + (claimSequence - sequence) + " claimed and unpublished); expected " +
            "each message tryClaim() returned, published once, in claim order");
    }

    private IllegalStateException closedToPublish()
    {
        return new IllegalStateException("ring of pool '" + pool.name() + "' is closed; expected no publish after " +
            "close(), which returned every claimed message to the pool");
    }

    private IllegalStateException closed()
    {
        return new IllegalStateException("ring of pool '" + pool.name() + "' is closed; expected no claim after " +
            "close()");
    }
}

/** The fields that never change after construction, read by both sides. */
abstract class SpscRingShared<T extends PooledMessage> extends MessageRing<T>
{
    final ObjectPool<T> pool;
    final PooledMessage[] slots;
    final int mask;

    SpscRingShared(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        this.pool = pool;
        this.slots = slots;
        this.mask = slots.length - 1;
    }
}

/**
 * Two cache lines (the adjacent-line prefetcher fetches pairs) between groups of fields written by different sides.
 * Bytes, not longs: the field layout fills a superclass's gaps with a subclass's small fields, and bytes leave none.
 */
abstract class SpscRingPadShared<T extends PooledMessage> extends SpscRingShared<T>
{
    byte p000, p001, p002, p003, p004, p005, p006, p007, p008, p009, p010, p011, p012, p013, p014, p015;
    byte p016, p017, p018, p019, p020, p021, p022, p023, p024, p025, p026, p027, p028, p029, p030, p031;
    byte p032, p033, p034, p035, p036, p037, p038, p039, p040, p041, p042, p043, p044, p045, p046, p047;
    byte p048, p049, p050, p051, p052, p053, p054, p055, p056, p057, p058, p059, p060, p061, p062, p063;
    byte p064, p065, p066, p067, p068, p069, p070, p071, p072, p073, p074, p075, p076, p077, p078, p079;
    byte p080, p081, p082, p083, p084, p085, p086, p087, p088, p089, p090, p091, p092, p093, p094, p095;
    byte p096, p097, p098, p099, p100, p101, p102, p103, p104, p105, p106, p107, p108, p109, p110, p111;
    byte p112, p113, p114, p115, p116, p117, p118, p119, p120, p121, p122, p123, p124, p125, p126, p127;

    SpscRingPadShared(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}

/** Written and read by the producer only: its own positions. */
abstract class SpscRingProducer<T extends PooledMessage> extends SpscRingPadShared<T>
{
    long claimSequence;
    long publishSequence;
    long consumedCache;
    /**
     * Set once by close, so a later claim or publish fails. Plain, on the producer's line: close comes after the
     * producer is done or before its next call, so this guards against misuse and hands nothing over between threads.
     */
    boolean closed;

    SpscRingProducer(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}

/** See {@link SpscRingPadShared}. */
abstract class SpscRingPadProducer<T extends PooledMessage> extends SpscRingProducer<T>
{
    byte q000, q001, q002, q003, q004, q005, q006, q007, q008, q009, q010, q011, q012, q013, q014, q015;
    byte q016, q017, q018, q019, q020, q021, q022, q023, q024, q025, q026, q027, q028, q029, q030, q031;
    byte q032, q033, q034, q035, q036, q037, q038, q039, q040, q041, q042, q043, q044, q045, q046, q047;
    byte q048, q049, q050, q051, q052, q053, q054, q055, q056, q057, q058, q059, q060, q061, q062, q063;
    byte q064, q065, q066, q067, q068, q069, q070, q071, q072, q073, q074, q075, q076, q077, q078, q079;
    byte q080, q081, q082, q083, q084, q085, q086, q087, q088, q089, q090, q091, q092, q093, q094, q095;
    byte q096, q097, q098, q099, q100, q101, q102, q103, q104, q105, q106, q107, q108, q109, q110, q111;
    byte q112, q113, q114, q115, q116, q117, q118, q119, q120, q121, q122, q123, q124, q125, q126, q127;

    SpscRingPadProducer(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}

/**
 * Written by the producer, read by the consumer: on a line of its own, so a consumer reading it does not take back the
 * line the producer's next claim writes.
 */
abstract class SpscRingPublished<T extends PooledMessage> extends SpscRingPadProducer<T>
{
    @SuppressWarnings("unused") // accessed through SpscMessageRing.PUBLISHED
    volatile long published;

    SpscRingPublished(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}

/** See {@link SpscRingPadShared}. */
abstract class SpscRingPadPublished<T extends PooledMessage> extends SpscRingPublished<T>
{
    byte s000, s001, s002, s003, s004, s005, s006, s007, s008, s009, s010, s011, s012, s013, s014, s015;
    byte s016, s017, s018, s019, s020, s021, s022, s023, s024, s025, s026, s027, s028, s029, s030, s031;
    byte s032, s033, s034, s035, s036, s037, s038, s039, s040, s041, s042, s043, s044, s045, s046, s047;
    byte s048, s049, s050, s051, s052, s053, s054, s055, s056, s057, s058, s059, s060, s061, s062, s063;
    byte s064, s065, s066, s067, s068, s069, s070, s071, s072, s073, s074, s075, s076, s077, s078, s079;
    byte s080, s081, s082, s083, s084, s085, s086, s087, s088, s089, s090, s091, s092, s093, s094, s095;
    byte s096, s097, s098, s099, s100, s101, s102, s103, s104, s105, s106, s107, s108, s109, s110, s111;
    byte s112, s113, s114, s115, s116, s117, s118, s119, s120, s121, s122, s123, s124, s125, s126, s127;

    SpscRingPadPublished(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}

/** Written by the consumer only. */
abstract class SpscRingConsumer<T extends PooledMessage> extends SpscRingPadPublished<T>
{
    @SuppressWarnings("unused") // accessed through SpscMessageRing.CONSUMED
    volatile long consumed;
    /** References taken or dropped on messages lying in the ring, by any holder; read by the consumer per drain. */
    @SuppressWarnings("unused") // accessed through SpscMessageRing.HOLDER_CHANGES
    volatile long holderChanges;
    /** {@link #holderChanges} as the consumer last read it. */
    long holderChangesSeen;

    SpscRingConsumer(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}

/** See {@link SpscRingPadShared}; also keeps whatever the heap puts after the ring off the consumer's line. */
abstract class SpscRingPadAfter<T extends PooledMessage> extends SpscRingConsumer<T>
{
    byte r000, r001, r002, r003, r004, r005, r006, r007, r008, r009, r010, r011, r012, r013, r014, r015;
    byte r016, r017, r018, r019, r020, r021, r022, r023, r024, r025, r026, r027, r028, r029, r030, r031;
    byte r032, r033, r034, r035, r036, r037, r038, r039, r040, r041, r042, r043, r044, r045, r046, r047;
    byte r048, r049, r050, r051, r052, r053, r054, r055, r056, r057, r058, r059, r060, r061, r062, r063;
    byte r064, r065, r066, r067, r068, r069, r070, r071, r072, r073, r074, r075, r076, r077, r078, r079;
    byte r080, r081, r082, r083, r084, r085, r086, r087, r088, r089, r090, r091, r092, r093, r094, r095;
    byte r096, r097, r098, r099, r100, r101, r102, r103, r104, r105, r106, r107, r108, r109, r110, r111;
    byte r112, r113, r114, r115, r116, r117, r118, r119, r120, r121, r122, r123, r124, r125, r126, r127;

    SpscRingPadAfter(final ObjectPool<T> pool, final PooledMessage[] slots)
    {
        super(pool, slots);
    }
}
