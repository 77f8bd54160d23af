#!/usr/bin/env bash
# JMH microbenchmarks of mongoose-benchmarks (package io.mongoose.benchmarks.jmh).
#   scripts/jmh.sh --smoke [REGEX...]  build, then run every benchmark briefly with -prof gc and the allocation gate
#                                      (io.mongoose.benchmarks.jmh.JmhSmoke; exit 1 if a gated benchmark allocates)
#   scripts/jmh.sh [JMH args...]       run JMH's own main for a full run, e.g. scripts/jmh.sh -prof gc PoolBenchmark
#                                      (both build first when a pom or source changed since the last build)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib.sh

module=mongoose-benchmarks

# -am builds mongoose-core from this checkout too. The build writes the benchmark JVM flags and runtime classpath to
# target/launch, and the JMH annotation processor writes the benchmark list into target/classes.
build_if_changed "${module}"
smoke=false
if [[ "${1:-}" == "--smoke" ]]
then
    smoke=true
    shift
fi

# JMH finds its benchmarks through this generated file; without it JMH reports "No benchmarks to run".
if [[ ! -s "${module}/target/classes/META-INF/BenchmarkList" ]]
then
    echo "jmh.sh: ${module}/target/classes/META-INF/BenchmarkList is missing or empty: the JMH annotation processor" \
        "did not run; rebuild with: mvn -B -DskipTests package -pl ${module} -am" >&2
    exit 1
fi

# The benchmark JVM (scripts/lib.sh): the same JVM flags for this JVM and, through it, for every JMH fork.
if [[ "${smoke}" == true ]]
then
    main=io.mongoose.benchmarks.jmh.JmhSmoke
else
    main=org.openjdk.jmh.Main
fi
bench_java "${main}" "$@"
