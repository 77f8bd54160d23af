package io.mongoose.examples;

import io.mongoose.tools.MongooseMain;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ExampleProcessorTypesTest
{
    @Test
    void mongooseMainFindsTheTypesOfTheExampleFile()
    {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final ByteArrayOutputStream err = new ByteArrayOutputStream();

        final int exit = MongooseMain.run(new String[] {"--check", "--config=" + YamlConfigExampleTest.QUOTES_YAML},
            new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertEquals(MongooseMain.EXIT_OK, exit, () -> err.toString(StandardCharsets.UTF_8));
        assertEquals(YamlConfigExampleTest.QUOTES_YAML + ": valid; 1 feed, 1 agent group, 2 processors\n",
            out.toString(StandardCharsets.UTF_8));
    }
}
