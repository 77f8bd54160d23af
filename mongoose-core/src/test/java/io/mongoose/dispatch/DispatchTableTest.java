package io.mongoose.dispatch;

import io.mongoose.internal.MessageAccess;
import io.mongoose.internal.MessageTypes;
import io.mongoose.pool.PooledMessage;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DispatchTableTest
{
    static class Base extends PooledMessage
    {
    }

    /** No handler of its own anywhere in these tests. */
    static class Child extends Base
    {
    }

    static class GrandChild extends Child
    {
    }

    static class OwnHandled extends Base
    {
    }

    static class Unrelated extends PooledMessage
    {
    }

    static class UnrelatedChild extends Unrelated
    {
    }

    /** Constructed only after a table was built and the id space grew past it. */
    static class Late extends Base
    {
    }

    /** Its array classes are used only to use up type ids. */
    static final class IdFiller
    {
    }

    private final List<String> calls = new ArrayList<>();

    private EventHandler<PooledMessage> recorder(final String name)
    {
        return event -> calls.add(name + ":" + event.getClass().getSimpleName());
    }

    @Test
    void callsTheHandlerRegisteredForTheExactType()
    {
        final DispatchTable table = new HandlerRegistry("p")
            .on(Base.class, recorder("base"))
            .on(Unrelated.class, recorder("unrelated"))
            .build();
        final Base base = new Base();
        final Unrelated unrelated = new Unrelated();

        assertTrue(table.dispatch(base));
        assertTrue(table.dispatch(unrelated));
        assertTrue(table.dispatch(base));

        assertEquals(List.of("base:Base", "unrelated:Unrelated", "base:Base"), calls);
    }

    @Test
    void handlerReceivesTheVeryMessageDispatched()
    {
        final List<PooledMessage> seen = new ArrayList<>();
        final DispatchTable table = new HandlerRegistry("p").on(Base.class, seen::add).build();
        final Base message = new Base();

        table.dispatch(message);

        assertEquals(1, seen.size());
        assertSame(message, seen.get(0));
    }

    @Test
    void subclassWithoutAHandlerGoesToItsNearestRegisteredSuperclass()
    {
        final DispatchTable table = new HandlerRegistry("p").on(Base.class, recorder("base")).build();

        assertTrue(table.dispatch(new Child()));
        assertTrue(table.dispatch(new GrandChild()));
        assertTrue(table.dispatch(new Child()));

        assertEquals(List.of("base:Child", "base:GrandChild", "base:Child"), calls);
    }

    @Test
    void nearestSuperclassWinsOverAFartherOne()
    {
        final DispatchTable table = new HandlerRegistry("p")
            .on(Base.class, recorder("base"))
            .on(Child.class, recorder("child"))
            .build();

        table.dispatch(new GrandChild());
        table.dispatch(new Child());
        table.dispatch(new Base());
        table.dispatch(new GrandChild());

        assertEquals(List.of("child:GrandChild", "child:Child", "base:Base", "child:GrandChild"), calls);
    }

    @Test
    void subclassWithItsOwnHandlerGoesToItsOwn()
    {
        final DispatchTable table = new HandlerRegistry("p")
            .on(Base.class, recorder("base"))
            .on(OwnHandled.class, recorder("own"))
            .build();

        table.dispatch(new OwnHandled());
        table.dispatch(new Base());
        table.dispatch(new OwnHandled());

        assertEquals(List.of("own:OwnHandled", "base:Base", "own:OwnHandled"), calls);
    }

    @Test
    void registrationOrderDoesNotMatter()
    {
        final DispatchTable table = new HandlerRegistry("p")
            .on(OwnHandled.class, recorder("own"))
            .on(Child.class, recorder("child"))
            .on(Base.class, recorder("base"))
            .build();

        table.dispatch(new GrandChild());
        table.dispatch(new OwnHandled());
        table.dispatch(new Base());

        assertEquals(List.of("child:GrandChild", "own:OwnHandled", "base:Base"), calls);
    }

    @Test
    void unregisteredTypeReturnsFalseAndCallsNothingEveryTime()
    {
        final DispatchTable table = new HandlerRegistry("p").on(Base.class, recorder("base")).build();

        for (int i = 0; i < 3; i++)
        {
            assertFalse(table.dispatch(new Unrelated()), "attempt " + i);
            assertFalse(table.dispatch(new UnrelatedChild()), "attempt " + i);
        }

        assertEquals(List.of(), calls);
        assertTrue(table.dispatch(new Base()), "an unhandled type must not disturb the others");
        assertEquals(List.of("base:Base"), calls);
    }

    @Test
    void emptyTableHandlesNothing()
    {
        final DispatchTable table = new HandlerRegistry("p").build();

        assertFalse(table.dispatch(new Base()));
        assertFalse(table.dispatch(new Base()));
        assertFalse(table.handles(Base.class));
    }

    @Test
    void handlerForPooledMessageCatchesEveryType()
    {
        final DispatchTable table = new HandlerRegistry("p")
            .on(PooledMessage.class, recorder("any"))
            .on(Base.class, recorder("base"))
            .build();

        table.dispatch(new Unrelated());
        table.dispatch(new Child());

        assertEquals(List.of("any:Unrelated", "base:Child"), calls);
        assertTrue(table.handles(UnrelatedChild.class));
    }

    @Test
    void handlesReportsExactAndInheritedCoverage()
    {
        final DispatchTable table = new HandlerRegistry("p")
            .on(Base.class, recorder("base"))
            .on(OwnHandled.class, recorder("own"))
            .build();

        assertTrue(table.handles(Base.class));
        assertTrue(table.handles(OwnHandled.class));
        assertTrue(table.handles(Child.class));
        assertTrue(table.handles(GrandChild.class));
        assertFalse(table.handles(Unrelated.class));
        assertFalse(table.handles(UnrelatedChild.class));
        assertFalse(table.handles(PooledMessage.class));
        assertEquals(List.of(), calls, "handles() must not call anything");
    }

    @Test
    void typeFirstSeenAfterTheTableWasBuiltStillReachesItsSuperclassHandler()
    {
        final int countAtBuild = MessageTypes.count();
        final DispatchTable table = new HandlerRegistry("p").on(Base.class, recorder("base")).build();
        // Use up enough ids that the next new type's id lies beyond the table built above (at least 16 slots).
        Class<?> filler = IdFiller.class;
        while (MessageTypes.count() <= Math.max(16, countAtBuild) + 1)
        {
            filler = filler.arrayType();
            MessageTypes.idOf(filler);
        }

        final Late late = new Late();

        assertTrue(MessageAccess.get().typeId(late) > Math.max(16, countAtBuild), "test setup: id " + MessageAccess.get().typeId(late));
        assertTrue(table.dispatch(late));
        assertTrue(table.dispatch(new Late()));
        assertTrue(table.dispatch(new Base()));
        assertFalse(table.dispatch(new Unrelated()));
        assertEquals(List.of("base:Late", "base:Late", "base:Base"), calls);
    }

    @Test
    void tablesAreIndependentOfTheRegistryAfterBuild()
    {
        final HandlerRegistry registry = new HandlerRegistry("p").on(Base.class, recorder("first"));
        final DispatchTable table = registry.build();
        registry.on(Unrelated.class, recorder("later"));

        assertFalse(table.dispatch(new Unrelated()), "a handler added after build must not reach the built table");
        assertTrue(registry.build().dispatch(new Unrelated()));
        assertEquals(List.of("later:Unrelated"), calls);
    }

    @Test
    void duplicateRegistrationThrowsNamingProcessorAndType()
    {
        final HandlerRegistry registry = new HandlerRegistry("pricing").on(Base.class, recorder("first"));

        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> registry.on(Base.class, recorder("second")));

        assertEquals("processor 'pricing': " + Base.class.getName() + " already has a handler; expected one per type",
            ex.getMessage());
        registry.build().dispatch(new Base());
        assertEquals(List.of("first:Base"), calls, "the first handler must stay");
    }

    @Test
    void nullTypeOrHandlerThrowsNamingTheProcessor()
    {
        final HandlerRegistry registry = new HandlerRegistry("pricing");

        final NullPointerException nullType =
            assertThrows(NullPointerException.class, () -> registry.on(null, recorder("x")));
        final NullPointerException nullHandler =
            assertThrows(NullPointerException.class, () -> registry.on(Base.class, null));

        assertEquals("processor 'pricing': type null; expected a message class", nullType.getMessage());
        assertEquals("processor 'pricing': handler for " + Base.class.getName() + " null; expected a callback",
            nullHandler.getMessage());
        assertFalse(registry.build().handles(Base.class), "a refused registration must leave nothing behind");
    }

    @Test
    void registryNeedsAProcessorName()
    {
        assertEquals("processorName: null; expected a name",
            assertThrows(NullPointerException.class, () -> new HandlerRegistry(null)).getMessage());
        assertEquals("pricing", new HandlerRegistry("pricing").processorName());
    }
}
