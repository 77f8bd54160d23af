package io.mongoose.status;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * Every counter of a server at one moment ({@link io.mongoose.server.MongooseServer#counters()}): counters written by
 * producer and agent threads are exact to their last write; gauges (queue depth, pools) are as of the latest sample.
 *
 * @param file     the counters file, or {@code null} when the counters are not published in one.
 * @param counters in registration order: server, feeds, agents, processors, pools.
 */
public record CountersSnapshot(String serverName, Instant takenAt, Path file, List<CounterValue> counters)
{
    public CountersSnapshot
    {
        counters = List.copyOf(counters);
    }

    /** @return the value of the counter of {@code type} for the entity {@code name}; throws if there is none. */
    public long value(final CounterType type, final String name)
    {
        return counters.stream().filter(c -> c.type() == type && c.name().equals(name)).findFirst()
            .orElseThrow(() -> new IllegalArgumentException("no counter '" + type.label(name) + "' in server '" +
                serverName + "'"))
            .value();
    }

    /** @return the counters of {@code type}, one per entity. */
    public List<CounterValue> ofType(final CounterType type)
    {
        return counters.stream().filter(c -> c.type() == type).toList();
    }
}
