package io.mongoose.service;

/**
 * A service with a duty cycle: the server runs {@link #doWork()} on the service's own agent thread (idle strategy and
 * pinning from its {@code ServiceConfig}). That thread is the single producer of the feeds the service declares
 * ({@code ServiceConfig.publishes}), whose publishers it takes from its {@link ServiceContext} in {@code onStart}.
 *
 * <p>The duty cycle starts once every processor has started and the feeds are open, and its thread is joined before
 * {@code stop()} drains the feeds, so nothing it published is lost.
 */
public interface AgentService extends MongooseService
{
    /**
     * One duty cycle: a hot path (no allocation, no locks, bounded work).
     *
     * @return how much work was done (messages published, lines read); 0 lets the idle strategy back off.
     * @throws Exception reported to the error handler (source {@code service:<name>}) and counted; the cycle goes on.
     */
    int doWork() throws Exception;
}
