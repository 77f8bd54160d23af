package io.mongoose.admin;

/**
 * An admin command was refused or failed (then the {@linkplain #getCause() cause} is the command's own exception); the
 * message is one line, for the operator.
 */
public final class AdminException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public AdminException(final String message)
    {
        super(message);
    }

    public AdminException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
