# Sourced by the scripts that run benchmark or example JVMs; run from the repository root.

# build_if_changed MODULE: build MODULE and what it depends on (Maven -am), unless no pom or source has changed since
# its last build. Maven 3.8's quiet mode still prints colour resets: they and the blank lines they leave are removed.
build_if_changed() {
    local module="$1"
    local stamp="${module}/target/.built"
    if [[ -f "${stamp}" && -z "$(find pom.xml ./*/pom.xml ./*/src -newer "${stamp}" -print -quit 2> /dev/null)" ]]; then
        return 0
    fi
    mvn -q -B -DskipTests package -pl "${module}" -am 2>&1 | sed 's/\x1b\[[0-9;]*m//g' | { grep -v '^\s*$' || true; }
    mkdir -p "${module}/target"
    touch "${stamp}"
}

# The benchmark JVM: flags and classpath as the build wrote them, the JDK Maven uses (JAVA_HOME, else the PATH), and
# OpenHFT Affinity allowed every CPU (its default keeps CPU 0 back) so publisher and consumer can both be pinned.
bench_java() {
    local launch=mongoose-benchmarks/target/launch
    "${JAVA_HOME:+${JAVA_HOME}/bin/}java" "@${launch}/jvm.argfile" \
        "-Daffinity.reserved=$(printf '%x' $(( (1 << $(nproc)) - 1 )))" \
        -classpath "mongoose-benchmarks/target/classes:$(cat "${launch}/classpath.txt")" "$@"
}

# Affinity logs a two-line warning each time a CPU it tries is taken and it moves on to another: a filter for a JVM's
# stderr that drops those, counting them in the file named by AFFINITY_WARNINGS, and passes everything else.
quiet_affinity() {
    awk -v count_file="${AFFINITY_WARNINGS}" '
        /^WARNING: Unable to acquire lock on CPU/ { held = ""; dropped++; next }
        { if (held != "") print held > "/dev/stderr"; held = $0 }
        END { if (held != "") print held > "/dev/stderr"; if (dropped) print dropped >> count_file }'
}

# One line on the Affinity warnings quiet_affinity dropped, if it dropped any.
report_affinity() {
    if [[ -s "${AFFINITY_WARNINGS}" ]]; then
        echo "Affinity: $(awk '{ n += $1 } END { print n }' "${AFFINITY_WARNINGS}") 'Unable to acquire lock on CPU'" \
            "warnings not shown (a thread found a CPU taken and was pinned to another)"
    fi
}
