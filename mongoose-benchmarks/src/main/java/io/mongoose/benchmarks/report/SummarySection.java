package io.mongoose.benchmarks.report;

/**
 * One section of summary.md. Sections are listed in {@link SummaryReport#standardSections()}; each writes its own
 * heading and nothing it cannot derive from the context.
 */
@FunctionalInterface
public interface SummarySection
{
    /**
     * @param out     where to append the section's Markdown, ending with a blank line.
     * @param context the runs, charts and options.
     */
    void appendTo(StringBuilder out, ReportContext context);
}
