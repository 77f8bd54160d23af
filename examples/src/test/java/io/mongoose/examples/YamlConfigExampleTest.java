package io.mongoose.examples;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class YamlConfigExampleTest
{
    private static final Path MODULE_DIR = Paths.get(System.getProperty("basedir", System.getProperty("user.dir")));
    static final Path QUOTES_YAML = MODULE_DIR.resolve("config/quotes.yaml");

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(final String... args)
    {
        return YamlConfigExample.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void theExampleFileRunsTheQuickStartsServer()
    {
        assertEquals(YamlConfigExample.EXIT_OK, run(QUOTES_YAML.toString()), () -> err.toString(StandardCharsets.UTF_8));

        // Prices are 10,000 + i % 100: the band 10,000..10,049 holds half of them, which proves the properties arrived.
        final String printed = out.toString(StandardCharsets.UTF_8);
        assertTrue(printed.startsWith("server 'quotes' from " + QUOTES_YAML + ": handled 100000 quotes, price sum " +
            "1004950000, 50000 in band, ShutdownReport[clean]"), printed);
    }

    @Test
    void theDefaultFileIsTheExampleFileFromTheRepositoryRoot()
    {
        assertEquals(QUOTES_YAML.toAbsolutePath().normalize(),
            MODULE_DIR.toAbsolutePath().getParent().resolve(YamlConfigExample.DEFAULT_FILE).normalize());
    }

    @Test
    void aBadFileIsReportedAndStartsNothing(@TempDir final Path dir) throws IOException
    {
        final Path bad = Files.writeString(dir.resolve("bad.yaml"),
            Files.readString(QUOTES_YAML).replace("highTicks: 10049", "highTicks: many"));

        assertEquals(YamlConfigExample.EXIT_USAGE, run(bad.toString()));
        assertEquals("invalid Mongoose configuration (1 error):\n  agents[0].processors[1].properties.highTicks: " +
            "'many'; expected an integer from -9223372036854775808 to 9223372036854775807\n",
            err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void moreThanOneArgumentIsAUsageError()
    {
        assertEquals(YamlConfigExample.EXIT_USAGE, run("a.yaml", "b.yaml"));
        assertEquals("error: 2 arguments; expected at most one, the configuration file\n",
            err.toString(StandardCharsets.UTF_8));
    }
}
