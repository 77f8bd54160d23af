package io.mongoose.feed;

/** Who receives a feed's messages. */
public enum FeedKind
{
    /** Every processor of the server, whatever it subscribes to. */
    BROADCAST,
    /** Only processors that subscribe to the feed by name. */
    NAMED
}
