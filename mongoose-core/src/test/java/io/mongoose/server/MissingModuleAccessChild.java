package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;

/**
 * What {@link MissingModuleAccessTest} runs in a JVM started without {@code --add-opens}: builds a server and prints
 * {@code refused: } and the message of what {@code build()} threw, or {@code built} if it did not throw.
 */
public final class MissingModuleAccessChild
{
    static final String REFUSED = "refused: ";
    static final String BUILT = "built";

    private MissingModuleAccessChild()
    {
    }

    /** @param args none. */
    public static void main(final String[] args)
    {
        final PoolRegistry registry = new PoolRegistry("no-access");
        registry.register(SeqMessage.class, SeqMessage::new, io.mongoose.pool.PoolConfig.of(16));
        try
        {
            final MongooseServer server = MongooseServer.builder().name("no-access").poolRegistry(registry)
                .feed(FeedConfig.named("ticks"))
                .agentGroup(AgentGroupConfig.named("group").processor("p", new SequenceChecker(1), "ticks"))
                .build();
            System.out.println(BUILT + " " + server.name());
        }
        catch (final IllegalStateException e)
        {
            System.out.println(REFUSED + e.getMessage());
        }
        System.out.flush();
    }
}
