package io.mongoose.examples;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ServicesAndConnectorsExampleTest
{
    @Test
    void quotesAreEnrichedThroughTheServiceAndThePipe()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();

        final List<String> enriched =
            ServicesAndConnectorsExample.run(new PrintStream(out, true, StandardCharsets.UTF_8));

        assertEquals(List.of("ACME,10012,Acme Corp", "GLOBX,2250,Globex", "HOOLI,4200,?"), enriched);
        assertEquals("ACME,10012,Acme Corp\nGLOBX,2250,Globex\nHOOLI,4200,?\nShutdownReport[clean]\n", out.toString(StandardCharsets.UTF_8));
    }
}
