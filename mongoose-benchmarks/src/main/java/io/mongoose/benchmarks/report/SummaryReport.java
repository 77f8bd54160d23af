package io.mongoose.benchmarks.report;

import java.util.List;

/** summary.md: the title, then each section in turn. */
public final class SummaryReport
{
    /** The summary's file name in the output directory. */
    public static final String FILE_NAME = "summary.md";

    private SummaryReport()
    {
    }

    /** @return the report's sections, in order. */
    public static List<SummarySection> standardSections()
    {
        return List.of(
            new ProvenanceSection(),
            new EnvironmentSection(),
            new TargetsSection(),
            new AaControlSection(),
            SweepTables::mongooseLatency,
            SweepTables::peerLatency,
            SweepTables::ratios,
            new PairedSection(),
            SweepTables::serviceTime,
            SweepTables::throughput,
            new ReferenceSection(),
            ExampleOutput::appendSection,
            new ChartsSection(),
            new DataFilesSection());
    }

    /**
     * @param sections what to write, in order.
     * @param context  the runs, charts and options.
     * @return the Markdown text of summary.md, ending in one newline.
     */
    public static String render(final List<SummarySection> sections, final ReportContext context)
    {
        final StringBuilder out = new StringBuilder(32 * 1024);
        out.append("# ").append(context.options().title()).append("\n\n");
        sections.forEach(s -> s.appendTo(out, context));
        while (out.length() > 1 && out.charAt(out.length() - 1) == '\n' && out.charAt(out.length() - 2) == '\n')
        {
            out.setLength(out.length() - 1);
        }
        return out.toString();
    }
}
