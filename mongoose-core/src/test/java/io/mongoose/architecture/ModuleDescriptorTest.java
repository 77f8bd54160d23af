package io.mongoose.architecture;

import io.mongoose.pool.PooledMessage;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleDescriptor.Requires;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Path;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Core's module exports its API packages only and needs Agrona, JCTools and HdrHistogram, Affinity optionally. */
class ModuleDescriptorTest
{
    @Test
    void exportsTheApiPackagesOnly() throws IOException
    {
        final ModuleDescriptor module = descriptor();

        assertEquals("io.mongoose.core", module.name());
        final Set<String> exported = module.exports().stream()
            .peek(e -> assertTrue(e.targets().isEmpty(), "qualified export " + e))
            .map(ModuleDescriptor.Exports::source)
            .collect(Collectors.toCollection(TreeSet::new));
        assertEquals(new TreeSet<>(Set.of("io.mongoose.admin", "io.mongoose.config", "io.mongoose.connect",
            "io.mongoose.dispatch", "io.mongoose.feed", "io.mongoose.pool", "io.mongoose.server",
            "io.mongoose.service", "io.mongoose.status")), exported);
        assertTrue(module.packages().contains("io.mongoose.internal"));
        assertTrue(module.packages().contains("io.mongoose.agent"));
    }

    @Test
    void requiresAgronaJctoolsAndHdrHistogramAndAffinityOnlyStatically() throws IOException
    {
        final Set<String> required = descriptor().requires().stream()
            .filter(r -> !r.name().equals("java.base"))
            .map(r -> r.name() + (r.modifiers().contains(Requires.Modifier.STATIC) ? " static" : ""))
            .collect(Collectors.toCollection(TreeSet::new));

        assertEquals(new TreeSet<>(Set.of("HdrHistogram", "affinity static", "org.agrona", "org.jctools.core")),
            required);
    }

    /** Core's own descriptor, found beside its classes rather than first on the class path (JCTools has one too). */
    private static ModuleDescriptor descriptor() throws IOException
    {
        final Set<ModuleReference> found = ModuleFinder.of(Path.of(PooledMessage.class.getProtectionDomain()
            .getCodeSource().getLocation().getPath())).findAll();
        assertEquals(1, found.size(), "modules beside PooledMessage: " + found);
        return found.iterator().next().descriptor();
    }
}
