"""A small Chrome DevTools Protocol client over `--remote-debugging-pipe` (Python 3 standard library only).

Chromium reads NUL-terminated JSON commands from its fd 3 and writes NUL-terminated JSON replies and
events to its fd 4. Every wait has a deadline, and `close()` kills Chromium's whole process group, so a
hung browser can never hang the caller.
"""

import fcntl
import json
import os
import select
import shutil
import signal
import tempfile
import time


class ChromiumError(Exception):
    """Chromium did not start, died, answered with an error, or did not answer in time."""


class Chromium:
    """One headless Chromium, driven over its DevTools pipe; use it as a context manager."""

    def __init__(self, binary="chromium", timeout=30.0, log_path=None, env=None):
        self.timeout = timeout
        self.pid = 0
        self.events = []
        self._next_id = 0
        self._buffer = b""
        self.profile = tempfile.mkdtemp(prefix="ledgerpress-chromium-")
        to_chrome_r, self._to_chrome = os.pipe()
        self._from_chrome, from_chrome_w = os.pipe()
        # Move the child's ends above 9 so that the dup2 onto 3 and 4 below can never clobber one of them.
        high_r = _dup_high(to_chrome_r)
        high_w = _dup_high(from_chrome_w)
        os.close(to_chrome_r)
        os.close(from_chrome_w)
        args = [
            binary, "--headless", "--remote-debugging-pipe", "--disable-gpu", "--user-data-dir=" + self.profile,
            "--no-first-run", "--no-default-browser-check", "--disable-dev-shm-usage", "--disable-extensions",
            "--disable-background-networking", "--disable-component-update", "--disable-sync", "--mute-audio",
            "--hide-scrollbars", "--force-color-profile=srgb", "--disable-features=Translate,MediaRouter",
        ]
        if os.geteuid() == 0:
            args.append("--no-sandbox")
        args.append("about:blank")

        log = os.open(log_path or os.devnull, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o644)
        # posix_spawn puts the pipe ends on the child's fds 3 and 4 (dup2 clears close-on-exec there);
        # every other descriptor of this process is close-on-exec (PEP 446) and stays behind.
        actions = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_DUP2, log, 1),
            (os.POSIX_SPAWN_DUP2, log, 2),
            (os.POSIX_SPAWN_DUP2, high_r, 3),
            (os.POSIX_SPAWN_DUP2, high_w, 4),
        ]
        try:
            self.pid = os.posix_spawnp(binary, args, env or os.environ, file_actions=actions, setsid=True)
        except OSError as error:
            self.close()
            raise ChromiumError("cannot start %s: %s" % (binary, error))
        finally:
            for fd in (log, high_r, high_w):
                os.close(fd)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        """Kills Chromium and its helpers (its own process group) and removes the temporary profile."""
        if self.pid:
            try:
                os.killpg(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(self.pid, 0)
            self.pid = 0
        for fd in (self._to_chrome, self._from_chrome):
            try:
                os.close(fd)
            except OSError:
                pass
        self._to_chrome = self._from_chrome = -1
        shutil.rmtree(self.profile, ignore_errors=True)

    def send(self, method, params=None, session=None, timeout=None):
        """Sends one command and returns its result; events read meanwhile are kept in `events`."""
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        data = json.dumps(message).encode() + b"\0"
        while data:
            written = os.write(self._to_chrome, data)
            data = data[written:]
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            reply = self._read(deadline, method)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise ChromiumError("%s: %s" % (method, reply["error"].get("message", reply["error"])))
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_event(self, method, session=None, timeout=None):
        """Returns the first kept or new event named `method` (of `session`), removing it from `events`."""
        deadline = time.monotonic() + (timeout or self.timeout)
        while True:
            for index, event in enumerate(self.events):
                if event["method"] == method and (session is None or event.get("sessionId") == session):
                    return self.events.pop(index)
            reply = self._read(deadline, method)
            if "method" in reply:
                self.events.append(reply)

    def take_events(self, session):
        """Removes and returns every kept event of `session`."""
        mine = [event for event in self.events if event.get("sessionId") == session]
        self.events = [event for event in self.events if event.get("sessionId") != session]
        return mine

    def _read(self, deadline, waiting_for):
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ChromiumError("no answer to %s within %.0f s" % (waiting_for, self.timeout))
            ready, _, _ = select.select([self._from_chrome], [], [], left)
            if not ready:
                continue
            chunk = os.read(self._from_chrome, 1 << 20)
            if not chunk:
                raise ChromiumError("chromium exited while waiting for %s" % waiting_for)
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)


def _dup_high(fd):
    return fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
