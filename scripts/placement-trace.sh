#!/usr/bin/env bash
# How this machine's host places the two CPUs over time: the sweep's core-to-core probe run back to back (both CPUs
# busy, as in a benchmark run), one line per slice ("<ms since start> <fastest round trip in ns>"), then a summary split
# where the sorted readings jump the most: the share of slices read near, and how long the near and far stretches
# lasted (PlacementStretches). On the
# 2-vCPU VM this project is measured on, this is why each latency point runs three times and why the targets compare
# runs of one placement (docs/benchmark-method.md).
#
#   scripts/placement-trace.sh                          300 s in slices of 100 ms, pinned to CPUs 0 and 1
#   scripts/placement-trace.sh --seconds=60 --sliceMillis=500 --pin=none
#
# Run it with nothing else running.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

mvn -q -B -DskipTests package -pl mongoose-benchmarks -am

java="${JAVA_HOME:+${JAVA_HOME}/bin/}java"
launch=mongoose-benchmarks/target/launch
classpath="mongoose-benchmarks/target/classes:$(cat "${launch}/classpath.txt")"
# As sweep.sh: let OpenHFT Affinity hand out every CPU, so both probe threads can be pinned.
affinity_mask=$(printf '%x' $(( (1 << $(nproc)) - 1 )))
exec "${java}" "@${launch}/jvm.argfile" "-Daffinity.reserved=${affinity_mask}" -classpath "${classpath}" \
    io.mongoose.benchmarks.sweep.PlacementTraceMain "$@"
