/**
 * Built-in connectors: an in-memory source and sink for applications and tests
 * ({@link io.mongoose.connect.InMemorySource}, {@link io.mongoose.connect.InMemorySink}, which copy by design), and a
 * file source and sink for production paths ({@link io.mongoose.connect.FileSource},
 * {@link io.mongoose.connect.FileSink}, allocation-free in steady state), all carrying
 * {@link io.mongoose.connect.LineMessage}s. Sources are {@code AgentService}s: each is the single producer of its feed,
 * from its own agent thread. Sinks are processors. Handler pipes need no connector: a processor declares the feed it
 * publishes ({@code ProcessorConfig.publishes}) and takes its publisher from its {@code ProcessorContext}.
 */
package io.mongoose.connect;
