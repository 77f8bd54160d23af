/**
 * Built-in connectors: an in-memory source and sink for applications and tests, which copy
 * ({@link io.mongoose.connect.InMemorySource}, {@link io.mongoose.connect.InMemorySink}), and an allocation-free file
 * source and sink of {@link io.mongoose.connect.LineMessage}s ({@link io.mongoose.connect.FileSource},
 * {@link io.mongoose.connect.FileSink}). Sources are {@link io.mongoose.service.MessageSource}s, each the single
 * producer of its feed; sinks are processors.
 */
package io.mongoose.connect;
