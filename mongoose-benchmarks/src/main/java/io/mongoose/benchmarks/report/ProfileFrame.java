package io.mongoose.benchmarks.report;

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
