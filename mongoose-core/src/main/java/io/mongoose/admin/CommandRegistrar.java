package io.mongoose.admin;

/**
 * Where commands are registered: {@link Admin}'s run on the invoking thread; those of the registrar a processor gets
 * from its context run on that processor's agent thread.
 */
public interface CommandRegistrar
{
    /**
     * Register a command under a unique name of lower-case words joined by {@code -}, e.g. {@code reset-vwap}, with a
     * one-line description; an IllegalArgumentException names what is taken, reserved or malformed.
     *
     * @param usage the arguments, e.g. {@code "FEED"} or {@code "INSTRUMENT [LIMIT]"}: upper-case names, optional ones
     *              in brackets after the required ones; empty for none.
     */
    void register(String name, String usage, String description, AdminCommand command);
}
