#!/usr/bin/env bash
# Where the time goes on the hot path: runs one sweep point per transport with JFR sampling the stack of every thread
# running Java code each millisecond, then writes what the samples say, per thread, as Markdown (HotPathProfileMain).
#
#   scripts/profile.sh [--transport=mongoose] [--rate=max] [--warmupMillis=2000] [--runMillis=5000]
#                      [--output=mongoose-benchmarks/target/profile]
#
# --transport takes a list (--transport=mongoose,disruptor): each transport runs in its own JVM, one after the other.
# --rate is the point's rate as LatencySweepMain takes it (max, 1M, 100k). Relative --output paths are taken from the
# directory you run it in. For each transport, in the output directory:
#   <transport>_<rate>.md    the profile (see "Profiling the hot path" in docs/benchmark-method.md)
#   <transport>_<rate>.log   the run's own console output: rate achieved, latency, GC, pinning, environment
#   <transport>_<rate>.jfr   the recording, for JDK Mission Control or `jfr print`; not for git: into an output
#                            directory without a .gitignore the script writes one that ignores *.jfr (and keeps *.log,
#                            which the repository's own .gitignore leaves out)
# <rate> is --rate in lower case: mongoose_max.md, disruptor_1m.md.
# The point runs the way scripts/sweep.sh runs its points (same JVM flags, CPU mask, --pin=auto), with the hiccup
# meter off so its wake-ups are not in the profile. Run it with nothing else on the machine, as the sweep.
set -euo pipefail
caller="$(pwd)"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

transports=mongoose
rate=max
warmup=2000
run=5000
output=mongoose-benchmarks/target/profile
for arg in "$@"; do
    case "$arg" in
        --transport=?*) transports="${arg#*=}" ;;
        --rate=?*) rate="${arg#*=}" ;;
        --warmupMillis=[0-9]*) warmup="${arg#*=}" ;;
        --runMillis=[1-9]*) run="${arg#*=}" ;;
        --output=?*)
            output="${arg#*=}"
            # The script runs from the repository root: anchor a relative path where the caller meant it.
            [[ "${output}" == /* ]] || output="${caller}/${output}"
            ;;
        *) echo "profile.sh: unknown or bad option '$arg'; expected --transport=a,b, --rate=max|N," \
                "--warmupMillis=N, --runMillis=N, --output=DIR" >&2; exit 2 ;;
    esac
done

mvn -q -B -DskipTests package -pl mongoose-benchmarks -am

# Launched as scripts/sweep.sh's run_point launches a point: the benchmark JVM flags and runtime classpath the build
# writes to target/launch, and OpenHFT Affinity allowed every CPU so publisher and consumer can both be pinned.
java="${JAVA_HOME:+${JAVA_HOME}/bin/}java"
launch=mongoose-benchmarks/target/launch
classpath="mongoose-benchmarks/target/classes:$(cat "${launch}/classpath.txt")"
cpus=$(nproc)
affinity_mask=$(printf '%x' $(( (1 << cpus) - 1 )))
settings=scripts/profile-hotpath.jfc

mkdir -p "${output}"
if [ ! -f "${output}/.gitignore" ]; then
    # Recordings are megabytes of binary, re-made in seconds: keep them out of git. The logs stay in, beside their
    # profile, although the repository's .gitignore leaves out *.log.
    printf '%s\n' '*.jfr' '!*.log' > "${output}/.gitignore"
fi
# The point's latency files: its figures are in the log, and a run under a profiler is no sweep result.
scratch=$(mktemp -d)
trap 'rm -rf "${scratch}"' EXIT

rate_text="${rate} msg/s"
[ "${rate}" != max ] || rate_text="max throughput"
IFS=',' read -r -a transport_list <<< "${transports}"
for transport in "${transport_list[@]}"; do
    name="${transport}_$(echo "${rate}" | tr 'A-Z' 'a-z')"
    jfr="${output}/${name}.jfr"
    # A recording left by an earlier run must not be profiled in place of one this run failed to write.
    rm -f "${jfr}"
    # DebugNonSafepoints records debug information at every compiled instruction, not only at safepoints, so a
    # sample is attributed to the method and line it was taken in rather than to the nearest safepoint poll.
    "${java}" "@${launch}/jvm.argfile" "-Daffinity.reserved=${affinity_mask}" \
        "-XX:StartFlightRecording=filename=${jfr},settings=${settings}" \
        -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints -classpath "${classpath}" \
        io.mongoose.benchmarks.sweep.LatencySweepMain --warmupMillis="${warmup}" --runMillis="${run}" --pin=auto \
        --jitterIntervalMicros=0 --transport="${transport}" --rate="${rate}" --output="${scratch}/${name}.hgrm" \
        2>&1 | tee "${output}/${name}.log"
    "${java}" "@${launch}/jvm.argfile" -classpath "${classpath}" io.mongoose.benchmarks.report.HotPathProfileMain \
        --input="${jfr}" --output="${output}/${name}.md" \
        --title="Hot-path profile: ${transport}, ${rate_text}, ${warmup} ms warm-up + ${run} ms window"
done
echo "profile done: ${output}"
