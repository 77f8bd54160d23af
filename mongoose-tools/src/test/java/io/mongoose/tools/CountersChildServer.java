package io.mongoose.tools;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;

import java.nio.file.Path;
import java.time.Duration;

/**
 * The server {@link MongooseStatChildJvmTest} runs in a child JVM: {@code CountersChildServer DIR COUNT} publishes
 * COUNT messages, waits until they are handled, prints {@code ready COUNT}, and serves until the process is killed.
 */
public final class CountersChildServer
{
    /** The server's name. */
    static final String NAME = "child-stat";

    private CountersChildServer()
    {
    }

    /**
     * @param args the counters directory and how many messages to publish.
     * @throws InterruptedException never in practice: the process is killed while it waits.
     */
    public static void main(final String[] args) throws InterruptedException
    {
        final Path dir = Path.of(args[0]);
        final int count = Integer.parseInt(args[1]);
        final PoolRegistry registry = new PoolRegistry("child");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new,
            PoolConfig.of(1024).waitOnExhaustion(Duration.ofMinutes(2)));
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().name(NAME).poolRegistry(registry)
            .counters(CountersConfig.defaults().dir(dir))
            .feed(FeedConfig.named("ticks"))
            .agentGroup(AgentGroupConfig.named("child-agent").idleStrategy(IdleStrategyKind.SLEEP)
                .processor("child-checker", checker, "ticks"))
            .build();
        server.start();
        SeqMessage.publishSequence(pool, server.publisher("ticks"), count);
        final long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (checker.receivedTotal() < count || server.agentStats("child-agent").dispatched() < count)
        {
            if (System.nanoTime() > deadline)
            {
                System.out.println("timed out: handled " + checker.receivedTotal() + " of " + count);
                System.exit(1);
            }
            Thread.sleep(10);
        }
        System.out.println("ready " + count + " " + server.countersFile().orElseThrow());
        System.out.flush();
        Thread.currentThread().join(); // serve until killed
    }
}
