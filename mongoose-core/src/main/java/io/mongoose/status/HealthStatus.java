package io.mongoose.status;

/** A health verdict, from best to worst; its ordinal is the value of the server's health counter. */
public enum HealthStatus
{
    /** Running, every agent cycling, no queue saturated, errors below the threshold. */
    UP,
    /** Running but something needs attention: a stale agent, a saturated queue, or errors above the threshold. */
    DEGRADED,
    /** Not serving: the server is not running, or an agent stopped or has not cycled for the down threshold. */
    DOWN;

    /** @return the worse of this and {@code other}. */
    public HealthStatus worst(final HealthStatus other)
    {
        return other.ordinal() > ordinal() ? other : this;
    }
}
