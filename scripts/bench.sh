#!/usr/bin/env bash
# `make bench` / `make bench-quick`: ledgerpress side by side with hledger, ledger, the cmark CLI,
# in-process libcmark, Hugo and a file-write floor, on seeded sample ledgers. BENCHMARKS.md says what
# each row measures. Not part of `make test`.
#
# Usage: scripts/bench.sh [--quick]      (the Makefile builds the release binary first)
#   full:   1M entries / 10k payees; 2M / 20k for memory growth; 5M / 50k for finance-only
#   --quick: 100k / 1k; 200k / 2k; 500k / 5k, one run each unless BENCH_RUNS says otherwise
# Environment:
#   BENCH_RUNS      runs per measurement, the median is reported (default 3; --quick 1)
#   BENCH_RUNS_BIG  runs of the memory-growth build (default 1: only its peak memory is compared)
#   BENCH_RUNS_HUGE runs of the finance-only build at five times the ledger (default BENCH_RUNS; 1 when the disk is short)
#   BENCH_RUNS_PDF  runs of the month-PDF nights (default 1: a first night prints every month statement);
#                   BENCH_PDF=0 skips them, BENCH_PDF_ENGINE=chromium measures the browser instead of native;
#                   the engines side by side (native, chromium, none) run on a 6,000-entry / 120-payee sample
#                   (BENCH_PDF_ENGINES=0 skips them; they need chromium)
#   BENCH_POSTGRES=0 skips the PostgreSQL rows (the ledger read from a table of a throw-away cluster)
#   BENCH_KEEP=1    keep the temporary folder (ledgers, journal, sites, logs, /usr/bin/time output)
#   BENCH_RESULTS   the results file (default bench/results-<size>.md, ignored by git)
#   BENCH_ENTRIES, BENCH_PAYEES, BENCH_BIN: another size or binary (to try this script out quickly)
#   TMPDIR          where the temporary folder goes (the file system under test)
# Prints progress on standard error and the results table (Markdown) on standard output.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

if [ "${1:-}" = --quick ]; then
    variant=bench-quick entries=100000 payees=1000 runs=${BENCH_RUNS:-1}
    big_entries=200000 big_payees=2000 huge_entries=500000 huge_payees=5000
