#!/usr/bin/env bash
# Where the time goes on the hot path: one sweep point per transport under a profiler, then the commands that read
# each recording. The point runs as scripts/sweep.sh runs its points (same JVM flags, CPU mask, --pin=auto). Run it
# with nothing else on the machine, as the sweep.
#
#   scripts/profile.sh [--transport=mongoose] [--rate=max] [--warmupMillis=2000] [--runMillis=5000]
#                      [--output=mongoose-benchmarks/target/profile] [--profiler=jfr|async]
#
# --transport takes a list (mongoose,disruptor): one JVM per transport, one after the other. --rate is the point's
# rate as LatencySweepMain takes it (max, 1M, 100k). A relative --output is taken from the directory you run it in.
# Per transport, in the output directory, named <transport>_<rate> with the rate in lower case (mongoose_max):
#   .log   the run's console output: rate achieved, latency, GC and allocation
#   .jfr   --profiler=jfr (default): Java execution samples every 1 ms (scripts/profile-hotpath.jfc), for JDK Mission
#          Control, `jfr print` and `jfr summary`
#   .txt   `jfr view hot-methods` of the recording, on a JDK with `jfr view` (21 and later)
#   .html  --profiler=async: async-profiler's CPU flame graph (ASYNC_PROFILER_HOME set, or asprof on PATH)
# Into an output directory without a .gitignore the script writes one that keeps recordings and flame graphs out of
# git and the logs in (the repository's own .gitignore leaves out *.log).
set -euo pipefail
caller="$(pwd)"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib.sh

transports=mongoose
rate=max
warmup=2000
run=5000
output=mongoose-benchmarks/target/profile
profiler=jfr
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
        --profiler=jfr|--profiler=async) profiler="${arg#*=}" ;;
        *) echo "profile.sh: unknown or bad option '$arg'; expected --transport=a,b, --rate=max|N," \
                "--warmupMillis=N, --runMillis=N, --output=DIR, --profiler=jfr|async" >&2; exit 2 ;;
    esac
done

if [ "${profiler}" = async ]; then
    home="${ASYNC_PROFILER_HOME:-}"
    if [ -z "${home}" ] && command -v asprof >/dev/null; then
        home="$(dirname "$(dirname "$(readlink -f "$(command -v asprof)")")")"
    fi
    library="${home}/lib/libasyncProfiler.so"
    if [ -z "${home}" ] || [ ! -f "${library}" ]; then
        echo "profile.sh: --profiler=async needs async-profiler: set ASYNC_PROFILER_HOME to its directory, or put" \
             "its bin/asprof on PATH${home:+ (no ${library})}; without it use --profiler=jfr" >&2
        exit 2
    fi
fi

build_if_changed mongoose-benchmarks
jfr="${JAVA_HOME:+${JAVA_HOME}/bin/}jfr"

mkdir -p "${output}"
[ -f "${output}/.gitignore" ] || printf '%s\n' '*.jfr' '*.html' '!*.log' > "${output}/.gitignore"
# The point's latency files: its figures are in the log, and a run under a profiler is no sweep result.
scratch=$(mktemp -d)
trap 'rm -rf "${scratch}"' EXIT

names=()
IFS=',' read -r -a transport_list <<< "${transports}"
for transport in "${transport_list[@]}"; do
    name="${transport}_$(echo "${rate}" | tr 'A-Z' 'a-z')"
    names+=("${name}")
    # A file left by an earlier run must not pass for one this run failed to write.
    rm -f "${output}/${name}".{jfr,txt,html}
    if [ "${profiler}" = jfr ]; then
        agent="-XX:StartFlightRecording=filename=${output}/${name}.jfr,settings=scripts/profile-hotpath.jfc"
    else
        agent="-agentpath:${library}=start,event=cpu,file=${output}/${name}.html"
    fi
    # DebugNonSafepoints keeps debug information at every compiled instruction, not only at safepoints, so a sample
    # is charged to the method it was taken in rather than to the nearest safepoint poll.
    bench_java "${agent}" -XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints \
        io.mongoose.benchmarks.sweep.LatencySweepMain --warmupMillis="${warmup}" --runMillis="${run}" --pin=auto \
        --transport="${transport}" --rate="${rate}" --output="${scratch}/${name}.hgrm" 2>&1 | tee "${output}/${name}.log"
done

echo
echo "profile done: ${output}"
for name in "${names[@]}"; do
    file="${output}/${name}"
    if [ "${profiler}" = async ]; then
        echo "${name}: open ${file}.html in a browser (CPU flame graph); the run's output is ${file}.log"
        continue
    fi
    echo "${name}: read ${file}.jfr with"
    echo "  jfr summary ${file}.jfr"
    echo "  jfr print --events jdk.ExecutionSample ${file}.jfr"
    if "${jfr}" help 2>/dev/null | grep -q 'jfr view'; then
        "${jfr}" view --width 160 hot-methods "${file}.jfr" > "${file}.txt"
        echo "  jfr view hot-methods ${file}.jfr    (saved as ${file}.txt)"
    else
        echo "  (jfr view hot-methods needs JDK 21 or later; on this JDK, JMC or jfr print reads the samples)"
    fi
    echo "  or open it in JDK Mission Control: Method Profiling, Threads"
done
