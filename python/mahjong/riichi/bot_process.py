"""An external bot's process, as the Mjai host talks to it: one request line in, one answer
line out within a time limit.

The process runs in a session of its own (POSIX), marked by a variable of its environment
(:data:`MARK`, which its children inherit). Ending it ends every process it started: its
process group and, on Linux (read from ``/proc``), every process of its session or carrying
its mark, and their descendants, so that neither a wrapper script's children nor a child that
starts a session of its own outlive it. Its output is read by a thread into a short queue (a
bot that floods it waits for us, and a line longer than :data:`MAX_LINE` bytes stops it); its
standard error by another thread, copied to a file when asked and its last lines kept,
escaped, for reports. On POSIX both threads end when the process is closed even if a process
it started still holds its output. :meth:`BotProcess.close` ends the process and reaps it; so
does the garbage collector, or the interpreter's exit, if nobody called it.
"""

from __future__ import annotations

import contextlib
import os
import queue
import secrets
import select
import signal
import subprocess
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO

__all__ = ["MARK", "MAX_LINE", "BotFailure", "BotProcess", "printable"]

MAX_LINE = 64 * 1024
"""Longest answer line, in bytes before its newline."""

MARK = "MAHJONG_BOT"
"""The environment variable that marks a bot's process and the processes it starts."""

_QUEUED = 8
_POLL = 0.05
_PROC = os.path.isdir("/proc/self")
_KILL_ROUNDS = 50  # scans for processes still starting while the others are killed


class BotFailure(Exception):
    """The process cannot go on: silent past its time limit, exited, flooding its output, or
    stopped from outside. The message says which."""


def printable(text: str) -> str:
    """`text` with every character a terminal would act on (escape sequences, other control
    and format characters) written as its Python escape (``\\x1b``)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _stat(pid: int | str) -> list[bytes] | None:
    """The fields of ``/proc/PID/stat`` after the command name (state, parent, process group,
    session, ...), None when the process is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as file:
            return file.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None


