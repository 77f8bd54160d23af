package io.mongoose.concurrency;

import io.mongoose.pool.ObjectPool;
import org.openjdk.jcstress.annotations.Actor;
import org.openjdk.jcstress.annotations.Arbiter;
import org.openjdk.jcstress.annotations.Description;
import org.openjdk.jcstress.annotations.JCStressTest;
import org.openjdk.jcstress.annotations.Outcome;
import org.openjdk.jcstress.annotations.State;
import org.openjdk.jcstress.infra.results.IIIII_Result;

import static org.openjdk.jcstress.annotations.Expect.ACCEPTABLE;
import static org.openjdk.jcstress.annotations.Expect.FORBIDDEN;

/**
 * Scenario 2, no use after return: one holder drops its reference while another, still holding its own, reads the
 * message and only then releases. The pool may reset the message only after the last release, so the reader must
 * always see the producer's values.
 *
 * <p>A broken count shows up here as a forbidden outcome: if a release that is not the last resets the message (a
 * retain that did not count, a decrement that took two), the reader sees reset values and its own release then finds
 * no reference; if a decrement is lost, no release resets the message at all.
 *
 * <p>Results: {@code r1} the other holder's release (1 last, 0 not last, -1 threw); {@code r2} what the reader saw
 * (1 both fields as written, 0 both reset, 2 one of each); {@code r3} the reader's release; {@code r4} how many times
 * {@code reset()} ran; {@code r5} the reference count {@code reset()} saw.
 */
@JCStressTest
@Description("A holder reads a message while another holder releases: reset() may only run after the last release, "
    + "so the reader never sees reset values while it holds a reference.")
@Outcome(id = "0, 1, 1, 1, 0", expect = ACCEPTABLE,
    desc = "The other holder released first; the reader saw the written values and its release was the last.")
@Outcome(id = "1, 1, 0, 1, 0", expect = ACCEPTABLE,
    desc = "The reader released first; the other holder's release was the last.")
@Outcome(id = "-?[0-9]+, [02], .*", expect = FORBIDDEN,
    desc = "The reader saw reset values while it still held a reference: the message was reset too early.")
@Outcome(expect = FORBIDDEN,
    desc = "Anything else: reset not exactly once, reset before the count reached 0, or an unmatched release.")
@State
public class NoUseAfterReturn
{
    private final ObjectPool<ProbeMessage> pool = ProbeMessage.newPool(1);
    private final ProbeMessage message;

    /** A filled message with two references: one for each actor. */
    public NoUseAfterReturn()
    {
        message = pool.acquire();
        message.fill();
        message.retain();
    }

    /**
     * The holder that is done with the message.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void otherHolder(final IIIII_Result r)
    {
        r.r1 = RefCountReleaseRace.release(message);
    }

    /**
     * The holder that still uses the message: it reads both fields, then drops its reference.
     *
     * @param r where the outcome is recorded.
     */
    @Actor
    public void reader(final IIIII_Result r)
    {
        final long first = message.first;
        final long second = message.second;
        if (ProbeMessage.FIRST == first && ProbeMessage.SECOND == second)
        {
            r.r2 = 1;
        }
        else if (0 == first && 0 == second)
        {
            r.r2 = 0;
        }
        else
        {
            r.r2 = 2;
        }
        r.r3 = RefCountReleaseRace.release(message);
    }

    /**
     * Runs after both holders: how often and when the pool reset the message.
     *
     * @param r where the outcome is recorded.
     */
    @Arbiter
    public void settle(final IIIII_Result r)
    {
        r.r4 = message.resets;
        r.r5 = message.refCountAtReset;
    }
}
