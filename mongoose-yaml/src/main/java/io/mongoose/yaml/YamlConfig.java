package io.mongoose.yaml;

import io.mongoose.config.ConfigProblem;
import io.mongoose.config.ConfigValidator;
import io.mongoose.config.MongooseConfigException;
import io.mongoose.config.ServerConfig;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.resolver.CoreScalarResolver;
import org.snakeyaml.engine.v2.resolver.ScalarResolver;
import org.snakeyaml.engine.v2.scanner.StreamReader;
import org.snakeyaml.engine.v2.schema.Schema;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Reads a server configuration from YAML into the same {@link ServerConfig} the builder makes, then validates it.
 *
 * <pre>{@code
 * server:
 *   name: quotes
 *   startTimeout: 30s
 *   shutdownTimeout: 10s
 *   counters: { enabled: true, dir: /dev/shm/quotes, deleteOnStop: true, sampleInterval: 1s }   # all optional
 *   health: { agentStaleAfter: 1s, agentDownAfter: 10s, queueSaturation: 0.8, errorRate: 1, errorRateWindow: 10s }
 * feeds:
 *   - { name: quotes, kind: named, queueCapacity: 4096, fullQueuePolicy: backoff, publishTimeout: 10s }
 * agents:
 *   - name: pricing
 *     idleStrategy: busy-spin
 *     drainLimit: 256
 *     pinning: none                  # or any, or { cpu: 3 }
 *     threadMode: dedicated          # or invoker
 *     processors:
 *       - { name: pricer, type: quote-pricer, subscriptions: [quotes] }
 * services:                          # optional; started before the agents, stopped after them
 *   - { name: refdata, type: refdata, properties: { file: ref.csv } }
 *   - { name: reader, type: file-source, publishes: [quotes], properties: { path: quotes.csv } }
 * }</pre>
 *
 * <p>A processor may also list {@code services: [refdata]} (checked to exist) and {@code publishes: [feed]} (a pipe:
 * its agent thread becomes that feed's single producer). A service's {@code type} is looked up among the service types
 * of {@link ProcessorTypes} ({@link ProcessorTypes.Builder#addConfigurableService}); a service entry may give
 * {@code publishes}, {@code idleStrategy} and {@code pinning} for its agent thread, and {@code properties}.
 *
 * <p>Keys left out take the builder's defaults; a feed's {@code name} and {@code kind}, an agent's {@code name} and
 * {@code processors}, and a processor's {@code name} and {@code type} are required. A processor's {@code type} is
 * looked
 * up in {@link ProcessorTypes}, registered in code, and its optional {@code properties} map goes to that type's
 * {@link ProcessorFactory}. Message pools are registered in code too ({@code PoolRegistry}); files do not declare them.
 *
 * <p>Loading is safe on any input. The file is YAML 1.2 read with SnakeYAML Engine's node composer only: nothing is
 * ever constructed from a tag, and a tag other than the core ones ({@code !!str}, {@code !!int}, …) is refused. Input
 * size, nesting depth, aliases and the values aliases expand to are bounded, so alias bombs and deep nesting end in an
 * error rather than a hang or an {@link OutOfMemoryError}.
 *
 * <p>Every problem is reported at once, in one {@link MongooseConfigException}, each as {@code path: found; expected …}
 * with the path in the file's terms ({@code agents[1].idleStrategy}, {@code feeds[0].queueCapacity}): unknown, missing
 * and duplicate keys, wrong types, unknown enum values and processor types, and everything {@link ConfigValidator}
 * checks. Malformed YAML is one error with its line and column.
 *
 * <p>Nothing is constructed for a document with a problem: the processor and service factories run only once the
 * whole document is valid, each once per entry. Their checks of an entry's properties need them to run, so a
 * property a factory rejects is reported (with every other such property) once the rest of the file is valid; what
 * only the made instances tell (one instance returned for two entries, a publishing service that is not an
 * {@code AgentService}) is checked last.
 */
public final class YamlConfig
{
    /** Largest document read, in characters; a configuration is a few kilobytes. */
    public static final int MAX_CHARS = 1 << 20;
    /** Deepest nesting of lists and maps accepted; a configuration needs 6. */
    public static final int MAX_DEPTH = 32;
    /** Most aliases accepted in one document. */
    public static final int MAX_ALIASES = 50;
    /** Most problems listed; a generated file can have thousands, and a report of thousands helps nobody. */
    public static final int MAX_LISTED = 100;

    /** UTF-8 takes at most 4 bytes per character; reading stops one byte past what could still fit. */
    private static final int MAX_BYTES = MAX_CHARS * 4;
    private static final String WELL_FORMED = "well-formed YAML";

    private static final ConfigSchema SCHEMA = new ConfigSchema();

    private YamlConfig()
    {
    }

    /**
     * @param file  a UTF-8 YAML file.
     * @param types the processor types the file may name.
     * @return the validated configuration.
     * @throws MongooseConfigException listing every problem, including a file that cannot be read or is not UTF-8.
     * @throws NullPointerException    if an argument is null.
     */
    public static ServerConfig load(final Path file, final ProcessorTypes types)
    {
        Objects.requireNonNull(file, "file: null; expected the path of a YAML configuration file");
        final String source = file.toString();
        return load(read(file, source), source, types);
    }

    /**
     * @param yaml       the document.
     * @param sourceName names the document in errors about it as a whole and in syntax errors, e.g. a file name.
     * @param types      the processor types the document may name.
     * @return the validated configuration.
     * @throws MongooseConfigException listing every problem.
     * @throws NullPointerException    if an argument is null.
     */
    public static ServerConfig load(final String yaml, final String sourceName, final ProcessorTypes types)
    {
        Objects.requireNonNull(yaml, "yaml: null; expected the text of a YAML document");
        Objects.requireNonNull(sourceName, "sourceName: null; expected a name for the document, such as its file");
        Objects.requireNonNull(types, "types: null; expected the ProcessorTypes the document may name");
        if (yaml.length() > MAX_CHARS)
        {
            throw fail(sourceName, yaml.length() + " characters", "at most " + MAX_CHARS);
        }
        final Node root = compose(yaml, sourceName);
        if (null == root)
        {
            throw fail(sourceName, "empty document", YamlConfigReader.ROOT_EXPECTED);
        }
        // The whole document is checked before anything is made: a file with a problem runs no factory, so no
        // processor or service constructor runs (and opens nothing) for a configuration that is refused anyway.
        final YamlConfigReader reader = new YamlConfigReader(sourceName, types);
        final ServerConfig model = reader.read(root);
        final List<ConfigProblem> problems = new ArrayList<>(reader.problems());
        if (null != model)
        {
            addValidatorProblems(model, reader, problems);
        }
        throwIfAny(problems, sourceName);
        // Valid: the factories run, each with its entry's properties, whose problems are listed together.
        final ServerConfig config = reader.construct(model);
        throwIfAny(new ArrayList<>(reader.problems()), sourceName);
        // What only the made instances tell: one instance returned for two entries, a publishing service that is
        // not an AgentService.
        final List<ConfigProblem> made = new ArrayList<>();
        addValidatorProblems(config, reader, made);
        throwIfAny(made, sourceName);
        return config;
    }

    /** The validator's problems of a model, in the file's paths, less those the reader already reported. */
    private static void addValidatorProblems(
        final ServerConfig model, final YamlConfigReader reader, final List<ConfigProblem> problems)
    {
        for (final ConfigProblem problem : ConfigValidator.problemsInParts(model))
        {
            final ConfigProblem inFile = new ConfigProblem(
                pathInFile(problem.path()), problem.found(), problem.expected(), problem.kind());
            if (!reader.explains(inFile))
            {
                problems.add(inFile);
            }
        }
    }

    private static void throwIfAny(final List<ConfigProblem> problems, final String sourceName)
    {
        if (!problems.isEmpty())
        {
            // Stable: the reader's problems are in document order already; the validator's join them at their entry.
            problems.sort(Comparator.comparing(p -> Position.of(p.path())));
            throw new MongooseConfigException(listed(problems, sourceName));
        }
    }

    /** The model's paths are the file's, except the server's own settings and a processor's instance. */
    static String pathInFile(final String modelPath)
    {
        if (modelPath.startsWith("counters") || modelPath.startsWith("health"))
        {
            return "server." + modelPath;
        }
        switch (modelPath)
        {
            case "name":
            case "startTimeout":
            case "shutdownTimeout":
                return "server." + modelPath;
            default:
                if (modelPath.startsWith("services[") && modelPath.endsWith(".service"))
                {
                    return modelPath.substring(0, modelPath.length() - ".service".length()) + ".type";
                }
                return modelPath.endsWith(".processor")
                    ? modelPath.substring(0, modelPath.length() - ".processor".length()) + ".type"
                    : modelPath;
        }
    }

    /**
     * Where a path sits in a file, as far as its path tells: the whole document, then server, feeds and agents in
     * that order, then by list indices, an entry's own keys before those of its nested entries.
     */
    private static final class Position implements Comparable<Position>
    {
        private static final List<String> SECTIONS = List.of("server", "feeds", "services", "agents");

        private final int section;
        private final int[] indices;

        private Position(final int section, final int[] indices)
        {
            this.section = section;
            this.indices = indices;
        }

        static Position of(final String path)
        {
            final int end = indexOfAny(path);
            final int section = SECTIONS.indexOf(path.substring(0, end)) + 1; // anything else: 0, with the document
            final List<Integer> indices = new ArrayList<>();
            for (int open = path.indexOf('['); open >= 0; open = path.indexOf('[', open + 1))
            {
                final int close = path.indexOf(']', open);
                try
                {
                    indices.add(Integer.parseInt(path.substring(open + 1, close)));
                }
                catch (final RuntimeException ex)
                {
                    break; // a bracket inside a user's key, not an index: the order so far is enough
                }
            }
            return new Position(section, indices.stream().mapToInt(Integer::intValue).toArray());
        }

        private static int indexOfAny(final String path)
        {
            int end = path.length();
            for (final char c : new char[] {'.', '['})
            {
                final int at = path.indexOf(c);
                end = at >= 0 ? Math.min(end, at) : end;
            }
            return end;
        }

        @Override
        public int compareTo(final Position other)
        {
            final int bySection = Integer.compare(section, other.section);
            return bySection != 0 ? bySection : Arrays.compare(indices, other.indices);
        }
    }

    private static List<String> listed(final List<ConfigProblem> problems, final String source)
    {
        final List<String> errors = new ArrayList<>();
        for (int i = 0; i < problems.size() && i < MAX_LISTED; i++)
        {
            errors.add(problems.get(i).toString());
        }
        if (problems.size() > MAX_LISTED)
        {
            errors.add(ConfigProblem.of(source, (problems.size() - MAX_LISTED) + " more problems not listed",
                "at most " + MAX_LISTED + " listed at once").toString());
        }
        return errors;
    }

    private static Node compose(final String yaml, final String source)
    {
        // The read buffer holds the whole document. SnakeYAML Engine 2.10 refills a smaller buffer in chunks and
        // throws IndexOutOfBoundsException when a surrogate pair (any emoji) straddles a chunk boundary.
        final LoadSettings settings = LoadSettings.builder()
            .setSchema(SCHEMA)
            .setBufferSize(yaml.length() + 1)
            .setMaxAliasesForCollections(MAX_ALIASES)
            .setCodePointLimit(MAX_CHARS)
            .setAllowRecursiveKeys(false)
            .setParseComments(false)
            .build();
        try
        {
            final StreamReader reader = new StreamReader(settings, new StringReader(yaml));
            final GuardedParser parser = new GuardedParser(new ParserImpl(settings, reader), MAX_DEPTH, MAX_ALIASES);
            return new Composer(settings, parser).getSingleNode().orElse(null);
        }
        catch (final GuardedParser.Refused ex)
        {
            throw fail(at(source, ex.getProblemMark()), ex.getProblem(), ex.expected());
        }
        catch (final MarkedYamlEngineException ex)
        {
            final String context = null == ex.getContext() || ex.getContext().isEmpty() ? "" : " (" +
                YamlValues.escape(ex.getContext(), 200) + ex.getContextMark().map(m -> " at " + lineAndColumn(m))
                .orElse("") + ")";
            throw fail(at(source, ex.getProblemMark()), YamlValues.escape(ex.getProblem(), 200) + context, WELL_FORMED);
        }
        catch (final ReaderException ex)
        {
            throw fail(source + " " + position(yaml, ex.getPosition()), "character " +
                String.format("U+%04X", ex.getCodePoint()) + " (" + ex.getMessage() + ")", WELL_FORMED);
        }
        catch (final YamlEngineException ex)
        {
            throw fail(source, YamlValues.escape(String.valueOf(ex.getMessage()), 200), WELL_FORMED);
        }
    }

    private static String at(final String source, final Optional<Mark> mark)
    {
        return mark.map(m -> source + " " + lineAndColumn(m)).orElse(source);
    }

    private static String lineAndColumn(final Mark mark)
    {
        return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
    }

    /** Line and column of a code-point index, counted as the reader counts them (a line ends at LF, CR or CRLF). */
    private static String position(final String yaml, final int codePointIndex)
    {
        int line = 1;
        int column = 1;
        int i = 0;
        for (int cp = 0; cp < codePointIndex && i < yaml.length(); cp++)
        {
            final char c = yaml.charAt(i);
            i += Character.charCount(yaml.codePointAt(i));
            if (c == '\n' || (c == '\r' && (i >= yaml.length() || yaml.charAt(i) != '\n')))
            {
                line++;
                column = 1;
            }
            else if (c != '\r')
            {
                column++;
            }
        }
        return "line " + line + ", column " + column;
    }

    private static String read(final Path file, final String source)
    {
        final byte[] bytes;
        try (InputStream in = Files.newInputStream(file))
        {
            // Bounded, so a device or a huge file (a mistyped path) fails fast instead of filling the heap.
            bytes = in.readNBytes(MAX_BYTES + 1);
        }
        catch (final IOException | RuntimeException ex)
        {
            throw fail(source, "cannot be read (" + YamlValues.escape(ex.toString(), 200) + ")",
                "a readable YAML file");
        }
        if (bytes.length > MAX_BYTES)
        {
            throw fail(source, "more than " + MAX_BYTES + " bytes", "at most " + MAX_CHARS + " characters");
        }
        try
        {
            final String text = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString();
            // A byte order mark is allowed at the start of a YAML stream, not in its content.
            return text.startsWith("\uFEFF") ? text.substring(1) : text;
        }
        catch (final CharacterCodingException ex)
        {
            throw fail(source, "not UTF-8 text", "a UTF-8 YAML file");
        }
    }

    private static MongooseConfigException fail(final String path, final String found, final String expected)
    {
        return new MongooseConfigException(List.of(ConfigProblem.of(path, found, expected).toString()));
    }

    /**
     * The YAML 1.2 core schema's scalars (null, booleans, integers, floats, strings) without its two extensions: the
     * merge key {@code <<}, which YAML 1.2 dropped and whose composer support can loop on a map that merges itself,
     * and {@code ${VAR}} environment references, which a configuration should not half-support.
     */
    private static final class ConfigSchema implements Schema
    {
        private final ScalarResolver resolver = new CoreOnlyResolver();

        @Override
        public ScalarResolver getScalarResolver()
        {
            return resolver;
        }

        @Override
        public Map<Tag, org.snakeyaml.engine.v2.api.ConstructNode> getSchemaTagConstructors()
        {
            return Map.of(); // the node tree is read directly; nothing is constructed
        }
    }

    private static final class CoreOnlyResolver extends CoreScalarResolver
    {
        CoreOnlyResolver()
        {
            super(false);
        }

        @Override
        protected void addImplicitResolvers()
        {
            addImplicitResolver(Tag.NULL, EMPTY, null);
            addImplicitResolver(Tag.BOOL, BOOL, "tfTF");
            // INT before FLOAT: the float pattern matches integers too.
            addImplicitResolver(Tag.INT, INT, "-+0123456789");
            addImplicitResolver(Tag.FLOAT, FLOAT, "-+0123456789.");
            addImplicitResolver(Tag.NULL, NULL, "n\u0000");
        }
    }
}
