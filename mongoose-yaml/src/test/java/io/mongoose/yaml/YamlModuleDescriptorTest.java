package io.mongoose.yaml;

import org.junit.jupiter.api.Test;

import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The YAML module exports its one package and brings core with it. */
class YamlModuleDescriptorTest
{
    @Test
    void exportsItsPackageAndRequiresCoreTransitively()
    {
        final Set<ModuleReference> found = ModuleFinder.of(Path.of(YamlConfig.class.getProtectionDomain()
            .getCodeSource().getLocation().getPath())).findAll();
        assertEquals(1, found.size(), "modules beside YamlConfig: " + found);
        final ModuleDescriptor module = found.iterator().next().descriptor();

        assertEquals("io.mongoose.yaml", module.name());
        assertEquals(Set.of("io.mongoose.yaml"),
            module.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()));
        assertEquals(Set.of(ModuleDescriptor.Requires.Modifier.TRANSITIVE), module.requires().stream()
            .filter(r -> r.name().equals("io.mongoose.core")).findFirst().orElseThrow().modifiers());
    }
}
