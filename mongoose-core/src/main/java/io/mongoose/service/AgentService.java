package io.mongoose.service;

/**
 * A service with a duty cycle: the server runs {@link #doWork()} on the service's own agent thread (with the idle
 * strategy and pinning of its {@code ServiceConfig}). This is how a service publishes: it declares its feeds
 * ({@code ServiceConfig.publishes}), takes their publishers from its {@link ServiceContext} in
 * {@link #onStart(ServiceContext)}, and publishes from {@code doWork()}, its thread being their single producer.
 *
 * <p>The duty cycle starts after every processor has started and the feeds are open, and its thread is joined before
 * {@code stop()} closes and drains the feeds, so nothing it published is lost. {@code doWork()} is a hot path (no
 * allocation, no locks, bounded work per call); an exception it throws is reported to the server's error handler
 * (source {@code service:<name>}) and counted, and the duty cycle keeps running.
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
