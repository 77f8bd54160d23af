#!/usr/bin/env bash
# The Epsilon soak: 100M messages (by default) through the full Mongoose path, in a JVM whose garbage collector never
# collects (-XX:+UseEpsilonGC) and whose heap is small, so anything on the path that allocates exhausts the heap and
# fails the run (io.mongoose.benchmarks.soak.EpsilonSoak). CI runs it: 3 to 6 s of soak on 2 cores, plus the build.
# Every argument is passed to the soak: --messages=N (k/M/G suffixes), --idle=NAME. Exit code: 0 every message arrived
# in order with a clean stop under Epsilon; 1 a check failed; 2 bad flags; 3 the heap ran out (something allocated).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
source scripts/lib.sh

# The soak's heap. Startup (JDK, server, a pool of 16,384 messages, queues, class loading) leaves 6 to 7 MB in use on
# JDK 17 and 25, and the publish loop adds under 1 MB (warm-up, then nothing); 16m also passed. 32m leaves about 25 MB
# of head-room, which 100M messages exhaust if the path allocates more than about 1 byte in every 4 messages.
heap=32m

build_if_changed mongoose-benchmarks

# The argfile carries the Mongoose JVM flags and the benchmarks' -Xms1g -Xmx1g -XX:+AlwaysPreTouch; the flags after it
# win (the last -Xms/-Xmx on the command line is the one the JVM uses; the soak prints its max heap to show it).
# ExitOnOutOfMemoryError (Epsilon's default too; stated so it does not depend on that) turns an exhausted heap into
# exit code 3 at once, whichever thread allocated, instead of an agent thread reporting errors while the producer waits.
bench_java -XX:+UnlockExperimentalVMOptions -XX:+UseEpsilonGC "-Xms${heap}" "-Xmx${heap}" -XX:+ExitOnOutOfMemoryError \
    io.mongoose.benchmarks.soak.EpsilonSoak "$@"
