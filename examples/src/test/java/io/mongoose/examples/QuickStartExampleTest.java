package io.mongoose.examples;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

class QuickStartExampleTest
{
    @Test
    void quickStartHandlesEveryQuoteAndStopsCleanly()
    {
        final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        final PrintStream original = System.out;
        // The quick start prints with System.out on purpose (it is the README's paste-able code), so capture that.
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try
        {
            QuickStartExample.main(new String[0]);
        }
        finally
        {
            System.setOut(original);
        }

        final String out = captured.toString(StandardCharsets.UTF_8);
        // 100,000 quotes with prices 10,000 + i % 100: 1,000 rounds of (10,000 * 100 + 4,950).
        assertTrue(out.startsWith("handled 100000 quotes, price sum 1004950000, ShutdownReport[clean]"), out);
    }
}
