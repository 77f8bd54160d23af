package io.mongoose.admin;

/**
 * A registered command as {@code help} lists it.
 *
 * @param name        the command's name.
 * @param usage       its arguments, e.g. {@code FEED}; empty for none.
 * @param description what it does.
 * @param runsOn      {@code caller} for commands that run on the invoking thread, otherwise where they run, e.g.
 *                    {@code processor 'vwap' on agent 'pricing'}.
 */
public record AdminCommandInfo(String name, String usage, String description, String runsOn)
{
    /** @return {@code name usage}, as typed. */
    public String synopsis()
    {
        return usage.isEmpty() ? name : name + " " + usage;
    }
}
