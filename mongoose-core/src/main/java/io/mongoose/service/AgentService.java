package io.mongoose.service;

/**
 * A service with a duty cycle, run on its own agent thread, the single producer of the feeds it declares (their
 * publishers come from its {@link ServiceContext}). The cycle starts once every processor has started, and its thread
 * is joined before {@code stop()} drains the feeds, so nothing it published is lost.
 */
public interface AgentService extends MongooseService
{
    /**
     * One duty cycle, a hot path (no allocation, no locks, bounded work); what it throws is reported and counted.
     *
     * @return how much work was done (messages published, lines read); 0 lets the idle strategy back off.
     */
    int doWork() throws Exception;
}
