package io.mongoose.benchmarks.report;

import java.util.regex.Pattern;

/**
 * One frame of a sampled stack, as {@link HotPathProfile} keeps it: the declaring class, the method and the source
 * line the sample landed on.
 *
 * @param className  the declaring class's binary name, e.g. {@code io.mongoose.pool.ObjectPool}.
 * @param methodName the method's name, e.g. {@code acquire} or {@code <init>}.
 * @param line       the source line, or 0 or less where the recording does not know it (native frames, classes
 *                   compiled without line numbers).
 */
public record ProfileFrame(String className, String methodName, int line)
{
    // A lambda's class is numbered in the order the JVM spun it: MongooseHop$1$$Lambda$109.
    private static final Pattern LAMBDA_NUMBER = Pattern.compile("\\$\\$Lambda\\$\\d+$");

    /**
     * A hidden class's name without what changes from one JVM to the next, so two profiles of the same code name the
     * same frames: JFR names a lambda's class {@code MongooseHop$1$$Lambda$109+0x00007f0394088c88.168366} on JDK 17
     * and {@code MongooseHop$1$$Lambda.0x00000000351223f0} on JDK 21 and later, and the number and the address differ
     * between runs. This keeps {@code MongooseHop$1$$Lambda}; the lambda's body,
     * a synthetic method of the declaring class ({@code lambda$registerHandlers$0}), is the frame below it.
     *
     * @param className a class's name as the recording gives it.
     * @return the name up to a hidden class's address, a lambda's number dropped; other names unchanged.
     */
    public static String stableClassName(final String className)
    {
        int end = className.indexOf("+0x");
        if (end < 0)
        {
            end = className.indexOf("/0x");
        }
        if (end < 0)
        {
            end = className.indexOf(".0x");
        }
        final String named = end < 0 ? className : className.substring(0, end);
        return LAMBDA_NUMBER.matcher(named).replaceFirst("\\$\\$Lambda");
    }

    /**
     * @return {@code class.method}: the key methods are grouped by when counting inclusive samples, so every line of
     * a method (and every overload) counts as that method.
     */
    public String method()
    {
        return className + "." + methodName;
    }

    /**
     * @return {@code class.method:line}, or {@code class.method} where the line is not known: the key of self
     * frames, where the line says which statement of the method the time went to.
     */
    public String location()
    {
        return line > 0 ? method() + ":" + line : method();
    }
}
