package io.mongoose.server;

import io.mongoose.config.CountersConfig;
import io.mongoose.internal.SingleWriterCounter;
import io.mongoose.status.CounterType;
import io.mongoose.status.CounterValue;
import io.mongoose.status.CountersFile;
import io.mongoose.status.CountersSnapshot;
import org.agrona.concurrent.status.CountersManager;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;

/** Every counter of one server by type and entity, and the file they move into at start; snapshots from any thread. */
final class ServerCounters
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.server");
    /** Counters a file has room for beyond those registered when the server starts: 64 more pools' four each. */
    private static final int HEADROOM = 64 * 4;

    private final String serverName;
    private final CountersConfig config;
    private volatile Entry[] entries = new Entry[0];
    private volatile CountersFile file;
    private CountersManager manager;
    private boolean fullReported;

    /** One counter: what it is, whose, and its id in the file (-1 while it is not in one). */
    private record Entry(CounterType type, String name, SingleWriterCounter counter, int id)
    {
    }

    ServerCounters(final String serverName, final CountersConfig config)
    {
        this.serverName = serverName;
        this.config = config;
    }

    /** @return a new counter of {@code type} for the entity {@code name}, registered (and in the file, if any). */
    SingleWriterCounter newCounter(final CounterType type, final String name)
    {
        return register(type, name, new SingleWriterCounter());
    }

    /** @return {@code counter}, registered as the {@code type} counter of the entity {@code name}. */
    synchronized SingleWriterCounter register(final CounterType type, final String name,
        final SingleWriterCounter counter)
    {
        final Entry[] current = entries;
        final Entry[] more = Arrays.copyOf(current, current.length + 1);
        more[current.length] = new Entry(type, name, counter, null == manager ? -1 : allocate(type, name, counter));
        entries = more;
        return counter;
    }

    /** Create the counters file in {@code dir}, removing those of dead processes, and move every counter into it. */
    synchronized void publish(final Path dir) throws IOException
    {
        try
        {
            for (final Path removed : CountersFile.removeLeftovers(dir))
            {
                LOG.log(System.Logger.Level.INFO, "server '" + serverName + "': removed counters file " + removed +
                    " left by a process that is gone");
            }
        }
        catch (final IOException ex)
        {
            LOG.log(System.Logger.Level.WARNING, "server '" + serverName + "': could not look for leftover " +
                "counters files in " + dir + ": " + ex);
        }
        final CountersFile created = CountersFile.create(dir, serverName, entries.length + HEADROOM);
        manager = new CountersManager(created.metaDataBuffer(), created.valuesBuffer(), StandardCharsets.UTF_8);
        entries = Arrays.stream(entries)
            .map(e -> new Entry(e.type(), e.name(), e.counter(), allocate(e.type(), e.name(), e.counter())))
            .toArray(Entry[]::new);
        file = created;
    }

    /** @return the counters file while there is one. */
    Path file()
    {
        final CountersFile f = file;
        return null == f ? null : f.path();
    }

    /** Remove the file if configured to; the mapping stays for late writers and readers until collected. */
    synchronized void close()
    {
        final CountersFile f = file;
        if (null == f || !config.deleteOnStop())
        {
            return;
        }
        file = null;
        try
        {
            Files.deleteIfExists(f.path());
        }
        catch (final IOException ex)
        {
            LOG.log(System.Logger.Level.WARNING, "server '" + serverName + "': could not remove counters file " +
                f.path() + ": " + ex);
        }
    }

    CountersSnapshot snapshot()
    {
        return new CountersSnapshot(serverName, Instant.now(), file(), Arrays.stream(entries)
            .map(e -> new CounterValue(e.id(), e.type(), e.name(), e.type().label(e.name()), e.counter().get()))
            .toList());
    }

    private int allocate(final CounterType type, final String name, final SingleWriterCounter counter)
    {
        if (manager.available() < 1)
        {
            if (!fullReported)
            {
                fullReported = true;
                LOG.log(System.Logger.Level.WARNING, "server '" + serverName + "': counters file " + file() +
                    " is full; " + type.label(name) + " and counters registered after it are kept in this " +
                    "process only (server.counters() shows them; mongoose-stat does not)");
            }
            return -1;
        }
        final int id = manager.allocate(type.label(name), type.typeId());
        counter.moveTo(manager.valuesBuffer(), id);
        return id;
    }
}
