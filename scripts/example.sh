#!/usr/bin/env bash
# Build and run the pooled-events example from a fresh clone; needs only a JDK (17+) and Maven (3.8+).
# Every argument is passed to the example as a flag: --messages=N --periodNanos=N --pin=none|any|CPU --idle=NAME
# (--help lists them). Exit code: the example's own (0 ok, 1 messages lost or leaked, 2 bad flags).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib.sh

# -am builds mongoose-core from this checkout as well, so nothing needs to be installed in ~/.m2 first. The build also
# writes the example's JVM flags and runtime classpath to examples/target/launch (see examples/pom.xml).
build_if_changed examples

# Launch java directly rather than through Maven, so the example's output and exit code reach the caller untouched.
launch=examples/target/launch
exec "${JAVA_HOME:+${JAVA_HOME}/bin/}java" "@${launch}/jvm.argfile" \
    -classpath "examples/target/classes:$(cat "${launch}/classpath.txt")" \
    io.mongoose.examples.PooledEventsServerExample "$@"
