#!/usr/bin/env bash
# Builds one libFuzzer executable per Fuzz/Targets/<name>.swift into .build-fuzz/bin/<name>.
#
# SwiftPM cannot link a libFuzzer binary on Linux, so this is a two-step swiftc build:
#   1. each module the targets need (CYaml, Yams, Mustache, LedgerPressCore, LedgerPressImport,
#      LedgerPressRender) is compiled once, whole-module, with coverage and ASan instrumentation
#      (-sanitize=fuzzer,address) and -enable-testing, to one object + .swiftmodule;
#   2. each target is compiled and linked against the objects it needs (`// fuzz-needs:` line).
# A module is rebuilt only when one of its sources is newer than its object.
#
# Usage: Fuzz/build.sh [target ...]   (default: every target)
# Env:   SWIFTC (swiftc), CLANG (clang next to swiftc), FUZZ_OPT (-O), FUZZ_DIR (.build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SWIFTC=${SWIFTC:-swiftc}
CLANG=${CLANG:-$(dirname "$(command -v "$SWIFTC")")/clang}
OPT=${FUZZ_OPT:--O}
OUT=${FUZZ_DIR:-$ROOT/.build-fuzz}
MODS=$OUT/modules
OBJS=$OUT/obj
mkdir -p "$MODS" "$OBJS" "$OUT/bin"

CHECKOUTS=$ROOT/.build/checkouts
if [ ! -d "$CHECKOUTS/Yams/Sources/Yams" ] || [ ! -d "$CHECKOUTS/swift-mustache/Sources/Mustache" ]; then
    echo "fuzz-build: resolving packages (swift package resolve)"
    swift package resolve >/dev/null
fi
CYAML_INC=$CHECKOUTS/Yams/Sources/CYaml/include
SAN=(-sanitize=fuzzer,address)
INCLUDES=(-I "$MODS" -I "$CYAML_INC" -I "$ROOT/Sources/CCmark")

# newer OBJECT FILES...: true when OBJECT is missing or older than any FILE
stale() {
    local object=$1
    shift
    [ -f "$object" ] || return 0
    local f
    for f in "$@"; do [ "$f" -nt "$object" ] && return 0; done
    return 1
}

c_module() { # name, source dir, include dir, extra flags...
    local name=$1 dir=$2 inc=$3
    shift 3
    local sources=("$dir"/*.c)
    if stale "$OBJS/$name.o" "${sources[@]}" "$inc"/*.h; then
        echo "fuzz-build: $name (C)"
        local objs=()
        for src in "${sources[@]}"; do
            local o="$OBJS/$name-$(basename "$src" .c).o"
            "$CLANG" -c -O1 -g -fsanitize=fuzzer-no-link,address -I "$inc" "$@" "$src" -o "$o"
            objs+=("$o")
        done
        ld -r -o "$OBJS/$name.o" "${objs[@]}"
        rm -f "${objs[@]}"
    fi
}

swift_module() { # name, source dir, extra flags...
    local name=$1 dir=$2
    shift 2
    local sources
    mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
    # A module is stale when its sources or any module it was compiled against changed.
    if stale "$OBJS/$name.o" "${sources[@]}" "$@" || stale "$OBJS/$name.o" "$MODS"/*.swiftmodule; then
        echo "fuzz-build: $name"
        "$SWIFTC" -parse-as-library -wmo -module-name "$name" "$OPT" -g "${SAN[@]}" -enable-testing \
            -swift-version 6 "${INCLUDES[@]}" \
            -emit-module -emit-module-path "$MODS/$name.swiftmodule" -c -o "$OBJS/$name.o" "${sources[@]}"
    fi
}

c_module CYaml "$CHECKOUTS/Yams/Sources/CYaml/src" "$CYAML_INC" -DYAML_DECLARE_EXPORT
# Third-party Swift modules are compiled in Swift 5 mode, as their packages declare.
mapfile -t yams < <(find "$CHECKOUTS/Yams/Sources/Yams" -name '*.swift' | sort)
if stale "$OBJS/Yams.o" "${yams[@]}"; then
    echo "fuzz-build: Yams"
    "$SWIFTC" -parse-as-library -wmo -module-name Yams "$OPT" -g "${SAN[@]}" -swift-version 5 -suppress-warnings -DSWIFT_PACKAGE "${INCLUDES[@]}" \
        -emit-module -emit-module-path "$MODS/Yams.swiftmodule" -c -o "$OBJS/Yams.o" "${yams[@]}"
fi
mapfile -t mustache < <(find "$CHECKOUTS/swift-mustache/Sources/Mustache" -name '*.swift' | sort)
if stale "$OBJS/Mustache.o" "${mustache[@]}"; then
    echo "fuzz-build: Mustache"
    "$SWIFTC" -parse-as-library -wmo -module-name Mustache "$OPT" -g "${SAN[@]}" -swift-version 5 -suppress-warnings -DSWIFT_PACKAGE "${INCLUDES[@]}" \
        -emit-module -emit-module-path "$MODS/Mustache.swiftmodule" -c -o "$OBJS/Mustache.o" "${mustache[@]}"
fi
swift_module LedgerPressCore "$ROOT/Sources/LedgerPressCore"
swift_module LedgerPressImport "$ROOT/Sources/LedgerPressImport"
swift_module LedgerPressRender "$ROOT/Sources/LedgerPressRender"

objects_for() { # the objects a target names on its `// fuzz-needs:` line
    local line
    line=$(grep -m1 '^// fuzz-needs:' "$1" | sed 's#^// fuzz-needs:##')
    local m
    for m in $line; do echo "$OBJS/$m.o"; done
}

if [ $# -gt 0 ]; then targets=("$@"); else
    targets=()
    for f in "$ROOT"/Fuzz/Targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
for t in "${targets[@]}"; do
    src=$ROOT/Fuzz/Targets/$t.swift
    [ -f "$src" ] || { echo "fuzz-build: no target $src" >&2; exit 64; }
    mapfile -t objects < <(objects_for "$src")
    if stale "$OUT/bin/$t" "$src" "${objects[@]}"; then
        echo "fuzz-build: target $t"
        "$SWIFTC" -parse-as-library "$OPT" -g "${SAN[@]}" -swift-version 6 "${INCLUDES[@]}" -module-name "FuzzTarget" \
            "$src" "${objects[@]}" -lcmark -o "$OUT/bin/$t"
    fi
done
