#!/usr/bin/env bash
# Serve a YAML configuration until SIGTERM or Ctrl-C: scripts/run-server.sh --config=FILE [--check] [--admin]
# Runs io.mongoose.tools.MongooseMain (docs/configuration.md). Processor types come from the
# ProcessorTypeProvider implementations on the class path: the built-in connectors (file-source, memory-source,
# file-sink, memory-sink) and the examples' types (price-sum, price-band, company-names, company-enricher) are on it;
# add jars with your own through MONGOOSE_CLASSPATH=a.jar:b.jar. A relative --config path, and relative paths inside
# the file (examples/config/pipeline.yaml's), are relative to where you run this.
# Exit code: MongooseMain's (0 valid or stopped clean, 1 failed to start or stopped unclean, 2 bad arguments or
# configuration); 130 or 143 when a signal ended the JVM.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# Same build as scripts/example.sh: -am builds mongoose-core and mongoose-tools from this checkout, and the build writes
# the JVM flags and the runtime classpath (the examples' types, MongooseMain, the connectors) to examples/target/launch.
# Without the examples' types, the runnable jar serves a file on its own: docs/configuration.md, "One command".
(cd "${root}" && source scripts/lib.sh && build_if_changed examples)

java="${JAVA_HOME:+${JAVA_HOME}/bin/}java"
launch="${root}/examples/target/launch"
exec "${java}" "@${launch}/jvm.argfile" \
    -classpath "${root}/examples/target/classes:$(cat "${launch}/classpath.txt")${MONGOOSE_CLASSPATH:+:${MONGOOSE_CLASSPATH}}" \
    io.mongoose.tools.MongooseMain "$@"
