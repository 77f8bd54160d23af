#!/usr/bin/env bash
# Mongoose against the LMAX Disruptor and a raw JCTools queue in one JVM: one publisher thread for all three,
# alternating slices of 50 ms at each rate, and Mongoose's latency divided by each peer's cycle by cycle. On a virtual
# machine the host moves a whole single-transport run between a fast and a slow placement of its two CPUs; slices this
# short put each Mongoose slice next to a peer's under the same placement. By default each transport keeps its own
# consumer thread, as scripts/sweep.sh runs it, parked in its handler between its slices; --consumers=polled has one
# harness thread poll every hop instead (Mongoose's agent group in INVOKER mode, the Disruptor's EventPoller, JCTools'
# drain), which replaces each transport's own wait loop with the harness's. Each rate runs 5 JVMs one after another
# and pools their cycles: a JVM's JIT choices and heap layout put it in a mode of its own for its whole life, which
# only other JVMs average out.
#
#   scripts/paired.sh                 10k, 100k, 1M and 10M msg/s, 5 JVMs of 80 cycles after 20 discarded (about
#                                     6 min), into docs/reports/paired/paired_<rate>_mps.md, and the pooled cycles
#                                     into paired_<rate>_mps.properties, which scripts/report.sh's summary.md reads
#   scripts/paired.sh --rates=1M --cycles=400 --output=/tmp/p
#   scripts/paired.sh --rates=1M --transports=mongoose,disruptor,agrona,jctools,abq --output=/tmp/p
#   scripts/paired.sh --rates=1M --transports=mongoose,disruptor,disruptor-twin,jctools --output=/tmp/p
#                                     with the A/A control: a second, identical Disruptor lane, whose ratio to the
#                                     first is the harness's own noise (the sweep's paired runs carry it)
#   scripts/paired.sh --rates=max     unpaced slices: each slice's throughput, Mongoose's over each peer's cycle by
#                                     cycle, into paired_max_mps.{md,properties}
#   scripts/paired.sh --rates=10M --queueCapacity=1024 --output=/tmp/q1024 \
#       --transports=mongoose,mongoose-queue,disruptor,disruptor-twin,jctools
#   scripts/paired.sh --rates=10M --queueCapacity=1024 --consumers=polled --output=/tmp/q1024-polled \
#       --transports=mongoose,mongoose-queue,disruptor,disruptor-twin,jctools
#                                     10M with a 1,024-slot ring or queue (about 100 µs of slack for the producer), on
#                                     each transport's own consumer thread and polled (Mongoose's agent group in
#                                     INVOKER mode); each into a directory of its own, since the files are named by
#                                     rate alone (scripts/sweep.sh writes both to paired/ as paired_10m_q1024_mps.*
#                                     and paired_10m_q1024_polled_mps.*)
#
# Options: --rates=a,b (default 10k,100k,1M,10M), --output=DIR (default docs/reports/paired); any other flag goes to
# PairedRunMain as it is and overrides the script's --jvms=5 --cycles=80 --warmupCycles=20 (--consumers,
# --sliceMillis, --cycles, --warmupCycles, --jvms, --transports, --queueCapacity, --drainLimit, --pin).
# Run it with nothing else running: the publisher and the consumer busy-spin on both CPUs of a 2-core machine.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib.sh

rates=10k,100k,1M,10M
output=docs/reports/paired
pass=()
for arg in "$@"; do
    case "${arg}" in
        --rates=*) rates="${arg#*=}" ;;
        --output=*) output="${arg#*=}" ;;
        --rate=*) echo "paired.sh: ${arg}: expected --rates=a,b (one run per rate)" >&2; exit 2 ;;
        *) pass+=("${arg}") ;;
    esac
done

build_if_changed mongoose-benchmarks
AFFINITY_WARNINGS=$(mktemp)
trap 'rm -f "${AFFINITY_WARNINGS}"' EXIT

mkdir -p "${output}"
IFS=',' read -r -a rate_list <<< "${rates}"
for rate in "${rate_list[@]}"; do
    label=$(echo "${rate}" | tr 'A-Z' 'a-z')
    { bench_java io.mongoose.benchmarks.sweep.PairedRunMain --jvms=5 --cycles=80 --warmupCycles=20 --rate="${rate}" \
        --output="${output}/paired_${label}_mps.md" --data="${output}/paired_${label}_mps.properties" \
        ${pass[@]+"${pass[@]}"} 2>&1 1>&3 | quiet_affinity; } 3>&1
done
report_affinity
echo "paired done: ${output}"
