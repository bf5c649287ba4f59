# Sourced by scripts/demo-postgres.sh and scripts/bench.sh: a throw-away PostgreSQL cluster in a folder under /tmp
# (initdb; whose short path keeps the socket's within the 107 bytes a Unix socket path may have), socket only, no TCP,
# a superuser `ledgerpress` trusted on the socket. As root the server runs as the `postgres` user.
#   pg_start: sets pg_root (the folder) and pg_psql (psql on the cluster, as an array); pg_stop: stops it, removes it.
#   pg_load_ledger DATABASE CSV: a table ledger_entries with the native columns, the CSV's rows copied in (by its header's names).
pg_start() {
	PGBIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
	[ -x "$PGBIN/initdb" ] || { echo "no initdb under /usr/lib/postgresql/*/bin (make deps installs postgresql)" >&2; exit 69; }
	pg_root=$(mktemp -d /tmp/ledgerpress-pg.XXXXXX)
	pg_as_server=()
	if [ "$(id -u)" = 0 ]; then
		chown postgres "$pg_root"
		pg_as_server=(runuser -u postgres --)
	fi
	"${pg_as_server[@]}" "$PGBIN/initdb" -D "$pg_root/data" -A trust -U ledgerpress -E UTF8 --locale=C --no-sync >/dev/null
	"${pg_as_server[@]}" "$PGBIN/pg_ctl" -D "$pg_root/data" -l "$pg_root/server.log" -w \
		-o "-k $pg_root -c listen_addresses=''" start >/dev/null
	pg_psql=("$PGBIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$pg_root" -U ledgerpress)
}
pg_stop() {
	[ -n "${pg_root:-}" ] || return 0
	[ -f "$pg_root/data/postmaster.pid" ] && "${pg_as_server[@]}" "$PGBIN/pg_ctl" -D "$pg_root/data" -m immediate -w stop >/dev/null || true
	rm -rf "$pg_root"
	pg_root=
}
pg_load_ledger() {
	"${pg_psql[@]}" -d postgres -c "CREATE DATABASE $1"
	"${pg_psql[@]}" -d "$1" -c "CREATE TABLE ledger_entries (id text PRIMARY KEY, occurred_at timestamptz NOT NULL,
		payee_id text NOT NULL, payee_type text NOT NULL, payee_name text, kind text NOT NULL, amount numeric NOT NULL,
		currency text NOT NULL, reference text, description text, payout_id text, payout_status text,
		payout_arrival text, distance numeric, distance_unit text)"
	# The CSV's header names the columns its rows fill: the first 12, or all 15 (issue 50's last three).
	local columns
	columns=$(head -n 1 "$2" | tr -d '\r')
	"${pg_psql[@]}" -d "$1" -c "\\copy ledger_entries ($columns) FROM '$2' WITH (FORMAT csv, HEADER true)"
	"${pg_psql[@]}" -d "$1" -c "VACUUM ANALYZE ledger_entries"
}
