#!/usr/bin/env bash
# The latency sweep: Mongoose and each peer (Disruptor, Agrona, JCTools, ArrayBlockingQueue) at 10k, 100k, 1M and
# 10M msg/s on an open-loop schedule, each point run N times (--repeats) and reported by its median run, then Mongoose
# alone at 1M and 10M msg/s for each of several drain limits, then max throughput (5 runs each), then the paired runs
# (Mongoose, its queue feed, the Disruptor and JCTools in alternating slices of one JVM, as scripts/paired.sh runs
# them, at each rate and unpaced; at 1M, 10M and unpaced each is followed by the same run with the peers' event padded
# to Mongoose's size, into paired-padded/; then 10M with a 1,024-slot ring, on own consumer threads and polled), then
# the pooled-events example, then the report and charts generated from the run files, with a verdict on each
# performance target from both the separate runs and the paired ones.
#
#   scripts/sweep.sh            full mode: 3 repeats of each latency point at 3 s warm-up + 6 s window (5 s + 10 s
#                               with --repeats=1), 3 s + 5 s per drain-limit point, 3 s + 6 s per throughput run;
#                               writes docs/reports (about 43 minutes, see below)
#   scripts/sweep.sh --quick    one run per latency point, a few seconds each, drain limits 1 and 256 only, writes
#                               mongoose-benchmarks/target/sweep-quick (CI, smoke runs)
#
# Options: --quick, --output=DIR, --pin=auto|none (default auto: publisher and consumer on distinct CPUs, best effort),
# --transports=a,b,... (default all), --rates=10k,100k,1M,10M, --repeats=N (runs per latency point, 1 to 9; default 3,
# 1 with --quick), --throughputRuns=N (default 5, 3 with --quick), --drainLimits=1,4,16,64,256,1024|none (default those; 1,256 with
# --quick; none skips the phase, as does leaving mongoose out of --transports), --drainRates=1M,10M,
# --jitterIntervalMicros=N (the hiccup meter's park interval in every run, default 10000; 0 turns it off),
# --paired=none (skips the paired runs, as does leaving mongoose out of --transports).
# Run it with nothing else on the machine: the publisher and a busy-spin consumer take two cores.
#
# Repeats: on a 2-vCPU VM a whole benchmark JVM lands, at random, in a fast or a slow mode (a 1M msg/s p50 of
# ~130-190 ns in one run, ~400-690 ns in the next, for every transport alike), so one run per point lets that coin flip
# decide each Mongoose/peer ratio. With --repeats=N > 1 each round runs every transport once at a rate, into
# ${output}/repeats/<point>_r<round>.*, and io.mongoose.benchmarks.report.RepeatSelectMain then copies each point's run
# with the median p50 to the point's usual name, which is all the report and compare-sweeps.sh read as a point.
# To keep the full sweep under about 20 minutes the repeated points are shorter: 3 s warm-up + 6 s window.
#
# Full-mode time, with about 2 s per JVM for start-up, heap pre-touch and drain (measured on the 2-vCPU VM):
#   latency points   6 transports x 4 rates x 3 repeats x (3 s + 6 s + 2 s) = 72 x 11 s  = 13.2 min
#   drain limits     6 limits x 2 rates x (3 s + 5 s + 2 s)                  = 12 x 10 s  =  2 min
#   max throughput   6 transports x 5 runs x (3 s + 6 s + 2 s)               = 30 x 11 s  =  5.5 min
#   paired runs      (4 rates + max) x 5 JVMs x 100 cycles x 5 slices x 50 ms, probes, start-up ~ 11.5 min
#   padded peers     (1M, 10M, max) x 5 JVMs x 100 cycles x 3 slices x 50 ms, probes, start-up ~  4.3 min
#   10M, 1,024 slots (own + polled) x 5 JVMs x 100 cycles x 5 slices x 50 ms, probes, start-up ~  4.6 min
#   discarded first point, build, example and report                                       ~  1.5 min  -> ~43 min
# (a full sweep of the six transports without the two 1,024-slot runs measured 37 min on 2026-11-27)
#
# Paired runs: each separate run above lands on its own placement of the two CPUs, so even the median of three can
# set a fast Mongoose run against a slow peer run or the reverse. The paired phase runs Mongoose (the ring feed), the
# queue feed (when mongoose-queue is among --transports), the Disruptor, its twin (a second, identical Disruptor lane:
# the A/A control) and JCTools from one publisher in alternating 50 ms slices, so each Mongoose slice has a peer slice
# under the same placement, over several JVMs (PairedRunMain; docs/benchmark-method.md, "Paired runs"). It writes
# ${output}/paired/paired_<rate>_mps.{md,properties}, and paired_max_mps.* unpaced; the report's targets section
# judges every ratio target, max throughput's included, on both. At 1M, 10M and unpaced a second run follows with the
# peers' event padded to the 64 bytes of Mongoose's message (--peerEvent=padded, Mongoose's ring feed against the
# Disruptor and JCTools), into ${output}/paired-padded/: the report shows it beside the first and judges nothing on it.
# When 10M is among --rates, 10M runs twice more with the same lanes and a 1,024-slot ring or queue
# (--queueCapacity=1024), which leaves the producer about 100 µs of slack: on each transport's own consumer thread, and
# polled (--consumers=polled: Mongoose's agent group in INVOKER mode, its duty cycle on a thread the application owns),
# into paired/paired_10m_q1024_mps.* and paired_10m_q1024_polled_mps.*. The report shows each as rows of its own,
# labelled with its capacity and consumers, and judges every target on the standard runs (65,536 slots, own threads).
# Quick mode runs one JVM of 4 cycles per paired run (about 4 s each), enough to keep the phase and its report from
# rotting.
# --repeats=1 keeps one 5 s + 10 s run per point (24 x 17 s, ~6.8 min; about 36 min in all); each further repeat
# at the repeated durations adds 24 x 11 s, about 4.4 min.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

