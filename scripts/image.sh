#!/usr/bin/env bash
# The image `make image` builds: its root file system assembled in .build-image/rootfs from this machine, then
# Containerfile (FROM scratch, COPY only, no RUN) built and tagged by podman.
#   scripts/image.sh BINARY TAG
# BINARY is a release build with --static-swift-stdlib (make image builds it). The shared C libraries of every
# program in the image, and their loader, are the ones `ldd` lists for them here (never a hand-typed list); the list
# is written to .build-image/libraries.txt.
set -euo pipefail
bin=$1 tag=$2
work=.build-image
root=$work/rootfs
rm -rf "$root"
mkdir -p "$root"/usr/local/bin "$root"/usr/local/share/ledgerpress "$root"/bin "$root"/tmp "$root"/etc/ssl/certs
chmod 1777 "$root"/tmp

# A file at the same path inside the image (a symbolic link's target copied under the link's name).
put() {
	mkdir -p "$root$(dirname "$1")"
	cp -L "$1" "$root$1"
}

install -m 0755 "$bin" "$root"/usr/local/bin/ledgerpress
# The programs the Kubernetes example's pods run besides ledgerpress: a POSIX shell (dash) for `sh -c` and the
# coordinator's script, the few tools that script calls, and kubectl when this machine has one.
cp -L /usr/bin/dash "$root"/bin/sh
programs=("$root"/usr/local/bin/ledgerpress "$root"/bin/sh)
for tool in date mkdir sed rm sleep cat ls touch find; do
	path=$(command -v "$tool")
	cp -L "$path" "$root/bin/$tool"
	programs+=("$root/bin/$tool")
done
if command -v kubectl >/dev/null 2>&1; then
	cp -L "$(command -v kubectl)" "$root"/usr/local/bin/kubectl
	programs+=("$root"/usr/local/bin/kubectl)
else
	echo "image: no kubectl on this machine: the image has none (the Kubernetes example's coordinator needs one)" >&2
fi

# Every shared library those programs load, and the loader, as ldd finds them here.
for program in "${programs[@]}"; do
	ldd "$program" 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' || true
done | sort -u >"$work"/libraries.txt
while read -r library; do put "$library"; done <"$work"/libraries.txt

cp -R Templates "$root"/usr/local/share/ledgerpress/Templates
# CA certificates (SMTP over TLS, PostgreSQL with sslmode=require), time zones (payees' zones), fonts (native PDFs).
put /etc/ssl/certs/ca-certificates.crt
# The sRGB profile every native PDF embeds as its OutputIntent (PDF/A-3b).
put /usr/share/color/icc/sRGB.icc
mkdir -p "$root"/usr/share && cp -RL /usr/share/zoneinfo "$root"/usr/share/zoneinfo
for font in /usr/share/fonts/truetype/dejavu /usr/share/fonts/truetype/droid /usr/share/fonts/truetype/ancient-scripts \
	/usr/share/fonts-droid-fallback; do
	[ -d "$font" ] || { echo "image: $font missing (make deps installs the fonts)" >&2; exit 1; }
	mkdir -p "$root$(dirname "$font")"
	cp -RL "$font" "$root$font"
done
[ -d /etc/fonts ] && cp -RL /etc/fonts "$root"/etc/fonts

podman build --no-cache -f Containerfile -t "$tag" "$work"
echo "image: $tag: $(podman image inspect --format '{{.Size}}' "$tag") bytes; libraries (from ldd): $work/libraries.txt"
