package io.mongoose.internal;

import io.mongoose.pool.PooledMessage;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The framework's side of a message comes from the pool package, once, and nowhere else. */
class MessageAccessTest
{
    @Test
    void thePoolPackagesImplementationIsInstalledOnFirstUse()
    {
        final MessageAccess<PooledMessage> access = MessageAccess.get();

        assertNotNull(access);
        assertEquals("io.mongoose.pool", access.getClass().getPackageName());
        assertSame(access, MessageAccess.get());
    }

    @Test
    void noInstallReplacesThePoolPackagesOne()
    {
        final MessageAccess<PooledMessage> installed = MessageAccess.get();

        final IllegalStateException foreign = assertThrows(IllegalStateException.class,
            () -> MessageAccess.install(new Foreign()));
        assertTrue(foreign.getMessage().contains(Foreign.class.getName() + " refused"), foreign.getMessage());
        assertThrows(IllegalStateException.class, () -> MessageAccess.install(installed));
        assertSame(installed, MessageAccess.get());
    }

    /** An implementation outside the pool package. */
    private static final class Foreign extends MessageAccess<Object>
    {
        @Override
        public int typeId(final Object message)
        {
            return 0;
        }

        @Override
        public void stampPublishNanos(final Object message, final long nanos)
        {
        }

        @Override
        public boolean handOver(final Object message, final int queues)
        {
            return false;
        }

        @Override
        public void takeBack(final Object message, final int queues)
        {
        }

        @Override
        public boolean releaseQueued(final Object message)
        {
            return false;
        }

        @Override
        public int heldCount(final Object message)
        {
            return 0;
        }

        @Override
        public MessageRing<Object> newRing(final Object pool, final int capacity)
        {
            return null;
        }

        @Override
        public ReleaseBatch<Object> newReleaseBatch(final int capacity)
        {
            return null;
        }
    }
}
