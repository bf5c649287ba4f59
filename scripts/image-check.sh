#!/usr/bin/env bash
# `make image-check`: the image proven without starting a container (crun needs a cgroup setup these machines
# lack). Its root file system is exported (`podman save`, layers untarred in order) into .build-image/check/root,
# and inside it, with chroot (as root: make image-check runs it through sudo when needed), the nightly's commands
# run on the example ledger: a three-shard build (statements, month PDFs with the native engine, an e-mail outbox),
# a merge, a verify, and a send --smtp to a test SMTP server outside the chroot on 127.0.0.1 (python3-aiosmtpd).
#   scripts/image-check.sh TAG
set -euo pipefail
tag=$1
work=.build-image/check
root=$work/root
rm -rf "$work"
mkdir -p "$root" "$work/layers" "$work/mail"
podman save --format docker-archive -o "$work/image.tar" "$tag" >/dev/null
tar -xf "$work/image.tar" -C "$work/layers"
python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))[0]["Layers"]))' "$work/layers/manifest.json" \
	| while read -r layer; do tar -xf "$work/layers/$layer" -C "$root"; done
rm -rf "$work/layers" "$work/image.tar"

echo "image-check: $tag: $(du -sh --apparent-size "$root" | cut -f1) unpacked, $(find "$root" -type f | wc -l) files"
# What a container would be given: /dev's basic nodes and /proc.
mkdir -p "$root/dev" "$root/proc" "$root/data"
for node in null:1:3 zero:1:5 random:1:8 urandom:1:9; do
	IFS=: read -r name major minor <<<"$node"
	mknod -m 0666 "$root/dev/$name" c "$major" "$minor"
done
cp Examples/example-ledger.csv Examples/example-payees.csv "$root/data/"
head -c 32 /dev/urandom | base64 >"$root/data/shard.secret"
chmod 0400 "$root/data/shard.secret"

# The SMTP server the send goes to, outside the chroot.
/usr/bin/python3 Tests/EndToEndTests/Fixtures/smtp_server.py "$work/mail" &
smtpd=$!
trap 'kill $smtpd 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do [ -s "$work/mail/port" ] && break; sleep 0.1; done
port=$(cat "$work/mail/port")

# Inside the image: a mount namespace of its own for /proc, nothing else of this machine, an empty environment.
inside() {
	unshare -m /bin/sh -c 'mount -t proc proc "$0/proc" && exec /usr/bin/env -i PATH=/usr/local/bin:/bin HOME=/tmp \
		LEDGERPRESS_TEMPLATES=/usr/local/share/ledgerpress/Templates LEDGERPRESS_SHARD_SECRET_FILE=/data/shard.secret \
		/usr/sbin/chroot "$0" "$@"' "$root" "$@"
}

# Month PDFs with the native writer (Chromium is not in the image): its fonts and sRGB profile must be in it.
pdf=(--pdf month --pdf-engine native)

set -x
for index in 0 1 2; do
	inside /usr/local/bin/ledgerpress build /data/example-ledger.csv --payees /data/example-payees.csv \
		--issuer "Example Rides & Market" --periods day,week,month,year --shard "$index/3" \
		--output "/data/shards/shard-$index" --outbox /data/outbox --mail-from statements@example.com \
		--deliver month "${pdf[@]}" --quiet
done
inside /usr/local/bin/ledgerpress merge /data/shards/shard-0 /data/shards/shard-1 /data/shards/shard-2 \
	--output /data/site
inside /usr/local/bin/ledgerpress verify /data/site
inside /usr/local/bin/ledgerpress send /data/outbox --smtp "smtp://127.0.0.1:$port"
set +x
sent=$(find "$work/mail" -name '*.eml' | wc -l)
pdfs=$(find "$root/data/site" -name '*.pdf' | wc -l)
[ "$sent" -gt 0 ] || { echo "image-check: the SMTP server received no message" >&2; exit 1; }
[ "$(find "$root/data/outbox/new" -type f | wc -l)" = 0 ] || { echo "image-check: messages left in new/" >&2; exit 1; }
if [ "$pdfs" = 0 ]; then echo "image-check: no PDF in the site" >&2; exit 1; fi
echo "image-check: passed: 3 shards merged and verified ($(find "$root/data/site" -type f | wc -l) files, $pdfs PDFs), $sent e-mails received over SMTP"