elif [ $# -eq 0 ]; then
    variant=bench entries=1000000 payees=10000 runs=${BENCH_RUNS:-3}
    big_entries=2000000 big_payees=20000 huge_entries=5000000 huge_payees=50000
else
    echo "usage: scripts/bench.sh [--quick]" >&2
    exit 64
fi
if [ -n "${BENCH_ENTRIES:-}" ]; then  # another size (a smoke test of this script): 2x and 5x it as above
    entries=$BENCH_ENTRIES payees=${BENCH_PAYEES:-$((BENCH_ENTRIES / 100))}
    big_entries=$((2 * entries)) big_payees=$((2 * payees)) huge_entries=$((5 * entries)) huge_payees=$((5 * payees))
fi
big_runs=${BENCH_RUNS_BIG:-1}
huge_runs=${BENCH_RUNS_HUGE:-}
late=$((entries / 100))
bin=${BENCH_BIN:-$repo/.build/release/ledgerpress}

. "$repo/scripts/pg-cluster.sh"  # pg_start, pg_stop, pg_load_ledger: the PostgreSQL row's throw-away cluster
say() { printf 'bench [%4d s]: %s\n' "$SECONDS" "$*" >&2; }
# 1000000 -> 1M, 20000 -> 20k
short() { awk -v n="$1" 'BEGIN { if (n % 1000000 == 0) print n / 1000000 "M"; else if (n % 1000 == 0) print n / 1000 "k"; else print n }'; }
size=$(short "$entries")
results=${BENCH_RESULTS:-$repo/bench/results-$size.md}

## The peers, from Debian when missing (sudo when not root).
missing=()
for tool in hledger:hledger ledger:ledger cmark:cmark hugo:hugo jq:jq cc:gcc; do
    command -v "${tool%%:*}" >/dev/null 2>&1 || missing+=("${tool#*:}")
done
[ -x /usr/bin/time ] || missing+=(time)
[ -f /usr/include/cmark.h ] || missing+=(libcmark-dev)
if [ ${#missing[@]} -gt 0 ]; then
    sudo=
    [ "$(id -u)" = 0 ] || sudo=sudo
    say "installing ${missing[*]} with apt-get"
    $sudo apt-get update -qq
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >&2
fi
[ -x "$bin" ] || { say "no $bin: run 'swift build -c release' (make bench does)"; exit 66; }

# Free disk first: every site the bench writes stays until the end (see discard below). On ext4 with 4 KiB
# blocks the full site of the 1M ledger took 7.6 GiB (1.68M files of 2.5 KB on average) and 8.8 GiB with its
# two late nights, each floor about 9.5 GiB (df, 2026-11-26), so this counts 10 KiB per entry for each
# full-size site: one full build per run, two floors per run, and the memory growth build (twice the ledger).
# The 1M bench with BENCH_RUNS=3 failed for want of disk at its last floor with 75 GB free. When all of that
# does not fit:
# - the floors run in the first run only, right after its builds, and the finance-only build at five times the
#   ledger once (one site per run, two floors, the growth build, one such output), when that fits: nothing is
#   deleted before the bench ends;
# - else, when one run's sites and the growth build fit, the sites of each run but the last are removed after
#   its floors and the next run waits for the disk to settle (see settle below). A last resort: on this
#   machine's ext4 the floors of the run after such a delete took twice as long (92 and 110 s against 48 and
#   40 s) although the probe had settled.
# BENCH_SPACE_CHECK=0 skips the check; BENCH_FLOORS_ONCE=1 and BENCH_CLEAN_BETWEEN_RUNS=1 choose a mode whatever
# the disk holds (to try them out).
site_kib=$((entries * 10))
# Each finance-only run at five times the ledger: its CSVs and payee manifests, about 2.6 GB at 5M (3 KiB per
# entry of the 1M ledger). Those runs stay on disk too: the first mode-2 bench ran out of space at its third.
huge_kib=$((entries * 3))
need_kib=$((site_kib * (3 * runs + 2) + huge_kib * runs))
need_floors_once_kib=$((site_kib * (runs + 2 + 2) + huge_kib))
need_one_run_kib=$((site_kib * (3 + 2) + huge_kib))
free_kib=$(df -Pk "${TMPDIR:-/tmp}" | awk 'NR == 2 { print $4 }')
floors_once=${BENCH_FLOORS_ONCE:-0}
clean_between_runs=${BENCH_CLEAN_BETWEEN_RUNS:-0}
if [ "${BENCH_SPACE_CHECK:-1}" != 0 ] && [ -n "$free_kib" ] && [ "$free_kib" -lt "$need_kib" ]; then
    if [ "$runs" -gt 1 ] && [ "$free_kib" -ge "$need_floors_once_kib" ]; then
        floors_once=1
        say "all $runs runs' sites and floors need about $((need_kib / 1048576)) GiB and ${TMPDIR:-/tmp} has $((free_kib / 1048576)) GiB free: the floors and the finance-only build at five times the ledger run once"
    elif [ "$runs" -gt 1 ] && [ "$free_kib" -ge "$need_one_run_kib" ]; then
        clean_between_runs=1
        say "all $runs runs' sites need about $((need_kib / 1048576)) GiB and ${TMPDIR:-/tmp} has $((free_kib / 1048576)) GiB free: each run's sites are removed after its floors, and the next run waits for the disk to settle"
    else
        say "needs about $((need_one_run_kib / 1048576)) GiB free in ${TMPDIR:-/tmp} at $entries entries (one run's sites and the memory growth build); $((free_kib / 1048576)) GiB free. Another TMPDIR, or a smaller BENCH_ENTRIES."
        exit 73
    fi
fi
# The finance-only build at five times the ledger runs as often as the other rows, once when the disk is short.
if [ -z "$huge_runs" ]; then
    if [ "$floors_once" = 1 ] || [ "$clean_between_runs" = 1 ]; then huge_runs=1; else huge_runs=$runs; fi
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/ledgerpress-bench.XXXXXX")
# The default templates copied once: a binary finds them in the checkout it lives in (or was compiled in), and
# a template edited there during the bench would change every payee's key between two nights (every PDF printed
# again; seen at 1M, issue 46). LEDGERPRESS_TEMPLATES set by the caller is kept.
if [ -z "${LEDGERPRESS_TEMPLATES:-}" ]; then
    cp -R "$repo/Templates" "$work/Templates"
    export LEDGERPRESS_TEMPLATES=$work/Templates
fi
# At the end: the sites written (kept in $work/trash until then, see discard) are removed, which takes
# minutes on a slow disk (about 18 for the 1M bench's 25 GB on ext4 with `discard`).
clean_up() {
    local before=$SECONDS
    pg_stop
    say "removing the sites written ($work/trash)"
    rm -rf "$work/trash"
    say "removed in $((SECONDS - before)) s"
    if [ "${BENCH_KEEP:-0}" = 1 ]; then say "kept $work"; else rm -rf "$work"; fi
}
trap clean_up EXIT
mkdir -p "$work/bin" "$work/data" "$work/logs" "$work/times" "$work/reports"
data=$work/data
cc -O2 -o "$work/bin/floor" bench/floor.c
cc -O2 -o "$work/bin/cmark_inproc" bench/cmark_inproc.c -lcmark

## Measuring. timed NAME CMD...: after an untimed `sync` (so writeback left by earlier steps is not
## charged to CMD), runs CMD once under /usr/bin/time -v, standard output to logs/NAME.out (or
## $TIMED_OUT), standard error to logs/NAME.err, and appends "wall_s cpu_s peak_rss_kib" to
## times/NAME; returns CMD's exit status (and records nothing when it failed).
timed() {
    local name=$1 status=0
    shift
    sync
    /usr/bin/time -v -o "$work/logs/$name.time" "$@" >"${TIMED_OUT:-$work/logs/$name.out}" 2>"$work/logs/$name.err" ||
        status=$?
    [ "$status" = 0 ] || return "$status"
    awk -F': ' '
        /Elapsed \(wall clock\)/ { n = split($2, p, ":"); for (i = 1; i <= n; i++) wall = wall * 60 + p[i] }
        /User time \(seconds\)/ || /System time \(seconds\)/ { cpu += $2 }
        /Maximum resident set size/ { rss = $2 }
        END { printf "%.2f %.2f %d\n", wall, cpu, rss }' "$work/logs/$name.time" >>"$work/times/$name"
    say "$name: $(tail -n 1 "$work/times/$name" | awk '{ printf "%s s wall, %s s CPU, %d MiB", $1, $2, $3 / 1024 }')"
}
# discard PATH...: moves each PATH into $work/trash (a rename, instant), removed only when the bench
# ends. Deleting a site of 100,000s of files right before a timed row would charge that row for ext4's
# inode allocator skipping the freshly freed inodes (`recently_deleted`: for 60-300 s after a mass delete,
# every file created scans past them; it took 34 % of a month build's CPU right after `rm -rf` of the full
# site), a cost no row should carry for an earlier row's clean-up. Needs disk for every site the bench
# writes (about 43 GiB at 1M with BENCH_RUNS=1, 94 GiB with 3: see the check above).
# A site's import checkpoint (.<site>.ledger beside it) goes with the site: the next build into that folder must
# read every input, as a first build does; only the nights after a build in one loop take it.
trash_count=0
discard() {
    local path
    mkdir -p "$work/trash"
    for path in "$@"; do
        local checkpoint
        checkpoint="$(dirname "$path")/.$(basename "$path").ledger"
        if [ -e "$checkpoint" ]; then
            trash_count=$((trash_count + 1))
            mv "$checkpoint" "$work/trash/$trash_count"
        fi
        [ -e "$path" ] || continue
        trash_count=$((trash_count + 1))
        mv "$path" "$work/trash/$trash_count"
    done
}
# The disk's speed at creating files, measured by the floor writer on a fixed list (probe_files files of 2,500
# bytes in 100 folders, the site's average size), in seconds, into probe_took. The probe's files go to the
# trash like a site's (deleting them would unsettle the disk it measures).
probe_files=$(( entries / 50 < 5000 ? 5000 : (entries / 50 > 20000 ? 20000 : entries / 50) ))
probe() {
    local list=$work/probe.tsv started
    [ -s "$list" ] || awk -v n="$probe_files" 'BEGIN { for (i = 0; i < n; i++) printf "d%02d/f%06d.html\t2500\n", i % 100, i }' >"$list"
    sync
    started=$(date +%s.%N)
    "$work/bin/floor" "$list" "$work/probe" --sync >/dev/null
    probe_took=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f\n", b - a }')
    discard "$work/probe"
}
# settle: waits until the disk creates files at a steady speed: probes every 30 s until a probe is no more than
# a tenth faster than the one before (the disk has stopped recovering) and, between runs, also within a quarter
# (or 0.3 s) of the baseline, at most BENCH_SETTLE_MAX seconds (default 1800). Before the first run it sets the
# baseline (the last two probes' best): a disk probed right after someone else's mass delete is itself slow.
# ext4 creates files slowly for minutes after a mass delete (the comment on discard says why); a run started on
# such a disk would charge its builds, not its floors, which run minutes later.
probe_baseline=
baseline_note=
settle_notes=()
settle() {
    local started=$SECONDS waited took previous= limit=${BENCH_SETTLE_MAX:-1800}
    while true; do
        probe
        took=$probe_took
        waited=$((SECONDS - started))
        if [ -n "$previous" ] && awk -v t="$took" -v p="$previous" -v b="$probe_baseline" 'BEGIN {
            steady = t >= p * 0.9
            exit !(steady && (b == "" || t <= b * 1.25 || t <= b + 0.3)) }'; then
            if [ -z "$probe_baseline" ]; then
                probe_baseline=$(awk -v t="$took" -v p="$previous" 'BEGIN { print (t < p ? t : p) }')
                say "disk steady after $waited s: baseline probe $probe_baseline s ($probe_files files)"
                baseline_note="once the disk was steady ($waited s)"
                return
            fi
            say "disk settled after $waited s (probe $took s, baseline $probe_baseline s)"
            settle_notes+=("settled after $waited s (probe $took s)")
            return
        fi
        if [ "$waited" -ge "$limit" ]; then
            if [ -z "$probe_baseline" ]; then
                probe_baseline=$took
                say "disk NOT steady after $waited s: baseline probe $took s ($probe_files files), going on"
                baseline_note="on a disk NOT steady after $waited s"
                return
            fi
            say "disk NOT settled after $waited s (probe $took s, baseline $probe_baseline s): going on"
            settle_notes+=("NOT settled after $waited s (probe $took s)")
            return
        fi
        say "waiting for the disk: probe $took s${previous:+ (before: $previous s)}${probe_baseline:+, baseline $probe_baseline s} ($waited s)"
        previous=$took
        sleep 30
    done
}
# clear_between_runs: removes the sites written so far (the trash), then waits for the disk to settle.
clear_between_runs() {
    local before=$SECONDS
    say "removing this run's sites ($work/trash) before the next run"
    rm -rf "$work/trash"
    say "removed in $((SECONDS - before)) s"
    settle_notes+=("removed in $((SECONDS - before)) s,")
    settle
}
fail() {
    say "$1 failed; the end of its standard error:"
    tail -n 20 "$work/logs/$1.err" >&2
    exit 1
}
# median_of: the median of the numbers on standard input (mean of the middle two for an even count).
median_of() {
    sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) exit; if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
# median NAME COLUMN: 1 wall s, 2 CPU s, 3 peak RSS KiB of times/NAME; empty when NAME never ran.
median() { [ -s "$work/times/$1" ] && cut -d' ' -f"$2" "$work/times/$1" | median_of || true; }
# stage NAME KEY: median seconds of timings_seconds.KEY over the reports of NAME; empty when absent.
stage() {
    cat "$work/reports/$1".*.json 2>/dev/null | jq -r --arg k "$2" '.timings_seconds[$k] // empty' | median_of || true
}
# cpu NAME KEY: median CPU seconds of cpu_seconds.KEY over the reports of NAME; empty when absent.
cpu() {
    cat "$work/reports/$1".*.json 2>/dev/null | jq -r --arg k "$2" '.cpu_seconds[$k] // empty' | median_of || true
}
# stages NAME: "import 0.31 s, render 9.80 s, publish 12.10 s": every stage key the reports hold, pipeline order first.
stages() {
    local keys key list=
    keys=$(cat "$work/reports/$1".*.json 2>/dev/null | jq -r '.timings_seconds // {} | keys[]' | sort -u || true)
    for key in import plan build statements render finance publish $keys; do
        case " $list " in *" $key "*) continue ;; esac
        printf '%s\n' "$keys" | grep -qx "$key" || continue
        list="$list $key"
    done
    for key in $list; do printf '%s %.2f s, ' "$key" "$(stage "$1" "$key")"; done | sed 's/, $//'
}
# ratio A B [DECIMALS]: A / B, or n/a when either is missing or B is zero.
ratio() { awk -v a="$1" -v b="$2" -v d="${3:-2}" 'BEGIN { if (a == "" || b == "" || b + 0 == 0) print "n/a"; else printf "%." d "f\n", a / b }'; }
per_second() { awk -v n="$1" -v s="$2" 'BEGIN { if (s == "" || s + 0 == 0) print "n/a"; else printf "%.0f\n", n / s }'; }
mib() { awk -v k="$1" 'BEGIN { if (k == "") print "n/a"; else printf "%.0f\n", k / 1024 }'; }
mb() { awk -v b="$1" 'BEGIN { printf "%.1f\n", b / 1e6 }'; }

## The data: the sample ledger, its payees, the same entries as a journal, and 1 % late rows.
say "$variant: $(short "$entries") entries / $(short "$payees") payees, $runs run(s) per measurement, in $work"
"$bin" sample --entries "$entries" --payees "$payees" --out "$data/ledger.csv" --payees-out "$data/payees.csv" \
    --journal-out "$data/ledger.journal" --late "$late" --late-out "$data/late.csv"
late_day=$(awk -F, '/^late_/ { print substr($2, 1, 10); exit }' "$data/late.csv")
# A second night: the same number of rows again, one day later, with their own ids.
next_day=$(date -u -d "$late_day + 1 day" +%Y-%m-%d)
sed -e 's/^late_/late2_/' -e "s/,${late_day}T/,${next_day}T/" "$data/late.csv" >"$data/late2.csv"
say "generated $(mb "$(stat -c %s "$data/ledger.csv")") MB of CSV and $(mb "$(stat -c %s "$data/ledger.journal")") MB of journal"

## The journal holds the same money: per-currency totals of the CSV = hledger's = ledger's.
amounts() { awk '{ for (i = 1; i < NF; i++) if ($i ~ /^-?[0-9][0-9.]*$/ && $(i + 1) ~ /^[A-Z][A-Z][A-Z]$/) print $(i + 1), $i }' | sort; }
csv_totals=$(awk -f bench/csv-totals.awk "$data/ledger.csv" | sort)
hledger_totals=$(hledger -f "$data/ledger.journal" bal '^payees:' --depth 1 -N | amounts)
ledger_totals=$(ledger -f "$data/ledger.journal" bal '^payees:' --depth 1 --no-total | amounts)
journal_transactions=$(grep -c '^[0-9]' "$data/ledger.journal")
if [ "$csv_totals" != "$hledger_totals" ] || [ "$csv_totals" != "$ledger_totals" ] || [ "$journal_transactions" != "$entries" ]; then
    say "journal check FAILED ($journal_transactions transactions for $entries entries)"
    printf 'CSV:\n%s\nhledger:\n%s\nledger:\n%s\n' "$csv_totals" "$hledger_totals" "$ledger_totals" >&2
    exit 1
fi
totals_text=$(printf '%s\n' "$csv_totals" | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $1 }')
say "journal check: $journal_transactions transactions; CSV = hledger bal = ledger bal: $totals_text"

## ledgerpress build, no-change rerun and late rerun (each run from an empty output). On the last run,
## while the output holds the base site, the site's files and Markdown feed the peers below.
site=$work/site
inputs=("$data/ledger.csv" --payees "$data/payees.csv")
# list_site: the base site's files (path and size), for the floor; the same in every run (same input, same bytes).
list_site() {
    find -L "$site" -type f -printf '%P\t%s\n' >"$work/site-files.tsv"
    site_files=$(wc -l <"$work/site-files.tsv")
    site_bytes=$(awk -F'\t' '{ s += $2 } END { print s + 0 }' "$work/site-files.tsv")
}
# floors: the file-write floor on the site's files (same count, sizes and folders), one thread, without and with
# syncfs. Timed in each run right after that run's builds, so that the build and the floor it is compared with
# meet the same disk (on this machine the disk's speed drifts by a quarter within ten minutes).
floors() {
    local sync_flag
    for sync_flag in "" --sync; do
        discard "$work/floor"
        timed "floor${sync_flag:+-sync}" "$work/bin/floor" "$work/site-files.tsv" "$work/floor" $sync_flag ||
            fail "floor${sync_flag:+-sync}"
    done
    discard "$work/floor"
}
measure_site() {
    pages_full=$(awk -F'\t' '$1 ~ /^payees\/[^\/]+\/[^\/]+\.html$/ && $1 !~ /\/index\.html$/' "$work/site-files.tsv" | wc -l)
    find -L "$site/payees" -name '*.md' | sort >"$work/md-all.txt"
    grep -E '/[0-9]{4}-[0-9]{2}\.md$' "$work/md-all.txt" >"$work/md-month.txt" || true
    md_all=$(wc -l <"$work/md-all.txt")
    md_month=$(wc -l <"$work/md-month.txt")
    md_bytes=$(awk -F'\t' '$1 ~ /\.md$/ { s += $2 } END { print s + 0 }' "$work/site-files.tsv")
    local i
    for i in $(seq "$runs"); do
        timed libcmark "$work/bin/cmark_inproc" "$work/md-all.txt" || fail libcmark
        awk '{ print $NF }' "$work/logs/libcmark.out" >>"$work/times/libcmark-render"
    done
    for i in $(seq "$runs"); do
        timed libcmark-month "$work/bin/cmark_inproc" "$work/md-month.txt" || fail libcmark-month
        awk '{ print $NF }' "$work/logs/libcmark-month.out" >>"$work/times/libcmark-month-render"
    done
    for i in $(seq "$runs"); do
        TIMED_OUT=/dev/null timed cmark-cli xargs -d '\n' -n 1 -a "$work/md-month.txt" cmark || fail cmark-cli
    done
    # Hugo's content: the month statements' Markdown, as content/payees/<slug>/<label>.md.
    mkdir -p "$work/hugo/content" "$work/hugo/layouts/_default"
    (cd "$site" && sed "s|^$site/||" "$work/md-month.txt" | xargs -d '\n' cp --parents -t "$work/hugo/content")
}
# Whatever the mode, the first run starts on a steady disk (one slowed by an earlier mass delete, the bench's own
# or not, would charge the first run's builds); BENCH_SETTLE_MAX=0 skips the wait.
if [ "${BENCH_SETTLE_MAX:-1800}" != 0 ] || [ "$clean_between_runs" = 1 ]; then
    probe  # the first probe also pays for making the list and the floor's start-up
    settle
fi
## The full build pinned to 2 CPUs (taskset) when the machine has more, beside the full build on all of them.
cpus=$(nproc)
if [ "$cpus" -gt 2 ] && command -v taskset >/dev/null 2>&1; then
    for i in $(seq "$runs"); do
        discard "$site"
        timed lp-full-2cpu taskset -c 0,1 "$bin" build "${inputs[@]}" --output "$site" --quiet \
            --report "$work/reports/lp-full-2cpu.$i.json" || fail lp-full-2cpu
    done
    discard "$site" "$work/.site.spare"
fi
for i in $(seq "$runs"); do
    discard "$site"
    timed lp-full "$bin" build "${inputs[@]}" --output "$site" --quiet --report "$work/reports/lp-full.$i.json" ||
        fail lp-full
    timed lp-nochange "$bin" build "${inputs[@]}" --output "$site" --quiet --report "$work/reports/lp-nochange.$i.json" ||
        fail lp-nochange
    [ "$i" = 1 ] && list_site
    [ "$i" = "$runs" ] && measure_site
    timed lp-late "$bin" build "$data/ledger.csv" "$data/late.csv" --payees "$data/payees.csv" --output "$site" --quiet \
        --report "$work/reports/lp-late.$i.json" || fail lp-late
    timed lp-late2 "$bin" build "$data/ledger.csv" "$data/late.csv" "$data/late2.csv" --payees "$data/payees.csv" \
        --output "$site" --quiet --report "$work/reports/lp-late2.$i.json" || fail lp-late2
    discard "$work/.site.spare"
    if [ "$floors_once" = 0 ] || [ "$i" = 1 ]; then floors; fi
    if [ "$clean_between_runs" = 1 ] && [ "$i" -lt "$runs" ]; then
        discard "$site"
        clear_between_runs
    fi
done
discard "$site"

for i in $(seq "$runs"); do
    discard "$work/site-month" "$work/.site-month.spare"
    timed lp-month "$bin" build "${inputs[@]}" --periods month --output "$work/site-month" --quiet \
        --report "$work/reports/lp-month.$i.json" || fail lp-month
    # The night after without PDFs: what the PDF night after is compared with.
    timed lp-month-next "$bin" build "$data/ledger.csv" "$data/late.csv" --payees "$data/payees.csv" --periods month \
        --output "$work/site-month" --quiet --report "$work/reports/lp-month-next.$i.json" || fail lp-month-next
done
pages_month=$(find -L "$work/site-month/payees" -name '*.html' ! -name index.html | wc -l)
discard "$work/site-month"

## Month PDFs: `build --periods month --pdf month`. The first night prints every month statement; the night
## after (the late rows on a new day) prints only the statements they changed and keeps the rest.
pdf_runs=${BENCH_RUNS_PDF:-1}
pdf_engine=${BENCH_PDF_ENGINE:-native}
if [ "${BENCH_PDF:-1}" = 1 ]; then
    for i in $(seq "$pdf_runs"); do
        discard "$work/site-pdf" "$work/.site-pdf.spare"
        timed lp-pdf "$bin" build "${inputs[@]}" --periods month --pdf month --pdf-engine "$pdf_engine" \
            --output "$work/site-pdf" --quiet --report "$work/reports/lp-pdf.$i.json" || fail lp-pdf
        timed lp-pdf-next "$bin" build "$data/ledger.csv" "$data/late.csv" --payees "$data/payees.csv" --periods month \
            --pdf month --pdf-engine "$pdf_engine" --output "$work/site-pdf" --quiet \
            --report "$work/reports/lp-pdf-next.$i.json" || fail lp-pdf-next
    done
    discard "$work/site-pdf" "$work/.site-pdf.spare"
fi

## The PDF engines side by side on the same month statements (a 6,000-entry / 120-payee sample, seed 7: about 335
## month PDFs), alternated in one run: no PDFs, native, chromium. PDFs/s and CPU-s per PDF are what each engine adds
## over the build without PDFs.
engines_done=no
if [ "${BENCH_PDF_ENGINES:-1}" = 1 ] && command -v chromium >/dev/null 2>&1; then
    "$bin" sample --entries 6000 --payees 120 --seed 7 --out "$data/engines.csv" --payees-out "$data/engines-payees.csv"
    for i in $(seq "$pdf_runs"); do
        for engine in none native chromium; do
            discard "$work/site-engines"
            pdf_args=()
            [ "$engine" = none ] || pdf_args=(--pdf month --pdf-engine "$engine")
            timed "pdf-$engine" "$bin" build "$data/engines.csv" --payees "$data/engines-payees.csv" --periods month \
                "${pdf_args[@]}" --output "$work/site-engines" --quiet --report "$work/reports/pdf-$engine.$i.json" ||
                fail "pdf-$engine"
        done
    done
    discard "$work/site-engines"
    engines_done=yes
fi

# build --only finance: exit 64 (unknown option) means this binary does not have it yet.
finance_only=yes
for i in $(seq "$runs"); do
    discard "$work/site-finance"
    status=0
    timed lp-finance "$bin" build "${inputs[@]}" --only finance --output "$work/site-finance" --quiet \
        --report "$work/reports/lp-finance.$i.json" || status=$?
    if [ "$status" = 64 ]; then
        finance_only=no
        say "build --only finance: exit 64, not in this binary: n/a"
        break
    fi
    [ "$status" = 0 ] || fail lp-finance
done
discard "$work/site-finance"

for i in $(seq "$runs"); do
    timed lp-check "$bin" check "${inputs[@]}" || fail lp-check
done

## The same ledger read from a PostgreSQL table (a throw-away cluster, Unix socket) against its CSV export: `check`
## (reads and builds every statement, writes nothing) and `build --only finance` (whose report times the import).
pg=no
if [ "${BENCH_POSTGRES:-1}" = 1 ] && ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    pg=yes
    pg_start
    pg_load_ledger bench "$data/ledger.csv"
    pg_url="postgresql://ledgerpress@/bench?host=$pg_root&table=ledger_entries"
    for i in $(seq "$runs"); do
        timed lp-pg-check "$bin" check --source "$pg_url" --payees "$data/payees.csv" || fail lp-pg-check
    done
    for i in $(seq "$runs"); do
        discard "$work/site-pg-finance"
        timed lp-pg-finance "$bin" build --source "$pg_url" --payees "$data/payees.csv" --only finance \
            --output "$work/site-pg-finance" --quiet --report "$work/reports/lp-pg-finance.$i.json" || fail lp-pg-finance
    done
    discard "$work/site-pg-finance"
    pg_stop
fi

## The accounting peers on the journal: one report of monthly figures per payee and kind.
for i in $(seq "$runs"); do
    TIMED_OUT=/dev/null timed hledger hledger -f "$data/ledger.journal" bal -M '^payees:' -O csv || fail hledger
done
for i in $(seq "$runs"); do
    TIMED_OUT=/dev/null timed ledger ledger -f "$data/ledger.journal" reg -M '^payees:' || fail ledger
done

## Hugo on the month statements' Markdown, with minimal layouts.
cat >"$work/hugo/config.toml" <<'EOF'
baseURL = "http://localhost/"
disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "section"]
EOF
cat >"$work/hugo/layouts/_default/single.html" <<'EOF'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{{ .File.ContentBaseName }}</title></head><body>{{ .Content }}</body></html>
EOF
cat >"$work/hugo/layouts/index.html" <<'EOF'
<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Statements</title></head><body>{{ len .Site.RegularPages }} statements</body></html>
EOF
for i in $(seq "$runs"); do
    discard "$work/hugo/public" "$work/hugo/resources" "$work/hugo-cache"
    timed hugo hugo --quiet --source "$work/hugo" --destination "$work/hugo/public" --cacheDir "$work/hugo-cache" ||
        fail hugo
