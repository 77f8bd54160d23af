package io.mongoose.yaml;

import io.mongoose.config.MongooseConfigException;
import io.mongoose.dispatch.DispatchErrorHandler;
import io.mongoose.pool.PoolRegistry;
import io.mongoose.server.MongooseServer;
import io.mongoose.status.ServerState;

import java.nio.file.Path;

/**
 * A server from a YAML configuration file, in one call: {@link YamlConfig} reads the file into a
 * {@link io.mongoose.config.ServerConfig}, and {@link MongooseServer#create} builds it.
 *
 * <pre>{@code
 * MongooseServer server = MongooseYaml.server(Path.of("quotes.yaml"), types, PoolRegistry.global(),
 *     new LoggingErrorHandler());
 * }</pre>
 */
public final class MongooseYaml
{
    private MongooseYaml()
    {
    }

    /**
     * Build a server from a YAML configuration file ({@link YamlConfig} describes the format).
     *
     * @param file         the configuration file.
     * @param types        the processor types the file may name.
     * @param pools        where message pools live; checked for leaks at stop.
     * @param errorHandler receives handler and lifecycle errors.
     * @return a server in state {@link ServerState#NEW}.
     * @throws MongooseConfigException listing every problem of the file, before any thread starts.
     */
    public static MongooseServer server(
        final Path file, final ProcessorTypes types, final PoolRegistry pools, final DispatchErrorHandler errorHandler)
    {
        return MongooseServer.create(YamlConfig.load(file, types), pools, errorHandler);
    }
}
