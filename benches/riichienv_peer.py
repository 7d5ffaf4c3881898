"""Loads RiichiEnv 0.4.11's hand scorer, the nearest Rust-backed peer, for the scoring bench.

It is installed apart, in an ignored folder (``pip install --no-deps --target .riichienv
riichienv==0.4.11``; the scorer needs none of its declared dependencies, which serve its
replay viewer). The folder goes on ``sys.path`` only while the package is imported, and only
when it is there; without it the calling bench skips.

The scorer is the extension class ``riichienv._riichienv.HandEvaluator``, called as
``HandEvaluator(concealed_ids, melds).calc(win_id, dora_ids, ura_ids, conditions)``
(``HandEvaluator3P`` for three players, its conditions with ``kita_count``, ``is_sanma`` and
``num_players=3``); the ``riichienv.HandEvaluator`` wrapper adds a Python layer over that same
call. It takes no rule
set; on the bench's wins it pays as our "tenhou" preset except that a thirteen-sided kokushi,
a suuankou tanki and daisuushii always count as double yakuman.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from support.random_wins import RandomWin

RIICHIENV_DIR = Path(__file__).resolve().parents[1] / ".riichienv"
INSTALL = "pip install --no-deps --target .riichienv riichienv==0.4.11"
MELD_TYPES = {
    "chi": "Chi",
    "pon": "Pon",
    "daiminkan": "Daiminkan",
    "ankan": "Ankan",
    "kakan": "Kakan",
}

_CACHE: dict[str, ModuleType] = {}


def riichienv() -> ModuleType:
    """RiichiEnv's extension module; skips the calling test when it is not installed."""
    if not _CACHE:
        if not (RIICHIENV_DIR / "riichienv" / "__init__.py").exists():
            pytest.skip(f"RiichiEnv not found in {RIICHIENV_DIR}: {INSTALL}")
        sys.path.insert(0, str(RIICHIENV_DIR))
        try:
            _CACHE["core"] = importlib.import_module("riichienv._riichienv")
        except ImportError as error:  # e.g. a wheel built for another Python version
            pytest.skip(f"RiichiEnv in {RIICHIENV_DIR} does not load ({error}): {INSTALL}")
        finally:
            sys.path.remove(str(RIICHIENV_DIR))
    return _CACHE["core"]


# What one scorer call takes: concealed tiles (winning tile included), melds, winning tile,
# dora indicators, ura indicators, conditions.
RiichiEnvCall = tuple[list[int], list[Any], int, list[int], list[int], Any]


def riichienv_call(win: RandomWin, players: int = 4) -> RiichiEnvCall:
    """`win` of a game of `players` converted to RiichiEnv's inputs, all physical tile ids
    (0-135, red fives 16/52/88)."""
    core = riichienv()
    winds = [core.Wind.East, core.Wind.South, core.Wind.West, core.Wind.North]
    melds = [
        core.Meld(getattr(core.MeldType, MELD_TYPES[m.kind]), sorted(m.ids), m.kind != "ankan")
        for m in win.melds
    ]
    conditions = core.Conditions(
        tsumo=win.tsumo,
        riichi=win.riichi and not win.double_riichi,
        double_riichi=win.double_riichi,
        ippatsu=win.ippatsu,
        haitei=win.haitei,
        houtei=win.houtei,
        rinshan=win.rinshan,
        player_wind=winds[win.seat_wind],
        round_wind=winds[win.round_wind],
        riichi_sticks=win.sticks,
        honba=win.honba,
        kita_count=win.kita,
        is_sanma=players == 3,
        num_players=players,
    )
    return sorted(win.concealed), melds, win.win, list(win.dora), list(win.ura), conditions


def riichienv_points(win: RandomWin, result: Any, players: int = 4) -> int:
    """What the winner is paid before honba and deposits (our `ScoreResult.points`), 0 when
    RiichiEnv finds no win. Its payments include 100 per honba and payer of a tsumo (300 on a
    ron among four); a dealer's tsumo is equal `tsumo_agari_ko` payments by the others."""
    if not result.is_win:
        return 0
    if not win.tsumo:
        paid = int(result.ron_agari)
    elif win.seat_wind == 0:
        paid = (players - 1) * int(result.tsumo_agari_ko)
    else:
        paid = int(result.tsumo_agari_oya) + (players - 2) * int(result.tsumo_agari_ko)
    return paid - 100 * (players - 1) * win.honba
