/** A server's configuration from a YAML file, read into core's model. */
module io.mongoose.yaml
{
    requires transitive io.mongoose.core;
    requires org.snakeyaml.engine.v2;

    exports io.mongoose.yaml;
}
