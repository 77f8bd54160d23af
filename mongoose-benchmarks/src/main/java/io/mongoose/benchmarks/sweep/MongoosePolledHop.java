package io.mongoose.benchmarks.sweep;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.ThreadMode;
import io.mongoose.server.AgentGroupInvoker;

/** {@link MongoosePath} with the agent group in {@link ThreadMode#INVOKER}: a poll is one duty cycle. */
final class MongoosePolledHop implements PolledHop
{
    private static final String AGENT = "paired-agent";

    private final SliceRecorder recorder = new SliceRecorder();
    private final MongoosePath path;
    private final AgentGroupInvoker invoker;
    private final boolean ringFeed;

    /** Build and start the server; call on the consumer thread, which becomes the invoker's owner. */
    MongoosePolledHop(final int queueCapacity, final int drainLimit, final boolean ringFeed)
    {
        this.ringFeed = ringFeed;
        final SliceRecorder sink = recorder;
        path = new MongoosePath("paired", "paired", queueCapacity, ringFeed,
            AgentGroupConfig.named(AGENT).threadMode(ThreadMode.INVOKER).drainLimit(drainLimit),
            m -> sink.onReceive(m.intendedNanos));
        invoker = path.server.invoker(AGENT);
    }

    @Override
    public Transport transport()
    {
        return ringFeed ? Transport.MONGOOSE : Transport.MONGOOSE_QUEUE;
    }

    @Override
    public void send(final long intendedNanos, final long sentNanos)
    {
        path.send(intendedNanos, sentNanos);
    }

    @Override
    public int poll()
    {
        return invoker.invoke();
    }

    @Override
    public SliceRecorder recorder()
    {
        return recorder;
    }

    @Override
    public void close()
    {
        path.close();
        if (0 != path.pool.inFlight())
        {
            throw new IllegalStateException("Mongoose polled hop: messages not back in the pool: " + path.pool.stats());
        }
    }
}
