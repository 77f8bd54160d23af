package io.mongoose.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Core's packages are concepts of the data path that do not import each other in circles. */
class PackageCyclesTest
{
    private static final JavaClasses CORE = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .importPackages("io.mongoose");

    @Test
    void corePackagesHaveNoCycles()
    {
        assertTrue(CORE.size() > 100, "imported " + CORE.size() + " classes; expected all of core's");
        slices().matching("io.mongoose.(*)..").should().beFreeOfCycles().check(CORE);
    }

    @Test
    void onlyTheServerPackageDependsOnTheServerPackage()
    {
        noClasses().that().resideOutsideOfPackage("io.mongoose.server..")
            .should().dependOnClassesThat().resideInAPackage("io.mongoose.server..")
            .check(CORE);
    }

    @Test
    void internalDependsOnNoOtherCorePackage()
    {
        noClasses().that().resideInAPackage("io.mongoose.internal..")
            .should().dependOnClassesThat().resideInAnyPackage("io.mongoose.pool..", "io.mongoose.feed..",
                "io.mongoose.agent..", "io.mongoose.dispatch..", "io.mongoose.server..", "io.mongoose.config..",
                "io.mongoose.status..", "io.mongoose.admin..", "io.mongoose.service..", "io.mongoose.connect..")
            .check(CORE);
    }
}
