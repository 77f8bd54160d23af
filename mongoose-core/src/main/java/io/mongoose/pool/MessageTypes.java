package io.mongoose.pool;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Process-wide dense ids for message classes, so dispatch tables are plain arrays indexed by id.
 *
 * <p>Ids are assigned on first sight of a class (never on the hot path: a message's id is fixed when it is constructed)
 * and never reused.
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

    /**
     * @param type any class.
     * @return its id, stable for the life of the JVM.
     */
    public static int idOf(final Class<?> type)
    {
        return IDS.get(type);
    }

    /**
     * @return one more than the highest id handed out so far.
     */
    public static int count()
    {
        return NEXT_ID.get();
    }
}
