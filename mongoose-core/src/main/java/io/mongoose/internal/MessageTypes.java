package io.mongoose.internal;

import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Process-wide dense ids for message classes, so dispatch tables are arrays indexed by id. An id is assigned on first
 * sight of a class (when a message is constructed, never on the hot path) and never reused.
 */
public final class MessageTypes
{
    private static final AtomicInteger NEXT_ID = new AtomicInteger();
    private static final ClassValue<Integer> IDS = new ClassValue<>()
    {
        @Override
        protected Integer computeValue(final Class<?> type)
        {
            return NEXT_ID.getAndIncrement();
        }
    };

    private MessageTypes()
    {
    }

    /** @return the class's id, stable for the life of the JVM. */
    public static int idOf(final Class<?> type)
    {
        return IDS.get(Objects.requireNonNull(type, "type: null; expected a message class"));
    }

    /** @return one more than the highest id handed out so far. */
    public static int count()
    {
        return NEXT_ID.get();
    }
}
