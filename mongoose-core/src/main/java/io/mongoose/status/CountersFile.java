package io.mongoose.status;

import org.agrona.IoUtil;
import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.CountersReader;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A server's live counters in a memory-mapped file, laid out like Aeron's CnC file: a header, then an Agrona
 * {@code CountersManager}'s metadata buffer, then its values buffer.
 *
 * <pre>
 *   0  int    magic 0x4D474354 ("MGCT"), written last: a file without it is still being created
 *   4  int    layout version ({@value #VERSION})
 *   8  long   pid of the server's process
 *  16  long   that process's start time, epoch ms (-1 if unknown): tells a live owner from a reused pid
 *  24  long   the server's start time, epoch ms
 *  32  int    metadata buffer length
 *  36  int    values buffer length
 *  40  int    server name length in bytes (UTF-8, at most 256)
 *  44  bytes  server name
 * 512         metadata buffer (512 bytes per counter: state, type id, label), then values buffer (128 per counter)
 * </pre>
 *
 * <p>Integers are in the machine's native byte order, as Agrona writes them. Files are named
 * {@code mongoose-<server>-<pid>-<n>.counters}, {@code n} counting the servers of one JVM, so no two running servers
 * share a name. A file whose process is gone ({@link Header#ownerAlive()} false) is left over from a crash; the stat
 * tool ignores it and a server starting in the same directory removes it.
 */
public final class CountersFile
{
    /** First int of a complete file. */
    public static final int MAGIC = 0x4D47_4354;
    /** Layout version this code writes and reads. */
    public static final int VERSION = 1;
    /** Bytes before the metadata buffer. */
    public static final int HEADER_LENGTH = 512;
    /** Longest server name stored, in UTF-8 bytes. */
    public static final int MAX_NAME_BYTES = 256;
    /** File name prefix. */
    public static final String PREFIX = "mongoose-";
    /** File name suffix. */
    public static final String SUFFIX = ".counters";

    static final int MAGIC_OFFSET = 0;
    static final int VERSION_OFFSET = 4;
    public static final int PID_OFFSET = 8;
    static final int PROCESS_START_OFFSET = 16;
    static final int SERVER_START_OFFSET = 24;
    static final int METADATA_LENGTH_OFFSET = 32;
    static final int VALUES_LENGTH_OFFSET = 36;
    static final int NAME_LENGTH_OFFSET = 40;
    static final int NAME_OFFSET = 44;

    /** Process start times from /proc tick in 10 ms jiffies; two readings of one process never differ by a second. */
    private static final long START_TOLERANCE_MS = 1000;
    private static final int MAX_NAME_IN_FILE_NAME = 64;
    private static final AtomicInteger SEQUENCE = new AtomicInteger();

    private final Path path;
    private final Header header;
    private final UnsafeBuffer metaData;
    private final UnsafeBuffer values;

    private CountersFile(final Path path, final Header header, final MappedByteBuffer mapped)
    {
        this.path = path;
        this.header = header;
        // Never unmapped by hand: a producer racing stop() may still write a counter, and writing unmapped memory
        // crashes the JVM. The buffers keep the mapping reachable until the GC unmaps it.
        this.metaData = new UnsafeBuffer(mapped, HEADER_LENGTH, header.metaDataLength());
        this.values = new UnsafeBuffer(mapped, HEADER_LENGTH + header.metaDataLength(), header.valuesLength());
    }

    /**
     * The directory servers use when none is configured: {@code /dev/shm/mongoose-<user>} where {@code /dev/shm} is
     * a writable directory (memory, no disk writes), else {@code mongoose-<user>} in {@code java.io.tmpdir}.
     *
     * @return the default directory (not created by this call).
     */
    public static Path defaultDirectory()
    {
        final String dirName = PREFIX + safe(System.getProperty("user.name", "user"));
        final Path shm = Paths.get("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm))
        {
            return shm.resolve(dirName);
        }
        return Paths.get(System.getProperty("java.io.tmpdir")).resolve(dirName);
    }

    /**
     * Create and map a new file for a server of this process, header complete and magic written last.
     *
     * @param dir        the directory; created if missing.
     * @param serverName the server's name.
     * @param counters   how many counters the file holds.
     * @return the mapped file, empty of counters.
     * @throws IOException if the directory or file cannot be created.
     */
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
        final Header header = new Header(file, VERSION, pid, startMillisOf(ProcessHandle.current()),
            System.currentTimeMillis(), metaDataLength, valuesLength, new String(name, StandardCharsets.UTF_8));
        final UnsafeBuffer buffer = new UnsafeBuffer(mapped, 0, HEADER_LENGTH);
        buffer.putInt(VERSION_OFFSET, VERSION);
        buffer.putLong(PID_OFFSET, pid);
        buffer.putLong(PROCESS_START_OFFSET, header.processStartMillis());
        buffer.putLong(SERVER_START_OFFSET, header.serverStartMillis());
        buffer.putInt(METADATA_LENGTH_OFFSET, metaDataLength);
        buffer.putInt(VALUES_LENGTH_OFFSET, valuesLength);
        buffer.putInt(NAME_LENGTH_OFFSET, name.length);
        buffer.putBytes(NAME_OFFSET, name);
        buffer.putIntRelease(MAGIC_OFFSET, MAGIC);
        return new CountersFile(file, header, mapped);
    }

    /**
     * Map an existing file read-only, for a reader in any process.
     *
     * @param file a counters file.
     * @return the mapped file.
     * @throws IOException              if it cannot be read.
     * @throws IllegalArgumentException if it is not a complete counters file of this layout version.
     */
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
        final MappedByteBuffer mapped = IoUtil.mapExistingFile(file.toFile(), FileChannel.MapMode.READ_ONLY,
            "counters", 0, expected);
        return new CountersFile(file, header, mapped);
    }

    /**
     * The complete counters files of this layout version in a directory, oldest server first.
     *
     * @param dir a directory; a missing one has no files.
     * @return their headers.
     * @throws IOException if the directory cannot be listed.
     */
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
        found.sort((a, b) -> Long.compare(a.serverStartMillis(), b.serverStartMillis()));
        return found;
    }

    /**
     * Remove the files in {@code dir} whose process is gone.
     *
     * @param dir a directory.
     * @return the files removed.
     * @throws IOException if the directory cannot be listed.
     */
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

    /** @return its header. */
    public Header header()
    {
        return header;
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

    private static byte[] nameBytes(final String serverName)
    {
        final byte[] bytes = serverName.getBytes(StandardCharsets.UTF_8);
        if (bytes.length <= MAX_NAME_BYTES)
        {
            return bytes;
        }
        // Cut on a character boundary.
        final StringBuilder cut = new StringBuilder();
        int length = 0;
        for (int i = 0; i < serverName.length(); )
        {
            final int cp = serverName.codePointAt(i);
            final int size = new String(Character.toChars(cp)).getBytes(StandardCharsets.UTF_8).length;
            if (length + size > MAX_NAME_BYTES)
            {
                break;
            }
            cut.appendCodePoint(cp);
            length += size;
            i += Character.charCount(cp);
        }
        return cut.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** A name as a file name may carry it: ASCII letters, digits, '.', '_' and '-'; anything else becomes '_'. */
    private static String safe(final String name)
    {
        final StringBuilder out = new StringBuilder();
        for (int i = 0; i < name.length() && out.length() < MAX_NAME_IN_FILE_NAME; i++)
        {
            final char c = name.charAt(i);
            final boolean plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                c == '.' || c == '_' || c == '-';
            out.append(plain ? c : '_');
        }
        return out.length() == 0 ? "_" : out.toString();
    }

    private static long startMillisOf(final ProcessHandle process)
    {
        final Optional<Instant> start = process.info().startInstant();
        return start.map(Instant::toEpochMilli).orElse(-1L);
    }

    /**
     * A counters file's header.
     *
     * @param file               the file.
     * @param version            its layout version.
     * @param pid                the server's process id.
     * @param processStartMillis that process's start, epoch ms; -1 if it was unknown.
     * @param serverStartMillis  when the server created the file, epoch ms.
     * @param metaDataLength     metadata buffer length.
     * @param valuesLength       values buffer length.
     * @param serverName         the server's name.
     */
    public record Header(
        Path file, int version, long pid, long processStartMillis, long serverStartMillis, int metaDataLength,
        int valuesLength, String serverName)
    {
        /**
         * @param file a counters file.
         * @return its header.
         * @throws IOException              if it cannot be read.
         * @throws IllegalArgumentException if it is not a complete counters file of this layout version.
         */
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

        /**
         * @return whether the process that wrote the file still runs (same pid and, where both are known, the same
         *         process start time, so a reused pid does not count).
         */
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
