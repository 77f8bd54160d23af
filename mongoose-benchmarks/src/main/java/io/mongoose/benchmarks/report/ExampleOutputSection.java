package io.mongoose.benchmarks.report;

/**
 * The pooled-events example's captured output, quoted verbatim: the counterpart of the reference page's heap and GC
 * snippet. Written only when {@code --exampleOutput} was given.
 */
public final class ExampleOutputSection implements SummarySection
{
    /** The section's heading. */
    public static final String HEADING = "## Pooled-events example output";

    @Override
    public void appendTo(final StringBuilder out, final ReportContext context)
    {
        if (context.options().exampleOutput().isEmpty())
        {
            return;
        }
        out.append(HEADING).append("\n\n");
        out.append("Captured output of `scripts/example.sh`, from `")
            .append(context.linkTo(context.options().exampleOutput().get())).append("`, unchanged:\n\n");
        Markdown.codeBlock(out, context.exampleLines());
    }
}
