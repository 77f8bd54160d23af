/**
 * Mongoose core: pooled messages, feeds, busy-spin dispatch agents and the server that wires them. Exports the API
 * packages only; {@code agent} and {@code internal} are the framework's own.
 */
// HdrHistogram and Affinity name no module of their own: their file names are their module names.
@SuppressWarnings({"requires-automatic", "requires-transitive-automatic"})
module io.mongoose.core
{
    // Their types appear in core's API: idle strategies, counters buffers, histograms, the delivery queue.
    requires transitive org.agrona;
    requires transitive org.jctools.core;
    requires transitive HdrHistogram;
    // Pins agents when present; a server that asks for pinning without it says so and runs unpinned.
    requires static affinity;

    exports io.mongoose.admin;
    exports io.mongoose.config;
    exports io.mongoose.connect;
    exports io.mongoose.dispatch;
    exports io.mongoose.feed;
    exports io.mongoose.pool;
    exports io.mongoose.server;
    exports io.mongoose.service;
    exports io.mongoose.status;
}
