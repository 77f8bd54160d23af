package io.mongoose.server;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdleStrategiesTest
{
    private static final String EXPECTED = "; expected one of busy-spin, yield, backoff, sleep";

    @Test
    void eachNameMapsToItsAgronaStrategy()
    {
        assertSame(BusySpinIdleStrategy.class, IdleStrategies.byName("busy-spin").getClass());
        assertSame(YieldingIdleStrategy.class, IdleStrategies.byName("yield").getClass());
        assertSame(BackoffIdleStrategy.class, IdleStrategies.byName("backoff").getClass());
        assertSame(SleepingIdleStrategy.class, IdleStrategies.byName("sleep").getClass());
    }

    @Test
    void constantsAreTheConfigurationNames()
    {
        assertEquals("busy-spin", IdleStrategies.BUSY_SPIN);
        assertEquals("yield", IdleStrategies.YIELD);
        assertEquals("backoff", IdleStrategies.BACKOFF);
        assertEquals("sleep", IdleStrategies.SLEEP);
        assertEquals(List.of("busy-spin", "yield", "backoff", "sleep"), IdleStrategies.NAMES);
    }

    @Test
    void everyCallMakesANewStrategyBecauseTheyHoldState()
    {
        for (final String name : IdleStrategies.NAMES)
        {
            final IdleStrategy first = IdleStrategies.byName(name);
            final IdleStrategy second = IdleStrategies.byName(name);
            assertNotSame(first, second, name);
            assertSame(first.getClass(), second.getClass(), name);
        }
    }

    @Test
    void unknownNameThrowsNamingTheValueAndTheChoices()
    {
        assertEquals("idleStrategy: unknown 'spinn'" + EXPECTED,
            assertThrows(IllegalArgumentException.class, () -> IdleStrategies.byName("spinn")).getMessage());
        assertEquals("idleStrategy: unknown 'spinn'; expected one of busy-spin, yield, backoff, sleep",
            assertThrows(IllegalArgumentException.class, () -> IdleStrategies.byName("spinn")).getMessage());
        assertEquals("idleStrategy: unknown ''" + EXPECTED,
            assertThrows(IllegalArgumentException.class, () -> IdleStrategies.byName("")).getMessage());
        assertEquals("idleStrategy: unknown 'BUSY-SPIN'" + EXPECTED,
            assertThrows(IllegalArgumentException.class, () -> IdleStrategies.byName("BUSY-SPIN")).getMessage());
        assertEquals("idleStrategy: unknown 'busy_spin'" + EXPECTED,
            assertThrows(IllegalArgumentException.class, () -> IdleStrategies.byName("busy_spin")).getMessage());
    }

    @Test
    void nullNameThrowsNamingNull()
    {
        assertEquals("idleStrategy: unknown null" + EXPECTED,
            assertThrows(IllegalArgumentException.class, () -> IdleStrategies.byName(null)).getMessage());
    }

    @Test
    void isKnownAcceptsExactlyTheNames()
    {
        for (final String name : IdleStrategies.NAMES)
        {
            assertTrue(IdleStrategies.isKnown(name), name);
        }
        assertFalse(IdleStrategies.isKnown("spinn"));
        assertFalse(IdleStrategies.isKnown(""));
        assertFalse(IdleStrategies.isKnown("Yield"));
        assertFalse(IdleStrategies.isKnown(" yield"));
        assertFalse(IdleStrategies.isKnown("sleeping"));
    }

    @Test
    void isKnownOfNullIsFalseNotAnException()
    {
        assertFalse(IdleStrategies.isKnown(null));
    }

    @Test
    void isKnownAgreesWithByName()
    {
        for (final String name : new String[] {"busy-spin", "yield", "backoff", "sleep", "spin", "park", "", null})
        {
            boolean accepted;
            try
            {
                IdleStrategies.byName(name);
                accepted = true;
            }
            catch (final IllegalArgumentException ex)
            {
                accepted = false;
            }
            assertEquals(accepted, IdleStrategies.isKnown(name), String.valueOf(name));
        }
    }
}
