#!/usr/bin/env bash
# Compare two sweeps, before and after a change: Mongoose / peer latency ratios (p50, p90, p99) at each rate, Mongoose's
# own p50 and p90, achieved against target rate, and the maximum-throughput medians, each before and after, as
# Markdown. Needs only a JDK (17+) and Maven (3.8+).
#
#   scripts/compare-sweeps.sh --before=DIR --after=DIR [--output=FILE]
#
# DIR is a sweep's output directory (scripts/sweep.sh --output, e.g. docs/reports); without --output the comparison
# goes to stdout. The tree keeps one sweep; an earlier one comes out of git history into a scratch directory:
#   mkdir -p /tmp/before && git archive REV docs/reports | tar -x -C /tmp/before
#   scripts/compare-sweeps.sh --before=/tmp/before/docs/reports --after=docs/reports
# (docs/benchmark-method.md, "Comparing two sweeps"). Relative paths are taken from the directory you run it in. --help lists the flags.
# Exit code: the comparison's own (0 ok, 1 could not write, 2 bad flags or input).
set -euo pipefail
caller="$(pwd)"
cd "$(dirname "${BASH_SOURCE[0]}")/.."

args=()
for arg in "$@"; do
    case "${arg}" in
        --before=* | --after=* | --output=*)
            # The comparison runs from the repository root: anchor relative paths where the caller meant them.
            value="${arg#*=}"
            # From the root itself they stay relative, so the comparison names them as typed.
            if [[ -n "${value}" && "${value}" != /* && "${caller}" != "$(pwd)" ]]; then
                arg="${arg%%=*}=${caller}/${value}"
            fi
            ;;
    esac
    args+=("${arg}")
done

# Built as scripts/report.sh builds it, sharing its stamp: Maven runs only when a source or pom is newer than the
# last build. Maven's quiet output goes to stderr, so stdout carries the comparison alone.
launch=mongoose-benchmarks/target/launch
stamp="${launch}/report.built"
if [[ ! -f "${stamp}" || ! -f "${launch}/classpath.txt" || ! -f "${launch}/jvm.argfile" ]] ||
    [[ -n "$(find pom.xml mongoose-core mongoose-benchmarks -path '*/target' -prune -o -type f -newer "${stamp}" \
        -print -quit)" ]]; then
    mvn -q -B -DskipTests package -pl mongoose-benchmarks -am >&2
    touch "${stamp}"
fi

java="${JAVA_HOME:+${JAVA_HOME}/bin/}java"
exec "${java}" "@${launch}/jvm.argfile" \
    -classpath "mongoose-benchmarks/target/classes:$(cat "${launch}/classpath.txt")" \
    io.mongoose.benchmarks.report.CompareMain "${args[@]}"
