/**
 * Built-in connectors carrying {@link io.mongoose.connect.LineMessage}s: an in-memory source and sink for
 * applications and tests ({@link io.mongoose.connect.InMemorySource}, {@link io.mongoose.connect.InMemorySink}, which
 * copy), and a file source and sink, allocation-free in steady state ({@link io.mongoose.connect.FileSource},
 * {@link io.mongoose.connect.FileSink}). Sources are {@link io.mongoose.service.MessageSource}s, each the single
 * producer of its feed; sinks are processors.
 */
package io.mongoose.connect;
