package io.mongoose.benchmarks.report;

import io.mongoose.benchmarks.sweep.ContextSwitches;
import io.mongoose.benchmarks.sweep.Jitter;
import io.mongoose.benchmarks.sweep.RunResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static io.mongoose.benchmarks.report.RunFixtures.jitter;
import static io.mongoose.benchmarks.report.RunFixtures.latency;
import static io.mongoose.benchmarks.report.RunFixtures.oneToThousand;
import static io.mongoose.benchmarks.report.RunFixtures.values;
import static io.mongoose.benchmarks.report.RunFixtures.withJitter;
import static io.mongoose.benchmarks.report.RunFixtures.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * "Where the tail comes from" on synthetic runs written as the sweep writes them: some with jitter (meter on, meter
 * off, a thread /proc could not count), one written before jitter was recorded. Every cell and every generated
 * sentence is checked against the known histograms.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TailSourceSectionTest
{
    private static final Instant WRITTEN = Instant.parse("2025-06-01T12:00:00Z");

    private SummaryText summary;
    private String section;

    @BeforeAll
    void writeRunsAndRender(@TempDir final Path dir) throws Exception
    {
        final Path input = dir.resolve("runs");
        // Latency max 1,000 ns against a hiccup max of 800 ns: the same order.
        write(input, "m1m", withJitter(latency("mongoose", 1_000_000, 1_000_000, oneToThousand(), 0),
            jitter(12, 457, values(100, 8, 100))), WRITTEN);
        // Latency max 2,000 ns against 100 ns, rate held: the platform does not explain it.
        write(input, "d1m", withJitter(latency("disruptor", 1_000_000, 1_000_000, values(2, 1_000, 2), 0),
            jitter(3, 1, values(10, 10, 10))), WRITTEN);
        // Meter off; the consumer's switches unavailable.
        write(input, "a1m", withJitter(latency("abq", 1_000_000, 1_000_000, values(4, 1_000, 4), 0),
            new Jitter(Optional.of(new ContextSwitches(5, 6)), Optional.empty(), 0, Optional.empty())), WRITTEN);
        // Latency max 10 ns against 1,000 ns: the platform's largest stall missed the messages.
        write(input, "m10k", withJitter(latency("mongoose", 10_000, 10_000, values(1, 10, 1), 0),
            jitter(0, 1, values(1_000, 1, 1))), WRITTEN);
        // Missed its rate, latency max far beyond the hiccups.
        write(input, "m10m", withJitter(latency("mongoose", 10_000_000, 6_100_000, values(1_900, 100, 1), 0),
            jitter(40, 2_000, values(20, 10, 10))), WRITTEN);
        // Written before jitter was recorded.
        write(input, "d10m", latency("disruptor", 10_000_000, 10_000_000, values(5, 100, 1), 0), WRITTEN);

        final ReportOptions options = ReportOptions.parse(new String[] {"--input=" + input,
            "--output=" + dir.resolve("out")});
        final ReportContext context = new ReportContext(options, RunCatalog.load(input), List.of(), List.of());
        summary = new SummaryText(SummaryReport.render(List.of(new TailSourceSection()), context));
        section = summary.section(TailSourceSection.HEADING);
    }

    @Test
    void eachRunHasItsTailNextToTheHiccupsAndSwitchesOfItsWindow()
    {
        assertEquals(List.of("1M msg/s", "Mongoose", "990 ns", "999 ns", "1.0 µs", "400 ns", "800 ns", "800 ns",
            "13 / 12", "459 / 457", "1.25×"), summary.row(TailSourceSection.HEADING, "1M msg/s", "Mongoose"));
        assertEquals(List.of("1M msg/s", "Disruptor", "2.0 µs", "2.0 µs", "2.0 µs", "50 ns", "100 ns", "100 ns",
            "4 / 3", "3 / 1", "20.00×"), summary.row(TailSourceSection.HEADING, "1M msg/s", "Disruptor"));
        assertEquals(List.of("1M msg/s", "ArrayBlockingQueue", "4.0 µs", "4.0 µs", "4.0 µs",
                TailSourceSection.METER_OFF, TailSourceSection.METER_OFF, TailSourceSection.METER_OFF, "5 / 6",
                "unavailable", TailSourceSection.METER_OFF),
            summary.row(TailSourceSection.HEADING, "1M msg/s", "ArrayBlockingQueue"));
        final List<String> old = summary.row(TailSourceSection.HEADING, "10M msg/s", "Disruptor");
        assertEquals(List.of("10M msg/s", "Disruptor", "103 ns", "104 ns", "104 ns"), old.subList(0, 5));
        assertEquals(List.of(TailSourceSection.NOT_RECORDED), old.subList(5, old.size()).stream().distinct().toList());
    }

    @Test
    void rowsGoByRateThenTransportInReportOrder()
    {
        final List<String> order = summary.rows(TailSourceSection.HEADING).stream()
            .map(r -> r.get(0) + " " + r.get(1)).toList();
        assertEquals(List.of("10k msg/s Mongoose", "1M msg/s Mongoose", "1M msg/s Disruptor",
            "1M msg/s ArrayBlockingQueue", "10M msg/s Mongoose", "10M msg/s Disruptor"), order);
    }

    @Test
    void aSentencePerRunSaysWhatTheComparisonShows()
    {
        assertTrue(section.contains("- Mongoose at 1M msg/s: latency max 1.0 µs against a hiccup max of 800 ns " +
            "(1.25×): of the same order, so the tail is the OS or hypervisor taking the CPU, not the transport; the " +
            "consumer was switched out involuntarily 457 times in the window.\n"), section);
        assertTrue(section.contains("- Disruptor at 1M msg/s: latency max 2.0 µs against a hiccup max of 100 ns " +
            "(20.00×): larger than any stall of a thread that only sleeps, so the platform alone does not explain " +
            "it; look to the transport (queueing, back-pressure) or to a stall the meter's CPU did not see; the " +
            "consumer was switched out involuntarily 1 time in the window.\n"), section);
        assertTrue(section.contains("- Mongoose at 10M msg/s: latency max 2.0 µs against a hiccup max of 110 ns " +
            "(18.17×): larger than any stall of a thread that only sleeps, so the platform alone does not explain " +
            "it; the run MISSED its rate (MISSED: 6.1M of 10M), so messages queued behind the schedule; the " +
            "consumer was switched out involuntarily 2,000 times in the window.\n"), section);
        assertTrue(section.contains("- Mongoose at 10k msg/s: latency max 10 ns against a hiccup max of 1.0 µs " +
            "(0.01×): the platform stalled an idle thread for longer than any message waited"), section);
        assertTrue(section.contains("- ArrayBlockingQueue at 1M msg/s: the hiccup meter was off, so its latency " +
            "max of 4.0 µs cannot be set against the platform's stalls.\n"), section);
        assertTrue(section.contains("- Not recorded for Disruptor at 10M msg/s: written before the sweep recorded " +
            "jitter.\n"), section);
        // Of the four runs with a hiccup record, only Mongoose at 1M had a latency max of the same order.
        assertTrue(section.contains("In 1 of 4 runs with a hiccup record, the latency maximum was within 3.00× of " +
            "the hiccup maximum."), section);
    }

    @Test
    void aRunThatPredatesJitterHasASentenceThatSaysSo()
    {
        final RunResult old = latency("agrona", 100_000, 100_000, values(1, 5, 1), 0);
        assertEquals("Agrona queue at 100k msg/s: hiccups and context switches not recorded (the run predates " +
            "them), so its latency max of 5 ns cannot be set against the platform's stalls.",
            TailSourceSection.reading(old));
        final RunResult calm = withJitter(old, jitter(0, 0, values(0, 10, 0)));
        assertEquals("Agrona queue at 100k msg/s: latency max 5 ns against a hiccup max of 0 ns: the meter never " +
            "woke late, so nothing in the window points at the platform; the consumer was switched out " +
            "involuntarily 0 times in the window.", TailSourceSection.reading(calm));
    }

    @Test
    void runsThatAllPredateJitterStillMakeTheSection(@TempDir final Path dir) throws Exception
    {
        final Path input = dir.resolve("old");
        write(input, "a", latency("mongoose", 1_000_000, 1_000_000, oneToThousand(), 0), WRITTEN);
        write(input, "b", latency("jctools", 1_000_000, 1_000_000, oneToThousand(), 0), WRITTEN);
        final ReportContext context = new ReportContext(ReportOptions.parse(new String[] {"--input=" + input,
            "--output=" + dir.resolve("out")}), RunCatalog.load(input), List.of(), List.of());
        final SummaryText old = new SummaryText(SummaryReport.render(List.of(new TailSourceSection()), context));

        final String text = old.section(TailSourceSection.HEADING);
        assertEquals(TailSourceSection.NOT_RECORDED, old.row(TailSourceSection.HEADING, "1M msg/s", "Mongoose")
            .get(7));
        assertTrue(text.contains("None of these runs recorded hiccups or context switches"), text);
        assertFalse(text.contains("runs with a hiccup record"), text);
    }
}
