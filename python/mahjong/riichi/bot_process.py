"""An external bot's process, as the Mjai host talks to it: one request line in, one answer
line out within a time limit.

The process runs in a process group of its own (POSIX), so that a bot started through a
shell script is stopped whole. Its output is read by a thread into a short queue (a bot that
floods it waits for us, and a line longer than :data:`MAX_LINE` bytes stops it); its standard
error is read by another thread, copied to a file when asked and its last lines kept for
reports. :meth:`BotProcess.close` ends the process and reaps it; so does the garbage
collector, or the interpreter's exit, if nobody called it.
"""

from __future__ import annotations

import contextlib
import os
import queue
import signal
import subprocess
import threading
import weakref
from collections import deque
from collections.abc import Sequence
from typing import IO

__all__ = ["MAX_LINE", "BotFailure", "BotProcess"]

MAX_LINE = 64 * 1024
"""Longest answer line, in bytes."""

_QUEUED = 8
_TOO_LONG = b"\0too long"
_POLL = 0.05


class BotFailure(Exception):
    """The process cannot go on: silent past its time limit, exited, or flooding its output.
    The message says which."""


def _end(popen: subprocess.Popen[bytes]) -> None:
    """Kills `popen` and, on POSIX, its whole process group (a wrapper that has exited may
    leave children in it), and reaps it."""
    with contextlib.suppress(OSError):
        if os.name == "posix":
            os.killpg(popen.pid, signal.SIGKILL)
        elif popen.poll() is None:
            popen.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        popen.wait(timeout=5)


class BotProcess:
    """`argv` started with pipes for its standard streams (an :class:`OSError` when it cannot
    start); its standard error is copied to `stderr` when given."""

    def __init__(self, argv: Sequence[str], *, stderr: IO[str] | None = None) -> None:
        self._popen = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            start_new_session=os.name == "posix",
        )
        self._finalizer = weakref.finalize(self, _end, self._popen)
        self._lines: queue.Queue[bytes | None] = queue.Queue(maxsize=_QUEUED)
        self._closing = threading.Event()
        self._tail: deque[str] = deque(maxlen=3)
        self._threads = [
            threading.Thread(target=self._read_output, daemon=True),
            threading.Thread(target=self._read_errors, args=(stderr,), daemon=True),
        ]
        for thread in self._threads:
            thread.start()

    @property
    def running(self) -> bool:
        """Whether the process has not been closed and has not exited."""
        return not self._closing.is_set() and self._popen.poll() is None

    def ask(self, line: str, timeout: float) -> str:
        """Sends `line` (a newline is added) and returns the next line the process writes,
        without its newline; raises :class:`BotFailure` when it wrote a line before being
        asked, does not answer within `timeout` seconds, exits, or floods its output."""
        if not self._lines.empty():
            raise BotFailure(f"wrote a line before it was asked: {self._take(0)[:80]!r}")
        self._write(line.encode("utf-8") + b"\n", timeout)
        return self._take(timeout)

    def _write(self, data: bytes, timeout: float) -> None:
        stdin = self._popen.stdin
        assert stdin is not None
        watchdog = threading.Timer(timeout, self.kill)
        watchdog.start()
        unsent = memoryview(data)
        try:
            while unsent:
                unsent = unsent[stdin.write(unsent) or 0 :]
        except OSError:
            pass
        finally:
            watchdog.cancel()
        if self._closing.is_set():
            raise BotFailure(f"did not read its input within {timeout:g} s")
        if unsent:
            raise BotFailure(self._gone())

    def _take(self, timeout: float) -> str:
        try:
            item = self._lines.get(timeout=timeout)
        except queue.Empty:
            raise BotFailure(f"no answer within {timeout:g} s") from None
        if item is None:
            raise BotFailure(self._gone())
        if item == _TOO_LONG:
            raise BotFailure(f"wrote a line longer than {MAX_LINE} bytes")
        return item.decode("utf-8", errors="replace").rstrip("\r")

    def _gone(self) -> str:
        """Why the process stopped talking: its exit status and last words."""
        try:
            status = self._popen.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return "closed its output"
        self._threads[1].join(timeout=0.5)  # its last words
        words = f"; its last words: {' / '.join(self._tail)}" if self._tail else ""
        return f"exited with status {status}{words}"

    def _put(self, item: bytes | None) -> bool:
        while not self._closing.is_set():
            with contextlib.suppress(queue.Full):
                self._lines.put(item, timeout=_POLL)
                return True
        return False

    def _read_output(self) -> None:
        stdout = self._popen.stdout
        assert stdout is not None
        pending = b""
        while chunk := stdout.read(MAX_LINE):
            pending += chunk
            *lines, pending = pending.split(b"\n")
            if not all(self._put(line) for line in lines):
                return
            if len(pending) > MAX_LINE:
                self._put(_TOO_LONG)
                return
        self._put(None)

    def _read_errors(self, copy: IO[str] | None) -> None:
        stderr = self._popen.stderr
        assert stderr is not None
        while chunk := stderr.read(MAX_LINE):
            text = chunk.decode("utf-8", errors="replace")
            if copy is not None:
                copy.write(text)
                copy.flush()
            self._tail.extend(line.strip()[:200] for line in text.splitlines() if line.strip())

    def kill(self) -> None:
        """Stops the process at once."""
        self._closing.set()
        _end(self._popen)

    def close(self, grace: float = 2.0) -> None:
        """Closes its input and lets it exit within `grace` seconds, else kills it; reaps it
        and releases its pipes. Calling it again does nothing."""
        if self._finalizer.alive:
            with contextlib.suppress(OSError):
                assert self._popen.stdin is not None
                self._popen.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._popen.wait(timeout=grace)
            self.kill()
            for thread in self._threads:
                thread.join(timeout=1)
            for stream in (self._popen.stdout, self._popen.stderr):
                if stream is not None:
                    stream.close()
            self._finalizer()
