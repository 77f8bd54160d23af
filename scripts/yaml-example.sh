#!/usr/bin/env bash
# Build and run the YAML configuration example: loads FILE (default examples/config/quotes.yaml), publishes 100,000
# quotes and stops. Exit code: the example's own (0 ok, 1 quotes lost or leaked, 2 bad arguments or configuration).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib.sh

# Same build and launch as scripts/example.sh: -am builds mongoose-core from this checkout, and the build writes the
# JVM flags and runtime classpath to examples/target/launch.
build_if_changed examples

java="${JAVA_HOME:+${JAVA_HOME}/bin/}java"
launch=examples/target/launch
exec "${java}" "@${launch}/jvm.argfile" \
    -classpath "examples/target/classes:$(cat "${launch}/classpath.txt")" \
    io.mongoose.examples.YamlConfigExample "$@"
