package io.mongoose.examples;

import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.Pinning;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ExampleOptionsTest
{
    @Test
    void defaultsMatchTheDocumentedOnes()
    {
        final ExampleOptions options = ExampleOptions.parse(new String[0]);

        assertEquals(20_000_000, options.messages());
        assertEquals(250, options.periodNanos());
        assertEquals(Pinning.none(), options.pinning());
        assertEquals(IdleStrategyKind.BUSY_SPIN, options.idleStrategy());
        assertFalse(options.help());
    }

    @Test
    void everyFlagIsParsed()
    {
        final ExampleOptions options = ExampleOptions.parse(
            new String[]{"--messages=5_000_000", "--periodNanos=0", "--pin=1", "--idle=sleep"});

        assertEquals(5_000_000, options.messages());
        assertEquals(0, options.periodNanos());
        assertEquals(Pinning.cpu(1), options.pinning());
        assertEquals(IdleStrategyKind.SLEEP, options.idleStrategy());
    }

    @Test
    void pinAcceptsNoneAndAny()
    {
        assertEquals(Pinning.anyCpu(), ExampleOptions.parse(new String[]{"--pin=any"}).pinning());
        assertEquals(Pinning.none(), ExampleOptions.parse(new String[]{"--pin=none"}).pinning());
    }

    @Test
    void helpIsRecognised()
    {
        assertTrue(ExampleOptions.parse(new String[]{"--help"}).help());
        assertTrue(ExampleOptions.parse(new String[]{"-h"}).help());
    }
}
