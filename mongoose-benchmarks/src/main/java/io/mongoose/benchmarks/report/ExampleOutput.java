package io.mongoose.benchmarks.report;

import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The pooled-events example's captured output ({@code --exampleOutput}): its heap and GC figures from the progress
 * lines ({@code ... heap used: 6 MB, GC count: 0}), the counterpart of the reference page's "~23 MB heap, GC count 0",
 * and the section quoting it verbatim.
 *
 * @param lines      progress lines that carry both figures.
 * @param minHeapMb  smallest heap used, megabytes.
 * @param maxHeapMb  largest heap used, megabytes.
 * @param minGcCount smallest GC count.
 * @param maxGcCount largest GC count.
 */
public record ExampleOutput(int lines, long minHeapMb, long maxHeapMb, long minGcCount, long maxGcCount)
{
    /** The section's heading. */
    public static final String HEADING = "## Pooled-events example output";
    private static final Pattern PROGRESS = Pattern.compile("heap used: (\\d+) MB, GC count: (\\d+)");

    /**
     * @param output the captured output, line by line.
     * @return the figures, or empty if no line carries them.
     */
    public static Optional<ExampleOutput> of(final List<String> output)
    {
        int lines = 0;
        long minHeap = Long.MAX_VALUE;
        long maxHeap = Long.MIN_VALUE;
        long minGc = Long.MAX_VALUE;
        long maxGc = Long.MIN_VALUE;
        for (final String line : output)
        {
            final Matcher matcher = PROGRESS.matcher(line);
            if (matcher.find())
            {
                final long heap = Long.parseLong(matcher.group(1));
                final long gc = Long.parseLong(matcher.group(2));
                lines++;
                minHeap = Math.min(minHeap, heap);
                maxHeap = Math.max(maxHeap, heap);
                minGc = Math.min(minGc, gc);
                maxGc = Math.max(maxGc, gc);
            }
        }
        return lines == 0 ? Optional.empty() : Optional.of(new ExampleOutput(lines, minHeap, maxHeap, minGc, maxGc));
    }

    /** The section quoting the output verbatim; nothing without {@code --exampleOutput}. */
    static void appendSection(final StringBuilder out, final ReportContext context)
    {
        if (context.options().exampleOutput().isPresent())
        {
            out.append(HEADING).append("\n\n").append("Captured output of `scripts/example.sh`, from `")
                .append(context.linkTo(context.options().exampleOutput().get())).append("`, unchanged:\n\n");
            MarkdownTable.codeBlock(out, context.exampleLines());
        }
    }

    /** @return the heap range: {@code 6 MB}, or {@code 6–8 MB}. */
    public String heap()
    {
        return (minHeapMb == maxHeapMb ? Long.toString(minHeapMb) : minHeapMb + "–" + maxHeapMb) + " MB";
    }

    /** @return the GC count range: {@code 0}, or {@code 0–2}. */
    public String gcCount()
    {
        return minGcCount == maxGcCount ? Long.toString(minGcCount) : minGcCount + "–" + maxGcCount;
    }
}
