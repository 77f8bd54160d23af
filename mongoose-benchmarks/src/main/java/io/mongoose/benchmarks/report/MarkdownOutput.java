package io.mongoose.benchmarks.report;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Where a program that writes one Markdown document sends it: standard output, or the file its {@code --output} flag
 * names (parent directories created). Shared by the comparison and the profile programs so they take the flag, and
 * complain about it, alike.
 */
final class MarkdownOutput
{
    private final Path file;
    private final String what;

    private MarkdownOutput(final Path file, final String what)
    {
        this.file = file;
        this.what = what;
    }

    /**
     * @param value  the {@code --output} flag's value; empty for standard output.
     * @param what   what the document is ("comparison", "profile"), for messages.
     * @param errors where a line goes if the value names a directory.
     * @return the destination.
     */
    static MarkdownOutput of(final String value, final String what, final List<String> errors)
    {
        final Path file = value.isEmpty() ? null : Path.of(value);
        if (null != file && Files.isDirectory(file))
        {
            errors.add("--output: '" + file + "' is a directory; expected a file to write the " + what + " to");
        }
        return new MarkdownOutput(file, what);
    }

    /**
     * Write the document: to {@code out} as is, or to the file with one confirmation line on {@code out}.
     *
     * @param markdown the document.
     * @param prefix   the program's message prefix, e.g. {@code "compare: "}.
     * @param out      standard output.
     * @param err      where a write failure is reported.
     * @return {@code false} if the file could not be written (reported on {@code err}).
     */
    boolean deliver(final String markdown, final String prefix, final PrintStream out, final PrintStream err)
    {
        if (null == file)
        {
            out.print(markdown);
            return true;
        }
        try
        {
            final Path parent = file.toAbsolutePath().getParent();
            if (null != parent)
            {
                Files.createDirectories(parent);
            }
            Files.writeString(file, markdown, StandardCharsets.UTF_8);
            out.println(prefix + "wrote " + file);
            return true;
        }
        catch (final IOException ex)
        {
            err.println(prefix + "cannot write the " + what + " to '" + file + "': " + ex);
            return false;
        }
    }
}
