package io.mongoose.connect;

import io.mongoose.server.FeedPublisher;
import io.mongoose.service.ServiceContext;

import java.util.List;

/** Which feed a source publishes into: the one named, or else the only one its service entry declares. */
final class SourceFeed
{
    private SourceFeed()
    {
    }

    static FeedPublisher of(final ServiceContext context, final String feed)
    {
        if (null != feed)
        {
            return context.publisher(feed);
        }
        final List<String> declared = context.publishedFeeds();
        if (declared.size() != 1)
        {
            throw new IllegalStateException("service '" + context.serviceName() + "' declares " + declared.size() +
                " feeds in publishes " + declared + "; expected exactly one, the feed this source publishes into " +
                "(or name it in the source's feed)");
        }
        return context.publisher(declared.get(0));
    }
}
