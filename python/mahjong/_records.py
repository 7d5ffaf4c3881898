"""What the game record and log readers share: reading a file without trusting it (only a
regular file of bounded size is read, so that a FIFO cannot block the reader and
``/dev/zero`` cannot fill the memory), strict JSON, and showing a bad value in a message."""

from __future__ import annotations

import json
import math
import os
import stat
from typing import Any, NoReturn

from mahjong.errors import RecordFormatError

MAX_LOG_BYTES = 64 * 1024 * 1024
"""Largest game log file read (an engine hanchan is about 170 KB)."""


def _fail(path: str, what: str) -> NoReturn:
    raise RecordFormatError(f"{path}: {what}")


def _open_regular(path: str | os.PathLike[str]) -> tuple[int, os.stat_result]:
    """An open descriptor of `path`, a regular file, and its status; anything else (missing,
    unreadable, a FIFO, a device) is a RecordFormatError naming it. Opening never blocks."""
    shown = os.fspath(path)
    try:
        # O_NONBLOCK: opening a FIFO nobody writes to returns at once instead of waiting.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        _fail(shown, "no such file")
    except OSError as error:
        _fail(shown, f"cannot be read ({error.strerror})")
    except ValueError:
        _fail(repr(shown), "not a file name (it holds a NUL character)")
    try:
        info = os.fstat(fd)
    except OSError as error:
        os.close(fd)
        _fail(shown, f"cannot be read ({error.strerror})")
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        _fail(shown, "not a regular file")
    return fd, info


def read_head(path: str | os.PathLike[str], size: int) -> bytes:
    """The first `size` bytes (at most) of `path`, a regular file; anything else is a
    :class:`~mahjong.errors.RecordFormatError` naming it, at once (a FIFO does not block)."""
    fd, _ = _open_regular(path)
    try:
        return os.read(fd, size)
    except OSError as error:
        _fail(os.fspath(path), f"cannot be read ({error.strerror})")
    finally:
        os.close(fd)


def read_text_file(path: str | os.PathLike[str], limit: int, what: str) -> str:
    """The UTF-8 text of `path`, a regular file of at most `limit` bytes (`what` names such a
    file in the message, e.g. ``"a record"``). A missing, special, too large or non-UTF-8 file
    is a :class:`~mahjong.errors.RecordFormatError` naming it."""
    shown = os.fspath(path)
    fd, info = _open_regular(path)
    try:
        if info.st_size > limit:
            _fail(shown, f"{info.st_size} bytes is more than {what} ({limit} at most)")
        chunks: list[bytes] = []
        size = 0
        while size <= limit and (chunk := os.read(fd, limit + 1 - size)):  # it may have grown
            chunks.append(chunk)
            size += len(chunk)
    except OSError as error:
        _fail(shown, f"cannot be read ({error.strerror})")
    finally:
        os.close(fd)
    if size > limit:
        _fail(shown, f"more than {limit} bytes is more than {what}")
    data = b"".join(chunks)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        _fail(shown, f"not UTF-8 text ({error.reason})")


def is_log_text(source: object) -> bool:
    """Whether `source` is a log's text rather than a path: a str holding a newline or
    starting (after blanks) with ``{``, as no file name does. The log readers take either."""
    return isinstance(source, str) and ("\n" in source or source.lstrip().startswith("{"))


def read_log(source: str | os.PathLike[str]) -> tuple[str, str | None]:
    """The text of a JSON-lines log and its file's name: `source` is the text itself (see
    :func:`is_log_text`; no name) or a path to a regular UTF-8 file of at most
    :data:`MAX_LOG_BYTES` (:func:`read_text_file`)."""
    if is_log_text(source):
        return str(source), None
    return read_text_file(source, MAX_LOG_BYTES, "a log"), os.fspath(source)


class _NotFinite(ValueError):
    """NaN or an infinity in JSON text (Python's reader takes them; JSON has no such number)."""


def _constant(name: str) -> float:
    raise _NotFinite(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _NotFinite(f"{text} is too large a number")
    return value


def parse_json(text: str) -> Any:
    """JSON text as Python values, strictly: NaN, Infinity and numbers too large for a float
    (all of which Python's reader would take) are errors, and so is nesting too deep to
    read. Every error is a ValueError (:class:`json.JSONDecodeError` for bad syntax)."""
    try:
        return json.loads(text, parse_constant=_constant, parse_float=_finite)
    except (json.JSONDecodeError, _NotFinite):
        raise
    except RecursionError:
        raise ValueError("nested too deeply") from None
    except ValueError:  # an int of more digits than Python converts
        raise ValueError("a number too long to read") from None


def json_line(text: str, place: str) -> Any:
    """One line of a JSON-lines log (see :func:`parse_json`); a line that is not JSON is a
    RecordFormatError naming `place` (``game.jsonl, line 3``)."""
    try:
        return parse_json(text)
    except json.JSONDecodeError as error:
        raise RecordFormatError(f"{place}: not JSON ({error.msg})") from None
    except ValueError as error:
        raise RecordFormatError(f"{place}: not JSON ({error})") from None


def shown(value: Any) -> str:
    """A value as JSON, cut short: enough to name it in a message, never a whole record."""
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = type(value).__name__
    return text if len(text) <= 60 else text[:57] + "..."
