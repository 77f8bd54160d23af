package io.mongoose.examples;

import io.mongoose.config.MongooseConfigException;
import io.mongoose.yaml.YamlConfig;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Keeps the README and the docs it links honest: its commands are the ones CI and the example script run, its embedding
 * example is the quick-start source that {@link QuickStartExampleTest} compiles and runs, the snippets that moved to
 * docs/configuration.md and docs/concepts.md are the examples' own code and files, and relative links resolve.
 */
class ReadmeTest
{
    private static final Path MODULE_DIR = Paths.get(System.getProperty("basedir", System.getProperty("user.dir")));
    private static final Path REPO_ROOT = MODULE_DIR.toAbsolutePath().getParent();
    /** Where the YAML reference moved from the README. */
    private static final String CONFIGURATION = "docs/configuration.md";
    /** Where the API reference (services and connectors among it) moved from the README. */
    private static final String CONCEPTS = "docs/concepts.md";

    @Test
    void startsWithTitleDescriptionAndExactlyTheTwoCommands() throws IOException
    {
        final List<String> lines = readLines(REPO_ROOT.resolve("README.md"));

        assertTrue(lines.get(0).startsWith("# "), lines.get(0));
        assertEquals("", lines.get(1));
        assertTrue(!lines.get(2).isBlank() && !lines.get(2).startsWith("```"), "one-line description: " + lines.get(2));
        assertEquals("", lines.get(3));
        assertTrue(lines.get(4).startsWith("```"), lines.get(4));
        assertEquals("scripts/sweep.sh", lines.get(5));
        assertEquals("mvn -B verify", lines.get(6));
        assertEquals("```", lines.get(7));
    }

    @Test
    void ciRunsTheReadmeTestCommand() throws IOException
    {
        final String testCommand = readLines(REPO_ROOT.resolve("README.md")).get(6);
        final List<String> ci = readLines(REPO_ROOT.resolve(".ci/run"));

        assertTrue(ci.contains(testCommand), ".ci/run must run '" + testCommand + "': " + ci);
        assertTrue(ci.contains("set -euo pipefail"), ci.toString());
        assertTrue(Files.isExecutable(REPO_ROOT.resolve(".ci/run")), ".ci/run must be executable");
        assertTrue(Files.isExecutable(REPO_ROOT.resolve("scripts/example.sh")), "scripts/example.sh must be executable");
        assertTrue(Files.isExecutable(REPO_ROOT.resolve("scripts/sweep.sh")), "scripts/sweep.sh must be executable");
        assertTrue(Files.isExecutable(REPO_ROOT.resolve("scripts/yaml-example.sh")),
            "scripts/yaml-example.sh must be executable");
        assertTrue(Files.isExecutable(REPO_ROOT.resolve("scripts/run-server.sh")),
            "scripts/run-server.sh must be executable");
    }

    @Test
    void theDependencySnippetAndFlagsComeBeforeTheQuickStartAndMatchTheBuild() throws IOException
    {
        final String readme = Files.readString(REPO_ROOT.resolve("README.md"), StandardCharsets.UTF_8);
        final String pom = Files.readString(REPO_ROOT.resolve("pom.xml"), StandardCharsets.UTF_8);
        final String version = between(pom, "<version>", "</version>");
        final String xml = block(readme, "```xml\n");
        assertTrue(xml.contains("<groupId>io.mongoose</groupId><artifactId>mongoose-bom</artifactId><version>" +
            version + "</version>") && xml.contains("<type>pom</type><scope>import</scope>"), xml);
        assertTrue(xml.contains("<groupId>io.mongoose</groupId><artifactId>mongoose-core</artifactId>"), xml);
        assertTrue(block(readme, "```sh\nmvn -B -DskipTests install").contains("-pl mongoose-bom,mongoose-core -am"),
            "the install command builds what the snippet names");
        // The flags a user adds are the ones every JVM of this build runs with.
        final String flags = between(pom, "<mongoose.jvm.flags>", "</mongoose.jvm.flags>");
        assertEquals(flags + "\n", block(readme, "```sh\n--add-opens"));
        final int quickStart = readme.indexOf("\n## Quick start\n");
        assertTrue(readme.indexOf("```xml\n") < quickStart && readme.indexOf("```sh\n--add-opens") < quickStart);
    }

    private static String between(final String text, final String open, final String close)
    {
        final int start = text.indexOf(open) + open.length();
        return text.substring(start, text.indexOf(close, start));
    }

    @Test
    void embeddingExampleIsTheQuickStartSource() throws IOException
    {
        final String readme = new String(Files.readAllBytes(REPO_ROOT.resolve("README.md")), StandardCharsets.UTF_8);
        final int start = readme.indexOf("```java\n");
        assertTrue(start >= 0, "README has no ```java block");
        final int end = readme.indexOf("\n```\n", start);
        final String block = readme.substring(start + "```java\n".length(), end + 1);

        final String source = new String(Files.readAllBytes(
            MODULE_DIR.resolve("src/main/java/io/mongoose/examples/QuickStartExample.java")), StandardCharsets.UTF_8);
        // The README leaves out only the package declaration, so the code pastes into any file.
        final String withoutPackage = source.substring(source.indexOf("import "));

        assertEquals(withoutPackage, block);
    }

    @Test
    void yamlSectionsShowTheExampleFile() throws IOException
    {
        final String yaml = Files.readString(YamlConfigExampleTest.QUOTES_YAML, StandardCharsets.UTF_8);

        assertEquals(yaml, block(section("## Configuration in brief"), "```yaml\n"));
        assertEquals(yaml, block(section(CONFIGURATION, "## Configuration in YAML"), "```yaml\n"));
    }

