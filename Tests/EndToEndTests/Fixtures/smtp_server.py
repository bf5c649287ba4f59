"""A real SMTP server on 127.0.0.1 for SendTests (Debian's python3-aiosmtpd).

    python3 smtp_server.py FOLDER [--refuse-450 ADDR]... [--refuse-550 ADDR]...

Writes its port to FOLDER/port once it listens; each message accepted becomes FOLDER/N.eml (the DATA bytes as
received, dot-unstuffed) and FOLDER/N.json (its envelope). A recipient given to --refuse-450 is answered
"450 4.2.1 Mailbox busy", one given to --refuse-550 "550 5.1.1 No such user". Runs until killed.
"""

import argparse
import json
import os
import socket
import time

from aiosmtpd.controller import Controller


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
        return "250 Message accepted for delivery"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--refuse-450", action="append", default=[])
    parser.add_argument("--refuse-550", action="append", default=[])
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    handler = Handler(args.folder, args.refuse_450, args.refuse_550)
    controller = Controller(handler, hostname="127.0.0.1", port=port, data_size_limit=0)
    controller.start()
    with open(os.path.join(args.folder, "port.tmp"), "w") as f:
        f.write(str(port))
    os.rename(os.path.join(args.folder, "port.tmp"), os.path.join(args.folder, "port"))
    while True:
        time.sleep(3600)


if __name__ == "__main__":
    main()
