package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The execution samples of one thread (all threads of one name), counted three ways: inclusive per method (the method
 * anywhere on the stack), self per frame (the frame on top, with its line), and self per {@link PackageBucket}.
 */
public final class ThreadProfile
{
    /** The self key of a sample whose stack has no frame, so that self counts still add up to the samples. */
    public static final String NO_FRAME = "(no frame)";

    private final String name;
    private final Map<String, Long> inclusive = new HashMap<>();
    private final Map<String, Long> self = new HashMap<>();
    private final EnumMap<PackageBucket, Long> buckets = new EnumMap<>(PackageBucket.class);
    // Reused across samples: the methods already counted for the sample being added.
    private final Set<String> seen = new HashSet<>();
    private long samples;

    /**
     * A method or frame and how many samples it had.
     *
     * @param key     {@code class.method} or {@code class.method:line}.
     * @param samples samples counted for it.
     */
    public record Count(String key, long samples)
    {
    }

    /**
     * @param name the sampled thread's name.
     */
    public ThreadProfile(final String name)
    {
        this.name = name;
    }

    /**
     * Count one sample.
     *
     * @param frames the sampled stack, top frame first.
     */
    public void add(final List<ProfileFrame> frames)
    {
        samples++;
        if (frames.isEmpty())
        {
            self.merge(NO_FRAME, 1L, Long::sum);
            buckets.merge(PackageBucket.OTHER, 1L, Long::sum);
            return;
        }
        final ProfileFrame top = frames.get(0);
        self.merge(top.location(), 1L, Long::sum);
        buckets.merge(PackageBucket.of(top.className()), 1L, Long::sum);
        // A method recursing, or called again further down the stack, is still one sample of that method: counting
        // each frame would give it more than 100% of the thread.
        seen.clear();
        for (final ProfileFrame frame : frames)
        {
            final String method = frame.method();
            if (seen.add(method))
            {
                inclusive.merge(method, 1L, Long::sum);
            }
        }
    }

    /**
     * @return the thread's name.
     */
    public String name()
    {
        return name;
    }

    /**
     * @return how many samples were added.
     */
    public long samples()
    {
        return samples;
    }

    /**
     * @param limit how many to return at most.
     * @return the methods with the most samples on the stack, most first (ties by name).
     */
    public List<Count> topInclusive(final int limit)
    {
        return top(inclusive, limit);
    }

    /**
     * @param limit how many to return at most.
     * @return the frames with the most samples on top, most first (ties by name).
     */
    public List<Count> topSelf(final int limit)
    {
        return top(self, limit);
    }

    /**
     * @return how many distinct methods were on a stack.
     */
    public int inclusiveMethods()
    {
        return inclusive.size();
    }

    /**
     * @return how many distinct frames (method and line) were on top.
     */
    public int selfFrames()
    {
        return self.size();
    }

    /**
     * @return the samples whose top frame is in each bucket, buckets without samples left out; they add up to
     * {@link #samples()}.
     */
    public Map<PackageBucket, Long> bucketSamples()
    {
        return new EnumMap<>(buckets);
    }

    private static List<Count> top(final Map<String, Long> counts, final int limit)
    {
        final List<Count> all = new ArrayList<>();
        counts.forEach((key, value) -> all.add(new Count(key, value)));
        all.sort(Comparator.comparingLong(Count::samples).reversed().thenComparing(Count::key));
        return all.subList(0, Math.min(limit, all.size()));
    }
}
