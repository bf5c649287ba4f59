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
    if stale "$OBJS/$name.a" "${sources[@]}" "$inc"/*.h; then
        echo "fuzz-build: $name (C)"
        local objs=()
        for src in "${sources[@]}"; do
            local o="$OBJS/$name-$(basename "$src" .c).o"
            "$CLANG" -c -O1 -g -fsanitize=fuzzer-no-link,address -I "$inc" "$@" "$src" -o "$o"
            objs+=("$o")
        done
        rm -f "$OBJS/$name.a"
        ar rcs "$OBJS/$name.a" "${objs[@]}"
        rm -f "${objs[@]}"
    fi
}

swift_module() { # name, source dir, the modules it imports...
    local name=$1 dir=$2
    shift 2
    local sources deps=() d
    mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
    for d in "$@"; do deps+=("$MODS/$d.swiftmodule"); done
    # A module is stale when its sources or a module it was compiled against changed.
    if stale "$OBJS/$name.o" "${sources[@]}" "${deps[@]}"; then
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
swift_module LedgerPressImport "$ROOT/Sources/LedgerPressImport" LedgerPressCore Yams
swift_module LedgerPressRender "$ROOT/Sources/LedgerPressRender" LedgerPressCore Mustache

objects_for() { # the objects a target names on its `// fuzz-needs:` line
    local line m
    line=$(grep -m1 '^// fuzz-needs:' "$1" | sed 's#^// fuzz-needs:##')
    for m in $line; do if [ -f "$OBJS/$m.a" ]; then echo "$OBJS/$m.a"; else echo "$OBJS/$m.o"; fi; done
}

support_for() { # the Fuzz/Support files a target names on its `// fuzz-support:` line
    local line m
    line=$(grep -m1 '^// fuzz-support:' "$1" | sed 's#^// fuzz-support:##' || true)
    echo "$ROOT/Fuzz/Support/Check.swift"
    for m in $line; do echo "$ROOT/Fuzz/Support/$m.swift"; done
}

if [ $# -gt 0 ]; then targets=("$@"); else
    targets=()
    for f in "$ROOT"/Fuzz/Targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
for t in "${targets[@]}"; do
    src=$ROOT/Fuzz/Targets/$t.swift
    [ -f "$src" ] || { echo "fuzz-build: no target $src" >&2; exit 64; }
    mapfile -t objects < <(objects_for "$src")
    mapfile -t support < <(support_for "$src")
    if stale "$OUT/bin/$t" "$src" "${support[@]}" "${objects[@]}"; then
        echo "fuzz-build: target $t"
        "$SWIFTC" -parse-as-library "$OPT" -g "${SAN[@]}" -swift-version 6 "${INCLUDES[@]}" -module-name "FuzzTarget" \
            "$src" "${support[@]}" "${objects[@]}" -use-ld=lld -lcmark -o "$OUT/bin/$t"
    fi
done
