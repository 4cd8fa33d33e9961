#!/usr/bin/env bash
# Builds the server and the unit tests under AddressSanitizer and ThreadSanitizer (separate build
# folders) and runs the unit tests, the socket tests and a short soak against each build.
#
#   bash Tests/soak/sanitizers.sh                 both (about 10 minutes on 2 cores, most of it building)
#   bash Tests/soak/sanitizers.sh address         one of them
#   SOAK_CYCLES=2000 bash Tests/soak/sanitizers.sh
#
# A sanitizer report makes the server abort (halt_on_error), which the socket tests and the soak see as
# a failed test or a non-zero exit; reports are also kept in .build/<sanitizer>/reports/. The soak's
# RSS check is off here: ASan keeps 256 MB of freed memory in quarantine, TSan shadows all of it.
set -euo pipefail
cd "$(dirname "$0")/../.."
cycles=${SOAK_CYCLES:-500}
status=0
for sanitizer in "${@:-address thread}"; do
  for one in $sanitizer; do
    path=.build/$one
    mkdir -p "$path/reports"
    echo "== $one: building"
    swift build --build-path "$path" --sanitize="$one" --build-tests 2>&1 | grep -E "error|warning: |Build complete" | grep -v "Cannot export local symbol" || true
    export ASAN_OPTIONS="detect_leaks=1:halt_on_error=1:log_path=$PWD/$path/reports/asan"
    export LSAN_OPTIONS="suppressions=$PWD/Tests/soak/lsan.supp:print_suppressions=0"
    export TSAN_OPTIONS="halt_on_error=1:second_deadlock_stack=1:log_path=$PWD/$path/reports/tsan"
    echo "== $one: swift test"
    swift test --build-path "$path" --sanitize="$one" --skip-build 2>&1 | grep -E "Test run|✘" | tail -3 || status=1
    echo "== $one: socket tests"
    LAYOUT_PLAYGROUND_BIN="$path/debug/layout-playground" python3 -m pytest Tests/socket -m "" -q -p no:cacheprovider 2>&1 | tail -2 || status=1
    echo "== $one: soak, $cycles cycles"
    python3 Tests/soak/soak.py --cycles "$cycles" --binary "$path/debug/layout-playground" --rss-tolerance-mb 4096 || status=1
    if ls "$path/reports/"* >/dev/null 2>&1; then
        echo "== $one: sanitizer reports:"; head -n 40 "$path/reports/"*; status=1
    else
        echo "== $one: no sanitizer reports"
    fi
  done
done
exit $status
