package io.mongoose.status;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Every counter of a server at one moment ({@link io.mongoose.server.MongooseServer#counters()}). Counters written by
 * producer and agent threads are exact to their last write; gauges (queue depth, pools) are as of the latest sample.
 *
 * @param serverName the server.
 * @param takenAt    when the snapshot was taken.
 * @param file       the counters file, or {@code null} when the counters are not published in one.
 * @param counters   the counters in registration order: server, feeds, agents, processors, pools.
 */
public record CountersSnapshot(String serverName, Instant takenAt, Path file, List<CounterValue> counters)
{
    /** Copies the list. */
    public CountersSnapshot
    {
        counters = List.copyOf(counters);
    }

    /**
     * @param type a counter type.
     * @param name the entity (feed, agent, processor, pool, server) it belongs to.
     * @return its value.
     * @throws IllegalArgumentException if there is no such counter.
     */
    public long value(final CounterType type, final String name)
    {
        for (final CounterValue c : counters)
        {
            if (c.type() == type && c.name().equals(name))
            {
                return c.value();
            }
        }
        throw new IllegalArgumentException("no counter '" + type.label(name) + "' in server '" + serverName + "'");
    }

    /**
     * @param type a counter type.
     * @return its counters, one per entity.
     */
    public List<CounterValue> ofType(final CounterType type)
    {
        final List<CounterValue> found = new ArrayList<>();
        for (final CounterValue c : counters)
        {
            if (c.type() == type)
            {
                found.add(c);
            }
        }
        return found;
    }
}
