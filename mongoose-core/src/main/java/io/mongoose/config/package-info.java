/**
 * The accepted range of each numeric configuration setting, defined once: {@link io.mongoose.config.IntRange} and
 * {@link io.mongoose.config.DurationRange}. The config records' withers, {@code ConfigValidator} and the YAML reader
 * all check a setting against its one range and say what it accepts in the same words.
 */
package io.mongoose.config;
