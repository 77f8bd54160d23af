package io.mongoose.status;

import io.mongoose.config.ConfigProblem;
import io.mongoose.feed.FullQueuePolicy;

/**
 * The kinds of counter a server publishes, with the type id each has in the counters file (Agrona's counter type id)
 * and who writes it. A counter's label is {@code <entity> <name>: <what>}, e.g. {@code feed prices: published}.
 */
public enum CounterType
{
    /** The server's {@link ServerState} ordinal; written at each lifecycle transition. */
    SERVER_STATE(1, "server", "state"),
    /** The server's {@link HealthStatus} ordinal; written by the sampler. */
    SERVER_HEALTH(2, "server", "health"),
    /** Wall-clock time of the sampler's latest sample, epoch milliseconds; written by the sampler. */
    SERVER_HEARTBEAT(3, "server", "heartbeat (epoch ms)"),
    /** Samples taken; written by the sampler. */
    SERVER_SAMPLES(4, "server", "samples"),

    /** Publishes accepted; written by the feed's producer. */
    FEED_PUBLISHED(10, "feed", "published"),
    /** Per-subscriber drops under {@link FullQueuePolicy#DROP}; written by the producer. */
    FEED_DROPPED(11, "feed", "dropped"),
    /** Publishes refused under {@link FullQueuePolicy#FAIL}; written by the producer. */
    FEED_REJECTED(12, "feed", "rejected"),
    /** Lossless publishes that timed out; written by the producer. */
    FEED_TIMEOUTS(13, "feed", "publish timeouts"),
    /** Messages waiting in all the feed's subscriber queues; sampled. */
    FEED_QUEUE_DEPTH(14, "feed", "queue depth"),

    /** Duty cycles run (busy or idle); written by the agent thread, once per cycle. */
    AGENT_DUTY_CYCLES(20, "agent", "duty cycles"),
    /** Messages taken from the agent's queues and dispatched; written by the agent thread, once per drain. */
    AGENT_DISPATCHED(21, "agent", "dispatched"),
    /** Errors outside any processor (a failed release, an unrequested stop); written by the agent thread. */
    AGENT_ERRORS(22, "agent", "errors"),
    /** Duty cycles that found no work; written by the agent thread, only on idle cycles. */
    AGENT_IDLE_CYCLES(23, "agent", "idle cycles"),

    /** Messages a processor handled; written by its agent thread. */
    PROCESSOR_HANDLED(30, "processor", "handled"),
    /** Messages a processor received without a handler for their type; written by its agent thread. */
    PROCESSOR_UNHANDLED(31, "processor", "unhandled"),
    /** Errors thrown by a processor's handlers and lifecycle callbacks; written by its agent thread. */
    PROCESSOR_ERRORS(32, "processor", "errors"),

    /** The sum of what a service's {@code doWork()} returned; written by its agent thread (0 without one). */
    SERVICE_WORK(50, "service", "work done"),
    /** Exceptions from a service's {@code doWork()} and {@code onStop()}; written by its agent, then its stopper. */
    SERVICE_ERRORS(51, "service", "errors"),

    /** Instances a pool ever created; sampled. */
    POOL_CREATED(40, "pool", "created"),
    /** Free instances (free list and thread caches); sampled. */
    POOL_FREE(41, "pool", "free"),
    /** Instances handed out and not yet back; sampled. */
    POOL_IN_FLIGHT(42, "pool", "in flight"),
    /** Acquires that found the pool empty; sampled. */
    POOL_EXHAUSTED(43, "pool", "exhausted");

    /** Longest entity name a label repeats, in code points: Agrona labels hold 380 bytes of UTF-8. */
    private static final int MAX_NAME_IN_LABEL = 80;

    private final int typeId;
    private final String entity;
    private final String what;

    CounterType(final int typeId, final String entity, final String what)
    {
        this.typeId = typeId;
        this.entity = entity;
        this.what = what;
    }

    /** @return the counter's type id in the counters file. */
    public int typeId()
    {
        return typeId;
    }

    /** @return the label of this counter for the entity {@code name} (a feed's, an agent's…). */
    public String label(final String name)
    {
        return entity + " " + ConfigProblem.escape(name, MAX_NAME_IN_LABEL) + ": " + what;
    }
}
