package io.mongoose.tools;

import io.mongoose.admin.Admin;
import io.mongoose.admin.AdminResult;
import io.mongoose.testing.TestHost;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.UncheckedIOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The console over in-memory streams: answers, one-line errors that do not end the session, quoting, and each way a
 * session ends.
 */
class AdminCliTest
{
    private final TestHost host = new TestHost();
    private final Admin admin = new Admin(host);
    private final StringWriter out = new StringWriter();

    AdminCliTest()
    {
        admin.register("greet", "NAME", "say hello", args -> AdminResult.of("hello " + args.get("NAME")));
        admin.register("silent", "", "answers nothing", args -> AdminResult.of(""));
        admin.register("explode", "", "throws", args ->
        {
            throw new IllegalStateException("line one\nline two");
        });
        admin.register("halt", "", "stops the host", args ->
        {
            host.state = "STOPPED";
            return AdminResult.of("halted");
        });
    }

    private AdminCli.End run(final String input)
    {
        return new AdminCli(admin, new StringReader(input), out).run();
    }

    @Test
    void answersEachLineSkipsBlankOnesAndEndsAtEndOfInput()
    {
        assertEquals(AdminCli.End.END_OF_INPUT, run("greet Ada\n\n   \nsilent\ngreet \"Ada Lovelace\""));

        assertEquals("hello Ada\nhello Ada Lovelace\n", out.toString());
    }

    @Test
    void errorsAreOneLineEachAndTheSessionGoesOn()
    {
        assertEquals(AdminCli.End.END_OF_INPUT, run("gret Ada\ngreet\nexplode\ngreet \"Ada\ngreet Ada\n"));

        assertEquals(String.join("\n",
            "error: unknown command 'gret'; expected one of help, commands, greet, silent, explode, halt",
            "error: greet: missing argument NAME; usage: greet NAME",
            "error: explode: failed: java.lang.IllegalStateException: line one\\nline two",
            "error: unclosed \" at column 7; expected a closing \"",
            "hello Ada", ""), out.toString());
        assertEquals(1, host.reported.size(), "the failure also reached the error handler");
    }

    @Test
    void quitAndExitEndTheSessionAndTheRestIsNotRead()
    {
        assertEquals(AdminCli.End.QUIT, run("greet Ada\nquit\ngreet Bob\n"));
        assertEquals(AdminCli.End.QUIT, run(" exit \ngreet Cy\n"));

        assertEquals("hello Ada\n", out.toString());
    }

    @Test
    void theSessionEndsOnceTheServerHasStopped()
    {
        assertEquals(AdminCli.End.SERVER_STOPPED, run("halt\ngreet Ada\n"));

        assertEquals("halted\n", out.toString());
    }

    @Test
    void thePromptComesBeforeEachLine()
    {
        final AdminCli cli = new AdminCli(admin, new StringReader("greet Ada\n"), out).prompt("mongoose> ");

        assertEquals(AdminCli.End.END_OF_INPUT, cli.run());
        assertEquals("mongoose> hello Ada\nmongoose> ", out.toString());
    }

    @Test
    void aFailingInputIsReportedNotSwallowed()
    {
        final Reader broken = new Reader()
        {
            @Override
            public int read(final char[] buffer, final int offset, final int length) throws IOException
            {
                throw new IOException("disk gone");
            }

            @Override
            public void close()
            {
            }
        };

        final UncheckedIOException ex = assertThrows(UncheckedIOException.class,
            () -> new AdminCli(admin, broken, out).run());
        assertEquals("admin console: reading a command failed", ex.getMessage());
        assertEquals("disk gone", ex.getCause().getMessage());
    }
}
