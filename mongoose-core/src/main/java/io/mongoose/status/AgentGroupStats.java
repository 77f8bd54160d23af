package io.mongoose.status;

import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ThreadMode;

/**
 * A snapshot of one agent group.
 *
 * @param name       group name (and thread name).
 * @param drainLimit per-queue drain limit per duty cycle.
 * @param dispatched messages taken from its queues and dispatched.
 * @param errors     errors outside any processor (for example a release that failed).
 * @param pinning    what pinning achieved, e.g. {@code pinned to CPU 1} or {@code not pinned: …}.
 */
public record AgentGroupStats(
    String name, ThreadMode threadMode, IdleStrategyKind idleStrategy, int drainLimit, long dispatched, long errors,
    String pinning)
{
}
