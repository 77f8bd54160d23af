package io.mongoose.testing;

import io.mongoose.config.AgentGroupConfig;
import io.mongoose.config.CountersConfig;
import io.mongoose.config.FeedConfig;
import io.mongoose.config.IdleStrategyKind;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.server.MongooseServerBuilder;
import io.mongoose.status.CountersFile;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** For the counters file tests (core's and mongoose-stat's): their server, and the file a crashed one leaves. */
public final class CountersTestServer
{
    private CountersTestServer()
    {
    }

    /**
     * @return a server {@code name} with its counters file in {@code dir}, feed {@code prices} and one yielding agent
     * group {@code <name>-agent} hosting {@code checker} as processor {@code <name>-checker}.
     */
    public static MongooseServerBuilder builder(
        final String name, final Path dir, final SequenceChecker checker, final PoolRegistry pools)
    {
        return MongooseServer.builder().name(name).poolRegistry(pools)
            .counters(CountersConfig.defaults().dir(dir))
            .feed(FeedConfig.named("prices"))
            .agentGroup(AgentGroupConfig.named(name + "-agent").idleStrategy(IdleStrategyKind.YIELD)
                .processor(name + "-checker", checker, "prices"));
    }

    /**
     * A counters file as a crashed server leaves it: complete, but its pid belongs to a process that has exited.
     */
    public static Path deadProcessFile(final Path dir, final String name) throws Exception
    {
        final Process gone = new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-version")
            .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        gone.waitFor();
        final long deadPid = gone.pid();
        final Path file = CountersFile.create(dir, name, 4).path();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE))
        {
            final ByteBuffer pid = ByteBuffer.allocate(8).order(ByteOrder.nativeOrder()).putLong(0, deadPid);
            channel.write(pid, CountersFile.PID_OFFSET);
        }
        return file;
    }
}
