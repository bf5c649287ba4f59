#!/usr/bin/env bash
# Issue 29's scaling table: one release binary pinned with `taskset` to 2, 4, 8, 16 ... CPUs (as many as the machine
# has), on `ledgerpress sample --entries N --payees M --seed 42`, outputs on tmpfs. For each CPU count: the full build,
# a no-change rerun, a late night (1 % more rows on a new day), a second late night (as many rows a day later, staged
# from the spare) and `--only finance`; then, on all CPUs, the sharded
# layouts (shards built in parallel, each pinned to its own CPUs, then `merge` on all of them), checked to give the
# single build's files. Needs only bash, coreutils, taskset and the binary (no Swift, no jq, no python: it runs on
# the 16-core device machine with a carried static binary; see BENCHMARKS.md).
#
#   scripts/scaling.sh [ENTRIES] [PAYEES]        (default 1000000 10000)
# Environment: BIN (default .build/release/ledgerpress), WORK (default /dev/shm/ledgerpress-scaling, removed first
# and at the end), CPUS (default: 2 4 8 16 ... up to nproc), SHARDS (default "4 8 16": shard counts to try; "none"
# skips the sharded layouts, e.g. for item 3's memory at 5M: CPUS=16 SHARDS=none scripts/scaling.sh 5000000 50000),
# CALIBRATE ("none" skips the first table: N CPU-bound copies of an awk loop at once, N = 1 and each CPU count),
# WRITERS (default "8": writer thread counts, LEDGERPRESS_WRITERS, of extra full builds on all CPUs; "none" skips),
# OUT (a folder: the table is also written to $OUT/scaling.md, each run's report to $OUT/reports.tar).
# Prints a Markdown table. Where the time goes: "cores busy" is the process's CPU time over its wall time;
# "HTML CPU", "writers CPU", "import readers CPU" and "import ordered CPU" are the report's cpu_seconds (summed over
# threads; the ordered thread is the import's serial part), and the last column its waits_seconds.writer_queue.
set -euo pipefail
BIN=${BIN:-.build/release/ledgerpress}
entries=${1:-1000000}
payees=${2:-10000}
work=${WORK:-/dev/shm/ledgerpress-scaling}
total=$(nproc)
cpus=${CPUS:-$(for c in 2 4 8 16 32 64 128; do if [ "$c" -le "$total" ]; then echo "$c"; fi; done)}
cpus=$(echo $cpus) # one line: the list's first and last are its first and last words
[ -n "$cpus" ] || cpus=$total
shard_counts=${SHARDS:-4 8 16}
rm -rf "$work"
mkdir -p "$work"
trap 'rm -rf "$work"' EXIT
say() { printf 'scaling [%4d s]: %s\n' "$SECONDS" "$*" >&2; }

"$BIN" sample --entries "$entries" --payees "$payees" --seed 42 --out "$work/ledger.csv" \
	--payees-out "$work/payees.csv" --late $((entries / 100)) --late-out "$work/late.csv" >/dev/null
inputs=("$work/ledger.csv" --payees "$work/payees.csv")
# A second night, as scripts/bench.sh makes it: the same number of rows again, one day later, with their own ids.
late_day=$(awk -F, '/^late_/ { print substr($2, 1, 10); exit }' "$work/late.csv")
next_day=$(date -u -d "$late_day + 1 day" +%Y-%m-%d)
sed -e 's/^late_/late2_/' -e "s/,${late_day}T/,${next_day}T/" "$work/late.csv" >"$work/late2.csv"

