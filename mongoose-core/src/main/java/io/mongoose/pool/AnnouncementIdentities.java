package io.mongoose.pool;

import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Identities for what a message can be announced to ({@link PooledMessage#announce(long, long)}): a feed's queue or a
 * ring feed's ring. One sequence for both, so that no announcement to one can ever match another in this JVM.
 */
public final class AnnouncementIdentities
{
    /**
     * Identities continue from a random start, so that application code calling the public
     * {@link PooledMessage#announce(long, long)} with small numbers of its own cannot stumble on a live queue or ring.
     */
    private static final AtomicLong IDENTITIES = new AtomicLong(ThreadLocalRandom.current().nextLong());

    private AnnouncementIdentities()
    {
    }

    /**
     * @return an identity no earlier call returned in this JVM, never 0.
     */
    public static long next()
    {
        long identity;
        do
        {
            identity = IDENTITIES.incrementAndGet();
        }
        while (0 == identity);
        return identity;
    }
}
