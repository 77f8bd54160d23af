package io.mongoose.dispatch;

import io.mongoose.testing.Await;
import io.mongoose.testing.CapturedLog;
import io.mongoose.testing.OtherMessage;
import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoggingErrorHandlerTest
{
    private CapturedLog log;
    private List<LogRecord> records;

    @BeforeEach
    void captureLog()
    {
        log = CapturedLog.quiet("io.mongoose.errors");
        records = log.records();
    }

    @AfterEach
    void restoreLog()
    {
        log.close();
    }

    /** Every call creates its exception at the same code location, whatever the type. */
    private static RuntimeException sameSite(final boolean illegalState, final String text)
    {
        return illegalState ? new IllegalStateException(text) : new IllegalArgumentException(text);
    }

    private static RuntimeException otherSite(final String text)
    {
        return new IllegalStateException(text);
    }

    @Test
    void identicalErrorsAreAllCountedAndLoggedOnce()
    {
        final LoggingErrorHandler handler = new LoggingErrorHandler();
        final SeqMessage message = new SeqMessage();
        RuntimeException first = null;

        for (int i = 0; i < 1000; i++)
        {
            final RuntimeException error = sameSite(true, "boom " + i);
            if (null == first)
            {
                first = error;
            }
            handler.onError("pricing", message, error);
        }

        assertEquals(1000, handler.errorCount());
        assertEquals(1, handler.distinctErrorCount());
        assertEquals(1, records.size());
        final LogRecord record = records.get(0);
        assertEquals(Level.WARNING, record.getLevel());
        assertSame(first, record.getThrown());
        assertEquals("error in pricing handling " + SeqMessage.class.getName() +
            " (further identical errors are counted, not logged)", record.getMessage());
    }

    @Test
    void aDifferentExceptionTypeIsANewDistinctError()
    {
        final LoggingErrorHandler handler = new LoggingErrorHandler();
        final SeqMessage message = new SeqMessage();

        handler.onError("pricing", message, sameSite(true, "x"));
        handler.onError("pricing", message, sameSite(false, "x"));
        handler.onError("pricing", message, sameSite(true, "x"));
        handler.onError("pricing", message, sameSite(false, "x"));

        assertEquals(4, handler.errorCount());
        assertEquals(2, handler.distinctErrorCount());
        assertEquals(2, records.size());
        assertTrue(records.get(0).getThrown() instanceof IllegalStateException);
        assertTrue(records.get(1).getThrown() instanceof IllegalArgumentException);
    }

    @Test
    void aDifferentSourceIsANewDistinctError()
    {
        final LoggingErrorHandler handler = new LoggingErrorHandler();
        final SeqMessage message = new SeqMessage();
        final RuntimeException error = sameSite(true, "x");

        handler.onError("pricing", message, error);
        handler.onError("risk", message, error);
        handler.onError("pricing", message, error);
        handler.onError("agent:a", null, error);
        handler.onError("agent:a", null, error);

        assertEquals(5, handler.errorCount());
        assertEquals(3, handler.distinctErrorCount());
        assertEquals(3, records.size());
        assertEquals("error in risk handling " + SeqMessage.class.getName() +
            " (further identical errors are counted, not logged)", records.get(1).getMessage());
        assertEquals("error in agent:a (further identical errors are counted, not logged)",
            records.get(2).getMessage());
    }

    @Test
    void aDifferentMessageTypeIsANewDistinctError()
    {
        final LoggingErrorHandler handler = new LoggingErrorHandler();
        final RuntimeException error = sameSite(true, "x");

        handler.onError("pricing", new SeqMessage(), error);
        handler.onError("pricing", new OtherMessage(), error);
        handler.onError("pricing", null, error);
        handler.onError("pricing", new SeqMessage(), error);

        assertEquals(4, handler.errorCount());
        assertEquals(3, handler.distinctErrorCount());
        assertEquals(3, records.size());
    }

    @Test
    void aDifferentThrowSiteIsANewDistinctError()
    {
        final LoggingErrorHandler handler = new LoggingErrorHandler();
        final SeqMessage message = new SeqMessage();

        handler.onError("pricing", message, sameSite(true, "x"));
        handler.onError("pricing", message, otherSite("x"));
        handler.onError("pricing", message, otherSite("y"));

        assertEquals(3, handler.errorCount());
        assertEquals(2, handler.distinctErrorCount());
        assertEquals(2, records.size());
    }

    @Test
    void exceptionTextDoesNotMakeAnErrorDistinct()
    {
        final LoggingErrorHandler handler = new LoggingErrorHandler();
        final SeqMessage message = new SeqMessage();

        handler.onError("pricing", message, sameSite(true, "order 1 rejected"));
        handler.onError("pricing", message, sameSite(true, "order 2 rejected"));

        assertEquals(2, handler.errorCount());
        assertEquals(1, handler.distinctErrorCount());
        assertEquals(1, records.size());
    }

    @Test
    void errorsWithoutStackTracesAreDeduplicatedToo()
    {
        final LoggingErrorHandler handler = new LoggingErrorHandler();

        for (int i = 0; i < 10; i++)
        {
            handler.onError("pricing", null, new RuntimeException("no trace", null, false, false)
            {
                private static final long serialVersionUID = 1L;
            });
        }

        assertEquals(10, handler.errorCount());
        assertEquals(1, handler.distinctErrorCount());
        assertEquals(1, records.size());

        final LoggingErrorHandler plain = new LoggingErrorHandler();
        final IllegalStateException noTrace = new IllegalStateException("no trace");
        noTrace.setStackTrace(new StackTraceElement[0]);
        plain.onError("pricing", null, noTrace);
        plain.onError("pricing", null, noTrace);
        assertEquals(2, plain.errorCount());
        assertEquals(1, plain.distinctErrorCount());
    }

    @Test
    void handlersCountIndependently()
    {
        final LoggingErrorHandler one = new LoggingErrorHandler();
        final LoggingErrorHandler two = new LoggingErrorHandler();
        final RuntimeException error = sameSite(true, "x");

        one.onError("pricing", null, error);
        one.onError("pricing", null, error);
        two.onError("pricing", null, error);

        assertEquals(2, one.errorCount());
        assertEquals(1, two.errorCount());
        assertEquals(1, one.distinctErrorCount());
        assertEquals(1, two.distinctErrorCount());
        assertEquals(2, records.size(), "each handler logs its own first occurrence");
    }

    @Test
    void concurrentIdenticalErrorsAreCountedExactlyAndLoggedOnce() throws InterruptedException
    {
        final int perThread = 50_000;
        final LoggingErrorHandler handler = new LoggingErrorHandler();
        final RuntimeException error = sameSite(true, "x");
        final CountDownLatch go = new CountDownLatch(1);
        final AtomicReference<Throwable> failure = new AtomicReference<>();
        final Thread[] threads = new Thread[2];
        for (int t = 0; t < threads.length; t++)
        {
            threads[t] = new Thread(() ->
            {
                try
                {
                    assertTrue(go.await(Await.GENEROUS.toMillis(), TimeUnit.MILLISECONDS));
                    for (int i = 0; i < perThread; i++)
                    {
                        handler.onError("pricing", null, error);
                    }
                }
                catch (final Throwable ex)
                {
                    failure.compareAndSet(null, ex);
                }
            }, "error-reporter-" + t);
            threads[t].start();
        }
        go.countDown();
        for (final Thread thread : threads)
        {
            thread.join(Await.GENEROUS.toMillis());
        }

        assertNull(failure.get());
        assertEquals(2L * perThread, handler.errorCount());
        assertEquals(1, handler.distinctErrorCount());
        assertEquals(1, records.size());
    }
}
