package io.mongoose.status;

/** Where a {@link io.mongoose.server.MongooseServer} is in its life. */
public enum ServerState
{
    /** Built, not started. */
    NEW,
    /** Starting agents and processors. */
    STARTING,
    /** Accepting publishes. */
    RUNNING,
    /** Draining and stopping. */
    STOPPING,
    /** Stopped; publishing fails. */
    STOPPED,
    /** Start failed; everything that started has been stopped. */
    FAILED
}
