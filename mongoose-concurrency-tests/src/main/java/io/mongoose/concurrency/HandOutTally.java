package io.mongoose.concurrency;

/**
 * What one acquiring thread of a magazine scenario was handed: how many messages, how many of them were not a fresh
 * hand-out, and how many were handed out while already held. Written by that thread only; read by the arbiter, which
 * jcstress runs after both actors.
 */
final class HandOutTally
{
    /** Messages handed out. */
    int got;
    /** Of those, ones with a count other than 1, payload not reset, or reset other than exactly once at count 0. */
    int bad;
    /**
     * Of those, ones already held by an owner when handed out ({@link ProbeMessage#holders} above 1 after counting
     * this one): the same instance handed out twice. Nothing in the magazine scenarios releases what it was handed,
     * so any instance handed out twice, to one thread or two, is counted.
     */
    int duplicates;

    /**
     * Count {@code message} if there is one.
     *
     * @param message what an acquire returned.
     * @return {@code false} if {@code message} is {@code null}: the acquire found nothing.
     */
    boolean record(final ProbeMessage message)
    {
        if (null == message)
        {
            return false;
        }
        got++;
        if (1 != message.holders.incrementAndGet())
        {
            duplicates++;
        }
        // Reset once, on its one trip back through a release batch, after the count reached 0; one reference now.
        if (1 != message.refCount() || 0 != message.first || 0 != message.second || 1 != message.resets ||
            0 != message.refCountAtReset)
        {
            bad++;
        }
        return true;
    }
}