done
hugo_pages=$(find "$work/hugo/public/payees" -name index.html | wc -l)
discard "$work/hugo"

## Memory growth: the full build on twice the ledger (twice the payees, same entries per payee).
"$bin" sample --entries "$big_entries" --payees "$big_payees" --out "$data/big.csv" --payees-out "$data/big-payees.csv"
for i in $(seq "$big_runs"); do
    discard "$work/site-big"
    timed lp-big "$bin" build "$data/big.csv" --payees "$data/big-payees.csv" --output "$work/site-big" --quiet \
        --report "$work/reports/lp-big.$i.json" || fail lp-big
done
discard "$work/site-big" "$data/big.csv"

## Finance-only on five times the ledger (when the binary has it).
if [ "$finance_only" = yes ]; then
    "$bin" sample --entries "$huge_entries" --payees "$huge_payees" --out "$data/huge.csv" --payees-out "$data/huge-payees.csv"
    for i in $(seq "$huge_runs"); do
        discard "$work/site-huge"
        timed lp-huge "$bin" build "$data/huge.csv" --payees "$data/huge-payees.csv" --only finance \
            --output "$work/site-huge" --quiet --report "$work/reports/lp-huge.$i.json" || fail lp-huge
    done
    discard "$work/site-huge" "$data/huge.csv"
