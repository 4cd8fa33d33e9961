#!/usr/bin/env bash
# Builds the libFuzzer targets under Tests/fuzz/ with swiftc (SwiftPM has no fuzzer configuration).
#
#   bash Tests/fuzz/build.sh            builds .build/fuzz/fuzz-session, fuzz-solver (and fuzz-parsers
#                                       when the parsers exist in Sources/AutoLayout/Parsing)
#   SANITIZE=fuzzer bash Tests/fuzz/build.sh     without AddressSanitizer (faster, finds only traps)
#   ENTRIES="path.swift" SANITIZE=none           link other entry files (a probe with a main) instead
#
# Cassowary, AutoLayout and Playground are compiled as separate modules (static libraries, coverage
# instrumented, optimised, testable so the entry files can reach internal decoders), then each
# Tests/fuzz/fuzz-*.swift entry file is linked against them with libFuzzer's main.
set -euo pipefail
cd "$(dirname "$0")/../.."
out=${FUZZ_OUT:-.build/fuzz}
sanitize=${SANITIZE:-fuzzer,address}
mkdir -p "$out"
# One package name for every module, as SwiftPM gives them, so `package` declarations reach across modules.
common=(-parse-as-library -O -g -enable-testing -swift-version 6 -package-name layout_playground -I "$out" -L "$out")
[ "$sanitize" = none ] || common+=(-sanitize="$sanitize")

# TextShaping reaches HarfBuzz and FreeType through the CHarfBuzz module map (as SwiftPM's system-library
# target does): its folder and the libraries' header paths go to the compiler.
c_harfbuzz=(-I Sources/CHarfBuzz)
for flag in $(pkg-config --cflags harfbuzz freetype2); do c_harfbuzz+=(-Xcc "$flag"); done
# Playground's session journal reaches SQLite through the CSQLite module map the same way, and its
# Interface Builder reader libxml2 through CLibXML2's.
c_harfbuzz+=(-I Sources/CSQLite -I Sources/CLibXML2)
for flag in $(pkg-config --cflags libxml-2.0); do c_harfbuzz+=(-Xcc "$flag"); done

module() {   # module NAME DEPENDENCY...
    local name=$1; shift
    local sources
    mapfile -t sources < <(find "Sources/$name" -name '*.swift' | sort)
    if ! swiftc "${common[@]}" "${c_harfbuzz[@]}" -module-name "$name" -emit-library -static -wmo \
        -emit-module -emit-module-path "$out/$name.swiftmodule" -o "$out/lib$name.a" "${sources[@]}" \
        >"$out/$name.log" 2>&1; then
        grep -v "Cannot export local symbol" "$out/$name.log" >&2
        echo "building $name failed" >&2
        exit 1
    fi
}

rm -f "$out"/lib*.a
module Cassowary
module AutoLayout
module TextShaping
module Playground

for entry in ${ENTRIES:-Tests/fuzz/fuzz-*.swift}; do
    name=$(basename "$entry" .swift)
    if [ "$name" = fuzz-parsers ] && ! grep -rqs "struct EquationParser\|enum EquationParser\|VisualFormatParser" Sources/AutoLayout/Parsing; then
        echo "skipping $name: no parsers yet"; continue
    fi
    if ! swiftc "${common[@]}" "${c_harfbuzz[@]}" -module-name "${name//-/_}" "$entry" -lPlayground -lTextShaping \
        -lAutoLayout -lCassowary -lharfbuzz -lfreetype -lsqlite3 -lxml2 \
        -o "$out/$name" >"$out/$name.log" 2>&1; then
        grep -v "Cannot export local symbol" "$out/$name.log" >&2
        echo "linking $name failed" >&2
        exit 1
    fi
    echo "built $out/$name"
done
