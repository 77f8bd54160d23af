package io.mongoose.feed;

import java.time.Duration;

/**
 * What a feed needs of its validated configuration to run.
 *
 * @param name           the feed's name, used in every error it raises.
 * @param kind           broadcast or named.
 * @param policy         what a publish (or a ring feed's claim) does when a queue or the ring is full.
 * @param publishTimeout how long a lossless publish or claim waits for room.
 */
public record FeedSettings(String name, FeedKind kind, FullQueuePolicy policy, Duration publishTimeout)
{
}
