package io.mongoose.benchmarks.jmh;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a benchmark whose measured code is Mongoose's dispatch path, where the hot-path rules forbid allocation.
 * {@link JmhSmoke} fails the build when such a benchmark allocates more than
 * {@link AllocationGate#THRESHOLD_BYTES_PER_OP} bytes per operation. Baselines (a {@code new} per message, the raw
 * queues) are reported but carry no mark: they are the reference the gated paths are compared with, not code Mongoose
 * promises anything about.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AllocationGated
{
}
