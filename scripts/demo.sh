#!/usr/bin/env bash
# The demo site: `ledgerpress build` with make demo's options on the given source into OUTPUT, the e-mail outbox into
# OUTBOX. Used by `make demo` (the example ledger into output/) and scripts/demo-postgres.sh (the same build from a
# PostgreSQL table), so both build with exactly the same options.
#   scripts/demo.sh OUTPUT OUTBOX SOURCE-ARGUMENTS...
# Month and year PDFs always (ledgerpress's own writer: no browser needed); income letters signed with a demo key made once by openssl into
# .build/ when openssl is on PATH. DEMO_QUIET=1 passes --quiet.
set -euo pipefail
BIN=${BIN:-.build/debug/ledgerpress}
KEY=.build/demo-signing-key.pem
output=$1 outbox=$2
shift 2
extra=(--pdf month,year)
if command -v openssl >/dev/null 2>&1; then
	[ -f "$KEY" ] || (umask 077 && openssl genpkey -algorithm ed25519 -out "$KEY")
	# A secret file must be its owner's alone, or the build refuses it (64); a key made by an older demo may not be.
	chmod 600 "$KEY"
	extra+=(--letters --signing-key "$KEY" --verify-base-url https://statements.example.com)
else
	echo "demo: no income letters: openssl is not on PATH to make a demo signing key (sudo apt-get install -y openssl)"
fi
[ "${DEMO_QUIET:-0}" = 1 ] && extra+=(--quiet)
set -x
"$BIN" build "$@" --payees Examples/example-payees.csv --output "$output" --issuer "Example Rides & Market" \
	--periods day,week,month,year --range 2026-10-01..2026-10-15 \
	--outbox "$outbox" --mail-from statements@example.com --deliver month "${extra[@]}"
