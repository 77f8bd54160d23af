package io.mongoose.pool;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** What a subclass and its users see of {@link PooledMessage}: what they call, nothing of the framework's protocol. */
class PooledMessageSurfaceTest
{
    @Test
    void publicAndProtectedMethodsAreWhatAUserCalls()
    {
        final Set<String> visible = Arrays.stream(PooledMessage.class.getDeclaredMethods())
            .filter(m -> !m.isSynthetic() && (Modifier.isPublic(m.getModifiers()) ||
                Modifier.isProtected(m.getModifiers())))
            .map(PooledMessageSurfaceTest::signature)
            .collect(Collectors.toCollection(TreeSet::new));

        assertEquals(new TreeSet<>(Set.of(
            "publishNanos()", "pool()", "refCount()", "release()", "reset()", "retain()", "retain(int)")), visible);
    }

    @Test
    void noFieldIsVisibleToSubclassesOrUsers()
    {
        for (final Field field : PooledMessage.class.getDeclaredFields())
        {
            final int modifiers = field.getModifiers();
            assertEquals(false, Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers), field.toString());
        }
    }

    private static String signature(final Method method)
    {
        return method.getName() + Arrays.stream(method.getParameterTypes()).map(Class::getSimpleName)
            .collect(Collectors.joining(",", "(", ")"));
    }
}
