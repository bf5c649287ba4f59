#!/usr/bin/env bash
# Issue 29's scaling table on the 16-core device machine, in two steps (BENCHMARKS.md, "Issue 29, fourth session"):
#
#   scripts/device-scaling.sh pack   here: the release binary (--static-swift-stdlib, stripped, xz) and the shared
#                                    libraries it needs, into .device/ (add "/.device/" to .git/info/exclude)
#   scripts/device-scaling.sh 1      there: scripts/scaling.sh at 1M / 10k on 2, 4, 8, 16 CPUs, with the shards
#   scripts/device-scaling.sh 5      there: 5M / 50k at 16 CPUs only (item 3's memory), no shards
#
# The device tool's call carries .device/ledgerpress.xz, .device/lib and writes to $OUT: for example
#   run(command: "LIMIT=540 bash scripts/device-scaling.sh 1", carry: [".device/ledgerpress.xz", ".device/lib"])
# LIMIT (seconds, default 555) stops scaling.sh in time for its table to come back; the table is saved row by row.
# ENTRIES, PAYEES and the variables of scripts/scaling.sh (CPUS, SHARDS, WRITERS, CALIBRATE) pass through.
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
d=$root/.device
if [ "${1:-}" = pack ]; then
	set -e
	(cd "$root" && swift build -c release --static-swift-stdlib)
	mkdir -p "$d/lib"
	cp "$root/.build/release/ledgerpress" "$d/ledgerpress"
	strip "$d/ledgerpress"
	xz -T0 -6 -f "$d/ledgerpress"
	for library in libcmark.so.0.30.2 libjemalloc.so.2 libqrencode.so.4 libstdc++.so.6; do
		cp -L "/usr/lib/x86_64-linux-gnu/$library" "$d/lib/"
	done
	ls -la "$d" "$d/lib"
	exit 0
fi
if [ ! -x "$d/ledgerpress" ]; then
	xz -dc "$d/ledgerpress.xz" >"$d/ledgerpress" 2>/dev/null ||
		python3 -c 'import lzma, sys; sys.stdout.buffer.write(lzma.open(sys.argv[1]).read())' "$d/ledgerpress.xz" \
			>"$d/ledgerpress"
	chmod +x "$d/ledgerpress"
fi
export BIN=$d/ledgerpress LD_LIBRARY_PATH=$d/lib LEDGERPRESS_TEMPLATES=$root/Templates
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
*)
	echo "usage: scripts/device-scaling.sh pack | 1 | 5" >&2
	exit 64
	;;
esac
