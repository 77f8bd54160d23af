package io.mongoose.connect;

import io.mongoose.feed.FeedPublisher;
import io.mongoose.service.ServiceContext;

import java.util.List;

/**
 * Which feed a source publishes into: the one named, or else the only one its service entry declares. Never a ring
 * feed: a source acquires its messages from their pool, and a ring feed only publishes the messages of its own ring.
 */
final class SourceFeed
{
    private SourceFeed()
    {
    }

    static FeedPublisher of(final ServiceContext context, final String feed)
    {
        final List<String> declared = context.publishedFeeds();
        if (null == feed && declared.size() != 1)
        {
            throw new IllegalStateException("service '" + context.serviceName() + "' declares " + declared.size() +
                " feeds in publishes " + declared + "; expected exactly one, the feed this source publishes into " +
                "(or name it in the source's feed)");
        }
        final FeedPublisher publisher = context.publisher(null == feed ? declared.get(0) : feed);
        if (publisher.isRing())
        {
            throw new IllegalStateException("service '" + context.serviceName() + "': feed '" +
                publisher.feedName() + "' is a ring feed, whose messages are claimed from its ring; expected a queue " +
                "feed for a source, which publishes messages it acquires from their pool (remove the feed's ring)");
        }
        return publisher;
    }
}
