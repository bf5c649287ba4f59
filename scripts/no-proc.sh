#!/usr/bin/env bash
# Every command run where /proc is not mounted (a chroot, a minimal container) must fail saying so, never
# print the top-level help and exit 0 (Swift reads the command line from /proc/self/cmdline on Linux, and
# Foundation the executable's path from /proc/self/exe: without /proc the command line reads as empty).
# Expected: exit 72 (EX_OSFILE) and `ledgerpress: error: cannot read the command line: /proc is not mounted ...`.
#
# Needs root (a private mount namespace, `unshare -m`, with an empty tmpfs over /proc); part of `make faults`.
# Prints `N passed, N failed` last; exits non-zero when anything failed.
set -u

repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${LEDGERPRESS_BIN:-$repo/.build/debug/ledgerpress}
[ -x "$bin" ] || { echo "no-proc: $bin is missing; run swift build first" >&2; exit 2; }
if ! unshare -m true 2>/dev/null; then
    echo "no-proc: cannot make a mount namespace (unshare -m: run as root)" >&2
    exit 2
fi
work=$(mktemp -d /tmp/ledgerpress-no-proc.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 2
"$bin" sample --entries 50 --payees 3 --seed 1 --out ledger.csv >/dev/null || exit 2

passed=0
failed=0
expected="ledgerpress: error: cannot read the command line: /proc is not mounted"
for command in "build ledger.csv --output out" "check ledger.csv" "verify out" "sample --entries 5 --payees 1" "--help" ""; do
    # shellcheck disable=SC2086
    unshare -m sh -c 'mount -t tmpfs none /proc && exec "$@"' sh "$bin" $command >stdout 2>stderr
    status=$?
    if [ "$status" -eq 72 ] && grep -qF "$expected" stderr && [ ! -s stdout ] && [ ! -e out ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL: '$command' without /proc: exit $status, stdout $(wc -c <stdout) bytes, stderr: $(head -c 200 stderr)"
    fi
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
