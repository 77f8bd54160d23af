package io.mongoose.benchmarks.jmh;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a benchmark whose measured code is Mongoose's dispatch path, which must not allocate: {@link JmhSmoke} fails
 * when it allocates more than {@link AllocationGate#THRESHOLD_BYTES_PER_OP} bytes per operation. Baselines carry no
 * mark.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface AllocationGated
{
}