quick=0
output=""
pin=auto
transports="mongoose,mongoose-queue,disruptor,agrona,jctools,abq"
rates="10k,100k,1M,10M"
throughput_runs=""
repeats=""
drain_limits=""
drain_rates="1M,10M"
jitter_interval=10000
paired=on
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        --output=*) output="${arg#*=}" ;;
        --pin=auto|--pin=none) pin="${arg#*=}" ;;
        --transports=*) transports="${arg#*=}" ;;
        --rates=*) rates="${arg#*=}" ;;
        --repeats=[1-9]) repeats="${arg#*=}" ;;
        --repeats=*) echo "sweep.sh: ${arg}: expected a whole number from 1 to 9 (runs per latency point;" \
                "default 3, 1 with --quick)" >&2; exit 2 ;;
        --throughputRuns=[1-9]*) throughput_runs="${arg#*=}" ;;
        --drainLimits=none) drain_limits=none ;;
        --drainLimits=[1-9]*) drain_limits="${arg#*=}" ;;
        --drainRates=[1-9]*) drain_rates="${arg#*=}" ;;
        --jitterIntervalMicros=[0-9]*) jitter_interval="${arg#*=}" ;;
        --paired=none) paired=none ;;
        *) echo "sweep.sh: unknown or bad option '$arg'; expected --quick, --output=DIR, --pin=auto|none," \
                "--transports=a,b, --rates=10k,1M, --repeats=N, --throughputRuns=N, --drainLimits=1,256|none," \
                "--drainRates=1M,10M, --jitterIntervalMicros=N, --paired=none" >&2; exit 2 ;;
    esac
