package io.mongoose.agent;

import org.agrona.concurrent.AgentRunner;

import java.util.concurrent.TimeUnit;

/** Closes an {@link AgentRunner} within a bound, interrupting a thread that does not end, where Agrona's retries. */
public final class RunnerClose
{
    /** How long an interrupted agent thread gets to end: a handler blocked interruptibly ends well within it. */
    public static final long INTERRUPT_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final int FRAMES_SHOWN = 3;

    private RunnerClose()
    {
    }

    /** @return {@code null} if the thread ended by the {@code nanoTime()} deadlines, else its name, state and stack. */
    public static String close(final AgentRunner runner, final long joinDeadline, final long graceDeadline)
    {
        try
        {
            runner.close((int)Math.min(Integer.MAX_VALUE, millisUntil(joinDeadline)), thread ->
            {
                thread.interrupt();
                try
                {
                    thread.join(millisUntil(graceDeadline));
                }
                catch (final InterruptedException e)
                {
                    Thread.currentThread().interrupt();
                }
                if (thread.isAlive())
                {
                    throw new NotEnded(describe(thread));
                }
            });
            return null;
        }
        catch (final NotEnded e)
        {
            return e.getMessage();
        }
    }

    /** At least one: {@link Thread#join(long)} of 0 waits for ever. */
    private static long millisUntil(final long deadline)
    {
        return Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime()));
    }

    private static String describe(final Thread thread)
    {
        final StringBuilder why = new StringBuilder("thread '").append(thread.getName()).append("' (")
            .append(thread.getState()).append(") did not end after its interrupt; left interrupted");
        final StackTraceElement[] stack = thread.getStackTrace();
        for (int i = 0; i < Math.min(FRAMES_SHOWN, stack.length); i++)
        {
            why.append(0 == i ? ", at " : " < ").append(stack[i]);
        }
        return why.toString();
    }

    /** Ends Agrona's close loop: it rethrows what its fail action throws. */
    private static final class NotEnded extends RuntimeException
    {
        private static final long serialVersionUID = 1L;

        NotEnded(final String why)
        {
            super(why, null, false, false);
        }
    }
}
