package io.mongoose.yaml;

import io.mongoose.dispatch.EventProcessor;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Supplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessorTypesTest
{
    private static final EventProcessor NOOP = handlers ->
    {
    };

    @Test
    void namesKeepRegistrationOrder()
    {
        final ProcessorTypes types = ProcessorTypes.builder()
            .add("quote-pricer", () -> NOOP)
            .addConfigurable("alert", properties -> NOOP)
            .add("audit", () -> NOOP)
            .build();

        assertEquals(List.of("quote-pricer", "alert", "audit"), types.names());
        assertTrue(types.contains("alert"));
        assertFalse(types.contains("Alert"));
        assertFalse(types.contains(null));
        assertNull(types.factory("nope"));
        assertNull(types.factory(null));
        assertEquals("ProcessorTypes[quote-pricer, alert, audit]", types.toString());
    }

    @Test
    void aBuiltRegistryDoesNotChangeWithItsBuilder()
    {
        final ProcessorTypes.Builder builder = ProcessorTypes.builder().add("a", () -> NOOP);
        final ProcessorTypes first = builder.build();

        builder.add("b", () -> NOOP);

        assertEquals(List.of("a"), first.names());
        assertEquals(List.of("a", "b"), builder.build().names());
    }

    @Test
    void badNamesAreRefusedAtRegistration()
    {
        final ProcessorTypes.Builder builder = ProcessorTypes.builder().add("quote-pricer", () -> NOOP);

        assertEquals("type: duplicate 'quote-pricer'; expected each type registered once (registered: quote-pricer)",
            assertThrows(IllegalArgumentException.class, () -> builder.add("quote-pricer", () -> NOOP)).getMessage());
        assertEquals("type: ' '; expected a non-blank name without surrounding spaces",
            assertThrows(IllegalArgumentException.class, () -> builder.add(" ", () -> NOOP)).getMessage());
        assertEquals("type: 'alert '; expected a non-blank name without surrounding spaces",
            assertThrows(IllegalArgumentException.class, () -> builder.addConfigurable("alert ", p -> NOOP))
                .getMessage());
        assertEquals("type: null; expected a processor type name",
            assertThrows(NullPointerException.class, () -> builder.add(null, () -> NOOP)).getMessage());
        assertEquals("supplier: null; expected a Supplier of processors for type x",
            assertThrows(NullPointerException.class, () -> builder.add("x", (Supplier<EventProcessor>)null))
                .getMessage());
        assertEquals("factory: null; expected a ProcessorFactory for type x",
            assertThrows(NullPointerException.class, () -> builder.addConfigurable("x", null)).getMessage());
        assertEquals(List.of("quote-pricer"), builder.build().names(), "nothing refused was registered");
    }
}
