package io.mongoose.pool;

import io.mongoose.internal.DebugChecks;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * Runs in the default and the checks-off Surefire executions and pins that each really runs in the mode it claims, so
 * a POM edit cannot make the checks-off execution silently test the checked path, or the reverse.
 */
class ChecksModeTest
{
    @Test
    void theSurefireExecutionRunsInTheModeItNames()
    {
        final String expected = System.getProperty("mongoose.expectChecks");
        assertNotNull(expected, "each Surefire execution of mongoose-core sets mongoose.expectChecks; run through Maven");
        assertEquals(Boolean.parseBoolean(expected), DebugChecks.ENABLED);
        assertEquals(Boolean.getBoolean(DebugChecks.PROPERTY), DebugChecks.ENABLED);
    }
}
