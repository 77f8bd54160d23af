package io.mongoose.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Captures what a {@code java.util.logging} logger receives (the default backend of {@link System.Logger}) while open.
 * Use in try-with-resources so the handler is always removed.
 */
public final class CapturedLog implements AutoCloseable
{
    private final Logger logger;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();
    private final Handler handler = new Handler()
    {
        @Override
        public void publish(final LogRecord record)
        {
            records.add(record);
        }

        @Override
        public void flush()
        {
        }

        @Override
        public void close()
        {
        }
    };

    private final boolean parentHandlersBefore;
    private final boolean quiet;

    private CapturedLog(final String loggerName, final boolean quiet)
    {
        logger = Logger.getLogger(loggerName);
        parentHandlersBefore = logger.getUseParentHandlers();
        this.quiet = quiet;
        if (quiet)
        {
            logger.setUseParentHandlers(false);
        }
        logger.addHandler(handler);
    }

    /** @return a capture of {@code loggerName}, open until {@link #close()}; records still reach the console. */
    public static CapturedLog of(final String loggerName)
    {
        return new CapturedLog(loggerName, false);
    }

    /** @return a capture that also keeps the records off the console (for tests that log stack traces on purpose). */
    public static CapturedLog quiet(final String loggerName)
    {
        return new CapturedLog(loggerName, true);
    }

    /** @return every record so far, in order. */
    public List<LogRecord> records()
    {
        return records;
    }

    /** @return the messages of every record so far, in order. */
    public List<String> messages()
    {
        return messagesAt(null);
    }

    /** @return the messages of the records at {@code level} (every level if null), in order. */
    public List<String> messagesAt(final Level level)
    {
        final List<String> messages = new ArrayList<>();
        for (final LogRecord record : records)
        {
            if (null == level || record.getLevel() == level)
            {
                messages.add(record.getMessage());
            }
        }
        return messages;
    }

    @Override
    public void close()
    {
        logger.removeHandler(handler);
        if (quiet)
        {
            logger.setUseParentHandlers(parentHandlersBefore);
        }
    }
}
