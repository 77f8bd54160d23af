package io.mongoose.service;

/**
 * A service with a duty cycle: the server runs {@link #doWork()} on an agent thread of the service's own (an Agrona
 * {@code AgentRunner} with the idle strategy and pinning of its {@code ServiceConfig}). This is how a service publishes
 * into feeds: it declares them ({@code ServiceConfig.publishes(...)} or {@code publishes:} in YAML), takes their
 * publishers from its {@link ServiceContext} in {@link #onStart(ServiceContext)}, and publishes from
 * {@code doWork()}, which makes its agent thread the single producer of those feeds.
 *
 * <p>Ordering: the duty cycle starts after every processor has started and the feeds are open, and it stops (its
 * thread joined) before {@code stop()} closes and drains the feeds, so nothing it published is lost. {@code onStart}
 * runs before and {@code onStop} after, as for any {@link MongooseService}.
 *
 * <p>{@code doWork()} is a hot path: the same rules as for a handler apply (no allocation, no locks, bounded work per
 * call). An exception it throws goes to the server's error handler (source {@code service:<name>}) and is counted in
 * {@code MongooseServer.serviceStats(name).errors()}; the duty cycle keeps running.
 */
public interface AgentService extends MongooseService
{
    /**
     * One duty cycle, on the service's agent thread.
     *
     * @return how much work was done (messages published, lines read); 0 lets the idle strategy back off.
     * @throws Exception reported and counted; the next duty cycle still runs.
     */
    int doWork() throws Exception;
}
