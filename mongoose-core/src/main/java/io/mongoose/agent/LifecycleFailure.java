package io.mongoose.agent;

/**
 * A processor's {@code onInit} or {@code onStart} threw on its agent's thread: what the agent's start outcome carries,
 * for the server to report as a {@code MongooseStartException} with the same message and cause.
 */
public final class LifecycleFailure extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    /**
     * @param message which processor failed, where and why.
     * @param cause   what it threw.
     */
    public LifecycleFailure(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
