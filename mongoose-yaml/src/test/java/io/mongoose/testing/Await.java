package io.mongoose.testing;

import java.time.Duration;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.fail;

/**
 * Waits for a condition with a generous bound. The bound only stops a broken test from hanging; no assertion depends
 * on how fast anything happens.
 */
public final class Await
{
    public static final Duration GENEROUS = Duration.ofSeconds(120);

    private Await()
    {
    }

    public static void until(final String what, final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + GENEROUS.toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                fail("gave up after " + GENEROUS.toSeconds() + " s waiting for: " + what);
            }
            Thread.onSpinWait();
            Thread.yield();
        }
    }
}
