package io.mongoose.benchmarks.report;

import java.util.List;

/**
 * Makes zero or more charts from the runs. Each kind of chart is one implementation, listed in
 * {@link ReportCharts#standard()}; a new chart is a new implementation added there, and
 * summary.md links it without further changes.
 */
@FunctionalInterface
public interface ChartSource
{
    /**
     * @param runs every run the report read.
     * @return the charts this source makes from them; empty if the runs lack what it needs (a chart of missing data
     * would mislead).
     */
    List<ReportChart> charts(RunCatalog runs);
}
