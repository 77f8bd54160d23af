package io.mongoose.tools;

import io.mongoose.admin.Admin;
import io.mongoose.admin.AdminException;
import io.mongoose.admin.AdminResult;
import io.mongoose.admin.CommandLine;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;
import java.util.Objects;

/**
 * A console for an {@link Admin}: reads command lines, prints each answer's text, or {@code error: …} on one line
 * for a refusal or failure, and goes on. Blank lines are skipped; words with blanks are quoted ({@link CommandLine}).
 * The session ends at {@code quit} or {@code exit}, at the end of the input, or once the server has stopped (after
 * a {@code stop}, or a stop from elsewhere noticed at the next line).
 *
 * <p>Threading: {@link #run()} runs on the caller's thread, typically one dedicated to the console; never on an agent
 * thread, since commands bound to an agent wait for it.
 */
public final class AdminCli
{
    /** Why a session ended. */
    public enum End
    {
        /** {@code quit} or {@code exit}. */
        QUIT,
        /** The input ended. */
        END_OF_INPUT,
        /** The server stopped (or failed to start). */
        SERVER_STOPPED
    }

    private final Admin admin;
    private final BufferedReader in;
    private final PrintWriter out;
    private String prompt = "";

    /**
     * @param admin the server's commands.
     * @param in    command lines.
     * @param out   answers and errors.
     */
    public AdminCli(final Admin admin, final Reader in, final Writer out)
    {
        this.admin = Objects.requireNonNull(admin, "admin: null; expected the server's Admin");
        this.in = new BufferedReader(Objects.requireNonNull(in, "in: null; expected a Reader of command lines"));
        this.out = new PrintWriter(Objects.requireNonNull(out, "out: null; expected a Writer for answers"), true);
    }

    /**
     * @param text printed before each line is read, e.g. {@code "mongoose> "}; empty (the default) for none.
     * @return this.
     */
    public AdminCli prompt(final String text)
    {
        this.prompt = Objects.requireNonNull(text, "prompt: null; expected text or \"\"");
        return this;
    }

    /**
     * Read and run commands until the session ends.
     *
     * @return why it ended.
     * @throws UncheckedIOException if reading the input fails.
     */
    public End run()
    {
        while (true)
        {
            if (admin.host().isFinished())
            {
                return End.SERVER_STOPPED;
            }
            if (!prompt.isEmpty())
            {
                out.print(prompt);
                out.flush();
            }
            final String line;
            try
            {
                line = in.readLine();
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException("admin console: reading a command failed", ex);
            }
            if (null == line)
            {
                return End.END_OF_INPUT;
            }
            if (line.isBlank())
            {
                continue;
            }
            if (runLine(line))
            {
                return End.QUIT;
            }
        }
    }

    /** @return whether the line asked to quit. */
    private boolean runLine(final String line)
    {
        try
        {
            final List<String> words = CommandLine.parse(line);
            if (words.size() == 1 && Admin.RESERVED.contains(words.get(0)))
            {
                return true;
            }
            final AdminResult result = admin.invoke(words.get(0), words.subList(1, words.size()));
            if (!result.text().isEmpty())
            {
                out.println(result.text());
            }
        }
        catch (final AdminException ex)
        {
            out.println("error: " + CommandLine.oneLine(String.valueOf(ex.getMessage())));
        }
        catch (final RuntimeException ex)
        {
            // Not a refusal (those are AdminExceptions) but still one line, and the console goes on.
            out.println("error: " + CommandLine.oneLine(ex.toString()));
        }
        out.flush();
        return false;
    }
}