fi

## The table.
row() { # NAME "what" "notes"
    local wall cpu rss
    wall=$(median "$1" 1) cpu=$(median "$1" 2) rss=$(median "$1" 3)
    if [ -z "$wall" ]; then
        printf '| %s | n/a | n/a | n/a | %s |\n' "$2" "$3"
    else
        printf '| %s | %.2f | %.2f | %s | %s |\n' "$2" "$wall" "$cpu" "$(mib "$rss")" "$3"
    fi
}
lp_note() { # NAME [extra]: the stage timings, or that the binary has no such mode
    local text
    text=$(stages "$1")
    printf '%s' "${text:-no stage timings}${2:+; $2}"
}
late_rows=$(grep -c '^late_' "$data/late.csv")
# engine_rate ENGINE: PDFs/s the engine adds over the build without PDFs.
engine_rate() {
    local written
    written=$(cat "$work/reports/pdf-$1".*.json 2>/dev/null | jq -r '.pdf.written // empty' | median_of || true)
    awk -v n="$written" -v a="$(median "pdf-$1" 1)" -v b="$(median pdf-none 1)" \
        'BEGIN { if (n == "" || a - b <= 0) print ""; else printf "%.3f\n", n / (a - b) }'
}
# engine_note ENGINE: PDFs written, PDFs/s and CPU-s per PDF over the same build without PDFs.
engine_note() {
    local written wall cpu
    written=$(cat "$work/reports/pdf-$1".*.json 2>/dev/null | jq -r '.pdf.written // empty' | median_of || true)
    wall=$(awk -v a="$(median "pdf-$1" 1)" -v b="$(median pdf-none 1)" 'BEGIN { printf "%.3f", a - b }')
    cpu=$(awk -v a="$(median "pdf-$1" 2)" -v b="$(median pdf-none 2)" 'BEGIN { printf "%.3f", a - b }')
    printf '%s PDFs; %s s wall and %s CPU-s over no PDFs: %s PDFs/s, %s CPU-s per PDF' "$written" "$wall" "$cpu" \
        "$(awk -v n="$written" -v s="$wall" 'BEGIN { if (s + 0 <= 0) print "n/a"; else printf "%.1f", n / s }')" \
        "$(awk -v n="$written" -v c="$cpu" 'BEGIN { if (n + 0 == 0) print "n/a"; else printf "%.4f", c / n }')"
}
# pdf_note NAME: PDFs printed and kept (the reports' pdf counts) and printed per second of the whole run.
pdf_note() {
    local written kept
    written=$(cat "$work/reports/$1".*.json 2>/dev/null | jq -r '.pdf.written // empty' | median_of || true)
    kept=$(cat "$work/reports/$1".*.json 2>/dev/null | jq -r '.pdf.reused // empty' | median_of || true)
    [ -n "$written" ] || { printf 'not measured (BENCH_PDF=0)'; return; }
    printf '%s PDFs printed (%s), %s kept; %s PDFs/s over the whole run; %s' "$written" "$pdf_engine" "$kept" \
        "$(per_second "$written" "$(median "$1" 1)")" "$(stages "$1")"
}
wall_full=$(median lp-full 1)
render_s=$(stage lp-full render)
libcmark_s=$(median_of <"$work/times/libcmark-render")
libcmark_month_s=$(median_of <"$work/times/libcmark-month-render")
full_rate=$(per_second "$pages_full" "$wall_full")
month_rate=$(per_second "$pages_month" "$(median lp-month 1)")
hugo_rate=$(per_second "$hugo_pages" "$(median hugo 1)")
cli_rate=$(per_second "$md_month" "$(median cmark-cli 1)")
inproc_month_rate=$(per_second "$md_month" "$libcmark_month_s")
if [ "$finance_only" = yes ]; then finance_note=$(lp_note lp-finance); else finance_note="not in this binary (exit 64)"; fi
if [ -n "$render_s" ]; then
    render_ratio="$(ratio "$render_s" "$libcmark_s") ($(printf '%.2f' "$render_s") s / $(printf '%.2f' "$libcmark_s") s)"
