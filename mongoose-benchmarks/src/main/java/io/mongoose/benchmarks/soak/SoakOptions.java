package io.mongoose.benchmarks.soak;

/**
 * What one soak runs: {@link EpsilonSoak}'s flags, checked.
 *
 * @param messages messages to publish, in total over both feeds.
 * @param idle     idle strategy of both agent groups.
 */
public record SoakOptions(long messages, String idle)
{
}
