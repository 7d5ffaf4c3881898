"""Writing a file whole or not at all, for every file the package writes (``mahjong sim
--jsonl/--parquet/--plot``, ``mahjong convert -o``, a table's saved log).

:func:`atomic_file` hands out a temporary file beside the target and renames it onto the
target only once the writing succeeded. A failed write (an error, a full disk, Ctrl+C) leaves
the target as it was and removes only the temporary file; pyarrow, for one, deletes the path
it was given when it fails, so no writer is ever given the user's path. A symlink is written
through (its target is replaced, the link stays). A target that exists and is no regular file
(``/dev/null``, ``/dev/stdout``, a FIFO) is written directly and is never renamed over or
removed.
"""

from __future__ import annotations

import contextlib
import errno
import os
import secrets
import stat
from collections.abc import Iterator
from typing import IO, Any

from mahjong.errors import InvalidArgumentError

__all__ = ["atomic_file"]


# What a write into a file may fail with: named as the file's failure, not a bare errno.
WRITE_ERRORS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO, errno.EROFS})


def _fail(path: str | os.PathLike[str], error: OSError) -> InvalidArgumentError:
    return InvalidArgumentError(f"{os.fspath(path)}: cannot be written ({error.strerror})")


@contextlib.contextmanager
def _named(path: str | os.PathLike[str]) -> Iterator[None]:
    """Turns an error writing the file (a full disk, ...) into one naming `path`."""
    try:
        yield
    except OSError as error:
        if error.errno in WRITE_ERRORS:
            raise _fail(path, error) from None
        raise


def _temporary(target: str) -> tuple[int, str]:
    """A new file beside `target`, open for writing, and its path (mode 0666 less the umask,
    as a file the user creates)."""
    folder, name = os.path.split(target)
    while True:
        path = os.path.join(folder, f".{name}.{secrets.token_hex(4)}.part")
        try:
            return os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), path
        except FileExistsError:
            continue


def _stream(path: str | os.PathLike[str]) -> bool:
    """Whether `path` (followed through symlinks) exists and is no regular file or folder: a
    device, a FIFO, a terminal, written as it is."""
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        return False
    except OSError as error:
        raise _fail(path, error) from None
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


@contextlib.contextmanager
def atomic_file(path: str | os.PathLike[str], *, binary: bool = False) -> Iterator[IO[Any]]:
    """A file to write `path` through (text in UTF-8, or bytes when `binary`): `path` gets the
    whole content when the block ends without an error, and is left as it was otherwise. The
    file is made on entry, so a folder that is missing or not writable is an
    InvalidArgumentError naming `path` before anything is written; so is a full disk."""
    mode, encoding = ("wb", None) if binary else ("w", "utf-8")
    if _stream(path):
        try:
            stream = open(path, mode, encoding=encoding)  # noqa: SIM115 (closed below)
        except OSError as error:
            raise _fail(path, error) from None
        with _named(path), stream:
            yield stream
            stream.flush()
        return
    target = os.path.realpath(path)  # a symlink's target is replaced, not the link
    if os.path.isdir(target):
        raise InvalidArgumentError(f"{os.fspath(path)}: cannot be written (it is a folder)")
    try:
        existing = os.stat(target).st_mode if os.path.exists(target) else None
        if existing is not None and not os.access(target, os.W_OK):  # as open() would refuse
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES))
        fd, temporary = _temporary(target)
    except OSError as error:
        raise _fail(path, error) from None
    done = False
    try:
        with _named(path), os.fdopen(fd, mode, encoding=encoding) as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        try:
            if existing is not None:
                os.chmod(temporary, stat.S_IMODE(existing))
            os.replace(temporary, target)
        except OSError as error:
            raise _fail(path, error) from None
        done = True
    finally:
        if not done:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
