package io.mongoose.internal;

/**
 * Agrona reaches {@code jdk.internal.misc.Unsafe}, which {@code java.base} exports to it only when the JVM is started
 * with {@code --add-opens}; without it the first Agrona buffer or counter fails deep in a class initialiser with an
 * {@link IllegalAccessError}. {@link #require()} checks first and says which flag to add, and where.
 */
public final class AgronaAccess
{
    /** The package Agrona needs from {@code java.base}. */
    static final String PACKAGE = "jdk.internal.misc";

    private AgronaAccess()
    {
    }

    /** @throws IllegalStateException naming the JVM flag, if {@code java.base} does not export the package to Agrona. */
    public static void require()
    {
        // A class literal loads the class without initialising it: nothing of Agrona's runs here.
        final Module agrona = org.agrona.BufferUtil.class.getModule();
        if (!Object.class.getModule().isExported(PACKAGE, agrona))
        {
            throw new IllegalStateException(missing(agrona));
        }
    }

    static String missing(final Module agrona)
    {
        final String target = agrona.isNamed() ? agrona.getName() : "ALL-UNNAMED";
        final String flag = "--add-opens java.base/" + PACKAGE + "=" + target;
        return "Mongoose cannot start: Agrona (" + (agrona.isNamed() ? "module " + agrona.getName() : "on the class " +
            "path") + ") needs java.base's package " + PACKAGE + ", which this JVM does not open to it. Start the JVM " +
            "with " + flag + " (and --enable-native-access=ALL-UNNAMED for thread pinning): on the java command line; " +
            "in Maven Surefire's <argLine>; for mvn exec:java in .mvn/jvm.config; in Gradle's jvmArgs; see README.md, " +
            "'Required JVM flags'";
    }
}
