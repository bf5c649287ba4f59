#!/bin/sh
# Sends the messages `ledgerpress build --outbox DIR` wrote: each file in DIR/new/ goes through
# `sendmail -t -oi` (the recipients from its To: header; a line with a lone dot does not end it), and is moved
# to DIR/cur/ once sendmail accepted it. A message sendmail refuses stays in new/ for the next run; the script
# then exits 75 (temporary failure). Any sendmail works: msmtp (`apt-get install msmtp-mta`), postfix, exim.
#
#   scripts/send-outbox.sh DIR            send everything in DIR/new/
#   SENDMAIL=/usr/sbin/sendmail scripts/send-outbox.sh DIR
#   scripts/send-outbox.sh --dry-run DIR  list what would be sent
#
# Keep DIR/cur/: ledgerpress looks there (and in new/) to know which statement versions were delivered, so a
# message removed from both would be written again by the next build.
set -eu

dry_run=0
if [ "${1:-}" = "--dry-run" ]; then dry_run=1; shift; fi
if [ $# -ne 1 ]; then
    echo "usage: $0 [--dry-run] OUTBOX_DIR" >&2
    exit 64
fi
dir=$1
sendmail=${SENDMAIL:-sendmail}
if [ ! -d "$dir/new" ] || [ ! -d "$dir/cur" ]; then
    echo "$0: error: $dir is not an outbox (no new/ and cur/ in it)" >&2
    exit 66
fi
if [ "$dry_run" -eq 0 ] && ! command -v "$sendmail" >/dev/null 2>&1; then
    echo "$0: error: no $sendmail: install msmtp-mta or postfix (or set SENDMAIL)" >&2
    exit 69
fi

sent=0
failed=0
for message in "$dir"/new/*; do
    [ -f "$message" ] || continue
    name=$(basename "$message")
    if [ "$dry_run" -eq 1 ]; then
        echo "would send $name"
        continue
    fi
    if "$sendmail" -t -oi <"$message"; then
        # Maildir's "seen" info: the name ledgerpress looks for stays the part before the colon.
        mv -- "$message" "$dir/cur/$name:2,S"
        sent=$((sent + 1))
    else
        echo "$0: $name: $sendmail failed (exit $?); left in new/" >&2
        failed=$((failed + 1))
    fi
done
echo "send-outbox: $sent sent, $failed failed"
[ "$failed" -eq 0 ] || exit 75
