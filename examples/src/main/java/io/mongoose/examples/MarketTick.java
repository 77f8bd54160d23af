package io.mongoose.examples;

import io.mongoose.pool.PooledMessage;

/**
 * A pooled market-data tick: a few primitive fields, filled by the producer after {@code acquire()}, read by a handler,
 * cleared by {@link #reset()} when the last reference is released and the tick goes back to its pool.
 */
public final class MarketTick extends PooledMessage
{
    private long sequence;
    private int instrumentId;
    private long priceTicks;
    private int quantity;

    /**
     * Fill every field at once, so a reused tick can never carry a value from its previous use.
     *
     * @param sequence     producer sequence number.
     * @param instrumentId instrument the tick is for.
     * @param priceTicks   price in ticks (fixed point, no floating-point rounding in checksums).
     * @param quantity     traded quantity.
     * @return this tick.
     */
    public MarketTick set(final long sequence, final int instrumentId, final long priceTicks, final int quantity)
    {
        this.sequence = sequence;
        this.instrumentId = instrumentId;
        this.priceTicks = priceTicks;
        this.quantity = quantity;
        return this;
    }

    /**
     * @return producer sequence number.
     */
    public long sequence()
    {
        return sequence;
    }

    /**
     * @return instrument the tick is for.
     */
    public int instrumentId()
    {
        return instrumentId;
    }

    /**
     * @return price in ticks.
     */
    public long priceTicks()
    {
        return priceTicks;
    }

    /**
     * @return traded quantity.
     */
    public int quantity()
    {
        return quantity;
    }

    /**
     * The per-tick checksum term, shared by the producer (which sums what it sent) and the handler (which sums what it
     * received), so the example can prove every tick arrived intact, not just that the counts match.
     *
     * @param sequence     producer sequence number.
     * @param instrumentId instrument id.
     * @param priceTicks   price in ticks.
     * @param quantity     quantity.
     * @return a value mixing every field; sums of it wrap on overflow, which is fine for a checksum.
     */
    public static long checksumTerm(
        final long sequence, final int instrumentId, final long priceTicks, final int quantity)
    {
        return sequence * 31 + instrumentId * 1_000_003L + priceTicks * 7 + quantity;
    }

    @Override
    protected void reset()
    {
        sequence = 0;
        instrumentId = 0;
        priceTicks = 0;
        quantity = 0;
    }
}
