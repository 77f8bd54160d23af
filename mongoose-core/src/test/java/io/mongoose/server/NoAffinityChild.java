package io.mongoose.server;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.Pinning;
import io.mongoose.dispatch.LoggingErrorHandler;
import io.mongoose.pool.ObjectPool;
import io.mongoose.pool.PoolConfig;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.testing.SeqMessage;
import io.mongoose.testing.SequenceChecker;

import java.time.Duration;

/**
 * The server {@link NoAffinityTest} runs in a child JVM whose classpath lacks OpenHFT Affinity and JNA:
 * {@code NoAffinityChild COUNT} starts a server with one agent group that asks for {@link Pinning#anyCpu()},
 * publishes COUNT messages, waits until they are handled, stops, and prints one {@code key: value} line per finding.
 * Exits 0 once it got that far; anything thrown ends it with a stack trace and a non-zero exit.
 */
public final class NoAffinityChild
{
    static final String AFFINITY = "affinity on classpath: ";
    static final String HANDLED = "handled: ";
    static final String PINNING = "pinning: ";
    static final String PROBLEM = "sequence problem: ";
    static final String REPORT = "report: ";

    private NoAffinityChild()
    {
    }

    /**
     * @param args how many messages to publish.
     * @throws InterruptedException if interrupted while it waits for the messages to be handled.
     */
    public static void main(final String[] args) throws InterruptedException
    {
        final int count = Integer.parseInt(args[0]);
        System.out.println(AFFINITY + affinityPresent());
        final PoolRegistry registry = new PoolRegistry("no-affinity");
        final ObjectPool<SeqMessage> pool = registry.register(SeqMessage.class, SeqMessage::new,
            PoolConfig.of(1024).waitOnExhaustion(Duration.ofMinutes(1)));
        final SequenceChecker checker = new SequenceChecker(1);
        final MongooseServer server = MongooseServer.builder().name("no-affinity").poolRegistry(registry)
            .errorHandler(new LoggingErrorHandler())
            .feed(FeedConfig.named("ticks"))
            .agentGroup(AgentGroupConfig.named("pinned").idleStrategy(IdleStrategyKind.BACKOFF)
                .pinning(Pinning.anyCpu())
                .processor("checker", checker, "ticks"))
            .build();
        server.start();
        SeqMessage.publishSequence(pool, server.publisher("ticks"), count);
        final long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
        while (checker.receivedTotal() < count && System.nanoTime() < deadline)
        {
            Thread.sleep(5);
        }
        final String pinning = server.agentStats("pinned").pinning();
        final ShutdownReport report = server.stop();
        System.out.println(HANDLED + checker.receivedTotal());
        System.out.println(PROBLEM + checker.firstProblem());
        System.out.println(PINNING + pinning);
        System.out.println(REPORT + report.clean() + " " + report);
        System.out.flush();
    }

    private static boolean affinityPresent()
    {
        try
        {
            Class.forName("net.openhft.affinity.AffinityLock", false, NoAffinityChild.class.getClassLoader());
            return true;
        }
        catch (final ClassNotFoundException e)
        {
            return false;
        }
    }
}
