#!/usr/bin/env bash
# Builds every module and runs every test (mvn -B verify) on the newest JDK installed under /usr/lib/jvm (or JDK_ROOT),
# so that Unsafe deprecations, --add-opens breakage or a JFR change in a newer JDK show up before users see them.
# The newest javac lints the most: any warning it gives our code fails the build. Prints which JDK it chose.
# Exit code: Maven's; 2 if no JDK is found.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

jdk_root="${JDK_ROOT:-/usr/lib/jvm}"
newest=""
newest_version=""
for home in "${jdk_root}"/*/; do
    home="${home%/}"
    [ -x "${home}/bin/java" ] && [ -f "${home}/release" ] || continue
    version=$(sed -n 's/^JAVA_VERSION="\(.*\)"$/\1/p' "${home}/release")
    [ -n "${version}" ] || continue
    if [ -z "${newest_version}" ] || \
       [ "$(printf '%s\n%s\n' "${newest_version}" "${version}" | sort -V | tail -n 1)" != "${newest_version}" ]; then
        newest="${home}"
        newest_version="${version}"
    fi
done
if [ -z "${newest}" ]; then
    echo "test-newest-jdk.sh: no JDK with a release file under ${jdk_root}; expected at least one" >&2
    exit 2
fi
echo "test-newest-jdk.sh: mvn -B verify on ${newest} (Java ${newest_version})"
JAVA_HOME="${newest}" mvn -B verify -Dmaven.compiler.failOnWarning=true
