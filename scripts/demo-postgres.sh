#!/usr/bin/env bash
# make demo-postgres: the example ledger loaded into a throw-away PostgreSQL cluster (initdb in a folder under /tmp,
# whose short path keeps the socket's within the 107 bytes a Unix socket path may have; no TCP), built with make
# demo's options and `ledgerpress build --source` into output.postgres/, and compared with make demo's site built from
# Examples/example-ledger.csv into output.postgres-csv/: every file but the manifests must be byte for byte the same.
# The cluster is stopped and removed on the way out, whatever happens.
set -euo pipefail

BIN=${BIN:-.build/debug/ledgerpress}
. "$(dirname "$0")/pg-cluster.sh"
trap pg_stop EXIT
pg_start
root=$pg_root
# A table holds one row per id: the example's overlapping rows are kept as their last version (as a file read wins).
awk -F, 'NR == FNR { if (FNR > 1) last[$1] = FNR; next } FNR == 1 || last[$1] == FNR' \
	Examples/example-ledger.csv Examples/example-ledger.csv >"$root/rows.csv"
pg_load_ledger ledger "$root/rows.csv"

# Both sites with make demo's options (scripts/demo.sh): from the table, and from the example ledger itself as make demo
# builds it. Every page, CSV, PDF, letter and e-mail must be the same bytes; only the manifests differ, since they
# record which source was read (its name and digest) and the payees' input keys (the table keeps each instant, not
# the UTC offset it was written with).
rm -rf output.postgres output.postgres.outbox output.postgres-csv output.postgres-csv.outbox
BIN=$BIN DEMO_QUIET=1 ./scripts/demo.sh output.postgres output.postgres.outbox \
	--source "postgresql://ledgerpress@/ledger?host=$root&table=ledger_entries"
BIN=$BIN DEMO_QUIET=1 ./scripts/demo.sh output.postgres-csv output.postgres-csv.outbox Examples/example-ledger.csv
set +x
if diff -r -x manifest.json output.postgres output.postgres-csv \
	&& diff -r output.postgres.outbox output.postgres-csv.outbox; then
	files=$(find output.postgres -type f ! -name manifest.json | wc -l)
	mails=$(find output.postgres.outbox -type f | wc -l)
	echo "demo-postgres: output.postgres/ (from the table) is byte for byte make demo's site (output.postgres-csv/, from" \
		"Examples/example-ledger.csv): $files files, manifests aside; the outboxes' $mails files are the same too"
else
	echo "demo-postgres: the site from the table differs from make demo's site" >&2
	exit 1
fi
