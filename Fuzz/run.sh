#!/usr/bin/env bash
# Runs each fuzz target (.build-fuzz/bin/<name>, made by Fuzz/build.sh) for FUZZ_SECONDS, two at a time,
# from the committed seed corpus Fuzz/corpus/<name>/ with Fuzz/dict/<name>.dict, then prints per target
# seconds, executions and crashes, and `N passed, N failed` (a target passes with 0 crashes).
#
# New inputs libFuzzer finds go to .build-fuzz/corpus/<name>/ (git-ignored, kept between runs); the
# committed seeds are only read. A crash, timeout or out-of-memory input is saved in
# .build-fuzz/crashes/<name>-crash-<sha1> and the target is restarted for the rest of its time
# (at most FUZZ_MAX_CRASHES times). The summary is also written to .build-fuzz/summary.md.
#
# Usage: Fuzz/run.sh [target ...]
# Env:   FUZZ_SECONDS (60), FUZZ_JOBS (2), FUZZ_MAX_LEN (4096; markdown, amount and rfc3339 use less),
#        FUZZ_TIMEOUT (seconds per input before it counts as a hang, 30), FUZZ_MAX_CRASHES (5), FUZZ_DIR
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT=${FUZZ_DIR:-$ROOT/.build-fuzz}
SECONDS_EACH=${FUZZ_SECONDS:-60}
JOBS=${FUZZ_JOBS:-2}
TIMEOUT=${FUZZ_TIMEOUT:-30}
MAX_CRASHES=${FUZZ_MAX_CRASHES:-5}
export SWIFT_BACKTRACE=enable=no # libFuzzer reports the crash; Swift's backtracer would hang the run
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}

if [ $# -gt 0 ]; then targets=("$@"); else
    targets=()
    for f in "$ROOT"/Fuzz/Targets/*.swift; do targets+=("$(basename "$f" .swift)"); done
fi
mkdir -p "$OUT/crashes" "$OUT/corpus" "$OUT/logs" "$OUT/results"

max_len_for() {
    case $1 in
    amount | rfc3339) echo 64 ;;
    markdown) echo "${FUZZ_MAX_LEN:-2048}" ;;
    *) echo "${FUZZ_MAX_LEN:-4096}" ;;
    esac
}
dict_for() {
    case $1 in
    stripe-*) echo "$ROOT/Fuzz/dict/stripe.dict" ;;
    statements) echo "$ROOT/Fuzz/dict/native.dict" ;;
    *) echo "$ROOT/Fuzz/dict/$1.dict" ;;
    esac
}

# fuzz_one NAME: runs one target for SECONDS_EACH, restarting after a crash; writes results/NAME
fuzz_one() {
    local t=$1 bin=$OUT/bin/$1 log=$OUT/logs/$1.log
    local work=$OUT/corpus/$t seeds=$ROOT/Fuzz/corpus/$t dict
    dict=$(dict_for "$t")
    mkdir -p "$work"
    : >"$log"
    if [ ! -x "$bin" ]; then
        printf '%s 0 0 1 0 0 missing\n' "$t" >"$OUT/results/$t"
        return
    fi
    local start=$SECONDS left=$SECONDS_EACH runs=0 crashes=0 cov=0 status=ok
    while [ "$left" -gt 0 ]; do
        local args=(-max_total_time="$left" -max_len="$(max_len_for "$t")" -timeout="$TIMEOUT" -rss_limit_mb=2048
            -print_final_stats=1 -artifact_prefix="$OUT/crashes/$t-")
        [ -f "$dict" ] && args+=(-dict="$dict")
        local from rc found
        from=$(($(wc -l <"$log") + 1))
        "$bin" "${args[@]}" "$work" "$seeds" >>"$log" 2>&1
        rc=$?
        # Executions from the final stats each run prints on exit (crash or not).
        runs=$((runs + $(tail -n +"$from" "$log" | grep -o 'stat::number_of_executed_units: *[0-9]*' | tail -1 | grep -o '[0-9]*$' || echo 0)))
        cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*$' || echo "$cov")
        found=$(tail -n +"$from" "$log" | grep -c 'Test unit written to')
        if [ "$rc" -ne 0 ]; then
            crashes=$((crashes + (found > 0 ? found : 1)))
            tail -n +"$from" "$log" | grep -o 'Test unit written to .*' | sed "s#Test unit written to #  $t: #" >>"$OUT/results/$t.crashes"
            # A failure that saved no input (a build or start-up problem) is not worth restarting.
            if [ "$found" -eq 0 ]; then
                status=error
                break
            fi
            [ "$crashes" -ge "$MAX_CRASHES" ] && break
        fi
        left=$((SECONDS_EACH - (SECONDS - start)))
        [ "$left" -gt 0 ] && echo "---- restarting after a crash ($left s left)" >>"$log"
    done
    local corpus
    corpus=$(find "$work" -type f | wc -l)
    printf '%s %s %s %s %s %s %s\n' "$t" "$((SECONDS - start))" "$runs" "$crashes" "$cov" "$corpus" "$status" >"$OUT/results/$t"
}

rm -f "$OUT/results/"*
echo "fuzz: ${#targets[@]} targets, ${SECONDS_EACH} s each, $JOBS at a time"
running=0
for t in "${targets[@]}"; do
    if [ "$running" -ge "$JOBS" ]; then
        wait -n
        running=$((running - 1))
    fi
    fuzz_one "$t" &
    running=$((running + 1))
done
wait

passed=0
failed=0
{
    echo "| target | seconds | executions | crashes | coverage | corpus |"
    echo "|---|---:|---:|---:|---:|---:|"
} >"$OUT/summary.md"
printf '%-18s %8s %12s %8s %9s %7s\n' target seconds executions crashes coverage corpus
for t in "${targets[@]}"; do
    read -r name secs runs crashes cov corpus status <"$OUT/results/$t"
    printf '%-18s %8s %12s %8s %9s %7s%s\n' "$name" "$secs" "$runs" "$crashes" "$cov" "$corpus" \
        "$([ "$status" = ok ] || echo "  ($status, see $OUT/logs/$t.log)")"
    echo "| $name | $secs | $runs | $crashes | $cov | $corpus |" >>"$OUT/summary.md"
    if [ "$crashes" -eq 0 ] && [ "$status" = ok ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
{
    echo
    echo "$(date -u +%Y-%m-%dT%H:%M:%SZ), ${SECONDS_EACH} s per target, $(git rev-parse --short HEAD 2>/dev/null || echo '?'): $passed passed, $failed failed"
} >>"$OUT/summary.md"
cat "$OUT/results/"*.crashes 2>/dev/null | sed 's/^/crash input: /' | head -40
echo "$passed passed, $failed failed"
echo "(summary for RELIABILITY.md: $OUT/summary.md)"
[ "$failed" -eq 0 ]
