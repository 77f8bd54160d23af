package io.mongoose.status;

import io.mongoose.config.ConfigProblem;
import io.mongoose.feed.FullQueuePolicy;

/**
 * The kinds of counter a server publishes, with the type id each has in the counters file (Agrona's counter type id).
 * A counter's label is {@code <entity> <name>: <what>}, e.g. {@code feed prices: published}. Feed counters are written
 * by the feed's producer, agent, processor and service ones by their agent thread, the others by the sampler.
 */
public enum CounterType
{
    /** The server's {@link ServerState} ordinal, written at each lifecycle transition. */
    SERVER_STATE(1, "server", "state"),
    /** The server's {@link HealthStatus} ordinal. */
    SERVER_HEALTH(2, "server", "health"),
    /** Wall-clock time of the sampler's latest sample. */
    SERVER_HEARTBEAT(3, "server", "heartbeat (epoch ms)"),
    SERVER_SAMPLES(4, "server", "samples"),

    FEED_PUBLISHED(10, "feed", "published"),
    /** Per-subscriber drops under {@link FullQueuePolicy#DROP}. */
    FEED_DROPPED(11, "feed", "dropped"),
    /** Publishes refused under {@link FullQueuePolicy#FAIL}. */
    FEED_REJECTED(12, "feed", "rejected"),
    FEED_TIMEOUTS(13, "feed", "publish timeouts"),
    /** Messages waiting in all the feed's subscriber queues; sampled. */
    FEED_QUEUE_DEPTH(14, "feed", "queue depth"),

    /** Duty cycles run, busy or idle. */
    AGENT_DUTY_CYCLES(20, "agent", "duty cycles"),
    AGENT_DISPATCHED(21, "agent", "dispatched"),
    /** Errors outside any processor (a failed release, an unrequested stop). */
    AGENT_ERRORS(22, "agent", "errors"),
    AGENT_IDLE_CYCLES(23, "agent", "idle cycles"),

    PROCESSOR_HANDLED(30, "processor", "handled"),
    /** Messages a processor received without a handler for their type. */
    PROCESSOR_UNHANDLED(31, "processor", "unhandled"),
    /** Errors thrown by a processor's handlers and lifecycle callbacks. */
    PROCESSOR_ERRORS(32, "processor", "errors"),

    /** The sum of what a service's {@code doWork()} returned (0 without agent). */
    SERVICE_WORK(50, "service", "work done"),
    /** Exceptions from a service's {@code doWork()} (on its agent) and {@code onStop()} (on the stopping thread). */
    SERVICE_ERRORS(51, "service", "errors"),

    POOL_CREATED(40, "pool", "created"),
    /** Free instances (free list and thread caches). */
    POOL_FREE(41, "pool", "free"),
    POOL_IN_FLIGHT(42, "pool", "in flight"),
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
