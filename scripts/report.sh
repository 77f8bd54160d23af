#!/usr/bin/env bash
# Generate the benchmark report (summary.md and PNG charts) from the sweep's run files; needs only a JDK (17+) and
# Maven (3.8+). Every argument is passed to the report as a flag: --input=DIR --output=DIR [--exampleOutput=FILE]
# [--title=TEXT] [--command=TEXT] (--help lists them); relative paths are taken from the directory you run it in.
# Exit code: the report's own (0 ok, 1 could not write, 2 bad flags or input).
set -euo pipefail
caller="$(pwd)"
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib.sh

# The summary quotes the command that produced it; unless the caller passes its own (a sweep script quoting the whole
# pipeline, say), it is this script's invocation, shell-quoted so it can be pasted back.
command="scripts/report.sh"
if (($# > 0)); then
    command+="$(printf ' %q' "$@")"
fi
args=()
has_command=false
for arg in "$@"; do
    case "${arg}" in
        --input=* | --output=* | --exampleOutput=*)
            # The report runs from the repository root: anchor relative paths where the caller meant them.
            value="${arg#*=}"
            if [[ -n "${value}" && "${value}" != /* ]]; then
                arg="${arg%%=*}=${caller}/${value}"
            fi
            ;;
        --command=*)
            has_command=true
            ;;
    esac
    args+=("${arg}")
done
if [[ "${has_command}" == false ]]; then
    args+=("--command=${command}")
fi

build_if_changed mongoose-benchmarks
# Launch java directly rather than through Maven, so the report's output and exit code reach the caller untouched.
exec "${JAVA_HOME:+${JAVA_HOME}/bin/}java" "@mongoose-benchmarks/target/launch/jvm.argfile" \
    -classpath "mongoose-benchmarks/target/classes:$(cat mongoose-benchmarks/target/launch/classpath.txt)" \
    io.mongoose.benchmarks.report.ReportMain "${args[@]}"
