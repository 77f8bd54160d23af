package io.mongoose.benchmarks.report;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * HotPathProfileReport on profiles built by hand, so every count and share is known: which threads are shown and in
 * what order, inclusive counting with recursion, self frames with and without a line, the package split adding up
 * to 100.0%, and the truncation note.
 */
class HotPathProfileReportTest
{
    private static final Instant T0 = Instant.parse("2025-06-01T12:00:00Z");

    private static final ProfileFrame AGENT_RUN = new ProfileFrame("org.agrona.concurrent.AgentRunner", "run", 291);
    private static final ProfileFrame DISPATCH_OUTER =
        new ProfileFrame("io.mongoose.dispatch.Dispatcher", "dispatch", 40);
    private static final ProfileFrame DISPATCH_INNER =
        new ProfileFrame("io.mongoose.dispatch.Dispatcher", "dispatch", 52);
    private static final ProfileFrame ON_EVENT = new ProfileFrame("io.mongoose.benchmarks.sweep.Handler", "onEvent", 7);
    private static final ProfileFrame RECORD =
        new ProfileFrame("org.HdrHistogram.AbstractHistogram", "recordValue", 415);
    private static final ProfileFrame POLL = new ProfileFrame("org.jctools.queues.SpscArrayQueue", "poll", 0);
    private static final ProfileFrame PUBLISH = new ProfileFrame("io.mongoose.server.FeedPublisher", "publish", 88);
    private static final ProfileFrame ACQUIRE = new ProfileFrame("io.mongoose.pool.ObjectPool", "acquire", 61);
    private static final ProfileFrame SEND = new ProfileFrame("io.mongoose.benchmarks.sweep.Publisher", "run", 120);
    private static final ProfileFrame SPIN = new ProfileFrame("java.lang.Thread", "onSpinWait", -1);

    /**
     * 100 samples: the consumer 50, the publisher 40, main 5 (exactly 5%, shown), hiccup-meter 4 and a JFR thread 1
     * (left out).
     */
    private static HotPathProfile sweepLike()
    {
        final HotPathProfile profile = new HotPathProfile();
        // Consumer: dispatch recurses (the handler dispatches again), so it is on every stack twice.
        add(profile, "bench-agent", 30, List.of(RECORD, ON_EVENT, DISPATCH_INNER, DISPATCH_OUTER, AGENT_RUN));
        add(profile, "bench-agent", 15, List.of(DISPATCH_INNER, DISPATCH_OUTER, AGENT_RUN));
        add(profile, "bench-agent", 5, List.of(POLL, AGENT_RUN));
        add(profile, "publisher", 24, List.of(ACQUIRE, SEND));
        add(profile, "publisher", 10, List.of(PUBLISH, SEND));
        add(profile, "publisher", 6, List.of(SPIN, SEND));
        add(profile, "main", 5, List.of(SPIN));
        add(profile, "hiccup-meter", 4, List.of(SPIN));
        add(profile, "JFR Periodic Tasks", 1, List.of(SPIN));
        return profile;
    }

    @Test
    void threadsOverFivePercentPublisherThenConsumerThenOthers()
    {
        final ProfileMarkdown md = new ProfileMarkdown(HotPathProfileReport.render("T", "x.jfr", sweepLike(), 15));
        assertEquals(List.of("## Publisher: `publisher`", "## Consumer: `bench-agent`", "## Thread: `main`"),
            md.threadHeadings());
        final String intro = md.section("# T");
        assertTrue(intro.contains("From `x.jfr`: 100 `jdk.ExecutionSample` events over 0.1 s, in 5 threads."),
            intro);
        assertTrue(intro.contains("left out: `hiccup-meter` (4), `JFR Periodic Tasks` (1)."), intro);
        assertTrue(md.section("## Consumer: `bench-agent`").contains("50 samples, 50.0% of the recording's."));
        assertTrue(md.section("## Thread: `main`").contains("5 samples, 5.0% of the recording's."));
    }

    @Test
    void inclusiveCountsARecursiveMethodOncePerSample()
    {
        final ProfileMarkdown md = new ProfileMarkdown(HotPathProfileReport.render("T", "x.jfr", sweepLike(), 15));
        assertEquals(List.of(
                List.of("`org.agrona.concurrent.AgentRunner.run`", "50", "100.0%"),
                List.of("`io.mongoose.dispatch.Dispatcher.dispatch`", "45", "90.0%"),
                List.of("`io.mongoose.benchmarks.sweep.Handler.onEvent`", "30", "60.0%"),
                List.of("`org.HdrHistogram.AbstractHistogram.recordValue`", "30", "60.0%"),
                List.of("`org.jctools.queues.SpscArrayQueue.poll`", "5", "10.0%")),
            md.table("### `bench-agent`: inclusive, top 5 of 5 methods"));
    }

    @Test
    void selfFramesKeepTheirLineWhereKnown()
    {
        final ProfileMarkdown md = new ProfileMarkdown(HotPathProfileReport.render("T", "x.jfr", sweepLike(), 15));
        assertEquals(List.of(
                List.of("`org.HdrHistogram.AbstractHistogram.recordValue:415`", "30", "60.0%"),
                List.of("`io.mongoose.dispatch.Dispatcher.dispatch:52`", "15", "30.0%"),
                List.of("`org.jctools.queues.SpscArrayQueue.poll`", "5", "10.0%")),
            md.table("### `bench-agent`: self, top 3 of 3 frames"));
        assertEquals(List.of(
                List.of("`io.mongoose.pool.ObjectPool.acquire:61`", "24", "60.0%"),
                List.of("`io.mongoose.server.FeedPublisher.publish:88`", "10", "25.0%"),
                List.of("`java.lang.Thread.onSpinWait`", "6", "15.0%")),
            md.table("### `publisher`: self, top 3 of 3 frames"));
    }

