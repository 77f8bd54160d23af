package io.mongoose.benchmarks.report;

import org.knowm.xchart.internal.chartpart.Chart;

/**
 * One chart the report renders: the file it goes to, the caption the summary links it with, and the XChart chart.
 *
 * @param fileName PNG file name in the output directory, e.g. {@code latency_by_rate.png}.
 * @param caption  one line saying what the chart shows, used as the link text in summary.md.
 * @param chart    the chart, ready to render.
 */
public record ReportChart(String fileName, String caption, Chart<?, ?> chart)
{
}
