"""The PyPI package ``mjai`` (mjai.app's bots, with Mortal's libriichi as ``mjai.mlibriichi``)
in a virtual environment of its own, for the interoperability tests.

``mjai`` is AGPL and depends on the PyPI package ``mahjong``, which owns our import name: it
never enters our environment, dependencies or extras. :func:`mjai_python` builds the
environment once (pip, from the package registry) under ``$MAHJONG_MJAI_VENV`` or the user's
cache folder, and the tests run its interpreter as a separate process; when it cannot be built
(offline, no pip) the test is skipped with the reason.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
from pathlib import Path

import pytest

MJAI_VERSION = "0.2.1"


def venv_dir() -> Path:
    """Where the environment lives: ``$MAHJONG_MJAI_VENV``, else
    ``$XDG_CACHE_HOME/mahjong-engine/mjai-<version>`` (``~/.cache`` by default)."""
    if configured := os.environ.get("MAHJONG_MJAI_VENV"):
        return Path(configured)
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "mahjong-engine" / f"mjai-{MJAI_VERSION}"


def _run(argv: list[str]) -> str | None:
    """None when `argv` succeeds, else the last line it printed."""
    done = subprocess.run(argv, capture_output=True, text=True, timeout=900, check=False)
    if done.returncode == 0:
        return None
    lines = (done.stderr + done.stdout).strip().splitlines()
    return lines[-1] if lines else f"exit status {done.returncode}"


def mjai_python() -> Path:
    """The interpreter of the environment with ``mjai`` installed, built if needed (one
    builder at a time); skips the test when it cannot be built."""
    home = venv_dir()
    python = home / "bin" / "python"
    ready = home / ".ready"
    try:
        home.parent.mkdir(parents=True, exist_ok=True)
        lock = open(home.parent / f"{home.name}.lock", "w")  # noqa: SIM115 (held below)
    except OSError as error:
        pytest.skip(f"cannot build the mjai environment in {home}: {error}")
    with lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not ready.exists():
            install = ["-m", "pip", "install", "-q", "--disable-pip-version-check"]
            problem = _run([sys.executable, "-m", "venv", "--clear", str(home)]) or _run(
                [str(python), *install, f"mjai=={MJAI_VERSION}"]
            )
            if problem is not None:
                pytest.skip(f"cannot build the mjai environment in {home}: {problem}")
            ready.write_text(MJAI_VERSION)
    return python
