package io.mongoose.benchmarks.sweep;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.Pinning;

/** {@link MongoosePath} on a ring feed or a queue feed, its agent on a thread of its own. */
final class MongooseHop implements Hop
{
    private static final String AGENT = "bench-agent";

    private final SweepOptions options;
    private final boolean ringFeed;
    private MongoosePath path;

    MongooseHop(final SweepOptions options, final boolean ringFeed)
    {
        this.options = options;
        this.ringFeed = ringFeed;
    }

    @Override
    public void start(final Receiver receiver)
    {
        path = new MongoosePath("latency-sweep", "bench", options.queueCapacity(), ringFeed,
            AgentGroupConfig.named(AGENT).idleStrategy(IdleStrategyKind.fromYamlName(options.idle()))
                .drainLimit(options.drainLimit())
                .pinning("auto".equals(options.pin()) ? Pinning.anyCpu() : Pinning.none()),
            m -> receiver.onReceive(m.intendedNanos, m.sentNanos));
    }

    @Override
    public void send(final long intendedNanos, final long sentNanos)
    {
        path.send(intendedNanos, sentNanos);
    }

    @Override
    public Thread consumerThread()
    {
        return path.server.agentThread(AGENT).orElseThrow();
    }

    @Override
    public String consumerPinning()
    {
        return path.server.agentStats(AGENT).pinning();
    }

    @Override
    public void close()
    {
        path.close();
    }
}
