"""Reads e-mail files with Python's `email` package (policy=default) and prints one JSON object per file.

Used by OutboxTests and OutboxDocumentTests: everything the tests check about a message comes from this
independent parser (and from mblaze's mshow), not from ledgerpress's own code.
"""
import email
import email.header
import email.policy
import hashlib
import json
import sys

result = []
for path in sys.argv[1:]:
    raw = open(path, "rb").read()
    lines = raw.split(b"\r\n")
    message = email.message_from_bytes(raw, policy=email.policy.default)
    # The To header as RFC 2047 reads it (whitespace between adjacent encoded words ignored, which policy=default's
    # display_name does not do: it puts a space where a long name was cut into words).
    raw_to = email.message_from_bytes(raw, policy=email.policy.compat32)["To"]
    to_decoded = str(email.header.make_header(email.header.decode_header(raw_to))) if raw_to else None
    parts = []
    defects = [repr(d) for d in message.defects]
    # A header's own defects (an encoded word cut inside a character: UndecodableBytesDefect) are kept on it.
    for name, value in message.items():
        defects += ["%s: %r" % (name, d) for d in getattr(value, "defects", ())]
    text = html = None
    attachments = []
    for part in message.walk():
        defects += [repr(d) for d in part.defects]
        parts.append(part.get_content_type())
        if part.is_multipart():
            continue
        if part.get_content_disposition() == "attachment":
            data = part.get_content()
            attachments.append(
                {"filename": part.get_filename(), "type": part.get_content_type(), "size": len(data),
                 "sha256": hashlib.sha256(data).hexdigest()})
        elif part.get_content_type() == "text/plain":
            text = part.get_content()
        elif part.get_content_type() == "text/html":
            html = part.get_content()
    result.append({
        "path": path,
        "header_names": list(message.keys()),
        "to": [str(a.addr_spec) for a in message["To"].addresses] if message["To"] else [],
        "to_name": message["To"].addresses[0].display_name if message["To"] else None,
        "to_decoded": to_decoded,
        "from": [str(a.addr_spec) for a in message["From"].addresses] if message["From"] else [],
        "from_name": message["From"].addresses[0].display_name if message["From"] else None,
        "subject": str(message["Subject"]),
        "message_id": str(message["Message-ID"]),
        "date": str(message["Date"]),
        "parts": parts,
        "text": text,
        "html": html,
        "attachments": attachments,
        "defects": defects,
        "max_line": max(len(line) for line in lines),
        "bare_lf": raw.replace(b"\r\n", b"").count(b"\n"),
        "bare_cr": raw.replace(b"\r\n", b"").count(b"\r"),
        "ascii": all(b < 128 for b in raw),
    })
json.dump(result, sys.stdout)
