#!/usr/bin/env bash
# Print a running server's live counters once a second, from another process, like AeronStat:
#   scripts/mongoose-stat.sh [--dir=DIR | --file=FILE] [--server=NAME] [--pid=PID] [--interval=MS] [--count=N] [--list]
# Runs io.mongoose.tools.MongooseStat (docs/operations.md, "Live counters and mongoose-stat"). It maps the server's counters
# file read-only; servers write theirs to /dev/shm/mongoose-<user> (else java.io.tmpdir) unless configured otherwise.
# Exit code: 0 done (--count reached, --list, --help), 1 no such server or it went away, 2 bad arguments or several
# servers match.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

# -am builds mongoose-core from this checkout; the build writes mongoose-tools' runnable jar (everything MongooseStat
# needs) and the JVM flags to mongoose-tools/target/launch.
(cd "${root}" && source scripts/lib.sh && build_if_changed mongoose-tools)

java="${JAVA_HOME:+${JAVA_HOME}/bin/}java"
target="${root}/mongoose-tools/target"
jars=("${target}"/mongoose-tools-*-all.jar)
exec "${java}" "@${target}/launch/jvm.argfile" -classpath "${jars[0]}" io.mongoose.tools.MongooseStat "$@"