# number NAME KEY: a number from the report of run NAME ("KEY" : 1.23); empty when absent.
number() { grep -o "\"$2\" *: *[0-9.]*" "$work/$1.json" | head -n 1 | sed 's/.*: *//'; }
# within NAME OBJECT KEY: a number from an object of the report (its JSON has one key per line): a stage's seconds
# from `timings_seconds`, the render workers from `threads` (both have a "render" key).
within() {
	awk -v object="\"$2\"" -v key="\"$3\"" 'index($0, object) { inside = 1; next } inside && /^ *}/ { exit }
		inside && index($0, key) { sub(/.*: */, ""); sub(/,$/, ""); print; exit }' "$work/$1.json"
}
# timed NAME CPULIST CMD...: runs CMD pinned to CPULIST with --quiet --report; sets wall (seconds).
timed() {
	local name=$1 list=$2 start end
	shift 2
	start=$(date +%s.%N)
	taskset -c "$list" "$@" --quiet --report "$work/$name.json"
	end=$(date +%s.%N)
	wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
	say "$name on CPUs $list: $wall s"
}
# save: the table so far, and the reports so far, into $OUT (a run cut short still brings back its rows).
save() {
	[ -n "${OUT:-}" ] || return 0
	cp "$table" "$OUT/scaling.md"
	(cd "$work" && tar -cf "$OUT/reports.tar" ./*.json 2>/dev/null) || true
}
row() { # NAME CPUS WALL: a table row with the report's stages, peak memory and where the CPU time went
	local kib user system
	kib=$(number "$1" peak_memory_kib)
	user=$(within "$1" process_cpu_seconds user)
	system=$(within "$1" process_cpu_seconds system)
	printf '| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n' "$1" "$2" \
		"$(within "$1" threads render)" "$(within "$1" threads writers)" "$3" \
		"$(within "$1" timings_seconds import)" "$(within "$1" timings_seconds plan)" \
		"$(within "$1" timings_seconds render)" "$(awk -v k="${kib:-0}" 'BEGIN { printf "%.0f", k / 1024 }')" \
		"$user" "$system" "$(awk -v u="${user:-0}" -v s="${system:-0}" -v w="$3" 'BEGIN { printf "%.1f", (u + s) / w }')" \
		"$(within "$1" cpu_seconds html)" "$(within "$1" cpu_seconds writers)" \
		"$(within "$1" cpu_seconds import_readers)" "$(within "$1" cpu_seconds import_ordered)" \
		"$(within "$1" waits_seconds writer_queue)" >>"$table"
	save
}

table=$work/table.md
{
	echo "## scripts/scaling.sh: $entries entries / $payees payees, $(date -u +%Y-%m-%d), $total CPUs ($(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo))"
} >"$table"
# The machine itself (CALIBRATE=none skips): N copies of one CPU-bound loop (awk arithmetic: no memory traffic, nothing
# shared), each pinned to its own CPU, for N = 1 and each CPU count. On N independent cores N copies take the time of
# one; where CPUs share a core (SMT siblings, a VM's vCPUs on hyperthreads) or the host is busy, they take longer, and
# so does every thread of a build: its CPU seconds per unit of work grow with the CPU count for the same reason.
if [ "${CALIBRATE:-}" != none ]; then
	{
		echo
		echo "| CPU-bound copies at once, one per CPU | wall s | against one copy |"
		echo "|---|---:|---:|"
	} >>"$table"
	one=
	for c in $(printf "%s\n" 1 $cpus | sort -nu); do
		start=$(date +%s.%N)
		for i in $(seq 0 $((c - 1))); do
			taskset -c "$i" awk 'BEGIN { for (i = 0; i < 40000000; i++) s += i * i; printf "%d\n", s > "/dev/null" }' &
		done
		wait
		end=$(date +%s.%N)
		wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
		one=${one:-$wall}
		say "$c CPU-bound copies: $wall s"
		printf '| %s | %s | %s |\n' "$c" "$wall" "$(awk -v a="$wall" -v b="$one" 'BEGIN { printf "%.2f", a / b }')" >>"$table"
		save
	done
fi
{
	echo
	echo "| run | CPUs | render workers | writers | wall s | import s | plan s | render s | peak MiB | user s | system s | cores busy | HTML CPU s | writers CPU s | import readers CPU s | import ordered CPU s | workers waiting for the writers s |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
} >>"$table"
declare -A full_wall
for c in $cpus; do
	list=0-$((c - 1))
	site=$work/site-$c
	timed "full-$c" "$list" "$BIN" build "${inputs[@]}" --output "$site"
	full_wall[$c]=$wall
	row "full-$c" "$c" "$wall"
	timed "nochange-$c" "$list" "$BIN" build "${inputs[@]}" --output "$site"
	row "nochange-$c" "$c" "$wall"
	timed "late-$c" "$list" "$BIN" build "$work/ledger.csv" "$work/late.csv" --payees "$work/payees.csv" --output "$site"
	row "late-$c" "$c" "$wall"
	# The steady state of a nightly job: the next night's staging starts from the spare (the site before the last).
	timed "late2-$c" "$list" "$BIN" build "$work/ledger.csv" "$work/late.csv" "$work/late2.csv" \
		--payees "$work/payees.csv" --output "$site"
	row "late2-$c" "$c" "$wall"
	timed "finance-$c" "$list" "$BIN" build "${inputs[@]}" --only finance --output "$work/finance-$c"
	row "finance-$c" "$c" "$wall"
	rm -rf "$site" "$work/.site-$c.spare" "$work/.site-$c.ledger" "$work/finance-$c" "$work/.finance-$c.spare" \
		"$work/.finance-$c.ledger"
done

# On all CPUs, the full build again with other numbers of writer threads (WRITERS, default "8"; "none" skips):
# whether the writers bound the render stage.
last=$(echo "$cpus" | awk '{ print $NF }')
for w in ${WRITERS:-8}; do
	[ "$w" != none ] || break
	LEDGERPRESS_WRITERS=$w timed "full-$last-writers-$w" "0-$((last - 1))" "$BIN" build "${inputs[@]}" \
		--output "$work/writers-$w"
	row "full-$last-writers-$w" "$last" "$wall"
	rm -rf "$work/writers-$w" "$work/.writers-$w.spare" "$work/.writers-$w.ledger"
done

# The sharded layouts on all CPUs: N shards at once, each on its own TOTAL/N CPUs, then one merge on all of them.
if [ "$shard_counts" != none ]; then
timed "single-$last" "0-$((last - 1))" "$BIN" build "${inputs[@]}" --output "$work/single"
single=$wall
{
	echo
	echo "| layout | shard builds s | merge s | total s | merge / single build | single build s |"
	echo "|---|---:|---:|---:|---:|---:|"
} >>"$table"
for n in $shard_counts; do
	[ "$n" -le "$last" ] || continue
	per=$((last / n))
	start=$(date +%s.%N)
	pids=()
	for i in $(seq 0 $((n - 1))); do
		taskset -c "$((i * per))-$((i * per + per - 1))" "$BIN" build "${inputs[@]}" --shard "$i/$n" \
			--output "$work/shards-$n/$i" --quiet &
		pids+=($!)
	done
	for pid in "${pids[@]}"; do wait "$pid"; done
	end=$(date +%s.%N)
	builds=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')
	timed "merge-$n" "0-$((last - 1))" "$BIN" merge $(for i in $(seq 0 $((n - 1))); do echo "$work/shards-$n/$i"; done) \
		--output "$work/merged-$n"
	if ! diff -r -q "$work/merged-$n" "$work/single" >/dev/null; then
		say "the merge of $n shards differs from the single build"
		exit 1
	fi
	printf '| %s shards × %s CPUs | %s | %s | %s | %s | %s |\n' "$n" "$per" "$builds" "$wall" \
		"$(awk -v a="$builds" -v b="$wall" 'BEGIN { printf "%.2f", a + b }')" \
		"$(awk -v a="$wall" -v b="$single" 'BEGIN { printf "%.2f", a / b }')" "$single" >>"$table"
	save
	rm -rf "$work/shards-$n" "$work/merged-$n" "$work/.merged-$n.spare" "$work/.merged-$n.ledger"
done
echo "Every merged site was byte for byte the single build (diff -r)." >>"$table"
fi
{
	echo
	first=$(echo "$cpus" | awk '{ print $1 }')
	echo "Full build speed-up, $first → $last CPUs: $(awk -v a="${full_wall[$first]}" -v b="${full_wall[$last]}" 'BEGIN { printf "%.2f", a / b }')×."
} >>"$table"
cat "$table"
if [ -n "${OUT:-}" ]; then
	cp "$table" "$OUT/scaling.md"
	(cd "$work" && tar -cf "$OUT/reports.tar" ./*.json)
fi
