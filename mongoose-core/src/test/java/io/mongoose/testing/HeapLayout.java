package io.mongoose.testing;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.Supplier;

/** For tests of where pooled messages lie in the heap. */
public final class HeapLayout
{
    private HeapLayout()
    {
    }

    /**
     * @param count how many messages a pool will ask for.
     * @return a pool's supplier whose {@code count} messages are made up front, one after another (so in ascending
     *         address order), and handed out in the reverse order: the pool lends them in descending order.
     */
    public static Supplier<SeqMessage> madeInReverse(final int count)
    {
        final SeqMessage[] made = new SeqMessage[count];
        for (int i = 0; i < count; i++)
        {
            made[i] = new SeqMessage();
        }
        final int[] next = {count};
        return () -> made[--next[0]];
    }

    /** @return collections so far, over every collector the JVM reports. */
    public static long collections()
    {
        long total = 0;
        for (final GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans())
        {
            total += Math.max(0, collector.getCollectionCount());
        }
        return total;
    }
}
