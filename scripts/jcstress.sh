#!/usr/bin/env bash
# jcstress concurrency tests of mongoose-concurrency-tests (package io.mongoose.concurrency).
#   scripts/jcstress.sh --quick [jcstress args...]  build, then jcstress's quick preset with one iteration per fork and
#                                                   one JVM flag set (the JVM flags below): the CI gate, about 90 s
#                                                   here (2 cores, JDK 17), build included
#   scripts/jcstress.sh [jcstress args...]          build, then jcstress's default preset across every JVM flag set
#                                                   jcstress detects (with the flags below prepended): the full run
# Extra arguments go to jcstress, e.g. -t RefCountReleaseRace. Results (HTML report, result blob, console log) go to
# mongoose-concurrency-tests/target/jcstress-results. Exit code 0 only if every test passed; 1 if any test FAILED
# (a forbidden outcome was seen) or had errors, or if jcstress itself failed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib.sh

module=mongoose-concurrency-tests
results="${module}/target/jcstress-results"

quick=false
if [[ "${1:-}" == "--quick" ]]
then
    quick=true
    shift
fi

# -am builds mongoose-core from this checkout too. The build shades the tests, jcstress and their dependencies into
# target/jcstress.jar and writes the parent's mongoose.jvm.flags to target/launch/jvm.argfile.
build_if_changed "${module}"

jar="$(pwd)/${module}/target/jcstress.jar"
argfile="$(pwd)/${module}/target/launch/jvm.argfile"
# One line, e.g. "--add-opens java.base/jdk.internal.misc=ALL-UNNAMED --enable-native-access=ALL-UNNAMED".
jvm_flags="$(tr '\n' ' ' < "${argfile}" | sed 's/[[:space:]]*$//')"

if [[ "${quick}" == true ]]
then
    # -jvmArgs replaces jcstress's probing of JVM flag sets (C2 stress flags and the like) with ours alone; -iters 1
    # keeps one 200 ms iteration per fork. jcstress still varies interpreter/C1/C2 per actor. Each fork is a JVM start,
    # which dominates the run time on this 2-core machine: the full preset's flag sets multiply the forks.
    mode_args=(-m quick -iters 1 -jvmArgs "${jvm_flags}")
else
    mode_args=(-m default -jvmArgsPrepend "${jvm_flags}")
fi

rm -rf "${results}"
mkdir -p "${results}"
log="${results}/console.log"

# Run inside the results directory: jcstress writes its result blob into the working directory, not into -r.
# Same JDK as Maven: JAVA_HOME when set, otherwise java on the PATH. The harness JVM gets the flags too.
java="${JAVA_HOME:+${JAVA_HOME}/bin/}java"
status=0
# -v prints every test's outcome table at the end, not only the interesting and failed ones.
(cd "${results}" && "${java}" "@${argfile}" -jar "${jar}" "${mode_args[@]}" -v -r . "$@") 2>&1 | tee "${log}" ||
    status=$?

# jcstress exits non-zero when a test failed, but a test that errored or a run cut short must fail the script too,
# so the last progress line is checked as well: every planned result passed, none failed, no errors.
summary="$(grep -E '^\(Results: ' "${log}" | tail -n 1 || true)"
if [[ "${status}" -ne 0 ]]
then
    echo "jcstress.sh: jcstress exited with ${status}; see ${log} and ${results}/index.html" >&2
    exit 1
fi
if [[ ! "${summary}" =~ ^\(Results:\ ([0-9]+)\ planned\;\ ([0-9]+)\ passed,\ 0\ failed,\ 0\ soft\ errs,\ 0\ hard\ errs\)$ ]] ||
    [[ "${BASH_REMATCH[1]}" != "${BASH_REMATCH[2]}" ]]
then
    echo "jcstress.sh: not every result passed: ${summary:-no results line}; see ${log} and ${results}/index.html" >&2
    exit 1
fi
echo "jcstress.sh: ${summary#(Results: }" | sed 's/)$//'
