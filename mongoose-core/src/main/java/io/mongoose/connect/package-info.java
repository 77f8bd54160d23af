/**
 * Built-in connectors: an in-memory source and sink for applications and tests
 * ({@link io.mongoose.connect.InMemorySource}, {@link io.mongoose.connect.InMemorySink}, which copy by design), and a
 * file source and sink for production paths ({@link io.mongoose.connect.FileSource},
 * {@link io.mongoose.connect.FileSink}, allocation-free in steady state), all carrying
 * {@link io.mongoose.connect.LineMessage}s. Sources are {@code AgentService}s: each is the single producer of its feed,
 * from its own agent thread. Sinks are processors. Handler pipes need no connector: a processor declares the feed it
 * publishes ({@code ProcessorConfig.publishes}) and takes its publisher from its {@code ProcessorContext}.
 *
 * <p>The sources are {@link io.mongoose.service.MessageSource}s: the server registers the line pool at build, sized
 * from the queues in front of the pipe stages the lines reach, so a pipe that acquires its copies from that pool
 * ({@code LineMessage.pool(registry)} in {@code onInit}) never waits for lines parked in front of it.
 */
package io.mongoose.connect;
