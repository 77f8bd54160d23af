package io.mongoose.dispatch;

import io.mongoose.pool.PooledMessage;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The default, thread-safe error handler: counts every error and logs each distinct one (source, message type,
 * exception type and throwing location) once, at WARNING, so a handler failing on every message does not flood the log.
 */
public final class LoggingErrorHandler implements DispatchErrorHandler
{
    private static final System.Logger LOG = System.getLogger("io.mongoose.errors");

    private final AtomicLong errors = new AtomicLong();
    private final Map<String, AtomicLong> countsByKey = new ConcurrentHashMap<>();

    /** A handler with no errors counted yet. */
    public LoggingErrorHandler()
    {
    }

    @Override
    public void onError(final String source, final PooledMessage message, final Throwable error)
    {
        if (null == error)
        {
            // A caller bug, not an error to count.
            throw new NullPointerException("error: null; expected the Throwable to report (from " + source + ")");
        }
        errors.incrementAndGet();
        final StackTraceElement[] trace = error.getStackTrace();
        final String key = source + '|' + (null == message ? "-" : message.getClass().getName()) + '|' +
            error.getClass().getName() + '|' + (trace.length == 0 ? "?" : trace[0].toString());
        final AtomicLong count = countsByKey.computeIfAbsent(key, k -> new AtomicLong());
        if (count.getAndIncrement() == 0)
        {
            LOG.log(System.Logger.Level.WARNING,
                "error in " + source + (null == message ? "" : " handling " + message.getClass().getName()) +
                " (further identical errors are counted, not logged)", error);
        }
    }

    /** @return errors seen, including those not logged. */
    public long errorCount()
    {
        return errors.get();
    }

    /** @return distinct errors seen, each logged once. */
    public int distinctErrorCount()
    {
        return countsByKey.size();
    }
}
