package io.mongoose.pool;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Leaked messages grouped by where they were acquired: one site per (pool, type, acquisition stack), so a loop that
 * leaks thousands of messages from one line reads as one problem.
 *
 * @param pool             the pool's name.
 * @param type             the messages' class name.
 * @param count            how many in-flight messages were acquired at this site.
 * @param oldest           the age of the oldest of them.
 * @param acquisitionStack the shared acquisition stack, innermost frame first, starting at the caller of
 *                         {@code acquire()}.
 */
public record LeakSite(String pool, String type, int count, Duration oldest, List<StackTraceElement> acquisitionStack)
{
    /** Checks and copies. */
    public LeakSite
    {
        Objects.requireNonNull(pool, "pool: null; expected a pool name");
        Objects.requireNonNull(type, "type: null; expected a class name");
        Objects.requireNonNull(oldest, "oldest: null; expected a duration");
        if (count < 1)
        {
            throw new IllegalArgumentException("count: " + count + "; expected at least 1");
        }
        acquisitionStack = List.copyOf(acquisitionStack);
    }

    /**
     * @param reports in-flight messages, e.g. from {@link ObjectPool#inFlightOlderThan(Duration)}.
     * @return one site per pool, type and acquisition stack, whatever the thread; most messages first, then oldest.
     */
    public static List<LeakSite> group(final List<LeakReport> reports)
    {
        final Map<List<Object>, List<LeakReport>> bySite = new LinkedHashMap<>();
        for (final LeakReport report : reports)
        {
            bySite.computeIfAbsent(List.of(report.pool(), report.type(), report.acquisitionStack()),
                k -> new ArrayList<>()).add(report);
        }
        final List<LeakSite> sites = new ArrayList<>(bySite.size());
        for (final List<LeakReport> same : bySite.values())
        {
            Duration oldest = Duration.ZERO;
            for (final LeakReport report : same)
            {
                if (report.age().compareTo(oldest) > 0)
                {
                    oldest = report.age();
                }
            }
            final LeakReport first = same.get(0);
            sites.add(new LeakSite(first.pool(), first.type(), same.size(), oldest, first.acquisitionStack()));
        }
        sites.sort(Comparator.comparingInt(LeakSite::count).reversed()
            .thenComparing(LeakSite::oldest, Comparator.reverseOrder()));
        return List.copyOf(sites);
    }

    /** @return count, pool, type and oldest age, then the stack, one {@code at} frame a line. */
    public String describe()
    {
        final StringBuilder text = new StringBuilder()
            .append(count).append(count == 1 ? " message" : " messages").append(" of pool '").append(pool)
            .append("' (").append(type).append(") in flight, oldest acquired ").append(oldest.toMillis())
            .append(" ms ago, acquired at:");
        for (final StackTraceElement frame : acquisitionStack)
        {
            text.append("\n\tat ").append(frame);
        }
        return text.toString();
    }
}
