"""Batch functions against another thread that frees their array while they run.

The batch functions release the interpreter while they work; another thread may then resize
the array (``resize(..., refcheck=False)`` frees the old buffer). They must work on a copy
of the rows taken while the interpreter is held, so the race can at worst change which rows
are read, never crash the interpreter. The race runs in a child process, which a crash would
kill with a signal.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

RACE = textwrap.dedent(
    """
    import queue, sys, threading, time
    import numpy as np
    from mahjong import riichi

    name = sys.argv[1]
    if name == "score_batch":
        row = riichi.encode_win("234m456p678s34s88p", "5s")
        rows = 100_000
        width = row.shape[0]
        def fill(a):
            a[:] = row
        call = lambda a: riichi.score_batch(a, errors="flag")
    else:
        rows, width = 200_000, 34
        def fill(a):
            a[:, :13] = 1
            a[:, 0] = 2
        call = getattr(riichi, name)
    arrays = queue.Queue()

    def shrink():
        while (array := arrays.get()) is not None:
            time.sleep(0.001)  # the batch is running without the interpreter now
            array.resize((1, width), refcheck=False)  # frees the rows the batch was given

    thread = threading.Thread(target=shrink)
    thread.start()
    try:
        for _ in range(int(sys.argv[2])):
            array = np.zeros((rows, width), np.uint8)
            fill(array)
            arrays.put(array)
            call(array)
    finally:
        arrays.put(None)
        thread.join()
    print("survived")
    """
)


@pytest.mark.parametrize("name", ["shanten_batch", "is_win_batch", "score_batch"])
def test_a_thread_freeing_the_array_does_not_crash_the_batch(name: str) -> None:
    child = subprocess.run(
        [sys.executable, "-c", RACE, name, "8"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert (child.returncode, child.stdout) == (0, "survived\n"), child.stderr[-2000:]
