package io.mongoose.testing;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * Proves that something started no agent thread: compares the live threads before and after, by identity.
 */
public final class AgentThreads
{
    private AgentThreads()
    {
    }

    /**
     * @return every live thread now.
     */
    public static Set<Thread> live()
    {
        final Set<Thread> threads = Collections.newSetFromMap(new IdentityHashMap<>());
        threads.addAll(Thread.getAllStackTraces().keySet());
        return threads;
    }

    /**
     * @param before     {@link #live()} taken earlier.
     * @param agentNames names the agents of the server under test would have.
     * @return threads started since {@code before} that could be agent threads: non-daemon, or named after an agent.
     */
    public static List<String> startedSince(final Set<Thread> before, final Set<String> agentNames)
    {
        return live().stream()
            .filter(t -> !before.contains(t))
            .filter(t -> !t.isDaemon() || agentNames.contains(t.getName()))
            .map(Thread::getName)
            .collect(Collectors.toList());
    }

    /**
     * @param before     {@link #live()} taken before the action under test.
     * @param agentNames names the agents of the server under test would have.
     */
    public static void assertNoneStartedSince(final Set<Thread> before, final Set<String> agentNames)
    {
        assertEquals(List.of(), startedSince(before, agentNames));
        for (final Thread thread : live())
        {
            assertFalse(agentNames.contains(thread.getName()), "agent thread running: " + thread.getName());
        }
    }
}
