#!/usr/bin/env bash
# Issue 29's scaling table on the 16-core device machine, in two steps (BENCHMARKS.md, "Issue 29, fourth session"):
#
#   scripts/device-scaling.sh pack   here: the release binary (--static-swift-stdlib, stripped, xz) and the shared
#                                    libraries it needs, into .device/ (add "/.device/" to .git/info/exclude)
#   scripts/device-scaling.sh 1      there: scripts/scaling.sh at 1M / 10k on 2, 4, 8, 16 CPUs, with the shards
#   scripts/device-scaling.sh 5      there: 5M / 50k at 16 CPUs only (item 3's memory), no shards
#   BASE=<commit> scripts/device-scaling.sh pack
#                                    here: also that commit's binary (built in a worktree), as .device/base.xz
#   scripts/device-scaling.sh base   there: the base binary at 2 and 16 CPUs, no shards: a before beside the after
#                                    on the same machine (carry .device/base.xz too)
#   scripts/device-scaling.sh all    there: all three in one call (one machine start): `1` with the 16-shard layout
#                                    only and no extra writer build, `base` at 16 CPUs (when .device/base.xz came),
#                                    then `5` with the time left; each part's files bundled so that at most 8 files
#                                    come back (the device tool's limit): machine.txt, scaling.md, base.md, m5.md,
#                                    runs.tar (every log and report). ALL_LIMIT: seconds for the whole (default 570).
#
# The device tool's call carries .device/ledgerpress.xz, .device/lib and writes to $OUT: for example
#   run(command: "LIMIT=540 bash scripts/device-scaling.sh 1", carry: [".device/ledgerpress.xz", ".device/lib"])
# or, with one machine start for everything (timeout_s 600):
#   run(command: "bash scripts/device-scaling.sh all", carry: [".device/ledgerpress.xz", ".device/base.xz", ".device/lib"])
# LIMIT (seconds, default 555) stops scaling.sh in time for its table to come back; the table is saved row by row.
# ENTRIES, PAYEES and the variables of scripts/scaling.sh (CPUS, SHARDS, WRITERS, CALIBRATE) pass through.
set -u
case ${1:-} in
pack | 1 | 5 | base | all) ;;
*)
	echo "usage: scripts/device-scaling.sh pack | 1 | 5 | base | all" >&2
	exit 64
	;;
esac
root=$(cd "$(dirname "$0")/.." && pwd)
d=$root/.device
if [ "${1:-}" = pack ]; then
	set -e
	(cd "$root" && swift build -c release --static-swift-stdlib)
	mkdir -p "$d/lib"
	cp "$root/.build/release/ledgerpress" "$d/ledgerpress"
	strip "$d/ledgerpress"
	xz -T0 -6 -f "$d/ledgerpress"
	if [ -n "${BASE:-}" ]; then
		tree=$(mktemp -d)
		git -C "$root" worktree add --detach "$tree" "$BASE"
		(cd "$tree" && swift build -c release --static-swift-stdlib)
		cp "$tree/.build/release/ledgerpress" "$d/base"
		git -C "$root" worktree remove --force "$tree"
		strip "$d/base"
		xz -T0 -6 -f "$d/base"
	fi
	for library in libcmark.so.0.30.2 libjemalloc.so.2 libqrencode.so.4 libstdc++.so.6; do
		cp -L "/usr/lib/x86_64-linux-gnu/$library" "$d/lib/"
	done
	ls -la "$d" "$d/lib"
	exit 0
fi
# unpack NAME: .device/NAME from .device/NAME.xz (xz, else Python's lzma), once.
unpack() {
	[ ! -x "$d/$1" ] || return 0
	xz -dc "$d/$1.xz" >"$d/$1" 2>/dev/null ||
		python3 -c 'import lzma, sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())' "$d/$1.xz" >"$d/$1"
	chmod +x "$d/$1"
}
if [ "${1:-}" = all ]; then
	: "${OUT:?set OUT to the folder the tables go to}"
	start=$(date +%s)
	self=$0
	left() { echo $((${ALL_LIMIT:-570} - ($(date +%s) - start))); }
	SHARDS=${SHARDS:-16} WRITERS=${WRITERS:-none} LIMIT=$(($(left) * 60 / 100)) bash "$self" 1 >/dev/null 2>&1
	if [ -f "$d/base.xz" ]; then
		CPUS=16 LIMIT=$(($(left) * 35 / 100)) bash "$self" base >/dev/null 2>&1
		cp "$OUT/base/scaling.md" "$OUT/base.md" 2>/dev/null
	fi
	# The 5M part last, with what is left; its site's removal may outlast the limit, so bundle first.
	(cd "$OUT" && tar -cf runs.tar --ignore-failed-read log.txt reports.tar base 2>/dev/null)
	rm -rf "$OUT/log.txt" "$OUT/reports.tar" "$OUT/base"
	if [ "$(left)" -gt 60 ]; then
		LIMIT=$(($(left) - 15)) bash "$self" 5 >/dev/null 2>&1
		cp "$OUT/m5/scaling.md" "$OUT/m5.md" 2>/dev/null
		(cd "$OUT" && tar -rf runs.tar m5 2>/dev/null) && rm -rf "$OUT/m5"
	fi
	cat "$OUT"/scaling.md "$OUT"/base.md "$OUT"/m5.md 2>/dev/null
	exit 0
fi
binary=ledgerpress
[ "${1:-}" != base ] || binary=base
unpack "$binary"
export BIN=$d/$binary LD_LIBRARY_PATH=$d/lib LEDGERPRESS_TEMPLATES=$root/Templates
: "${OUT:?set OUT to the folder the table goes to}"
# A 1M site and its late night are 3.4M tmpfs inodes (each hard link counts), a 5M site about 17M.
[ "$(nproc)" -lt 16 ] || mount -o remount,size=100G,nr_inodes=40M /dev/shm 2>/dev/null
{
	nproc
	lscpu
	free -g
	df -h /dev/shm /tmp
	df -i /dev/shm /tmp
	uname -a
	head -3 /etc/os-release
} >"$OUT/machine.txt" 2>&1
cd "$root"
case ${1:-} in
1) WORK=/dev/shm/lp1 timeout "${LIMIT:-555}" scripts/scaling.sh ${ENTRIES:-} ${PAYEES:-} 2>&1 | tee "$OUT/log.txt" ;;
5)
	mkdir -p "$OUT/m5"
	CPUS=16 SHARDS=none WRITERS=none CALIBRATE=none WORK=/dev/shm/lp5 OUT=$OUT/m5 timeout "${LIMIT:-555}" \
		scripts/scaling.sh "${ENTRIES:-5000000}" "${PAYEES:-50000}" 2>&1 | tee "$OUT/m5/log.txt"
	;;
base)
	mkdir -p "$OUT/base"
	CPUS=${CPUS:-2 16} SHARDS=none WRITERS=none CALIBRATE=none WORK=/dev/shm/lpb OUT=$OUT/base \
		timeout "${LIMIT:-555}" scripts/scaling.sh ${ENTRIES:-} ${PAYEES:-} 2>&1 | tee "$OUT/base/log.txt"
	;;
esac
