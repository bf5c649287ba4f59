#!/usr/bin/env bash
# Kill and fault tests for publishing (`make faults`; about 2 minutes on the debug build).
#
# On a generated ledger (`ledgerpress sample`):
#   - `build`, `merge` and a no-change rerun are killed with SIGKILL at 20 random moments each; after each
#     kill the output must be the old or the new site (`verify` passes and its manifest is one of the two
#     known manifests), and the next run must succeed, publish the new site and leave no staging folder;
#   - a run on a full file system (a small tmpfs; without mount rights, `ulimit -f`) exits 73 or 74 with
#     the old site intact and says why;
#   - an unwritable output (read-only tmpfs, `chattr +i`; without root, a folder without write permission)
#     exits 73 with the old site intact.
# Prints `N passed, N failed` last; exits non-zero when anything failed.
# FAULTS_SEED=n repeats a run's random moments; FAULTS_KILLS=n changes the 20 kills per case.
set -u

repo=$(cd "$(dirname "$0")/.." && pwd)
bin=${LEDGERPRESS_BIN:-$repo/.build/debug/ledgerpress}
kills=${FAULTS_KILLS:-20}
seed=${FAULTS_SEED:-$$}
RANDOM=$seed
[ -x "$bin" ] || { echo "faults: $bin is missing; run swift build first" >&2; exit 2; }

