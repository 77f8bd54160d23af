package io.mongoose.benchmarks.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The median of several runs: the figure the throughput comparison uses, because one slow or fast run (a
 * noisy neighbour, a lucky schedule) moves it less than it moves the mean.
 */
public final class Median
{
    private Median()
    {
    }

    /**
     * @param values at least one value.
     * @return the middle value, or the mean of the two middle values when there is an even number of them.
     * @throws IllegalArgumentException if there are no values.
     */
    public static double of(final Collection<Double> values)
    {
        if (values.isEmpty())
        {
            throw new IllegalArgumentException("values: empty; expected at least one value");
        }
        final List<Double> sorted = new ArrayList<>(values);
        sorted.sort(null);
        final int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
