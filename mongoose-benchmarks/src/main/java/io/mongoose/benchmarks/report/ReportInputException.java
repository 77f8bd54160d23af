package io.mongoose.benchmarks.report;

/**
 * What the caller gave cannot make a report: no runs, a run file that does not parse, an unreadable example output,
 * an output directory that cannot be created, a README without the results markers. The message says which flag or
 * file and what was expected; {@link ReportMain} prints it and exits with {@link ReportMain#EXIT_BAD_INPUT}.
 */
public final class ReportInputException extends Exception
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong and what was expected, meant for the user as is.
     */
    public ReportInputException(final String message)
    {
        super(message);
    }

    /**
     * @param message what is wrong and what was expected, meant for the user as is.
     * @param cause   the failure behind it.
     */
    public ReportInputException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