work=$(mktemp -d /tmp/ledgerpress-faults.XXXXXX)
mounts=()
cleanup() {
    for m in "${mounts[@]}"; do umount "$m" 2>/dev/null; done
    chattr -R -i "$work" 2>/dev/null
    chmod -R u+w "$work" 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
cd "$work" || exit 2

passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
check() { # check DESCRIPTION COMMAND...: one counted check
    local what=$1; shift
    if "$@"; then pass; else fail "$what"; fi
}
digest() { sha256sum "$1/manifest.json" 2>/dev/null | cut -d' ' -f1; }
same_tree() { diff -r "$1" "$2" >/dev/null 2>&1; }
one_of() { local x=$1; shift; for y in "$@"; do [ "$x" = "$y" ] && return 0; done; return 1; }
# No staging folder (`<out>.staging-<pid>`) and no moved-aside output is left.
no_leftovers() { ! compgen -G "$1.staging*" >/dev/null && [ ! -e "$(dirname "$1")/.$(basename "$1").previous" ]; }
# A random moment in [0, $1) seconds, printed as a decimal for sleep.
moment() { local ms=$(( (RANDOM * 32768 + RANDOM) % $1 )); printf '%d.%03d' $((ms / 1000)) $((ms % 1000)); }
# How long a command takes, in milliseconds.
millis() { local t0 t1; t0=$(date +%s%N); "$@" >/dev/null 2>&1; t1=$(date +%s%N); echo $(( (t1 - t0) / 1000000 )); }

echo "faults: seed $seed, $kills kills per case, in $work"

# One ledger, two sites: the old one as it stood on 2026-10-20 (`--as-of`), the new one with every entry,
# so the new site adds, changes and keeps files, and revises statements.
"$bin" sample --entries 1200 --payees 30 --seed 7 --out ledger.csv --payees-out payees.csv || exit 2
build_old() { "$bin" build ledger.csv --payees payees.csv --as-of 2026-10-20T00:00:00Z --output "$1" --quiet; }
build_new() { "$bin" build ledger.csv --payees payees.csv --output "$1" --quiet; }

build_old old-site || exit 2
cp -a old-site new-site && build_new new-site || exit 2
old=$(digest old-site)
new=$(digest new-site)
[ "$old" != "$new" ] || { echo "faults: the two sites do not differ" >&2; exit 2; }
for i in 0 1; do
    "$bin" build ledger.csv --payees payees.csv --shard $i/2 --previous old-site --output shards/$i --quiet || exit 2
done
cp -a old-site merged-site && "$bin" merge shards/0 shards/1 --output merged-site --quiet || exit 2
merged=$(digest merged-site)
# A rerun over the new site publishes it again with an empty finance/revisions.csv (it lists what *this*
# run revised); a rerun over that changes nothing. So what the next run must publish depends on the
# site the kill left: `after[digest]`.
cp -a new-site settled-site && build_new settled-site || exit 2
settled=$(digest settled-site)
cp -a merged-site merged-again && "$bin" merge shards/0 shards/1 --output merged-again --quiet || exit 2
declare -A after=([$old]=$new [$new]=$settled [$settled]=$settled)
declare -A after_merge=([$old]=$merged [$merged]=$(digest merged-again))

# kill_case NAME START_SITE NEXT_MAP EXPECTED_DIGESTS... -- COMMAND...: kill COMMAND (run on ./out) at
# random moments; NEXT_MAP names the map from the site a kill left to the site the next run must publish.
kill_case() {
    local name=$1 start=$2; shift 2
    local -n next=$1; shift
    local allowed=()
    while [ "$1" != "--" ]; do allowed+=("$1"); shift; done
    shift
    rm -rf out && cp -a "$start" out
    local span
    span=$(millis "$@")
    span=$((span + span / 5 + 1))
    local midrun=0
    for k in $(seq 1 "$kills"); do
        rm -rf out out.staging* .out.previous .out.spare && cp -a "$start" out
        [ -z "${with_spare:-}" ] || make_spare out
        "$@" >/dev/null 2>&1 &
        local pid=$!
        sleep "$(moment "$span")"
        kill -KILL "$pid" 2>/dev/null
        wait "$pid" 2>/dev/null
        [ $? = 137 ] && midrun=$((midrun + 1))
        local now
        now=$(digest out)
        check "$name kill $k: the output is neither the old nor the new site (manifest ${now:-missing})" one_of "$now" "${allowed[@]}"
        check "$name kill $k: verify fails after the kill" "$bin" verify out >/dev/null 2>&1
        check "$name kill $k: the next run fails" "$@" >/dev/null 2>&1
        local want=${next[$now]:-none}
        check "$name kill $k: the next run did not publish the expected site" [ "$(digest out)" = "$want" ]
        check "$name kill $k: leftovers after the next run" no_leftovers out
    done
    echo "faults: $name: $kills kills over ${span} ms, $midrun of them mid-run"
}

# A spare site beside ./out as a publish leaves it: the same files (hard links), a marker naming out's manifest
# and one differing path (caught up from the output when the next run takes the spare as its staging folder).
make_spare() {
    cp -al "$1" ".$1.spare"
    rm ".$1.spare/finance/summary.csv" && echo stale >".$1.spare/finance/summary.csv"
    printf 'ledgerpress spare 1\nmanifest %s\nf finance/summary.csv\nend' "$(digest "$1")" >".$1.spare/.ledgerpress-spare"
}

# (The killed command is the binary itself, never a shell function: killing a subshell would leave it running.)
kill_case build old-site after "$old" "$new" -- "$bin" build ledger.csv --payees payees.csv --output out --quiet
kill_case merge old-site after_merge "$old" "$merged" -- "$bin" merge shards/0 shards/1 --output out --quiet
kill_case rerun settled-site after "$settled" -- "$bin" build ledger.csv --payees payees.csv --output out --quiet
# The same build starting from a spare: its staging folder shares every file with the output until it is swapped in.
with_spare=1 kill_case build-from-spare old-site after "$old" "$new" -- "$bin" build ledger.csv --payees payees.csv --output out --quiet

# Issue 25, F1: a site published from a git checkout. Files at the top that ledgerpress did not write (`.git/`,
# `CNAME`) survive every publish, every kill and the next run, byte for byte.
foreign_ok() {
    [ "$(cat "$1/CNAME" 2>/dev/null)" = "statements.example.com" ] && [ "$(cat "$1/.git/HEAD" 2>/dev/null)" = "ref: refs/heads/main" ]
}
rm -rf foreign-site && cp -a old-site foreign-site
mkdir -p foreign-site/.git/refs && echo "ref: refs/heads/main" >foreign-site/.git/HEAD && echo statements.example.com >foreign-site/CNAME
span=$(millis "$bin" build ledger.csv --payees payees.csv --output probe-site --quiet)
for k in $(seq 1 "$kills"); do
    if [ $((k % 2)) = 1 ]; then
        "$bin" build ledger.csv --payees payees.csv --output foreign-site --quiet >/dev/null 2>&1 &
    else
        "$bin" build ledger.csv --payees payees.csv --as-of 2026-10-20T00:00:00Z --output foreign-site --quiet >/dev/null 2>&1 &
    fi
    pid=$!
    sleep "$(moment $((span + span / 5 + 1)))"
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    check "foreign files, kill $k: .git or CNAME lost or changed" foreign_ok foreign-site
    check "foreign files, kill $k: the next run fails" "$bin" build ledger.csv --payees payees.csv --output foreign-site --quiet
    check "foreign files, kill $k: .git or CNAME lost after the next run" foreign_ok foreign-site
    check "foreign files, kill $k: verify fails" "$bin" verify foreign-site >/dev/null 2>&1
done
echo "faults: foreign files (.git/, CNAME) at the top of the site: $kills kills"

# Issue 25, F4: the lock file deleted while a run holds it, and a second run started on the same output. Each run
# stages in a folder of its own and checks its lock before the swap: whatever ends, the output verifies.
"$bin" sample --entries 8000 --payees 80 --seed 7 --out big.csv --payees-out big-payees.csv >/dev/null || exit 2
"$bin" build big.csv --payees big-payees.csv --as-of 2026-10-25T00:00:00Z --output lock-site --quiet || exit 2
span=$(millis "$bin" build big.csv --payees big-payees.csv --output probe-lock --quiet)
stolen=0
for k in $(seq 1 7); do
    "$bin" build big.csv --payees big-payees.csv --output lock-site --quiet >/dev/null 2>&1 &
    pid=$!
    sleep "$(moment $((span / 2 + 1)))"
    rm -f .lock-site.lock
    "$bin" build big.csv --payees big-payees.csv --range 2026-10-01..2026-10-15 --output lock-site --quiet >/dev/null 2>&1
    second=$?
    wait "$pid"
    first=$?
    [ $first = 75 ] || [ $second = 75 ] && stolen=$((stolen + 1))
    check "stolen lock, round $k: exits $first and $second, expected 0 or 75" one_of "$first$second" 00 075 750 7575
    check "stolen lock, round $k: verify fails" "$bin" verify lock-site >/dev/null 2>&1
    check "stolen lock, round $k: leftovers" no_leftovers lock-site
    "$bin" build big.csv --payees big-payees.csv --as-of 2026-10-25T00:00:00Z --output lock-site --quiet --allow-shrink >/dev/null 2>&1
done
echo "faults: lock file deleted mid-run, 7 rounds: $stolen run(s) found their lock gone and published nothing (75)"

# Issue 25, F7: the spare site tampered with. What sits in `.<out>.spare` is never published.
for site in tamper-site control-site; do
    rm -rf $site .$site.spare && cp -a old-site $site
    "$bin" build ledger.csv --payees payees.csv --as-of 2026-10-25T00:00:00Z --output $site --quiet || exit 2
done
"$bin" build ledger.csv --payees payees.csv --output control-site --quiet || exit 2
check "spare: no spare was kept" [ -e .tamper-site.spare/.ledgerpress-spare ]
folder=$(ls .tamper-site.spare/payees | grep -v style.css | head -1)
statement=$(ls ".tamper-site.spare/payees/$folder" | grep '\.md$' | head -1)
rm ".tamper-site.spare/payees/$folder/$statement" && echo "Net earnings: 1000000.00" >".tamper-site.spare/payees/$folder/$statement"
echo '<script>alert(1)</script>' >".tamper-site.spare/payees/$folder/evil.html"
echo '<script>alert(1)</script>' >.tamper-site.spare/evil.html
"$bin" build ledger.csv --payees payees.csv --output tamper-site --quiet
check "spare: the build after tampering fails" [ $? = 0 ]
check "spare: the tampered statement was published" same_tree tamper-site control-site
check "spare: a file put in the spare was published" [ ! -e "tamper-site/payees/$folder/evil.html" ] && [ ! -e tamper-site/evil.html ]
check "spare: verify fails" "$bin" verify tamper-site >/dev/null 2>&1
echo "faults: spare tampered with (an edited statement, two added files): none published"

# A full file system: the old site fits, the new one does not.
rm -rf small.csv && "$bin" sample --entries 40 --payees 3 --seed 9 --out small.csv --payees-out small-payees.csv
"$bin" build small.csv --payees small-payees.csv --output small-site --quiet || exit 2
mkdir -p full
size_kb=$(( $(du -sk small-site | cut -f1) * 2 + 64 ))
if mount -t tmpfs -o size=${size_kb}k tmpfs full 2>/dev/null; then
    mounts+=("$work/full")
    cp -a small-site full/site
    "$bin" build ledger.csv --payees payees.csv --output full/site --quiet 2>full.err
    status=$?
    check "full tmpfs: exit $status, expected 73 or 74" one_of $status 73 74
    check "full tmpfs: the message does not say 'No space left on device': $(cat full.err)" grep -q "No space left on device" full.err
    check "full tmpfs: the old site changed" same_tree small-site full/site
    check "full tmpfs: staging left behind" no_leftovers full/site
    check "full tmpfs: verify fails" "$bin" verify full/site >/dev/null
    how="tmpfs of ${size_kb} KiB: exit $status, $(head -1 full.err)"
else
    cp -a small-site limited
    ( trap '' XFSZ; ulimit -f 16; "$bin" build ledger.csv --payees payees.csv --output limited --quiet 2>full.err )
    status=$?
    check "ulimit -f: exit $status, expected 73 or 74" one_of $status 73 74
    check "ulimit -f: the message does not say 'File too large': $(cat full.err)" grep -q "File too large" full.err
    check "ulimit -f: the old site changed" same_tree small-site limited
    check "ulimit -f: verify fails" "$bin" verify limited >/dev/null
    how="ulimit -f 16 (no mount rights): exit $status, $(head -1 full.err)"
fi
echo "faults: full file system: $how"

# An unwritable output: a read-only file system, and an immutable output folder.
if [ "$(id -u)" = 0 ] && grep -q " $work/full " /proc/mounts && mount -o remount,ro "$work/full" 2>/dev/null; then
    "$bin" build ledger.csv --payees payees.csv --output full/site --quiet 2>ro.err
    status=$?
    check "read-only tmpfs: exit $status, expected 73" [ $status = 73 ]
    check "read-only tmpfs: the message does not say 'Read-only file system': $(cat ro.err)" grep -q "Read-only file system" ro.err
    check "read-only tmpfs: the old site changed" same_tree small-site full/site
    echo "faults: read-only file system: exit $status, $(head -1 ro.err)"
    cp -a small-site immutable
    if chattr +i immutable 2>/dev/null; then
        "$bin" build ledger.csv --payees payees.csv --output immutable --quiet 2>immutable.err
        status=$?
        chattr -i immutable
        check "chattr +i: exit $status, expected 73" [ $status = 73 ]
        check "chattr +i: the message does not say 'cannot swap': $(cat immutable.err)" grep -q "cannot swap .*immutable.staging-[0-9]* with .*immutable: Operation not permitted" immutable.err
        check "chattr +i: the old site changed" same_tree small-site immutable
        check "chattr +i: staging left behind" no_leftovers immutable
        echo "faults: immutable output (chattr +i): exit $status, $(head -1 immutable.err)"
    else
        echo "faults: chattr +i is not supported here; immutable output not tested"
    fi
else
    mkdir -p locked && cp -a small-site locked/site && chmod a-w locked
    "$bin" build ledger.csv --payees payees.csv --output locked/site --quiet 2>ro.err
    status=$?
    chmod u+w locked
    check "unwritable folder: exit $status, expected 73" [ $status = 73 ]
    check "unwritable folder: the old site changed" same_tree small-site locked/site
    echo "faults: unwritable folder (chmod a-w): exit $status, $(head -1 ro.err)"
fi

echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