done
if [ "$quick" = 1 ]; then
    repeats="${repeats:-1}"
    warmup=1000; run=2000; example_messages=4000000
    latency_warmup="${warmup}"; latency_run="${run}"
    # The drain-limit phase keeps the quick durations; only the two ends of the usual range.
    drain_warmup=1000; drain_run=2000; drain_limits="${drain_limits:-1,256}"
    throughput_runs="${throughput_runs:-3}"; throughput_warmup="${warmup}"; throughput_run="${run}"
    paired_flags=(--jvms=1 --cycles=4 --warmupCycles=2)
    output="${output:-mongoose-benchmarks/target/sweep-quick}"
else
    repeats="${repeats:-3}"
    warmup=5000; run=10000; example_messages=20000000
    # Repeated latency points are shorter, so that three of each keep the full sweep under about 20 minutes (see the
    # time estimate above). 6 s still records 60,000 messages at 10k msg/s, enough for p99.99.
    if [ "${repeats}" = 1 ]; then
        latency_warmup="${warmup}"; latency_run="${run}"
    else
        latency_warmup=3000; latency_run=6000
    fi
    # Shorter than the rate sweep's points, to keep the full sweep's time down: twelve points, about 2 minutes.
    drain_warmup=3000; drain_run=5000; drain_limits="${drain_limits:-1,4,16,64,256,1024}"
    # Five shorter unpaced runs rather than three long ones: the median of five is steadier against the machine's
    # modes, and a run's figure settles within seconds (it is messages over the window, not a tail).
    throughput_runs="${throughput_runs:-5}"; throughput_warmup=3000; throughput_run=6000
    # As scripts/paired.sh: five JVMs, since a JVM's JIT choices and heap layout put it in a mode for its whole life.
    paired_flags=(--jvms=5 --cycles=80 --warmupCycles=20)
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

# The first JVM after a build runs measurably slower than the same point later, so one discarded point settles the
# machine first, and the transport order rotates by one per round (each repeat of each rate) so that no transport is
# always first.
discard=$(mktemp -d)
trap 'rm -rf "${discard}"' EXIT
run_point --transport="${transport_list[0]}" --rate="${rate_list[0]}" --output="${discard}/discarded.hgrm" \
    --warmupMillis="${latency_warmup}" --runMillis="${latency_run}" > /dev/null
