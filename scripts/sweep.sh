#!/usr/bin/env bash
# The latency sweep: Mongoose and each peer (Disruptor, Agrona, JCTools, ArrayBlockingQueue) at 10k, 100k, 1M and
# 10M msg/s on an open-loop schedule, then Mongoose alone at 1M and 10M msg/s for each of several drain limits, then
# max throughput (3 runs each), then the pooled-events example, then the report and charts generated from the run files.
#
#   scripts/sweep.sh            full mode: 5 s warm-up + 10 s window per point (3 s + 5 s per drain-limit point),
#                               writes docs/reports (about 12 minutes)
#   scripts/sweep.sh --quick    a few seconds per point, drain limits 1 and 256 only, writes
#                               mongoose-benchmarks/target/sweep-quick (CI, smoke runs)
#
# Options: --quick, --output=DIR, --pin=auto|none (default auto: publisher and consumer on distinct CPUs, best effort),
# --transports=a,b,... (default all), --rates=10k,100k,1M,10M, --throughputRuns=N (default 3),
# --drainLimits=1,4,16,64,256,1024|none (default those; 1,256 with --quick; none skips the phase, as does leaving
# mongoose out of --transports), --drainRates=1M,10M, --jitterIntervalMicros=N (the hiccup meter's park interval in
# every run, default 10000; 0 turns it off).
# Run it with nothing else on the machine: the publisher and a busy-spin consumer take two cores.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

quick=0
output=""
pin=auto
transports="mongoose,disruptor,agrona,jctools,abq"
rates="10k,100k,1M,10M"
throughput_runs=3
drain_limits=""
drain_rates="1M,10M"
jitter_interval=10000
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        --output=*) output="${arg#*=}" ;;
        --pin=auto|--pin=none) pin="${arg#*=}" ;;
        --transports=*) transports="${arg#*=}" ;;
        --rates=*) rates="${arg#*=}" ;;
        --throughputRuns=[1-9]*) throughput_runs="${arg#*=}" ;;
        --drainLimits=none) drain_limits=none ;;
        --drainLimits=[1-9]*) drain_limits="${arg#*=}" ;;
        --drainRates=[1-9]*) drain_rates="${arg#*=}" ;;
        --jitterIntervalMicros=[0-9]*) jitter_interval="${arg#*=}" ;;
        *) echo "sweep.sh: unknown or bad option '$arg'; expected --quick, --output=DIR, --pin=auto|none," \
                "--transports=a,b, --rates=10k,1M, --throughputRuns=N, --drainLimits=1,256|none," \
                "--drainRates=1M,10M, --jitterIntervalMicros=N" >&2; exit 2 ;;
    esac
done
if [ "$quick" = 1 ]; then
    warmup=1000; run=2000; example_messages=4000000
    # The drain-limit phase keeps the quick durations; only the two ends of the usual range.
    drain_warmup=1000; drain_run=2000; drain_limits="${drain_limits:-1,256}"
    output="${output:-mongoose-benchmarks/target/sweep-quick}"
else
    warmup=5000; run=10000; example_messages=20000000
    # Shorter than the rate sweep's points, to keep the full sweep's time down: twelve points, about 2 minutes.
    drain_warmup=3000; drain_run=5000; drain_limits="${drain_limits:-1,4,16,64,256,1024}"
    output="${output:-docs/reports}"
fi
command_line="scripts/sweep.sh${*:+ $*}"

mvn -q -B -DskipTests package -pl mongoose-benchmarks,examples -am

java="${JAVA_HOME:+${JAVA_HOME}/bin/}java"
launch=mongoose-benchmarks/target/launch
classpath="mongoose-benchmarks/target/classes:$(cat "${launch}/classpath.txt")"
# Let OpenHFT Affinity hand out every CPU (its default keeps CPU 0 back), so publisher and consumer can both be pinned.
cpus=$(nproc)
affinity_mask=$(printf '%x' $(( (1 << cpus) - 1 )))

mkdir -p "${output}/throughput"
# Later flags win: a phase with its own durations passes them after these.
run_point() {
    "${java}" "@${launch}/jvm.argfile" "-Daffinity.reserved=${affinity_mask}" -classpath "${classpath}" \
        io.mongoose.benchmarks.sweep.LatencySweepMain --warmupMillis="${warmup}" --runMillis="${run}" --pin="${pin}" \
        --jitterIntervalMicros="${jitter_interval}" "$@"
}
label() {
    echo "$1" | tr 'A-Z' 'a-z'
}

IFS=',' read -r -a transport_list <<< "${transports}"
IFS=',' read -r -a rate_list <<< "${rates}"

# The first JVM after the build ran measurably slower than the same point later (a 10k msg/s p50 of ~690 ns against
# ~200 ns run alone), so one discarded point settles the machine first, and the transport order rotates per rate so
# that no transport is always first.
discard=$(mktemp -d)
trap 'rm -rf "${discard}"' EXIT
run_point --transport="${transport_list[0]}" --rate="${rate_list[0]}" --output="${discard}/discarded.hgrm" > /dev/null
count=${#transport_list[@]}
r=0
for rate in "${rate_list[@]}"; do
    for ((t = 0; t < count; t++)); do
        transport="${transport_list[$(( (t + r) % count ))]}"
        prefix=""
        [ "${transport}" = mongoose ] || prefix="${transport}_"
        run_point --transport="${transport}" --rate="${rate}" \
            --output="${output}/${prefix}latency_$(label "${rate}")_mps.hgrm"
    done
    r=$((r + 1))
done

# Drain-limit phase: Mongoose alone, the same rates for every limit, in drainlimit/ so the report keeps these runs
# apart from the rate sweep's (they are Mongoose runs at the same rates).
if [ "${drain_limits}" != none ] && [[ ",${transports}," == *,mongoose,* ]]; then
    IFS=',' read -r -a drain_limit_list <<< "${drain_limits}"
    IFS=',' read -r -a drain_rate_list <<< "${drain_rates}"
    mkdir -p "${output}/drainlimit"
    for rate in "${drain_rate_list[@]}"; do
        for limit in "${drain_limit_list[@]}"; do
            run_point --transport=mongoose --rate="${rate}" --drainLimit="${limit}" \
                --warmupMillis="${drain_warmup}" --runMillis="${drain_run}" \
                --output="${output}/drainlimit/mongoose_dl${limit}_$(label "${rate}")_mps.hgrm"
        done
    done
fi

for transport in "${transport_list[@]}"; do
    for i in $(seq 1 "${throughput_runs}"); do
        run_point --transport="${transport}" --rate=max --output="${output}/throughput/${transport}_run${i}.hgrm"
    done
done

# The pooled-events example, for the report's heap and GC evidence.
# Maven's quiet mode still prints colour resets on stdout; strip escape codes so the report quotes clean text.
scripts/example.sh --messages="${example_messages}" 2>&1 | sed 's/\x1b\[[0-9;]*m//g' > "${output}/example-output.txt"

# Only a full sweep into the committed reports refreshes the README's results block.
readme_flag=()
if [ "${quick}" = 0 ] && [ "${output}" = docs/reports ]; then
    readme_flag=(--readme=README.md)
fi
scripts/report.sh --input="${output}" --output="${output}" --exampleOutput="${output}/example-output.txt" \
    --command="${command_line}" "${readme_flag[@]}"
echo "sweep done: ${output}/summary.md"
