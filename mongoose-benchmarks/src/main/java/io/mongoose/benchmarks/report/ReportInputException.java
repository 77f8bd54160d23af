package io.mongoose.benchmarks.report;

/**
 * The flags or input cannot make a report; the message, meant for the user, names the flag or file and what was
 * expected. {@link ReportMain} exits with {@link ReportMain#EXIT_BAD_INPUT}.
 */
public final class ReportInputException extends Exception
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message what is wrong and what was expected.
     */
    public ReportInputException(final String message)
    {
        super(message);
    }

    /**
     * @param message what is wrong and what was expected.
     * @param cause   the failure behind it.
     */
    public ReportInputException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
