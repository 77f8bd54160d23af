package io.mongoose.admin;

/**
 * A registered command as {@code help} lists it; {@code runsOn} is {@code caller} for one that runs on the invoking
 * thread, otherwise where it runs, e.g. {@code processor 'vwap' on agent 'pricing'}.
 */
public record AdminCommandInfo(String name, String usage, String description, String runsOn)
{
    /** @return {@code name usage}, as typed. */
    public String synopsis()
    {
        return usage.isEmpty() ? name : name + " " + usage;
    }
}
