package io.mongoose.pool;

import org.agrona.UnsafeApi;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/** The layout tests' view of classes: their own instance fields and where the JVM put them. */
final class InstanceFields
{
    private InstanceFields()
    {
    }

    /**
     * @param types classes, each contributing only the fields it declares itself.
     * @return their non-static fields, in the order given.
     */
    static List<Field> of(final Class<?>... types)
    {
        final List<Field> fields = new ArrayList<>();
        for (final Class<?> type : types)
        {
            for (final Field field : type.getDeclaredFields())
            {
                if (!Modifier.isStatic(field.getModifiers()))
                {
                    fields.add(field);
                }
            }
        }
        return fields;
    }

    /**
     * @param field an instance field.
     * @return its byte offset in its objects.
     */
    static long offset(final Field field)
    {
        return UnsafeApi.objectFieldOffset(field);
    }

    /**
     * @param type a class.
     * @param name one of its own instance fields.
     * @return that field's byte offset.
     */
    static long offset(final Class<?> type, final String name)
    {
        try
        {
            return offset(type.getDeclaredField(name));
        }
        catch (final NoSuchFieldException e)
        {
            throw new AssertionError(type.getSimpleName() + " has no field " + name, e);
        }
    }

    /**
     * @param type a class with instance fields of its own.
     * @return the lowest offset among them.
     */
    static long first(final Class<?> type)
    {
        long first = Long.MAX_VALUE;
        for (final Field field : of(type))
        {
            first = Math.min(first, offset(field));
        }
        return first;
    }
}
