package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The Markdown {@link HotPathProfileMain} writes: per thread with at least {@value #MIN_THREAD_PERCENT}% of a
 * recording's samples, the publisher first and the consumer next, its sample count, its self time split by
 * {@link PackageBucket}, and tables of the methods most often on its stack (inclusive) and the frames most often on
 * top (self). Shares are of the thread's own samples, so the publisher's and the consumer's read on their own.
 */
public final class HotPathProfileReport
{
    /** The smallest share of all samples, in percent, for a thread to get its own section. */
    public static final int MIN_THREAD_PERCENT = 5;
    /** Role heading of the harness's publisher thread. */
    public static final String PUBLISHER = "Publisher";
    /** Role heading of a transport's consumer thread. */
    public static final String CONSUMER = "Consumer";
    /** Heading of any other thread. */
    public static final String OTHER_THREAD = "Thread";
    /** Starts the line that splits a thread's self time by package. */
    public static final String BUCKETS_PREFIX = "Self time by package: ";

    // The thread names the sweep's hops give their threads (SweepRun, MongooseHop, DisruptorHop, RecyclingQueueHop).
    private static final String PUBLISHER_THREAD = "publisher";
    private static final String MONGOOSE_AGENT_THREAD = "bench-agent";
    private static final String CONSUMER_SUFFIX = "-consumer";

    private HotPathProfileReport()
    {
    }

    /**
     * @param title   the document's heading.
     * @param source  the recording, as the caller named it.
     * @param profile its samples, at least one.
     * @param top     rows per table, at least 1.
     * @return the profile as a Markdown document.
     */
    public static String render(final String title, final String source, final HotPathProfile profile, final int top)
    {
        final List<ThreadProfile> shown = new ArrayList<>();
        final List<ThreadProfile> left = new ArrayList<>();
        for (final ThreadProfile thread : profile.threads())
        {
            (thread.samples() * 100 >= MIN_THREAD_PERCENT * profile.samples() ? shown : left).add(thread);
        }
        shown.sort(Comparator.comparingInt((ThreadProfile t) -> roleOrder(role(t.name())))
            .thenComparing(Comparator.comparingLong(ThreadProfile::samples).reversed())
            .thenComparing(ThreadProfile::name));

        final StringBuilder out = new StringBuilder(16 * 1024);
        out.append("# ").append(title).append("\n\n");
        out.append("From ").append(code(source)).append(": ").append(Formats.count(profile.samples())).append(' ')
            .append(code(HotPathProfile.EXECUTION_SAMPLE)).append(" events over ")
            .append(String.format(Locale.ROOT, "%.1f", profile.span().toMillis() / 1_000.0)).append(" s, in ")
            .append(profile.threads().size()).append(profile.threads().size() == 1 ? " thread" : " threads")
            .append(". Threads with at least ").append(MIN_THREAD_PERCENT).append("% of the samples follow, ")
            .append("the publisher and the consumer first");
        if (left.isEmpty())
        {
            out.append("; none was left out.\n\n");
        }
        else
        {
            final List<String> names = new ArrayList<>();
            for (final ThreadProfile thread : left)
            {
                names.add(code(thread.name()) + " (" + Formats.count(thread.samples()) + ")");
            }
            out.append("; left out: ").append(String.join(", ", names)).append(".\n\n");
        }
        if (profile.truncated() > 0)
        {
            out.append("Stacks cut at the recording's stack depth: ").append(Formats.count(profile.truncated()))
                .append(" of ").append(Formats.count(profile.samples())).append(" samples (")
                .append(percent(profile.truncated(), profile.samples())).append("); their methods below the cut are ")
                .append("missing from the inclusive tables.\n\n");
        }
        out.append("Shares are of the thread's own samples. *Inclusive*: samples with the method anywhere on the ")
            .append("stack (every line and overload of it; once per sample however deep it recurses), so they ")
            .append("overlap and do not add up. *Self*: samples with that frame on top, at the line the sample landed ")
            .append("on (give or take skid); self shares add up to 100%. See \"Profiling the hot path\" in ")
            .append("docs/benchmark-method.md for the caveats.\n\n");
        for (final ThreadProfile thread : shown)
        {
            appendThread(out, thread, profile.samples(), top);
        }
        return out.toString();
    }

    /**
     * @param threadName a sampled thread's name.
     * @return {@link #PUBLISHER} for the harness's publisher, {@link #CONSUMER} for a hop's consumer (Mongoose's
     * agent {@code bench-agent}, {@code disruptor-consumer}, {@code <transport>-consumer}), otherwise
     * {@link #OTHER_THREAD}.
     */
    public static String role(final String threadName)
    {
        if (PUBLISHER_THREAD.equals(threadName))
        {
            return PUBLISHER;
        }
        if (MONGOOSE_AGENT_THREAD.equals(threadName) || threadName.endsWith(CONSUMER_SUFFIX))
        {
            return CONSUMER;
        }
        return OTHER_THREAD;
    }

    /**
     * @param thread a thread's profile with at least one sample.
     * @return its self time per bucket, most first (ties in {@link PackageBucket} order), as
     * {@code io.mongoose.pool 41.2% · other 0.3%}; the percentages add up to exactly 100.0%.
     */
    public static String buckets(final ThreadProfile thread)
    {
        final List<Map.Entry<PackageBucket, Long>> entries = new ArrayList<>(thread.bucketSamples().entrySet());
        // Stable: equal counts keep the bucket order the EnumMap gave them.
        entries.sort(Map.Entry.<PackageBucket, Long>comparingByValue().reversed());
        final long[] counts = new long[entries.size()];
        for (int i = 0; i < counts.length; i++)
        {
            counts[i] = entries.get(i).getValue();
        }
        final int[] tenths = RoundedShares.tenths(counts);
        final List<String> parts = new ArrayList<>();
        for (int i = 0; i < counts.length; i++)
        {
            parts.add(entries.get(i).getKey().label() + " " + RoundedShares.format(tenths[i]));
        }
        return String.join(" · ", parts);
    }

    private static void appendThread(final StringBuilder out, final ThreadProfile thread, final long allSamples,
        final int top)
    {
        out.append("## ").append(role(thread.name())).append(": ").append(code(thread.name())).append("\n\n");
        out.append(Formats.count(thread.samples())).append(" samples, ").append(percent(thread.samples(), allSamples))
            .append(" of the recording's.\n\n");
        out.append(BUCKETS_PREFIX).append(buckets(thread)).append(" (by each sample's top frame).\n\n");

        final List<ThreadProfile.Count> inclusive = thread.topInclusive(top);
        out.append("### ").append(code(thread.name())).append(": inclusive, top ").append(inclusive.size())
            .append(" of ").append(Formats.count(thread.inclusiveMethods())).append(" methods\n\n");
        appendTable(out, "Method", inclusive, thread.samples());
        final List<ThreadProfile.Count> self = thread.topSelf(top);
        out.append("### ").append(code(thread.name())).append(": self, top ").append(self.size()).append(" of ")
            .append(Formats.count(thread.selfFrames())).append(" frames\n\n");
        appendTable(out, "Frame", self, thread.samples());
    }

    private static void appendTable(final StringBuilder out, final String keyHeading,
        final List<ThreadProfile.Count> counts, final long threadSamples)
    {
        final MarkdownTable table = MarkdownTable.numeric(List.of(keyHeading, "Samples", "Share"));
        for (final ThreadProfile.Count count : counts)
        {
            table.row(List.of(code(count.key()), Formats.count(count.samples()),
                percent(count.samples(), threadSamples)));
        }
        table.appendTo(out);
        out.append('\n');
    }

    private static int roleOrder(final String role)
    {
        return switch (role)
        {
            case PUBLISHER -> 0;
            case CONSUMER -> 1;
            default -> 2;
        };
    }

    private static String percent(final long part, final long whole)
    {
        return String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }

    /**
     * @return the text as an inline code span, so {@code <init>} is not read as HTML and {@code $} or {@code _} in
     * class names as formatting; the fence is longer than any run of backticks in the text.
     */
    private static String code(final String text)
    {
        int longest = 0;
        int run = 0;
        for (int i = 0; i < text.length(); i++)
        {
            run = text.charAt(i) == '`' ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        final String fence = "`".repeat(longest + 1);
        final String pad = longest > 0 ? " " : "";
        return fence + pad + text + pad + fence;
    }
}
