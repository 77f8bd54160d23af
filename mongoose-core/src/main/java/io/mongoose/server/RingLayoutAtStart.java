package io.mongoose.server;

import io.mongoose.pool.SpscMessageRing;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * Carries out a server's {@link RingLayout} on its rings at start, on the starting thread, before any agent or
 * publisher touches them: the agents' thread starts order it before their first read.
 */
final class RingLayoutAtStart
{
    private RingLayoutAtStart()
    {
    }

    /**
     * @param layout  what to do.
     * @param rings   the server's ring feeds' rings, none claimed from yet; with none, nothing is done.
     * @param collect the collection {@link RingLayout#COMPACTED} asks for: {@link System#gc()}.
     * @return what was done, for the start log; {@code null} when nothing was asked or there are no rings.
     * @throws IllegalStateException as {@link SpscMessageRing#orderSlotsByAddress()}: the addresses cannot be read
     *                               (the message says what the JVM needs) or a ring was already claimed from. The
     *                               rings before the failing one are ordered, the rest as the pool lent them; either
     *                               way each holds its own messages.
     */
    static String apply(final RingLayout layout, final List<SpscMessageRing<?>> rings, final Runnable collect)
    {
        if (rings.isEmpty() || RingLayout.UNCHANGED == layout)
        {
            return null;
        }
        final StringBuilder done = new StringBuilder("ring layout ").append(layout).append(": ");
        if (RingLayout.COMPACTED == layout)
        {
            final long before = collections();
            final long started = System.nanoTime();
            collect.run();
            final long millis = (System.nanoTime() - started) / 1_000_000;
            final long collected = collections() - before;
            done.append(0 == collected
                ? "System.gc() collected nothing (-XX:+DisableExplicitGC, or a collector that ignores it), "
                : "System.gc() in " + millis + " ms (" + collected + " collections), ");
        }
        int slots = 0;
        for (final SpscMessageRing<?> ring : rings)
        {
            ring.orderSlotsByAddress();
            slots += ring.capacity();
        }
        return done.append(rings.size()).append(1 == rings.size() ? " ring's " : " rings' ").append(slots)
            .append(" slots in address order").toString();
    }

    /** Collections so far, over every collector the JVM reports; a collector that does not count reads -1, skipped. */
    private static long collections()
    {
        long total = 0;
        for (final GarbageCollectorMXBean collector : ManagementFactory.getGarbageCollectorMXBeans())
        {
            total += Math.max(0, collector.getCollectionCount());
        }
        return total;
    }
}
