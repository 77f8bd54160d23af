package io.mongoose.benchmarks.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Command-line flags of {@link ReportMain}, each given as {@code --name=value}.
 */
public final class ReportOptions
{
    /** Title of the summary when {@code --title} is not given. */
    public static final String DEFAULT_TITLE = "Mongoose latency benchmark report";

    /** What the flags are, printed with every usage error. */
    public static final String USAGE = String.join(System.lineSeparator(),
        "usage: scripts/report.sh --input=DIR --output=DIR [--exampleOutput=FILE] [--title=TEXT] [--command=TEXT]",
        "  --input=DIR          directory the sweep wrote its runs to; searched at any depth for *.run.properties",
        "  --output=DIR         where summary.md and the PNG charts go (created if missing)",
        "  --exampleOutput=FILE captured output of the pooled-events example (scripts/example.sh), quoted verbatim",
        "  --title=TEXT         heading of summary.md (default \"" + DEFAULT_TITLE + "\")",
        "  --command=TEXT       the command line that produced the report, quoted verbatim in summary.md",
        "  --readme=FILE        also regenerate the results block between the sweep-results markers in FILE",
        "  --help               print this and exit");

    private static final List<String> FLAGS = List.of("input", "output", "exampleOutput", "title", "command", "readme", "help");

    private final Path input;
    private final Path output;
    private final Path exampleOutput;
    private final String title;
    private final String command;
    private final Path readme;
    private final boolean help;

    private ReportOptions(
        final Path input, final Path output, final Path exampleOutput, final String title, final String command,
        final Path readme, final boolean help)
    {
        this.readme = readme;
        this.input = input;
        this.output = output;
        this.exampleOutput = exampleOutput;
        this.title = title;
        this.command = command;
        this.help = help;
    }

    /**
     * Parse and check the flags: {@code --input} must be an existing directory, {@code --output} a directory or a
     * path that does not exist yet, {@code --exampleOutput} (if given) a readable file.
     *
     * @param args command-line arguments.
     * @return the options; if {@code --help} was given, nothing else is checked.
     * @throws ReportInputException naming the offending flag and what it expects.
     */
    public static ReportOptions parse(final String[] args) throws ReportInputException
    {
        String input = null;
        String output = null;
        String example = null;
        String title = DEFAULT_TITLE;
        String command = null;
        String readme = null;
        final Set<String> seen = new HashSet<>();
        for (final String arg : args)
        {
            if ("--help".equals(arg) || "-h".equals(arg))
            {
                return new ReportOptions(null, null, null, DEFAULT_TITLE, null, null, true);
            }
            final int equals = arg.indexOf('=');
            if (!arg.startsWith("--") || equals < 3)
            {
                throw new ReportInputException("argument '" + arg + "' is not a flag; expected --name=value with " +
                    "name one of " + String.join(", ", FLAGS.subList(0, FLAGS.size() - 1)));
            }
            final String name = arg.substring(2, equals);
            final String value = arg.substring(equals + 1);
            if (!FLAGS.contains(name) || "help".equals(name))
            {
                throw new ReportInputException("--" + name + " is not a known flag; expected one of --" +
                    String.join(", --", FLAGS));
            }
            if (!seen.add(name))
            {
                throw new ReportInputException("--" + name + " is given twice; expected each flag at most once");
            }
            if (value.isBlank())
            {
                throw new ReportInputException("--" + name + " is empty; expected a value after '='");
            }
            switch (name)
            {
                case "input":
                    input = value;
                    break;
                case "output":
                    output = value;
                    break;
                case "exampleOutput":
                    example = value;
                    break;
                case "title":
                    title = value;
                    break;
                case "readme":
                    readme = value;
                    break;
                default:
                    command = value;
                    break;
            }
        }
        return new ReportOptions(inputDirectory(input), outputDirectory(output), exampleFile(example), title,
            null == command ? defaultCommand(args) : command, readmeFile(readme), false);
    }

    /**
     * @return the directory to search for runs; null only when {@link #help()}.
     */
    public Path input()
    {
        return input;
    }

    /**
     * @return where summary.md and the charts go; null only when {@link #help()}.
     */
    public Path output()
    {
        return output;
    }

    /**
     * @return the captured example output to quote, if given.
     */
    public Optional<Path> exampleOutput()
    {
        return Optional.ofNullable(exampleOutput);
    }

    /**
     * @return the heading of summary.md.
     */
    public String title()
    {
        return title;
    }

    /**
     * @return the command line to quote as how the report was produced: {@code --command} if given, otherwise this
     * generator's own invocation rebuilt from its arguments.
     */
    public String command()
    {
        return command;
    }

    /**
     * @return the file whose sweep-results block to regenerate, if {@code --readme} was given.
     */
    public Optional<Path> readme()
    {
        return Optional.ofNullable(readme);
    }

    /**
     * @return whether {@code --help} was given.
     */
    public boolean help()
    {
        return help;
    }

    private static Path inputDirectory(final String value) throws ReportInputException
    {
        if (null == value)
        {
            throw new ReportInputException("--input is missing; expected --input=DIR, the directory the sweep " +
                "wrote its runs to");
        }
        final Path path = Path.of(value);
        if (!Files.isDirectory(path))
        {
            throw new ReportInputException("--input: '" + value + "' is not a directory; expected the directory " +
                "the sweep wrote its runs to");
        }
        return path;
    }

    private static Path outputDirectory(final String value) throws ReportInputException
    {
        if (null == value)
        {
            throw new ReportInputException("--output is missing; expected --output=DIR, where summary.md and the " +
                "charts go");
        }
        final Path path = Path.of(value);
        if (Files.exists(path) && !Files.isDirectory(path))
        {
            throw new ReportInputException("--output: '" + value + "' is a file; expected a directory (created " +
                "if missing)");
        }
        return path;
    }

    private static Path exampleFile(final String value) throws ReportInputException
    {
        if (null == value)
        {
            return null;
        }
        final Path path = Path.of(value);
        if (!Files.isRegularFile(path) || !Files.isReadable(path))
        {
            throw new ReportInputException("--exampleOutput: '" + value + "' is not a readable file; expected the " +
                "captured output of scripts/example.sh");
        }
        return path;
    }

    private static Path readmeFile(final String value) throws ReportInputException
    {
        if (null == value)
        {
            return null;
        }
        final Path path = Path.of(value);
        if (!Files.isRegularFile(path) || !Files.isWritable(path))
        {
            throw new ReportInputException("--readme: '" + value + "' is not a writable file; expected a Markdown " +
                "file containing the lines " + ReadmeResults.BEGIN + " and " + ReadmeResults.END);
        }
        return path;
    }

    private static String defaultCommand(final String[] args)
    {
        final StringBuilder command = new StringBuilder(ReportMain.class.getName());
        for (final String arg : args)
        {
            // Quote what a shell would split, so the line can be pasted back as it is.
            command.append(' ').append(arg.matches("[A-Za-z0-9_./=:,@%+-]+") ? arg : "'" + arg.replace("'",
                "'\\''") + "'");
        }
        return command.toString();
    }
}
