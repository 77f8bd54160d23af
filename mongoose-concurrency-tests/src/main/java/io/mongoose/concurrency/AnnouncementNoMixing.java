package io.mongoose.concurrency;

import io.mongoose.pool.ObjectPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.III_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * A message's announcement is two words, a queue and an index ({@link io.mongoose.pool.PooledMessage#announce}). A
 * message announced to queue 1 at index 5 is announced again, to queue 2 at index 9, while an agent reads it. The
 * agent must never see queue 2 with index 5, nor queue 1 with index 9: either would make it take a message that is not
 * at its index, delivering the wrong message. Seeing neither announcement (the moment between) is fine: the agent then
 * polls the queue.
 *
 * <p>Results: {@code r1} whether (2, 5) matched, {@code r2} whether (1, 9) matched, {@code r3} whether the old (1, 5)
 * or the new (2, 9) matched.
 */
@JCStressTest
@Description("An announcement being replaced never reads as one announcement's queue with the other's index.")
@Outcome(id = {"0, 0, 0", "0, 0, 1"}, expect = ACCEPTABLE,
    desc = "The agent saw the old announcement, the new one, or neither while it changed.")
@Outcome(expect = FORBIDDEN, desc = "The agent paired one announcement's queue with the other's index.")
@State
public class AnnouncementNoMixing
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final ProbeMessage message = pool.acquire();

    /** Announced to queue 1 at index 5 before the actors start. */
    public AnnouncementNoMixing()
    {
        message.announce(1, 5);
    }

    /**
     * The producer: announce the message again, to another queue at another index.
     */
    @Actor
    public void producer()
    {
        message.announce(2, 9);
    }

    /**
     * An agent checking the message against the two mixed pairs and the two real ones.
     *
     * @param r what matched.
     */
    @Actor
    public void consumer(final III_Result r)
    {
        r.r1 = message.isAnnounced(2, 5) ? 1 : 0;
        r.r2 = message.isAnnounced(1, 9) ? 1 : 0;
        r.r3 = message.isAnnounced(1, 5) || message.isAnnounced(2, 9) ? 1 : 0;
    }
}
