package io.mongoose.pool;

import io.mongoose.testing.SeqMessage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.mongoose.pool.MagazineDepot.MAGAZINE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MagazineDepotTest
{
    private static PooledMessage[] messages(final int n)
    {
        final PooledMessage[] all = new PooledMessage[n];
        for (int i = 0; i < n; i++)
        {
            final SeqMessage m = new SeqMessage();
            m.sequence = i;
            all[i] = m;
        }
        return all;
    }

    @Test
    void aDepositedMagazineComesBackWholeAndInOrderWhereverTheTakerAsks()
    {
        final MagazineDepot depot = new MagazineDepot(4 * MAGAZINE);
        final PooledMessage[] held = messages(MAGAZINE + 5);

        assertTrue(depot.deposit(held, 5), "held[5, 5 + MAGAZINE)");
        assertEquals(MAGAZINE, depot.messages());

        final PooledMessage[] into = new PooledMessage[MAGAZINE + 3];
        assertTrue(depot.take(into, 3));
        for (int i = 0; i < MAGAZINE; i++)
        {
            assertSame(held[5 + i], into[3 + i], "slot " + i);
        }
        assertNull(into[0]);
        assertEquals(0, depot.messages());
        assertFalse(depot.take(into, 0), "nothing left");
    }

    @Test
    void theDepotHoldsAsManyMagazinesAsThePoolFillsAndRefusesTheRest()
    {
        final MagazineDepot depot = new MagazineDepot(2 * MAGAZINE + MAGAZINE - 1);
        final PooledMessage[] held = messages(3 * MAGAZINE);

        assertTrue(depot.deposit(held, 0));
        assertTrue(depot.deposit(held, MAGAZINE));
        assertFalse(depot.deposit(held, 2 * MAGAZINE), "two magazines for a pool of under three magazines' worth");
        assertEquals(2 * MAGAZINE, depot.messages());

        assertTrue(depot.take(new PooledMessage[MAGAZINE], 0));
        assertTrue(depot.deposit(held, 2 * MAGAZINE), "a taken magazine is empty again and can be refilled");
        assertEquals(2 * MAGAZINE, depot.messages());
    }

    @Test
    void aPoolSmallerThanOneMagazineHasADepotThatRefusesEveryDeposit()
    {
        final MagazineDepot depot = new MagazineDepot(MAGAZINE - 1);

        assertFalse(depot.deposit(messages(MAGAZINE), 0));
        assertEquals(0, depot.messages());
        assertNull(depot.spill(m -> { }));
    }

    @Test
    void aSpillHandsOutTheFirstMessageAndPassesOnEveryOther()
    {
        final MagazineDepot depot = new MagazineDepot(MAGAZINE);
        final PooledMessage[] held = messages(MAGAZINE);
        assertTrue(depot.deposit(held, 0));
        final List<PooledMessage> passedOn = new ArrayList<>();

        final PooledMessage first = depot.spill(passedOn::add);

        assertSame(held[0], first);
        assertEquals(MAGAZINE - 1, passedOn.size());
        for (int i = 1; i < MAGAZINE; i++)
        {
            assertSame(held[i], passedOn.get(i - 1));
        }
        assertEquals(0, depot.messages());
        assertTrue(depot.deposit(held, 0), "the spilled magazine is empty again");
    }
}
