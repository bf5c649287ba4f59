"""A real SMTP server on 127.0.0.1 for SendTests (Debian's python3-aiosmtpd).

    python3 smtp_server.py FOLDER [--refuse-450 ADDR]... [--refuse-550 ADDR]...
        [--tls starttls|smtps --cert CERT --key KEY] [--refuse-login]

Writes its port to FOLDER/port once it listens; each message accepted becomes FOLDER/N.eml (the DATA bytes as
received, dot-unstuffed) and FOLDER/N.json (its envelope). A recipient given to --refuse-450 is answered
"450 4.2.1 Mailbox busy", one given to --refuse-550 "550 5.1.1 No such user". --tls starttls offers STARTTLS
and requires it before MAIL; --tls smtps speaks TLS from the first byte (both with CERT and KEY). --refuse-login
offers AUTH (after TLS) and answers every login "535 5.7.8 Authentication credentials invalid". Each session's
TLS state is appended to FOLDER/sessions (one line per message: "tls" or "plain"). Runs until killed.
"""

import argparse
import json
import os
import socket
import ssl
import time

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult


class Handler:
    def __init__(self, folder, busy, unknown):
        self.folder, self.busy, self.unknown, self.count = folder, set(busy), set(unknown), 0

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address in self.busy:
            return "450 4.2.1 Mailbox busy, try again later"
        if address in self.unknown:
            return "550 5.1.1 No such user here"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        base = os.path.join(self.folder, str(self.count))
        with open(base + ".eml", "wb") as f:
            f.write(envelope.original_content)
        with open(base + ".json", "w") as f:
            json.dump({"mail_from": envelope.mail_from, "rcpt_tos": envelope.rcpt_tos}, f)
        with open(os.path.join(self.folder, "sessions"), "a") as f:
            tls = session.ssl or server.transport.get_extra_info("ssl_object") is not None
            f.write(("tls" if tls else "plain") + "\n")
        return "250 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--refuse-450", action="append", default=[])
    parser.add_argument("--refuse-550", action="append", default=[])
    parser.add_argument("--tls", choices=["starttls", "smtps"])
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--refuse-login", action="store_true")
    args = parser.parse_args()
    options = {}
    if args.tls:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.cert, args.key)
        if args.tls == "starttls":
            options.update(tls_context=context, require_starttls=True)
        else:
            options.update(ssl_context=context)
    if args.refuse_login:
        options.update(
            authenticator=lambda server, session, envelope, mechanism, data: AuthResult(success=False, handled=False),
            auth_require_tls=args.tls is not None,
        )
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    handler = Handler(args.folder, args.refuse_450, args.refuse_550)
    controller = Controller(handler, hostname="127.0.0.1", port=port, data_size_limit=0, **options)
    controller.start()
    with open(os.path.join(args.folder, "port.tmp"), "w") as f:
        f.write(str(port))
    os.rename(os.path.join(args.folder, "port.tmp"), os.path.join(args.folder, "port"))
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main()