def _is_marked(pid: int, mark: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as file:
            return mark in file.read().split(b"\0")
    except OSError:
        return False


def _started_by(leader: int | None, born: int, mark: bytes) -> set[int]:
    """The live processes (from ``/proc``) marked with `mark` (only those started since
    `born`, the bot's start time, are read) or in `leader`'s session or process group (None:
    the bot has been reaped, its number may be another's now), and every descendant of
    theirs; never this process."""
    children: dict[int, list[int]] = {}
    found: list[int] = []
    for name in os.listdir("/proc"):
        fields = _stat(name) if name.isdigit() else None
        if fields is None or fields[0] in (b"Z", b"X"):
            continue
        pid, parent, group, session = int(name), int(fields[1]), int(fields[2]), int(fields[3])
        children.setdefault(parent, []).append(pid)
        if leader in (pid, group, session) or (int(fields[19]) >= born and _is_marked(pid, mark)):
            found.append(pid)
    tree: set[int] = set()
    while found:
        pid = found.pop()
        if pid not in tree:
            tree.add(pid)
            found.extend(children.get(pid, ()))
    tree.discard(os.getpid())
    return tree


def _end(popen: subprocess.Popen[bytes], born: int, mark: bytes) -> None:
    """Kills `popen` and every process it started (see the module docs), and reaps it."""
    for _ in range(_KILL_ROUNDS if os.name == "posix" else 1):
        leader = popen.pid if popen.returncode is None else None
        tree = _started_by(leader, born, mark) if _PROC else set()
        with contextlib.suppress(OSError):
            if leader is not None and os.name == "posix":
                os.killpg(leader, signal.SIGKILL)
            elif leader is not None:
                popen.kill()
        for pid in tree:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        if not tree:
            break
        time.sleep(0.01)  # the killed become zombies; one that forked meanwhile is seen next
    with contextlib.suppress(subprocess.TimeoutExpired):
        popen.wait(timeout=5)


def _lines(chunks: Iterable[bytes]) -> Iterator[bytes]:
    """The lines of `chunks`, without their newlines (an unfinished last one is dropped);
    raises :class:`BotFailure` as soon as a line is longer than :data:`MAX_LINE` bytes."""
    pending = b""
    for chunk in chunks:
        *lines, pending = (pending + chunk).split(b"\n")
        for line in lines:
            if len(line) > MAX_LINE:
                raise _too_long()
            yield line
        if len(pending) > MAX_LINE:
            raise _too_long()


def _readable(fd: int) -> Callable[[], bool]:
    """A test whether `fd` has something to read (or is at its end), waiting for it at most
    ``_POLL`` seconds; where pipes cannot be polled (Windows), always true: a read blocks."""
    if not hasattr(select, "poll"):
        return lambda: True
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return lambda: bool(poller.poll(_POLL * 1000))


def _too_long() -> BotFailure:
    return BotFailure(f"wrote a line longer than {MAX_LINE} bytes")


class BotProcess:
    """`argv` started with pipes for its standard streams (an :class:`OSError` when it cannot
    start); its standard error is copied to `stderr` when given."""

    def __init__(self, argv: Sequence[str], *, stderr: IO[str] | None = None) -> None:
        token = secrets.token_hex(8)
        self._popen = subprocess.Popen(
            list(argv),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            bufsize=0,
            start_new_session=os.name == "posix",
            env={**os.environ, MARK: token},
        )
        fields = _stat(self._popen.pid) if _PROC else None
        born = int(fields[19]) if fields is not None else 0
        mark = f"{MARK}={token}".encode()
        self._finalizer = weakref.finalize(self, _end, self._popen, born, mark)
        self._lines: queue.Queue[bytes | BotFailure | None] = queue.Queue(maxsize=_QUEUED)
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
        asked, does not answer within `timeout` seconds, exits, floods its output, or is
        killed meanwhile."""
        if self._closing.is_set():
            raise BotFailure("was stopped")
        if not self._lines.empty():
            raise BotFailure(f"wrote a line before it was asked: {self._take(0)[:80]!r}")
        self._write(line.encode("utf-8") + b"\n", timeout)
        return self._take(timeout)

    def _write(self, data: bytes, timeout: float) -> None:
        stdin = self._popen.stdin
        assert stdin is not None
        late = threading.Event()

        def too_late() -> None:
            late.set()
            self.kill()

        watchdog = threading.Timer(timeout, too_late)
        watchdog.start()
        unsent = memoryview(data)
        try:
            while unsent:
                unsent = unsent[stdin.write(unsent) or 0 :]
        except OSError:
            pass
        finally:
            watchdog.cancel()
            watchdog.join()
        if late.is_set():
            raise BotFailure(f"did not read its input within {timeout:g} s")
        if self._closing.is_set():
            raise BotFailure("was stopped")
        if unsent:
            raise BotFailure(self._gone())

    def _take(self, timeout: float) -> str:
        deadline = time.monotonic() + timeout
        while True:
            if self._closing.is_set():
                raise BotFailure("was stopped")
            left = deadline - time.monotonic()
            try:
                item = self._lines.get(timeout=min(max(left, 0), _POLL))
                break
            except queue.Empty:
                if left <= 0:
                    raise BotFailure(f"no answer within {timeout:g} s") from None
        if item is None:
            raise BotFailure(self._gone())
        if isinstance(item, BotFailure):
            raise item
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

    def _put(self, item: bytes | BotFailure | None) -> bool:
        while not self._closing.is_set():
            with contextlib.suppress(queue.Full):
                self._lines.put(item, timeout=_POLL)
                return True
        return False

    def _chunks(self, stream: IO[bytes] | None) -> Iterator[bytes]:
        """What `stream` (one of the process's outputs) holds, chunk by chunk, until its end
        or until the process is closed (on POSIX also while another process holds it open)."""
        assert stream is not None
        fd = stream.fileno()
        readable = _readable(fd)
        while not self._closing.is_set():
            if not readable():
                continue
            try:
                chunk = os.read(fd, MAX_LINE)
            except OSError:
                return
            if not chunk:
                return
            yield chunk

    def _read_output(self) -> None:
        try:
            for line in _lines(self._chunks(self._popen.stdout)):
                if not self._put(line):
                    return
        except BotFailure as failure:  # a line too long: the bot is not read any further
            self._put(failure)
            return
        self._put(None)

    def _read_errors(self, copy: IO[str] | None) -> None:
        for chunk in self._chunks(self._popen.stderr):
            text = chunk.decode("utf-8", errors="replace")
            if copy is not None:
                copy.write(text)
                copy.flush()
            lines = (line.strip()[:200] for line in text.splitlines())
            self._tail.extend(printable(line) for line in lines if line)

    def kill(self) -> None:
        """Stops the process and every process it started at once (from any thread: an
        answer being awaited fails)."""
        self._closing.set()
        self._finalizer()

    def close(self, grace: float = 2.0) -> None:
        """Closes its input and lets it exit within `grace` seconds, then ends it and every
        process it started; reaps it and releases its pipes and threads. Calling it again
        does nothing."""
        if self._popen.stdout is None or self._popen.stdout.closed:
            return
        with contextlib.suppress(OSError):
            assert self._popen.stdin is not None
            self._popen.stdin.close()
        if self._finalizer.alive:
            with contextlib.suppress(subprocess.TimeoutExpired):
                self._popen.wait(timeout=grace)
        self.kill()
        for thread in self._threads:
            thread.join(timeout=1)
        for stream in (self._popen.stdout, self._popen.stderr):
            if stream is not None:
                stream.close()
