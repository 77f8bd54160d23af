package io.mongoose.examples;

import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What Maven Central asks of the published modules: a license in the repository and in the POMs, a BOM that manages
 * exactly the library modules at the build's version, sources and javadoc jars from each library, and no deploy of the
 * modules that are not libraries.
 */
class PublishingTest
{
    private static final Path REPO_ROOT =
        Paths.get(System.getProperty("basedir", System.getProperty("user.dir"))).toAbsolutePath().getParent();
    private static final List<String> LIBRARIES = List.of("mongoose-core", "mongoose-yaml", "mongoose-tools");
    private static final List<String> NOT_LIBRARIES =
        List.of("mongoose-benchmarks", "examples", "mongoose-concurrency-tests");

    @Test
    void theRepositoryAndThePomsCarryTheApacheLicense() throws Exception
    {
        final String license = Files.readString(REPO_ROOT.resolve("LICENSE"), StandardCharsets.UTF_8);
        assertTrue(license.contains("Apache License") && license.contains("Version 2.0, January 2004") &&
            license.contains("END OF TERMS AND CONDITIONS"), "LICENSE: expected the Apache License 2.0 text");
        for (final String module : List.of(".", "mongoose-bom"))
        {
            final Element project = pom(module);
            assertEquals("Apache License, Version 2.0", text(child(child(child(project, "licenses"), "license"),
                "name")), module);
            assertTrue(null != child(child(project, "developers"), "developer"), module + ": developers");
        }
    }

    @Test
    void theBomManagesEveryLibraryAtTheBuildsVersionAndNothingElse() throws Exception
    {
        final Element parent = pom(".");
        final String version = text(child(parent, "version"));
        final Element bom = pom("mongoose-bom");
        assertNull(child(bom, "parent"), "the BOM has no parent, so importing it manages only Mongoose's modules");
        assertEquals("io.mongoose", text(child(bom, "groupId")));
        assertEquals(version, text(child(bom, "version")), "the BOM's version is the build's");
        assertTrue(modules(parent).contains("mongoose-bom"), "the BOM is built with the rest");

        final List<String> managed = new ArrayList<>();
        for (final Element dependency : children(child(child(bom, "dependencyManagement"), "dependencies"),
            "dependency"))
        {
            assertEquals("io.mongoose", text(child(dependency, "groupId")));
            assertEquals(version, text(child(dependency, "version")), text(child(dependency, "artifactId")));
            managed.add(text(child(dependency, "artifactId")));
        }
        assertEquals(LIBRARIES, managed);
    }

    @Test
    void librariesAttachSourcesAndJavadocAndTheRestSkipDeploy() throws Exception
    {
        // The parent binds the goals that make the jars; a library only names the plugins.
        final List<String> boundGoals = new ArrayList<>();
        for (final Element plugin : children(child(child(child(pom("."), "build"), "pluginManagement"), "plugins"),
            "plugin"))
        {
            for (final Element execution : children(child(plugin, "executions"), "execution"))
            {
                for (final Element goal : children(child(execution, "goals"), "goal"))
                {
                    boundGoals.add(text(child(plugin, "artifactId")) + ":" + text(goal));
                }
            }
        }
        assertTrue(boundGoals.contains("maven-source-plugin:jar-no-fork") &&
            boundGoals.contains("maven-javadoc-plugin:jar"), "goals bound in the parent: " + boundGoals);

        final List<String> modules = modules(pom("."));
        for (final String library : LIBRARIES)
        {
            assertTrue(modules.contains(library), library);
            final List<String> plugins = new ArrayList<>();
            for (final Element plugin : children(child(child(pom(library), "build"), "plugins"), "plugin"))
            {
                plugins.add(text(child(plugin, "artifactId")));
            }
            assertTrue(plugins.contains("maven-source-plugin") && plugins.contains("maven-javadoc-plugin"),
                library + ": expected the sources and javadoc jars, plugins " + plugins);
            assertNull(child(child(pom(library), "properties"), "maven.deploy.skip"), library + " is published");
        }
        for (final String other : NOT_LIBRARIES)
        {
            assertTrue(modules.contains(other), other);
            assertEquals("true", text(child(child(pom(other), "properties"), "maven.deploy.skip")), other);
        }
    }

    private static Element pom(final String module) throws Exception
    {
        final Document document = DocumentBuilderFactory.newInstance().newDocumentBuilder()
            .parse(REPO_ROOT.resolve(module).resolve("pom.xml").toFile());
        return document.getDocumentElement();
    }

    private static List<String> modules(final Element project)
    {
        final List<String> names = new ArrayList<>();
        for (final Element module : children(child(project, "modules"), "module"))
        {
            names.add(text(module));
        }
        return names;
    }

    /** @return the first child element named {@code name}, or null (also when {@code parent} is null). */
    private static Element child(final Element parent, final String name)
    {
        final List<Element> found = children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(final Element parent, final String name)
    {
        final List<Element> found = new ArrayList<>();
        if (null == parent)
        {
            return found;
        }
        final NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++)
        {
            final Node node = nodes.item(i);
            if (node instanceof Element && name.equals(node.getNodeName()))
            {
                found.add((Element)node);
            }
        }
        return found;
    }

    private static String text(final Element element)
    {
        return null == element ? null : element.getTextContent().trim();
    }
}
