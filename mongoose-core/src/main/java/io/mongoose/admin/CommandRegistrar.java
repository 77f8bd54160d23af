package io.mongoose.admin;

/**
 * Where commands are registered: {@link Admin}'s run on the invoking thread; those of the registrar a processor gets
 * from its context run on that processor's agent thread.
 */
public interface CommandRegistrar
{
    /**
     * Register a command.
     *
     * @param name        lower-case words joined by {@code -}, e.g. {@code reset-vwap}; unique within the server.
     * @param usage       the arguments, e.g. {@code "FEED"} or {@code "INSTRUMENT [LIMIT]"}: upper-case names,
     *                    optional ones in brackets after the required ones; empty for none.
     * @param description one line saying what the command does.
     * @throws IllegalArgumentException naming the problem, if the name is taken or reserved, or the name, usage or
     *                                  description is malformed.
     */
    void register(String name, String usage, String description, AdminCommand command);
}
