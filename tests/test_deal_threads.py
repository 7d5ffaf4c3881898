"""Threads on one deal: observations, actions, copies and reads at once never deadlock the
interpreter and never fail but with a typed error.

A deal's locks guard Rust work only: none is held while Python runs or while PyO3 releases the
interpreter (it does so the first time it makes a shared value, which a fresh interpreter
does in the middle of its first observations). Each run is a fresh interpreter (a child
process) with threads started together and switching as often as Python allows; a hang
fails the test at its timeout instead of hanging the suite.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

HAMMER = textwrap.dedent(
    """
    import copy, pickle, random, sys, threading
    from mahjong.errors import IllegalActionError

    family, seed = sys.argv[1], int(sys.argv[2])
    sys.setswitchinterval(1e-6)
    if family == "riichi":
        from mahjong.riichi import Deal, encode
        deal = Deal(seed=seed)
    else:
        from mahjong.american import AmericanDeal, Card, encode
        deal = AmericanDeal(Card.builtin("house-2026"), seed=seed)
    start = threading.Barrier(6)
    done = threading.Event()
    failures = []

    def act(k):
        rng = random.Random(k)
        while not deal.is_over:
            waiting = deal.waiting()
            codes = deal.legal_codes(waiting[0]) if waiting else []
            try:
                deal.apply(waiting[0], codes[rng.randrange(len(codes))])
            except (IllegalActionError, IndexError, ValueError):
                pass  # another thread moved first: the action is stale

    def observe(k):
        while not done.is_set():
            for seat in range(4):
                obs = deal.observation(seat)
                obs.to_dict(), obs["players"], obs["legal"], encode(obs)
                deal.legal_actions(seat), deal.blocked(seat)

    def read(k):
        while not done.is_set():
            copy.copy(deal), pickle.loads(pickle.dumps(deal))
            deal.events(), deal.outcome, deal.wall

    def run(job, k):
        try:
            start.wait()
            job(k)
        except BaseException as error:
            failures.append(repr(error))
        finally:
            if job is act:
                done.set()

    jobs = [act, act, observe, observe, observe, read]
    threads = [threading.Thread(target=run, args=(j, k)) for k, j in enumerate(jobs)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(failures or "ok")
    """
)


@pytest.mark.parametrize("family", ["riichi", "american"])
@pytest.mark.parametrize("seed", range(6))
def test_threads_on_one_deal(family: str, seed: int) -> None:
    try:
        child = subprocess.run(
            [sys.executable, "-c", HAMMER, family, str(seed)],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{family} seed {seed}: the threads deadlocked (no end within 60 s)")
    assert (child.returncode, child.stdout) == (0, "ok\n"), child.stderr
