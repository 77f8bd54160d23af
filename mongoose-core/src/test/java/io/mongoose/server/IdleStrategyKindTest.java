package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ServiceConfig;
import io.mongoose.status.AgentGroupStats;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;

import java.lang.reflect.Method;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

class IdleStrategyKindTest
{
    private static final String EXPECTED = "; expected one of busy-spin, yield, backoff, sleep";

    @Test
    void eachKindMakesItsAgronaStrategy()
    {
        assertSame(BusySpinIdleStrategy.class, IdleStrategyKind.BUSY_SPIN.newIdleStrategy().getClass());
        assertSame(YieldingIdleStrategy.class, IdleStrategyKind.YIELD.newIdleStrategy().getClass());
        assertSame(BackoffIdleStrategy.class, IdleStrategyKind.BACKOFF.newIdleStrategy().getClass());
        assertSame(SleepingIdleStrategy.class, IdleStrategyKind.SLEEP.newIdleStrategy().getClass());
    }

    @Test
    void theYamlNamesStayWhatFilesSay()
    {
        assertEquals("busy-spin", IdleStrategyKind.BUSY_SPIN.yamlName());
        assertEquals("yield", IdleStrategyKind.YIELD.yamlName());
        assertEquals("backoff", IdleStrategyKind.BACKOFF.yamlName());
        assertEquals("sleep", IdleStrategyKind.SLEEP.yamlName());
        assertEquals(List.of("busy-spin", "yield", "backoff", "sleep"), IdleStrategyKind.yamlNames());
        for (final IdleStrategyKind kind : IdleStrategyKind.values())
        {
            assertSame(kind, IdleStrategyKind.fromYamlName(kind.yamlName()));
        }
    }

    @Test
    void everyCallMakesANewStrategyBecauseTheyHoldState()
    {
        for (final IdleStrategyKind kind : IdleStrategyKind.values())
        {
            final IdleStrategy first = kind.newIdleStrategy();
            final IdleStrategy second = kind.newIdleStrategy();
            assertNotSame(first, second, kind.name());
            assertSame(first.getClass(), second.getClass(), kind.name());
        }
    }

    @Test
    void anUnknownNameThrowsNamingTheValueAndTheChoices()
    {
        for (final String bad : new String[] {"spinn", "", "BUSY-SPIN", "Busy-Spin", "busy_spin", " yield", "sleeping"})
        {
            assertEquals("idleStrategy: unknown '" + bad + "'" + EXPECTED,
                assertThrows(IllegalArgumentException.class, () -> IdleStrategyKind.fromYamlName(bad)).getMessage());
        }
        assertEquals("idleStrategy: unknown null" + EXPECTED,
            assertThrows(IllegalArgumentException.class, () -> IdleStrategyKind.fromYamlName(null)).getMessage());
        assertEquals("idleStrategy: unknown 'a\\nb'" + EXPECTED,
            assertThrows(IllegalArgumentException.class, () -> IdleStrategyKind.fromYamlName("a\nb")).getMessage());
    }

    /** A typo in an idle strategy is a compile error: the configuration takes the enum, never its name. */
    @Test
    void theConfigurationTakesTheKindNotAString() throws ReflectiveOperationException
    {
        final Class<?>[] types = {AgentGroupConfig.class, ServiceConfig.class, AgentGroupStats.class};
        int checked = 0;
        for (final Class<?> type : types)
        {
            for (final Method method : type.getMethods())
            {
                if (method.getName().equals("idleStrategy"))
                {
                    final Class<?> kind = method.getParameterCount() == 0
                        ? method.getReturnType() : method.getParameterTypes()[0];
                    assertEquals(IdleStrategyKind.class.getName(), kind.getName(), method.toString());
                    checked++;
                }
            }
        }
        assertEquals(5, checked, "an accessor and a wither on each config, the stats' accessor");
        assertThrows(ClassNotFoundException.class, () -> Class.forName("io.mongoose.server.IdleStrategies"),
            "the string constants are gone: one way to name an idle strategy");
    }
}
