package io.mongoose.pool;

import java.time.Duration;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.function.BinaryOperator;
import java.util.stream.Collectors;

/**
 * Leaked messages grouped by pool, type and acquisition stack (innermost frame first, from the caller of
 * {@code acquire()}), so a loop leaking thousands from one line reads as one problem: how many, and the oldest's age.
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

    /** @return the reports by pool, type and acquisition stack, whatever the thread; largest, then oldest first. */
    public static List<LeakSite> group(final List<LeakReport> reports)
    {
        return reports.stream()
            .collect(Collectors.groupingBy(report -> List.of(report.pool(), report.type(), report.acquisitionStack()),
                LinkedHashMap::new, Collectors.toList()))
            .values().stream()
            .map(same -> new LeakSite(same.get(0).pool(), same.get(0).type(), same.size(),
                same.stream().map(LeakReport::age)
                    .reduce(Duration.ZERO, BinaryOperator.maxBy(Comparator.naturalOrder())),
                same.get(0).acquisitionStack()))
            .sorted(Comparator.comparingInt(LeakSite::count).reversed()
                .thenComparing(LeakSite::oldest, Comparator.reverseOrder()))
            .toList();
    }

    /** @return count, pool, type and oldest age, then the stack, one {@code at} frame a line. */
    public String describe()
    {
        return acquisitionStack.stream().map(frame -> "\n\tat " + frame).collect(Collectors.joining("",
            count + (count == 1 ? " message" : " messages") + " of pool '" + pool + "' (" + type +
            ") in flight, oldest acquired " + oldest.toMillis() + " ms ago, acquired at:", ""));
    }
}
