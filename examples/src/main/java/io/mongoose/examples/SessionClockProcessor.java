package io.mongoose.examples;

import io.mongoose.admin.AdminResult;
import io.mongoose.dispatch.EventProcessor;
import io.mongoose.dispatch.HandlerRegistry;
import io.mongoose.dispatch.ProcessorContext;
import io.mongoose.dispatch.TimerCallback;
import io.mongoose.examples.QuickStartExample.Quote;

import java.time.Duration;
import java.util.Map;

/**
 * A processor that keeps time on its agent's scheduler and answers an admin command of its own: every period a timer
 * closes a session bucket (the quotes seen since the last tick), and the {@code clock} command, which runs on the
 * agent thread like the handler and the timer, reports ticks and buckets without any lock.
 *
 * <p>The timer callback is this object itself, built once: a tick allocates nothing.
 */
public final class SessionClockProcessor implements EventProcessor, TimerCallback
{
    private final Duration period;
    private long quotesInBucket;
    private long ticks;
    private long busiestBucket;
    private long quotesSeen;

    /**
     * @param period how often a bucket closes.
     */
    public SessionClockProcessor(final Duration period)
    {
        if (period.isNegative() || period.isZero())
        {
            throw new IllegalArgumentException("period: " + period + "; expected a positive duration");
        }
        this.period = period;
    }

    @Override
    public void registerHandlers(final HandlerRegistry handlers)
    {
        handlers.on(Quote.class, quote ->
        {
            quotesSeen++;
            quotesInBucket++;
        });
    }

    @Override
    public void onInit(final ProcessorContext context)
    {
        context.scheduler().schedulePeriodic(period, period, this);
        context.commands().register("clock", "", "session clock ticks, quotes seen and the busiest bucket " +
            "(runs on the agent thread)", args -> AdminResult.of(
            "ticks=" + ticks + " quotesSeen=" + quotesSeen + " busiestBucket=" + busiestBucket + " thread=" +
                Thread.currentThread().getName(),
            Map.of("ticks", ticks, "quotesSeen", quotesSeen, "busiestBucket", busiestBucket,
                "thread", Thread.currentThread().getName())));
    }

    @Override
    public void onTimer(final long timerId, final long nowNanos)
    {
        ticks++;
        busiestBucket = Math.max(busiestBucket, quotesInBucket);
        quotesInBucket = 0;
    }
}
