package io.mongoose.admin;

/**
 * An admin command was refused or failed: unknown command, bad arguments, server not running, agent queue full,
 * timeout, or the command's own exception (then the {@linkplain #getCause() cause}). The message is one line, meant
 * for the operator.
 */
public final class AdminException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /** @param message what went wrong and what was expected. */
    public AdminException(final String message)
    {
        super(message);
    }

    /**
     * @param message what went wrong.
     * @param cause   the command's own exception.
     */
    public AdminException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
