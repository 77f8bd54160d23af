package io.mongoose.status;

import io.mongoose.config.IdleStrategyKind;
import io.mongoose.config.ThreadMode;

/**
 * A snapshot of one agent group (named as its thread): messages dispatched, errors outside any processor (a release
 * that failed), and what pinning achieved, e.g. {@code pinned to CPU 1} or {@code not pinned: …}.
 */
public record AgentGroupStats(
    String name, ThreadMode threadMode, IdleStrategyKind idleStrategy, int drainLimit, long dispatched, long errors,
    String pinning)
{
}
