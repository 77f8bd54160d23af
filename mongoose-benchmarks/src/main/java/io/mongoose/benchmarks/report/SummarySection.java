package io.mongoose.benchmarks.report;

/** One section of summary.md, listed in {@link SummaryReport#standardSections()}. */
@FunctionalInterface
public interface SummarySection
{
    /**
     * @param out     where to append the section's Markdown, heading first, ending with a blank line.
     * @param context the runs, charts and options.
     */
    void appendTo(StringBuilder out, ReportContext context);
}
