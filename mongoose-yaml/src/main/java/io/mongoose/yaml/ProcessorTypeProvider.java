package io.mongoose.yaml;

/**
 * Contributes processor types to {@code io.mongoose.tools.MongooseMain} (mongoose-tools), which finds every implementation on the class path with
 * {@link java.util.ServiceLoader}. Declare an implementation in
 * {@code META-INF/services/io.mongoose.server.ProcessorTypeProvider}; it needs a public no-argument constructor.
 *
 * <p>An application that builds its server itself passes a {@link ProcessorTypes} to {@link YamlConfig} directly and
 * needs no provider.
 */
public interface ProcessorTypeProvider
{
    /**
     * @param types where to register; a name another provider already registered is refused.
     */
    void addTypes(ProcessorTypes.Builder types);
}
