package io.mongoose.examples;

import io.mongoose.service.MongooseService;
import org.agrona.DirectBuffer;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A reference-data service: company names by ticker symbol, given as {@code SYMBOL=Name;SYMBOL=Name}. Immutable once
 * built, so any processor may read it from its own agent thread; the lookup is allocation-free.
 */
public final class CompanyNames implements MongooseService
{
    private final byte[][] symbols;
    private final byte[][] names;

    /**
     * @param entries {@code SYMBOL=Name} pairs separated by {@code ;}.
     * @throws IllegalArgumentException naming an entry without {@code =}.
     */
    public CompanyNames(final String entries)
    {
        final List<byte[]> s = new ArrayList<>();
        final List<byte[]> n = new ArrayList<>();
        for (final String entry : entries.split(";"))
        {
            final int eq = entry.indexOf('=');
            if (eq <= 0)
            {
                throw new IllegalArgumentException("company names: entry '" + entry + "'; expected SYMBOL=Name");
            }
            s.add(entry.substring(0, eq).strip().getBytes(StandardCharsets.UTF_8));
            n.add(entry.substring(eq + 1).strip().getBytes(StandardCharsets.UTF_8));
        }
        symbols = s.toArray(new byte[0][]);
        names = n.toArray(new byte[0][]);
    }

    /**
     * @param buffer holds the symbol.
     * @param offset where it starts.
     * @param length its length in bytes.
     * @return the company's name as UTF-8 bytes (do not modify), or {@code null} for an unknown symbol.
     */
    public byte[] nameOf(final DirectBuffer buffer, final int offset, final int length)
    {
        for (int i = 0; i < symbols.length; i++)
        {
            if (equal(symbols[i], buffer, offset, length))
            {
                return names[i];
            }
        }
        return null;
    }

    private static boolean equal(final byte[] symbol, final DirectBuffer buffer, final int offset, final int length)
    {
        if (symbol.length != length)
        {
            return false;
        }
        for (int i = 0; i < length; i++)
        {
            if (symbol[i] != buffer.getByte(offset + i))
            {
                return false;
            }
        }
        return true;
    }
}