    @Test
    void yamlSectionJavaIsTheExamplesCode() throws IOException
    {
        final List<String> shown = stripped(block(section(CONFIGURATION, "## Configuration in YAML"), "```java\n"));
        final List<String> source = stripped(Files.readString(
            MODULE_DIR.resolve("src/main/java/io/mongoose/examples/YamlConfigExample.java"), StandardCharsets.UTF_8));

        assertTrue(java.util.Collections.indexOfSubList(source, shown) >= 0,
            "docs/configuration.md's Java is not a piece of YamlConfigExample.java:\n" + String.join("\n", shown));
    }

    @Test
    void yamlSectionErrorsAreWhatTheMisspeltExampleGives() throws IOException
    {
        final String yaml = Files.readString(YamlConfigExampleTest.QUOTES_YAML, StandardCharsets.UTF_8)
            .replace("queueCapacity: 4096", "queueCapacity: 1000")
            .replace("idleStrategy: backoff", "idleStrategy: spinn")
            .replace("type: price-band", "type: price-bnad");
        final String section = section(CONFIGURATION, "## Configuration in YAML");
        assertTrue(section.contains("With `queueCapacity: 1000`,\n`idleStrategy: spinn` and `type: price-bnad`"),
            "docs/configuration.md names the three changes this test makes");

        final MongooseConfigException ex = assertThrows(MongooseConfigException.class, () -> YamlConfig.load(
            yaml, "quotes.yaml", YamlConfigExample.types(new ArrayList<>(), new ArrayList<>())));

        assertEquals(block(section, "```\ninvalid"), "invalid" + ex.getMessage().substring("invalid".length()) + "\n");
    }

    @Test
    void servicesSectionJavaIsTheExamplesCode() throws IOException
    {
        final List<String> shown = stripped(block(section(CONCEPTS, "## Services"), "```java\n"));
        final List<String> source = stripped(Files.readString(
            MODULE_DIR.resolve("src/main/java/io/mongoose/examples/ServicesAndConnectorsExample.java"),
            StandardCharsets.UTF_8));

        assertTrue(java.util.Collections.indexOfSubList(source, shown) >= 0,
            "docs/concepts.md's Java is not a piece of ServicesAndConnectorsExample.java:\n"
                + String.join("\n", shown));
    }

    @Test
    void connectorsSectionShowsThePipelineFile() throws IOException
    {
        assertEquals(Files.readString(PipelineYamlTest.PIPELINE_YAML, StandardCharsets.UTF_8),
            block(section(CONCEPTS, "## Connectors"), "```yaml\n"));
    }

    @Test
    void readmeIsAGuideOfAtMost300Lines() throws IOException
    {
        final List<String> lines = readLines(REPO_ROOT.resolve("README.md"));

        assertTrue(lines.size() <= 300, "README.md has " + lines.size() + " lines; reference material goes in docs/");
    }

    @Test
    void relativeLinksInTheReadmeAndDocsResolve() throws IOException
    {
        final List<Path> pages = new ArrayList<>();
        pages.add(REPO_ROOT.resolve("README.md"));
        try (java.util.stream.Stream<Path> docs = Files.list(REPO_ROOT.resolve("docs")))
        {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        final java.util.regex.Pattern link = java.util.regex.Pattern.compile("\\]\\(([^)\\s]+)\\)");
        final List<String> broken = new ArrayList<>();
        for (final Path page : pages)
        {
            final java.util.regex.Matcher m = link.matcher(Files.readString(page, StandardCharsets.UTF_8));
            while (m.find())
            {
                final String target = m.group(1);
                if (target.startsWith("http") || target.startsWith("#"))
                {
                    continue;
                }
                final String path = target.contains("#") ? target.substring(0, target.indexOf('#')) : target;
                if (!Files.exists(page.getParent().resolve(path)))
                {
                    broken.add(REPO_ROOT.relativize(page) + ": " + target);
                }
            }
        }
        assertEquals(List.of(), broken);
    }

    /** The README from a heading to the next one. */
    private static String section(final String heading) throws IOException
    {
        return section("README.md", heading);
    }

    /** A Markdown file of the repository from a heading to the next one. */
    private static String section(final String file, final String heading) throws IOException
    {
        final String readme = Files.readString(REPO_ROOT.resolve(file), StandardCharsets.UTF_8);
        final int start = readme.indexOf("\n" + heading + "\n");
        assertTrue(start >= 0, file + " has no section " + heading);
        final int end = readme.indexOf("\n## ", start + 1);
        return readme.substring(start, end < 0 ? readme.length() : end);
    }

    /** The first fenced block starting with {@code opening}, without its fences (the text after "```" included). */
    private static String block(final String text, final String opening)
    {
        final int start = text.indexOf(opening);
        assertTrue(start >= 0, "no block starting " + opening);
        final int contentStart = text.indexOf('\n', start) + 1;
        final int end = text.indexOf("\n```\n", contentStart - 1);
        return text.substring(opening.startsWith("```\n") ? start + 4 : contentStart, end + 1);
    }

    private static List<String> stripped(final String text)
    {
        final List<String> lines = new ArrayList<>();
        for (final String line : text.split("\n"))
        {
            lines.add(line.strip());
        }
        return lines;
    }

    private static List<String> readLines(final Path file) throws IOException
    {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }
}