    @Test
    void topLimitsEveryTable()
    {
        final ProfileMarkdown md = new ProfileMarkdown(HotPathProfileReport.render("T", "x.jfr", sweepLike(), 2));
        assertEquals(2, md.table("### `bench-agent`: inclusive, top 2 of 5 methods").size());
        assertEquals(List.of("`org.HdrHistogram.AbstractHistogram.recordValue:415`", "30", "60.0%"),
            md.table("### `bench-agent`: self, top 2 of 3 frames").get(0));
        assertEquals(2, md.table("### `publisher`: self, top 2 of 3 frames").size());
    }

    @Test
    void packagesSplitSelfTimeByTopFrameWithHdrHistogramApartFromTheHarness()
    {
        final ProfileMarkdown md = new ProfileMarkdown(HotPathProfileReport.render("T", "x.jfr", sweepLike(), 15));
        assertEquals(List.of("org.HdrHistogram=600", "io.mongoose.dispatch=300", "org.jctools=100"),
            md.buckets("## Consumer: `bench-agent`"));
        assertEquals(List.of("io.mongoose.pool=600", "io.mongoose.server=250", "other=150"),
            md.buckets("## Publisher: `publisher`"));
    }

    @Test
    void packageSharesAddUpToExactlyOneHundredPercent()
    {
        // Thirds: rounding each on its own would print 33.3% three times, 99.9% in all. Equal counts keep the
        // bucket order, and the one tenth left goes to the first.
        final HotPathProfile profile = new HotPathProfile();
        add(profile, "publisher", 1, List.of(new ProfileFrame("io.mongoose.dispatch.Dispatcher", "dispatch", 1)));
        add(profile, "publisher", 1, List.of(PUBLISH));
        add(profile, "publisher", 1, List.of(ACQUIRE));
        final ProfileMarkdown md = new ProfileMarkdown(HotPathProfileReport.render("T", "x.jfr", profile, 15));
        assertEquals(List.of("io.mongoose.pool=334", "io.mongoose.server=333", "io.mongoose.dispatch=333"),
            md.buckets("## Publisher: `publisher`"));
    }

    @Test
    void aSampleWithoutFramesIsCountedAsSuch()
    {
        final HotPathProfile profile = new HotPathProfile();
        add(profile, "publisher", 3, List.of(SEND));
        add(profile, "publisher", 1, List.of());
        final ProfileMarkdown md = new ProfileMarkdown(HotPathProfileReport.render("T", "x.jfr", profile, 15));
        assertEquals(List.of("`" + ThreadProfile.NO_FRAME + "`", "1", "25.0%"),
            md.table("### `publisher`: self, top 2 of 2 frames").get(1));
        assertEquals(List.of("io.mongoose.benchmarks=750", "other=250"), md.buckets("## Publisher: `publisher`"));
    }

    @Test
    void truncatedStacksAreCalledOut()
    {
        final HotPathProfile profile = sweepLike();
        assertFalse(HotPathProfileReport.render("T", "x.jfr", profile, 15).contains("Stacks cut"));
        profile.add("publisher", List.of(SEND), true, T0);
        final String text = HotPathProfileReport.render("T", "x.jfr", profile, 15);
        assertTrue(text.contains("Stacks cut at the recording's stack depth: 1 of 101 samples (1.0%); their methods " +
            "below the cut are missing from the inclusive tables."), text);
    }

    @Test
    void consumerThreadsOfEveryTransportAreNamedSo()
    {
        assertEquals(HotPathProfileReport.PUBLISHER, HotPathProfileReport.role("publisher"));
        assertEquals(HotPathProfileReport.CONSUMER, HotPathProfileReport.role("bench-agent"));
        assertEquals(HotPathProfileReport.CONSUMER, HotPathProfileReport.role("disruptor-consumer"));
        assertEquals(HotPathProfileReport.CONSUMER, HotPathProfileReport.role("jctools-consumer"));
        assertEquals(HotPathProfileReport.CONSUMER, HotPathProfileReport.role("agrona-consumer"));
        assertEquals(HotPathProfileReport.CONSUMER, HotPathProfileReport.role("abq-consumer"));
        assertEquals(HotPathProfileReport.OTHER_THREAD, HotPathProfileReport.role("hiccup-meter"));
        assertEquals(HotPathProfileReport.OTHER_THREAD, HotPathProfileReport.role("main"));
    }

    @Test
    void namesThatLookLikeMarkdownStayCode()
    {
        final HotPathProfile profile = new HotPathProfile();
        add(profile, "a`b", 1, List.of(new ProfileFrame("io.mongoose.pool.Pooled", "<init>", 12)));
        final ProfileMarkdown md = new ProfileMarkdown(HotPathProfileReport.render("T", "x.jfr", profile, 15));
        assertEquals(List.of("## Thread: `` a`b ``"), md.threadHeadings());
        assertEquals(List.of("`io.mongoose.pool.Pooled.<init>:12`", "1", "100.0%"),
            md.table("### `` a`b ``: self").get(0));
    }

    private static void add(final HotPathProfile profile, final String thread, final int samples,
        final List<ProfileFrame> frames)
    {
        for (int i = 0; i < samples; i++)
        {
            // A millisecond apart, as the profile script samples.
            profile.add(thread, frames, false, T0.plusMillis(profile.samples()));
        }
    }
}
