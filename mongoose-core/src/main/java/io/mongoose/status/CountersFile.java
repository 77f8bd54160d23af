package io.mongoose.status;

import org.agrona.IoUtil;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server's live counters in a memory-mapped file, laid out like Aeron's CnC file: a 512-byte header (its fields at
 * the offsets below, integers in native byte order), then an Agrona {@code CountersManager}'s metadata buffer, then its
 * values buffer. Files are named {@code mongoose-<server>-<pid>-<n>.counters}, {@code n} counting the servers of one
 * JVM. A file whose process is gone ({@link Header#ownerAlive()} false) is left from a crash: the stat tool ignores it
 * and a server starting in the same directory removes it.
 */
public final class CountersFile
{
    /** Offset of the server process's pid, a long. */
    public static final int PID_OFFSET = 8;

    private static final int MAGIC_OFFSET = 0; // int MAGIC, written last: a file without it is still being created
    private static final int VERSION_OFFSET = 4; // int layout VERSION
    private static final int PROCESS_START_OFFSET = 16; // long, epoch ms, -1 if unknown: tells the owner from a reuse
    private static final int SERVER_START_OFFSET = 24; // long, epoch ms
    private static final int METADATA_LENGTH_OFFSET = 32; // int, 512 bytes per counter: state, type id, label
    private static final int VALUES_LENGTH_OFFSET = 36; // int, 128 bytes per counter
    private static final int NAME_LENGTH_OFFSET = 40; // int, UTF-8 bytes of the server's name, at most MAX_NAME_BYTES
    private static final int NAME_OFFSET = 44;
    private static final int MAGIC = 0x4D47_4354; // "MGCT"
    private static final int VERSION = 1;
    private static final int HEADER_LENGTH = 512;
    private static final int MAX_NAME_BYTES = 256;
    private static final String PREFIX = "mongoose-";
    private static final String SUFFIX = ".counters";
    /** Process start times from /proc tick in 10 ms jiffies; two readings of one process never differ by a second. */
    private static final long START_TOLERANCE_MS = 1000;
    private static final int MAX_NAME_IN_FILE_NAME = 64;
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Path path;
    private final UnsafeBuffer metaData;
    private final UnsafeBuffer values;

    private CountersFile(
        final Path path, final int metaDataLength, final int valuesLength, final MappedByteBuffer mapped)
    {
        this.path = path;
        // Never unmapped by hand: a producer racing stop() may still write a counter, and writing unmapped memory
        // crashes the JVM. The buffers keep the mapping reachable until the GC unmaps it.
        this.metaData = new UnsafeBuffer(mapped, HEADER_LENGTH, metaDataLength);
        this.values = new UnsafeBuffer(mapped, HEADER_LENGTH + metaDataLength, valuesLength);
    }

    /**
     * The directory servers use when none is configured, not created by this call: {@code /dev/shm/mongoose-<user>}
     * where {@code /dev/shm} is writable (memory, no disk writes), else {@code mongoose-<user>} in the temp directory.
     */
    public static Path defaultDirectory()
    {
        final String dirName = PREFIX + safe(System.getProperty("user.name", "user"));
        final Path shm = Paths.get("/dev/shm");
        return Files.isDirectory(shm) && Files.isWritable(shm)
            ? shm.resolve(dirName) : Paths.get(System.getProperty("java.io.tmpdir")).resolve(dirName);
    }

    /** Create (with {@code dir} if missing) and map a new file of {@code counters} for a server of this process. */
    public static CountersFile create(final Path dir, final String serverName, final int counters) throws IOException
    {
        Files.createDirectories(dir);
        final long pid = ProcessHandle.current().pid();
        final Path file = dir.resolve(PREFIX + safe(serverName) + "-" + pid + "-" + SEQUENCE.incrementAndGet() +
            SUFFIX);
        final int valuesLength = counters * CountersReader.COUNTER_LENGTH;
        final int metaDataLength = counters * CountersReader.METADATA_LENGTH;
        final MappedByteBuffer mapped = IoUtil.mapNewFile(file.toFile(), (long)HEADER_LENGTH + metaDataLength +
            valuesLength);
        final byte[] name = nameBytes(serverName);
        final UnsafeBuffer header = new UnsafeBuffer(mapped, 0, HEADER_LENGTH);
        header.putInt(VERSION_OFFSET, VERSION);
        header.putLong(PID_OFFSET, pid);
        header.putLong(PROCESS_START_OFFSET, startMillisOf(ProcessHandle.current()));
        header.putLong(SERVER_START_OFFSET, System.currentTimeMillis());
        header.putInt(METADATA_LENGTH_OFFSET, metaDataLength);
        header.putInt(VALUES_LENGTH_OFFSET, valuesLength);
        header.putInt(NAME_LENGTH_OFFSET, name.length);
        header.putBytes(NAME_OFFSET, name);
        header.putIntRelease(MAGIC_OFFSET, MAGIC);
        return new CountersFile(file, metaDataLength, valuesLength, mapped);
    }

    /** Map a complete file of this layout version read-only, for a reader in any process. */
    public static CountersFile open(final Path file) throws IOException
    {
        final Header header = Header.read(file);
        final long expected = (long)HEADER_LENGTH + header.metaDataLength() + header.valuesLength();
        final long size = Files.size(file);
        if (size < expected)
        {
            throw new IllegalArgumentException(file + ": " + size + " bytes; expected " + expected +
                " for the buffer lengths in its header");
        }
        return new CountersFile(file, header.metaDataLength(), header.valuesLength(),
            IoUtil.mapExistingFile(file.toFile(), FileChannel.MapMode.READ_ONLY, "counters", 0, expected));
    }

    /** @return the headers of the complete counters files of this layout version in {@code dir}, oldest first. */
    public static List<Header> list(final Path dir) throws IOException
    {
        final List<Header> found = new ArrayList<>();
        if (!Files.isDirectory(dir))
        {
            return found;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, PREFIX + "*" + SUFFIX))
        {
            for (final Path file : files)
            {
                try
                {
                    found.add(Header.read(file));
                }
                catch (final IOException | IllegalArgumentException ex)
                {
                    // Foreign, still being created, or removed since the listing.
                }
            }
        }
        found.sort(Comparator.comparingLong(Header::serverStartMillis));
        return found;
    }

    /** Remove the files in {@code dir} whose process is gone; returns them. */
    public static List<Path> removeLeftovers(final Path dir) throws IOException
    {
        final List<Path> removed = new ArrayList<>();
        for (final Header header : list(dir))
        {
            if (!header.ownerAlive() && Files.deleteIfExists(header.file()))
            {
                removed.add(header.file());
            }
        }
        return removed;
    }

    /** @return where the file is. */
    public Path path()
    {
        return path;
    }

    /** @return a reader of its counters. */
    public CountersReader reader()
    {
        return new CountersReader(metaData, values, StandardCharsets.UTF_8);
    }

    /** @return the metadata buffer, for the server's {@code CountersManager}. */
    public AtomicBuffer metaDataBuffer()
    {
        return metaData;
    }

    /** @return the values buffer, for the server's {@code CountersManager}. */
    public AtomicBuffer valuesBuffer()
    {
        return values;
    }

    /** The name's UTF-8 bytes, cut on a character boundary to at most 256. */
    private static byte[] nameBytes(final String serverName)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(MAX_NAME_BYTES);
        StandardCharsets.UTF_8.newEncoder().onMalformedInput(CodingErrorAction.REPLACE)
            .onUnmappableCharacter(CodingErrorAction.REPLACE).encode(CharBuffer.wrap(serverName), bytes, true);
        return Arrays.copyOf(bytes.array(), bytes.position());
    }

    /** A name as a file name may carry it: ASCII letters, digits, '.', '_' and '-'; anything else becomes '_'. */
    private static String safe(final String name)
    {
        final String cut = name.length() > MAX_NAME_IN_FILE_NAME ? name.substring(0, MAX_NAME_IN_FILE_NAME) : name;
        return cut.isEmpty() ? "_" : cut.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private static long startMillisOf(final ProcessHandle process)
    {
        return process.info().startInstant().map(Instant::toEpochMilli).orElse(-1L);
    }

    /** A counters file's header; times in epoch ms, {@code processStartMillis} -1 if it was unknown. */
    public record Header(
        Path file, int version, long pid, long processStartMillis, long serverStartMillis, int metaDataLength,
        int valuesLength, String serverName)
    {
        /** @return the header of a complete counters file of this layout version. */
        public static Header read(final Path file) throws IOException
        {
            final ByteBuffer bytes = ByteBuffer.allocate(HEADER_LENGTH).order(ByteOrder.nativeOrder());
            try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ))
            {
                while (bytes.hasRemaining() && channel.read(bytes) >= 0)
                {
                    // up to the whole header or the end of a short file
                }
            }
            catch (final NoSuchFileException ex)
            {
                throw new NoSuchFileException(file + ": no such counters file (the server may have stopped)");
            }
            if (bytes.position() < HEADER_LENGTH || MAGIC != bytes.getInt(MAGIC_OFFSET))
            {
                throw new IllegalArgumentException(file + ": not a complete Mongoose counters file (no magic " +
                    Integer.toHexString(MAGIC) + " in its first " + HEADER_LENGTH + " bytes)");
            }
            final int version = bytes.getInt(VERSION_OFFSET);
            if (VERSION != version)
            {
                throw new IllegalArgumentException(file + ": counters layout version " + version + "; expected " +
                    VERSION + " (a server and mongoose-stat of different Mongoose versions)");
            }
            final int metaDataLength = bytes.getInt(METADATA_LENGTH_OFFSET);
            final int valuesLength = bytes.getInt(VALUES_LENGTH_OFFSET);
            final int nameLength = bytes.getInt(NAME_LENGTH_OFFSET);
            if (metaDataLength < 0 || valuesLength < 0 || nameLength < 0 || nameLength > MAX_NAME_BYTES ||
                (long)metaDataLength != (long)valuesLength * (CountersReader.METADATA_LENGTH /
                    CountersReader.COUNTER_LENGTH))
            {
                throw new IllegalArgumentException(file + ": corrupt header (metadata " + metaDataLength +
                    " bytes, values " + valuesLength + " bytes, name " + nameLength + " bytes)");
            }
            final byte[] name = new byte[nameLength];
            bytes.position(NAME_OFFSET);
            bytes.get(name);
            return new Header(file, version, bytes.getLong(PID_OFFSET), bytes.getLong(PROCESS_START_OFFSET),
                bytes.getLong(SERVER_START_OFFSET), metaDataLength, valuesLength,
                new String(name, StandardCharsets.UTF_8));
        }

        /** @return whether the process that wrote the file still runs (a reused pid does not count). */
        public boolean ownerAlive()
        {
            final Optional<ProcessHandle> process = ProcessHandle.of(pid);
            if (process.isEmpty() || !process.get().isAlive())
            {
                return false;
            }
            final long start = startMillisOf(process.get());
            return processStartMillis < 0 || start < 0 || Math.abs(start - processStartMillis) <= START_TOLERANCE_MS;
        }
    }
}
