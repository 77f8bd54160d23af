/**
 * The server model and its checks. Each configuration type ({@link io.mongoose.config.ServerConfig},
 * {@link io.mongoose.config.FeedConfig}, {@link io.mongoose.config.AgentGroupConfig}, ...) is an immutable value
 * made by factories and changed by withers, never by a positional constructor, so adding a setting breaks no caller
 * and two settings of one type cannot be swapped unnoticed. Its {@code builder()} takes any value for
 * {@link io.mongoose.config.ConfigValidator} to report.
 *
 * <p>The accepted range of each numeric configuration setting is defined once: {@link io.mongoose.config.IntRange}
 * and {@link io.mongoose.config.DurationRange}. The config types' withers, {@code ConfigValidator} and the YAML reader
 * all check a setting against its one range and say what it accepts in the same words.
 */
package io.mongoose.config;
