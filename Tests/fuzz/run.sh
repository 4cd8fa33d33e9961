#!/usr/bin/env bash
# Runs the libFuzzer targets for a bounded time from the seed corpus in Tests/fuzz/corpus/.
#
#   bash Tests/fuzz/run.sh               build, then fuzz-session 40 s, fuzz-parsers 15 s and fuzz-solver
#                                        15 s (CI)
#   FUZZ_SECONDS=600 bash Tests/fuzz/run.sh      longer runs, split the same way
#   FUZZ_MERGE=1 bash Tests/fuzz/run.sh          afterwards merge new coverage into the seed corpus
#
# Inputs found during the run go to .build/fuzz/corpus-*/ (the seeds stay untouched unless merged);
# a crash, trap, leak-free ASan error or a hang over 10 s is written to .build/fuzz/artifacts/ and
# fails the script with libFuzzer's report.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${FUZZ_OUT:-.build/fuzz}
total=${FUZZ_SECONDS:-70}
[ "${FUZZ_SKIP_BUILD:-}" = 1 ] || bash Tests/fuzz/build.sh
mkdir -p "$out/artifacts"

fuzz() {   # fuzz NAME SECONDS MAX_LEN
    local name=$1 seconds=$2 max_len=$3
    [ -x "$out/fuzz-$name" ] || { echo "fuzz-$name not built, skipped"; return 0; }
    mkdir -p "$out/corpus-$name"
    echo "fuzz-$name: ${seconds} s"
    if ! ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 "$out/fuzz-$name" "$out/corpus-$name" "Tests/fuzz/corpus/$name" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -max_len="$max_len" -print_final_stats=1 \
        -artifact_prefix="$out/artifacts/$name-" >"$out/fuzz-$name.log" 2>&1; then
        tail -n 60 "$out/fuzz-$name.log"
        echo "fuzz-$name found a problem: see $out/artifacts/ and $out/fuzz-$name.log" >&2
        return 1
    fi
    grep -E "^stat::number_of_executed_units|^stat::peak_rss_mb|^#[0-9]+ +DONE" "$out/fuzz-$name.log" || true
    if [ "${FUZZ_MERGE:-}" = 1 ]; then
        "$out/fuzz-$name" -merge=1 "Tests/fuzz/corpus/$name" "$out/corpus-$name" -max_len="$max_len" >/dev/null 2>&1
        echo "merged new coverage into Tests/fuzz/corpus/$name"
    fi
}

fuzz session $((total * 8 / 14)) 16384
fuzz parsers $((total * 3 / 14)) 512
fuzz solver $((total * 3 / 14)) 1024
