package io.mongoose.benchmarks.report;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordedThread;
import jdk.jfr.consumer.RecordingFile;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The execution samples of a JFR recording, per thread name: what {@link HotPathProfileReport} renders. Read one with
 * {@link #read(Path)}; {@link #add} builds one by hand (tests).
 */
public final class HotPathProfile
{
    /** The JFR event read: one Java thread's stack, taken while the thread was running Java code. */
    public static final String EXECUTION_SAMPLE = "jdk.ExecutionSample";
    /** Shown for a thread the recording has no name for. */
    public static final String UNNAMED_THREAD = "(unnamed)";

    private final Map<String, ThreadProfile> threads = new HashMap<>();
    private long samples;
    private long truncated;
    private Instant first;
    private Instant last;

    /**
     * Read every {@value #EXECUTION_SAMPLE} event of a recording; other events are skipped.
     *
     * @param recording a JFR file.
     * @return its samples.
     * @throws IOException if the file cannot be read or is not a JFR recording.
     */
    public static HotPathProfile read(final Path recording) throws IOException
    {
        final HotPathProfile profile = new HotPathProfile();
        try (RecordingFile file = new RecordingFile(recording))
        {
            while (file.hasMoreEvents())
            {
                final RecordedEvent event = file.readEvent();
                if (EXECUTION_SAMPLE.equals(event.getEventType().getName()))
                {
                    final RecordedStackTrace stack = event.getStackTrace();
                    profile.add(threadName(event.getThread("sampledThread")), frames(stack),
                        null != stack && stack.isTruncated(), event.getStartTime());
                }
            }
        }
        return profile;
    }

    /**
     * Count one sample.
     *
     * @param threadName the sampled thread's name.
     * @param frames     its stack, top frame first.
     * @param truncated  whether the recording cut the stack at its depth limit, losing the bottom frames.
     * @param time       when the sample was taken.
     */
    public void add(final String threadName, final List<ProfileFrame> frames, final boolean truncated,
        final Instant time)
    {
        threads.computeIfAbsent(threadName, ThreadProfile::new).add(frames);
        samples++;
        if (truncated)
        {
            this.truncated++;
        }
        if (null == first || time.isBefore(first))
        {
            first = time;
        }
        if (null == last || time.isAfter(last))
        {
            last = time;
        }
    }

    /**
     * @return samples of all threads.
     */
    public long samples()
    {
        return samples;
    }

    /**
     * @return samples whose stack was cut at the recording's depth limit.
     */
    public long truncated()
    {
        return truncated;
    }

    /**
     * @return the time from the first sample to the last; zero without samples.
     */
    public Duration span()
    {
        return null == first ? Duration.ZERO : Duration.between(first, last);
    }

    /**
     * @return every thread, the most samples first (ties by name).
     */
    public List<ThreadProfile> threads()
    {
        final List<ThreadProfile> all = new ArrayList<>(threads.values());
        all.sort(Comparator.comparingLong(ThreadProfile::samples).reversed().thenComparing(ThreadProfile::name));
        return all;
    }

    private static String threadName(final RecordedThread thread)
    {
        if (null == thread)
        {
            return UNNAMED_THREAD;
        }
        if (null != thread.getJavaName())
        {
            return thread.getJavaName();
        }
        return null != thread.getOSName() ? thread.getOSName() : UNNAMED_THREAD;
    }

    private static List<ProfileFrame> frames(final RecordedStackTrace stack)
    {
        final List<ProfileFrame> frames = new ArrayList<>();
        if (null != stack)
        {
            for (final RecordedFrame frame : stack.getFrames())
            {
                final RecordedMethod method = frame.getMethod();
                frames.add(new ProfileFrame(ProfileFrame.stableClassName(method.getType().getName()), method.getName(),
                    frame.getLineNumber()));
            }
        }
        return frames;
    }
}