# Every sweep starts a fresh repeats/: left over from an earlier sweep, it would be read as the repeats of points this
# sweep measured again (or, with --repeats=1, claim medians the points no longer are).
rm -rf "${output}/repeats"
[ "${repeats}" = 1 ] || mkdir -p "${output}/repeats"
count=${#transport_list[@]}
round=0
for rate in "${rate_list[@]}"; do
    for ((repeat = 1; repeat <= repeats; repeat++)); do
        for ((t = 0; t < count; t++)); do
            transport="${transport_list[$(( (t + round) % count ))]}"
            point="latency_$(label "${rate}")_mps"
            [ "${transport}" = mongoose ] || point="${transport}_${point}"
            if [ "${repeats}" = 1 ]; then
                point_output="${output}/${point}.hgrm"
            else
                point_output="${output}/repeats/${point}_r${repeat}.hgrm"
            fi
            run_point --transport="${transport}" --rate="${rate}" --output="${point_output}" \
                --warmupMillis="${latency_warmup}" --runMillis="${latency_run}"
        done
        round=$((round + 1))
    done
done
# Each point's median run to the point's usual name, launched as scripts/report.sh launches the report.
if [ "${repeats}" != 1 ]; then
    "${java}" "@${launch}/jvm.argfile" -classpath "${classpath}" io.mongoose.benchmarks.report.RepeatSelectMain \
        --input="${output}" --repeats="${repeats}"
fi

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

# Interleaved by round like the latency repeats, rotating the order: unpaced runs swing even more with the machine's
# mode than paced ones (Mongoose 12M-23M msg/s, the Disruptor 12M-32M in one sitting), and all of one transport's
# runs back to back would let a slow stretch of minutes fall on one transport alone.
for ((i = 1; i <= throughput_runs; i++)); do
    for ((t = 0; t < count; t++)); do
        transport="${transport_list[$(( (t + i - 1) % count ))]}"
        run_point --transport="${transport}" --rate=max --output="${output}/throughput/${transport}_run${i}.hgrm" \
            --warmupMillis="${throughput_warmup}" --runMillis="${throughput_run}"
    done
done

# Paired runs: Mongoose against the Disruptor and JCTools in alternating slices of one JVM, per rate. A fresh paired/
# for the same reason as repeats/: the report must not judge this sweep on an earlier sweep's cycles. With
# --paired=none whatever paired/ holds stays, and the report dates it.
if [ "${paired}" = on ] && [[ ",${transports}," == *,mongoose,* ]]; then
    rm -rf "${output}/paired"
    mkdir -p "${output}/paired"
    # Both of Mongoose's feeds in the same cycles, so the report answers which one waits less at each rate. The
    # Disruptor's twin, a second identical Disruptor lane, is the A/A control: what it reads against the Disruptor is
    # what the harness and the host alone make of a ratio in this run (the report's "A/A control" section).
    paired_transports=mongoose,disruptor,disruptor-twin,jctools
    if [[ ",${transports}," == *,mongoose-queue,* ]]; then
        paired_transports=mongoose,mongoose-queue,disruptor,disruptor-twin,jctools
    fi
    # Then unpaced: the throughput runs above compare medians of separate runs, whose spread (several per cent from
    # run to run) is wider than the difference they are asked to settle; paired slices compare throughput under one
    # placement, cycle by cycle, as they do latency.
    # Where the report's three hardest targets are judged (the tail at 1M, the far cycles at 10M, throughput), each
    # paired run is followed at once by the same run with the peers' event padded to Mongoose's 64 bytes, into
    # paired-padded/: the report sets the two side by side to show what the bytes each message moves cost
    # (docs/benchmark-method.md, "Paired runs"). Mongoose's ring feed only, as the targets judge it.
    rm -rf "${output}/paired-padded"
    mkdir -p "${output}/paired-padded"
    # PairedRunMain into ${output}/<dir>/<name>.{md,properties}: run_paired dir name flags...
    run_paired() {
        local dir="$1" name="$2"
        shift 2
        "${java}" "@${launch}/jvm.argfile" "-Daffinity.reserved=${affinity_mask}" -classpath "${classpath}" \
            io.mongoose.benchmarks.sweep.PairedRunMain "${paired_flags[@]}" --pin="${pin}" "$@" \
            --output="${output}/${dir}/${name}.md" --data="${output}/${dir}/${name}.properties"
    }
    for rate in "${rate_list[@]}" max; do
        for event in raw padded; do
            dir=paired
            lanes="${paired_transports}"
            if [ "${event}" = padded ]; then
                case "$(label "${rate}")" in 1m|10m|max) ;; *) continue ;; esac
                dir=paired-padded
                lanes=mongoose,disruptor,jctools
            fi
            run_paired "${dir}" "paired_$(label "${rate}")_mps" --rate="${rate}" --transports="${lanes}" \
                --peerEvent="${event}"
        done
    done
    # 10M with a 1,024-slot ring: 102 µs of sends at 10M msg/s, so a consumer that falls behind for longer stalls the
    # producer. Once with each transport on its own consumer thread, once polled, where Mongoose's agent runs in INVOKER
    # mode on the consumer thread the harness owns, as an application would own it.
    if [[ ",$(label "${rates}")," == *,10m,* ]]; then
        run_paired paired paired_10m_q1024_mps --rate=10M --transports="${paired_transports}" --queueCapacity=1024 \
            --consumers=own
        run_paired paired paired_10m_q1024_polled_mps --rate=10M --transports="${paired_transports}" \
            --queueCapacity=1024 --consumers=polled
    fi
fi

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