else
    render_ratio="n/a (no \`render\` stage in the report)"
fi
html_s=$(cpu lp-full html)
if [ -n "$html_s" ]; then
    html_ratio="$(ratio "$html_s" "$libcmark_s") ($(printf '%.2f' "$html_s") CPU s / $(printf '%.2f' "$libcmark_s") s)"
else
    html_ratio="n/a (no \`cpu_seconds.html\` in the report)"
fi
{
    echo "## ledgerpress $variant: $(short "$entries") entries / $(short "$payees") payees"
    echo
    echo "$(date -u +%Y-%m-%d), $(uname -sr), $(nproc) cores ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)),"
    echo "$(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo) RAM, $(df -T "$work" | awk 'NR == 2 { print $2 }') under $(dirname "$work");"
    if [ -n "${BENCH_BIN:-}" ]; then
        # Another binary than this checkout's build: named by its path and digest, not by the checkout's HEAD.
        echo "ledgerpress $bin (BENCH_BIN, SHA-256 $(sha256sum "$bin" | cut -c1-16)),"
    else
        echo "ledgerpress $(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Sources 2>/dev/null || echo '+changes') (${bin#"$repo"/}),"
    fi
    echo "$(hledger --version | cut -d, -f1), $(ledger --version | awk 'NR == 1' | cut -d, -f1), $(cmark --version | awk 'NR == 1' | cut -d' ' -f1-2), $(hugo version | cut -d' ' -f1-2)."
    echo "Median of $runs run(s) per row (BENCH_RUNS); wall and CPU (user + sys) seconds and peak RSS from \`/usr/bin/time -v\`."
    echo
    echo "Data: \`ledgerpress sample --entries $entries --payees $payees\` ($(mb "$(stat -c %s "$data/ledger.csv")") MB), totals $totals_text"
    echo "(CSV = \`hledger bal\` = \`ledger bal\` on the journal of the same $journal_transactions entries). Late rows: $late_rows on $late_day."
    echo "The full site: $site_files files ($(mb "$site_bytes") MB), $pages_full statement pages, $md_all Markdown statements"
    echo "($(mb "$md_bytes") MB), $md_month of them month statements."
    echo
    echo "| measurement | wall s | CPU s | peak RSS MiB | notes |"
    echo "|---|---:|---:|---:|---|"
    row lp-full "ledgerpress \`build\` (day, week, month) on all $cpus CPUs" "$(lp_note lp-full "$full_rate pages/s")"
    if [ -s "$work/times/lp-full-2cpu" ]; then
        row lp-full-2cpu "ledgerpress \`build\` pinned to 2 CPUs (\`taskset -c 0,1\`)" "$(lp_note lp-full-2cpu)"
    else
        echo "| ledgerpress \`build\` pinned to 2 CPUs | – | – | – | this machine has $cpus CPUs: the row above is the 2-CPU build |"
    fi
    row lp-month "ledgerpress \`build --periods month\`" "$(lp_note lp-month "$pages_month pages, $month_rate pages/s")"
    row lp-month-next "ledgerpress the night after with --periods month ($late_rows late rows), no PDFs" "$(lp_note lp-month-next)"
    row lp-pdf "ledgerpress \`build --periods month --pdf month\`, first night" "$(pdf_note lp-pdf); $(ratio "$(median lp-pdf 1)" "$(median lp-month 1)") × the night without PDFs, peak memory $(ratio "$(median lp-pdf 3)" "$(median lp-month 3)") ×"
    row lp-pdf-next "ledgerpress the night after with --pdf month ($late_rows late rows)" "$(pdf_note lp-pdf-next); $(ratio "$(median lp-pdf-next 1)" "$(median lp-month-next 1)") × the night without PDFs"
    if [ "$engines_done" = yes ]; then
        row pdf-none "6,000 entries / 120 payees, \`build --periods month\`, no PDFs" "the baseline of the two rows below"
        row pdf-native "the same with \`--pdf month\` (native)" "$(engine_note native)"
        row pdf-chromium "the same with \`--pdf month --pdf-engine chromium\`" "$(engine_note chromium); native is $(ratio "$(engine_rate native)" "$(engine_rate chromium)" 1) × its PDFs/s"
    fi
    row lp-finance "ledgerpress \`build --only finance\`" "$finance_note"
    row lp-nochange "ledgerpress no-change rerun (same command, same output)" "$(lp_note lp-nochange)"
    row lp-late "ledgerpress rerun with $late_rows late rows (1 %) on a new day" "$(lp_note lp-late)"
    row lp-late2 "ledgerpress second late night: $late_rows more rows on $next_day (staging from the spare)" "$(lp_note lp-late2)"
    row lp-check "ledgerpress \`check\`" "imports and builds every statement, writes nothing"
    if [ "$pg" = yes ]; then
        row lp-pg-check "ledgerpress \`check --source postgresql://...\` (the same rows in a table)" "$(ratio "$(median lp-pg-check 1)" "$(median lp-check 1)") × the CSV's \`check\`"
        row lp-pg-finance "ledgerpress \`build --source postgresql://... --only finance\`" "$(lp_note lp-pg-finance "import $(ratio "$(stage lp-pg-finance import)" "$(stage lp-finance import)") × the CSV's")"
    else
        echo "| ledgerpress from PostgreSQL | n/a | n/a | n/a | no initdb (make deps installs postgresql), or BENCH_POSTGRES=0 |"
    fi
    row hledger "hledger \`bal -M '^payees:' -O csv\`" "monthly figures per payee and kind"
    row ledger "ledger \`reg -M '^payees:'\`" "monthly figures per payee and kind"
    row cmark-cli "cmark CLI, one process per month statement" "$md_month documents, $cli_rate documents/s"
    row libcmark "libcmark in-process, every statement's Markdown" "render only $(printf '%.2f' "${libcmark_s:-0}") s: $(per_second "$md_all" "$libcmark_s") documents/s, $(per_second "$(mb "$md_bytes")" "$libcmark_s") MB/s"
    row libcmark-month "libcmark in-process, the month statements" "render only $(printf '%.2f' "${libcmark_month_s:-0}") s: $inproc_month_rate documents/s"
    row hugo "Hugo, the month statements' Markdown" "$hugo_pages pages, $hugo_rate pages/s"
    row floor "file-write floor: the site's $site_files files, no sync" "$(per_second "$site_files" "$(median floor 1)") files/s"
    row floor-sync "file-write floor + one \`syncfs\`" "$(per_second "$site_files" "$(median floor-sync 1)") files/s"
    row lp-big "ledgerpress \`build\` at $(short "$big_entries") / $(short "$big_payees") (memory growth; $big_runs run(s))" "$(lp_note lp-big)"
    [ "$finance_only" = yes ] && huge_note=$(lp_note lp-huge) || huge_note="not in this binary (exit 64)"
    row lp-huge "ledgerpress \`build --only finance\` at $(short "$huge_entries") / $(short "$huge_payees") ($huge_runs run(s))" "$huge_note"
    echo
    echo "| ratio | value |"
    echo "|---|---:|"
    echo "| full build / file-write floor with sync | $(ratio "$wall_full" "$(median floor-sync 1)") |"
    echo "| full build / file-write floor without sync | $(ratio "$wall_full" "$(median floor 1)") |"
    echo "| pages/s, \`build --periods month\` / Hugo on the same month statements | $(ratio "$month_rate" "$hugo_rate") ($month_rate / $hugo_rate) |"
    echo "| pages/s, full build / Hugo | $(ratio "$full_rate" "$hugo_rate") ($full_rate / $hugo_rate) |"
    echo "| no-change rerun / full build | $(ratio "$(median lp-nochange 1)" "$wall_full") |"
    echo "| late rerun / full build | $(ratio "$(median lp-late 1)" "$wall_full") |"
    [ -s "$work/times/lp-full-2cpu" ] && echo "| full build, 2 CPUs / all $cpus CPUs (speed-up) | $(ratio "$(median lp-full-2cpu 1)" "$wall_full") |"
    [ "$pg" = yes ] && echo "| reading the ledger from PostgreSQL / from its CSV export: import stage of \`--only finance\` (\`check\`) | $(ratio "$(stage lp-pg-finance import)" "$(stage lp-finance import)") ($(ratio "$(median lp-pg-check 1)" "$(median lp-check 1)")) |"
    echo "| second late night (from the spare) / full build | $(ratio "$(median lp-late2 1)" "$wall_full") |"
    echo "| finance-only / hledger \`bal -M\` | $(ratio "$(median lp-finance 1)" "$(median hledger 1)") |"
    echo "| finance-only / ledger \`reg -M\` | $(ratio "$(median lp-finance 1)" "$(median ledger 1)") |"
    echo "| HTML rendering (cmark and the tables it is given, CPU over all threads) / in-process libcmark (same Markdown) | $html_ratio |"
    echo "| whole render stage (statements, templates, HTML, CSV, writing) / in-process libcmark | $render_ratio |"
    echo "| documents/s, cmark CLI per document / libcmark in-process (month statements) | $(ratio "$cli_rate" "$inproc_month_rate" 3) ($cli_rate / $inproc_month_rate) |"
    echo "| finance-only $(short "$huge_entries") / $(short "$entries"): time | $(ratio "$(median lp-huge 1)" "$(median lp-finance 1)") |"
    echo "| finance-only $(short "$huge_entries") / $(short "$entries"): peak RSS | $(ratio "$(median lp-huge 3)" "$(median lp-finance 3)") |"
    echo "| full build $(short "$big_entries") / $(short "$entries"): peak RSS | $(ratio "$(median lp-big 3)" "$(median lp-full 3)") |"
    echo "| full build $(short "$big_entries") / $(short "$entries"): time | $(ratio "$(median lp-big 1)" "$wall_full") |"
    echo
    if [ "$floors_once" = 1 ]; then
        echo "The floors ran in the first run only, right after its builds, and the finance-only build at $(short "$huge_entries") ran $huge_runs time(s) (the disk cannot hold every run's);"
        first_full=$(head -n 1 "$work/times/lp-full" | cut -d' ' -f1)
        echo "full build / floor in that run alone: $(ratio "$first_full" "$(median floor-sync 1)") with sync, $(ratio "$first_full" "$(median floor 1)") without."
    fi
    [ -n "$probe_baseline" ] && echo "The first run started $baseline_note: $probe_files files in $probe_baseline s (\`bench/floor.c --sync\`)."
    if [ "$clean_between_runs" = 1 ]; then
        echo "Between runs the sites written were removed and the next run waited for the disk (a probe of $probe_files files,"
        echo "baseline $probe_baseline s): ${settle_notes[*]}."
    fi
    echo "Whole bench (generation and checks; removing the sites written follows, see the log): $SECONDS s."
} >"$results"
cat "$results"
say "written to $results"
