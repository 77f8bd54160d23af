/**
 * The server model and its checks. Each configuration type ({@link io.mongoose.config.ServerConfig}, ...) is an
 * immutable value, made by factories and changed by withers that return a copy and take any value:
 * {@link io.mongoose.config.ConfigValidator} checks a whole config and reports every problem at once, with its path.
 * Each numeric setting's range is defined once ({@link io.mongoose.config.IntRange},
 * {@link io.mongoose.config.DurationRange}); the validator and the YAML reader say it in the same words.
 */
package io.mongoose.config;
