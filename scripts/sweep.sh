#!/usr/bin/env bash
# The latency sweep: Mongoose and each peer (Disruptor, Agrona, JCTools, ArrayBlockingQueue) at 10k, 100k, 1M and
# 10M msg/s on an open-loop schedule, one JVM per point; then unpaced runs for max throughput; then the paired runs
# (Mongoose's two feeds, the Disruptor, its A/A twin and JCTools in alternating slices of one JVM, at each rate and
# unpaced, then 10M msg/s with a 1,024-slot ring on own and on polled consumers); then the pooled-events example; then
# the report (summary.md, charts) computed from the run files. One line per point as it goes, the results at the end.
#
#   scripts/sweep.sh            5 s warm-up + 10 s window per point, 3 throughput runs per transport, paired runs of
#                               5 JVMs x 80 cycles: about 30 minutes, into docs/reports (and the README's results)
#   scripts/sweep.sh --quick    1 s + 2 s per point, 1 throughput run, paired runs of 1 JVM x 4 cycles: about
#                               4 minutes, into mongoose-benchmarks/target/sweep-quick
#
# Options: --quick, --output=DIR, --pin=auto|none (default auto: publisher and consumer on CPUs of their own, best
# effort), --transports=a,b (default all), --rates=10k,100k,1M,10M, --throughputRuns=N, --paired=none.
# Run it with nothing else on the machine: the publisher and a busy-spin consumer take two cores.
# docs/benchmark-method.md explains the method, the paired runs and the A/A twin.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib.sh

quick=0
output=""
pin=auto
transports="mongoose,mongoose-queue,disruptor,agrona,jctools,abq"
rates="10k,100k,1M,10M"
throughput_runs=""
paired=on
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        --output=?*) output="${arg#*=}" ;;
        --pin=auto|--pin=none) pin="${arg#*=}" ;;
        --transports=?*) transports="${arg#*=}" ;;
        --rates=?*) rates="${arg#*=}" ;;
        --throughputRuns=[1-9]) throughput_runs="${arg#*=}" ;;
        --paired=none) paired=none ;;
        *) echo "sweep.sh: unknown or bad option '$arg'; expected --quick, --output=DIR, --pin=auto|none," \
                "--transports=a,b, --rates=10k,1M, --throughputRuns=1..9, --paired=none" >&2; exit 2 ;;
    esac
done
if [ "$quick" = 1 ]; then
    warmup=1000; run=2000; example_messages=4000000
    throughput_runs="${throughput_runs:-1}"
    paired_flags=(--jvms=1 --cycles=4 --warmupCycles=2)
    output="${output:-mongoose-benchmarks/target/sweep-quick}"
else
    warmup=5000; run=10000; example_messages=20000000
    throughput_runs="${throughput_runs:-3}"
    # Five JVMs: a JVM's JIT choices and heap layout put it in a mode for its whole life.
    paired_flags=(--jvms=5 --cycles=80 --warmupCycles=20)
    output="${output:-docs/reports}"
fi
command_line="scripts/sweep.sh${*:+ $*}"

build_if_changed mongoose-benchmarks
build_if_changed examples
scratch=$(mktemp -d)
trap 'rm -rf "${scratch}"' EXIT
AFFINITY_WARNINGS="${scratch}/affinity-warnings"

# A JVM's stdout as it is, its stderr through quiet_affinity.
run_point() {
    { bench_java io.mongoose.benchmarks.sweep.LatencySweepMain --warmupMillis="${warmup}" --runMillis="${run}" \
        --pin="${pin}" "$@" 2>&1 1>&3 | quiet_affinity; } 3>&1
}
label() {
    echo "$1" | tr 'A-Z' 'a-z'
}

IFS=',' read -r -a transport_list <<< "${transports}"
IFS=',' read -r -a rate_list <<< "${rates}"
count=${#transport_list[@]}
# A fresh throughput/: the report reads every run file under the output, and an earlier sweep's would count.
rm -rf "${output}/throughput"
mkdir -p "${output}/throughput"

# The first JVM after a build runs slower than the same point later: one discarded point settles the machine.
run_point --transport="${transport_list[0]}" --rate="${rate_list[0]}" --output="${scratch}/discarded.hgrm" > /dev/null
# The transport order rotates by one per rate, so that no transport always runs first.
round=0
for rate in "${rate_list[@]}"; do
    for ((t = 0; t < count; t++)); do
        transport="${transport_list[$(( (t + round) % count ))]}"
        point="latency_$(label "${rate}")_mps"
        [ "${transport}" = mongoose ] || point="${transport}_${point}"
        run_point --transport="${transport}" --rate="${rate}" --output="${output}/${point}.hgrm"
    done
    round=$((round + 1))
done
for ((i = 1; i <= throughput_runs; i++)); do
    for ((t = 0; t < count; t++)); do
        transport="${transport_list[$(( (t + i - 1) % count ))]}"
        run_point --transport="${transport}" --rate=max --output="${output}/throughput/${transport}_run${i}.hgrm"
    done
done

# A fresh paired/: the report must not judge this sweep on an earlier sweep's cycles. With --paired=none whatever
# paired/ holds stays, and the report dates it.
if [ "${paired}" = on ] && [[ ",${transports}," == *,mongoose,* ]]; then
    rm -rf "${output}/paired"
    mkdir -p "${output}/paired"
    lanes=mongoose,disruptor,disruptor-twin,jctools
    [[ ",${transports}," != *,mongoose-queue,* ]] || lanes=mongoose,mongoose-queue,disruptor,disruptor-twin,jctools
    run_paired() {
        local name="$1"
        shift
        echo "paired ${name}: $*"
        { bench_java io.mongoose.benchmarks.sweep.PairedRunMain "${paired_flags[@]}" --pin="${pin}" \
            --transports="${lanes}" "$@" --output="${output}/paired/${name}.md" \
            --data="${output}/paired/${name}.properties" 2>&1 > /dev/null | quiet_affinity; }
    }
    for rate in "${rate_list[@]}" max; do
        run_paired "paired_$(label "${rate}")_mps" --rate="${rate}"
    done
    # 10M msg/s with a 1,024-slot ring: about 100 µs of sends, so a consumer that falls behind for longer stalls the
    # producer. On each transport's own consumer thread, and polled (Mongoose's agent group in INVOKER mode).
    if [[ ",$(label "${rates}")," == *,10m,* ]]; then
        run_paired paired_10m_q1024_mps --rate=10M --queueCapacity=1024 --consumers=own
        run_paired paired_10m_q1024_polled_mps --rate=10M --queueCapacity=1024 --consumers=polled
    fi
fi

echo "example: ${example_messages} messages through the pooled-events server"
scripts/example.sh --messages="${example_messages}" 2>&1 | sed 's/\x1b\[[0-9;]*m//g' > "${output}/example-output.txt"

# Only a full sweep into the committed reports refreshes the README's results block.
readme_flag=()
if [ "${quick}" = 0 ] && [ "${output}" = docs/reports ]; then
    readme_flag=(--readme=README.md)
fi
scripts/report.sh --input="${output}" --output="${output}" --exampleOutput="${output}/example-output.txt" \
    --command="${command_line}" "${readme_flag[@]}"
report_affinity
echo "sweep done: ${output}/summary.md"
