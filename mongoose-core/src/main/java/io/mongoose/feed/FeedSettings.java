package io.mongoose.feed;

import java.time.Duration;

/** What a feed needs of its validated configuration; {@code publishTimeout} bounds a lossless publish or claim. */
public record FeedSettings(String name, FeedKind kind, FullQueuePolicy policy, Duration publishTimeout)
{
}
