package io.mongoose.examples;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertTrue;

class RingFeedExampleTest
{
    @Test
    void everyTradeIsHandledTheKeptOneOutlivesItsSlotAndNothingLeaks()
    {
        final ByteArrayOutputStream captured = new ByteArrayOutputStream();
        final PrintStream original = System.out;
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try
        {
            RingFeedExample.main(new String[0]);
        }
        finally
        {
            System.setOut(original);
        }

        final String out = captured.toString(StandardCharsets.UTF_8);
        // Quantities 1 + i % 1,000 over 100,000 trades: 100 rounds of 500,500. The first 1,000 is the largest kept.
        assertTrue(out.startsWith("handled 100000 trades, quantity sum 50050000, largest 1000, ShutdownReport[clean]"),
            out);
    }
}
