/**
 * The server model and its checks. Each configuration type ({@link io.mongoose.config.ServerConfig},
 * {@link io.mongoose.config.FeedConfig}, {@link io.mongoose.config.AgentGroupConfig}, ...) is an immutable value, equal
 * to another with equal settings, made by factories and changed by withers, never by a positional constructor, so
 * adding a setting breaks no caller and two settings of one type cannot be swapped unnoticed. The withers take any
 * value: {@link io.mongoose.config.ConfigValidator} checks a whole config and reports every problem at once, each with
 * its path.
 *
 * <p>The accepted range of each numeric setting is defined once ({@link io.mongoose.config.IntRange},
 * {@link io.mongoose.config.DurationRange}); {@code ConfigValidator} and the YAML reader say it in the same words.
 */
package io.mongoose.config;
