#!/usr/bin/env bash
# Benchmark: time a release build of `ledgerpress build` on a generated ledger.
# Usage: scripts/bench.sh [ENTRIES] [PAYEES]   (defaults 100000 entries, 1000 payees)
# Not part of `make test`; run with `make bench`. Prints wall time, peak memory and files written.
set -euo pipefail
cd "$(dirname "$0")/.."
entries=${1:-100000}
payees=${2:-1000}
bin=.build/release/ledgerpress
work=$(mktemp -d "${TMPDIR:-/tmp}/ledgerpress-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
"$bin" sample --entries "$entries" --payees "$payees" --out "$work/ledger.csv" --payees-out "$work/payees.csv"
echo "ledger: $entries entries, $payees payees, $(du -h "$work/ledger.csv" | cut -f1)"
for periods in month day,week,month; do
  /usr/bin/time -f "periods=$periods: %e s wall, %U s user, %S s sys, %M KiB peak RSS" \
    "$bin" build "$work/ledger.csv" --payees "$work/payees.csv" --periods "$periods" --output "$work/out-${periods//,/-}"
done
echo "files: $(find "$work/out-day-week-month" -type f | wc -l)"
# Sharded: what one machine of two does, then the merge (and that it equals the single run).
out=$work/out-day-week-month
for i in 0 1; do
  /usr/bin/time -f "shard $i/2 (day,week,month): %e s wall, %M KiB peak RSS" \
    "$bin" build "$work/ledger.csv" --payees "$work/payees.csv" --shard "$i/2" --output "$work/shard-$i" --quiet
done
/usr/bin/time -f "merge of 2 shards: %e s wall, %M KiB peak RSS" \
  "$bin" merge "$work/shard-0" "$work/shard-1" --output "$work/merged" --quiet
diff -r -q "$out" "$work/merged" && echo "merged shards: byte-identical to the single run"
