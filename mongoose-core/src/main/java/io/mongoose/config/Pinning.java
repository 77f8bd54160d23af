package io.mongoose.config;

/**
 * Where an agent group's thread asks to run. Best effort: the outcome is logged in one line and reported in
 * {@link io.mongoose.status.AgentGroupStats#pinning()}.
 *
 * @param cpu the CPU id for {@link Mode#CPU}, otherwise -1.
 */
public record Pinning(Mode mode, int cpu)
{
    /** Kinds of pinning request. */
    public enum Mode
    {
        /** Leave the thread to the OS scheduler. */
        NONE,
        /** Any CPU the affinity library considers free. */
        ANY,
        /** One given CPU. */
        CPU
    }

    /** @return no pinning. */
    public static Pinning none()
    {
        return new Pinning(Mode.NONE, -1);
    }

    /** @return pin to any free CPU. */
    public static Pinning anyCpu()
    {
        return new Pinning(Mode.ANY, -1);
    }

    /** @return pin to this CPU id, from 0. */
    public static Pinning cpu(final int cpu)
    {
        return new Pinning(Mode.CPU, cpu);
    }

    @Override
    public String toString()
    {
        return mode == Mode.CPU ? "cpu " + cpu : mode.name().toLowerCase(java.util.Locale.ROOT);
    }
}
