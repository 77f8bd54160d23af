#!/usr/bin/env bash
# Build and run the operations walkthrough (docs/operations.md): a server from examples/config/operations.yaml under
# load, inspected and steered with the admin commands and mongoose-stat. Arguments: [--config=FILE] [--out=DIR].
# Exit code: the example's own (0 ok, 1 a step failed or quotes were lost, 2 bad arguments or configuration).
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
    io.mongoose.examples.OperationsWalkthroughExample "$@"
