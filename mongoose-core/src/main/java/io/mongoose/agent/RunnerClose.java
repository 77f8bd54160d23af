package io.mongoose.agent;

import org.agrona.concurrent.AgentRunner;

import java.util.concurrent.TimeUnit;

/**
 * Closes an Agrona {@link AgentRunner} within a bound, where Agrona's own close retries for ever on a thread that does
 * not end: waits until a deadline, interrupts the thread, waits a grace period more, then gives up and says why.
 */
public final class RunnerClose
{
    /** How long an interrupted agent thread gets to end: a handler blocked interruptibly ends well within it. */
    public static final long INTERRUPT_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final int FRAMES_SHOWN = 3;

    private RunnerClose()
    {
    }

    /**
     * @param joinDeadline  {@link System#nanoTime()} until which the thread may end by itself once asked to.
     * @param graceDeadline {@link System#nanoTime()} until which it may end once interrupted.
     * @return {@code null} if the thread ended or never started; else its name, state and where it is.
     */
    public static String close(final AgentRunner runner, final long joinDeadline, final long graceDeadline)
    {
        try
        {
            runner.close((int)Math.min(Integer.MAX_VALUE, millisUntil(joinDeadline)), thread ->
            {
                thread.interrupt();
                join(thread, graceDeadline);
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

    private static void join(final Thread thread, final long deadline)
    {
        try
        {
            thread.join(millisUntil(deadline));
        }
        catch (final InterruptedException e)
        {
            Thread.currentThread().interrupt();
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
