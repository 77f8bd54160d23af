package io.mongoose.agent;

/** A processor's {@code onInit} or {@code onStart} threw: the agent's start outcome, reported by the server. */
public final class LifecycleFailure extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public LifecycleFailure(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
