"""The American observation encoder: its channels restate the observation (rack, exposures with
jokers, discards, the Charleston step, dead hands) and the card's tiles away, the mask is the
legal codes, and every way of calling it agrees (checks shared with Riichi in
support/encoding.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import support.encoding as checks

from mahjong import Tiles, american
from mahjong.american import AmericanDeal, Card, Exposure

CARD = Card.builtin("house-2026")
STEPS = [
    "first_right",
    "first_across",
    "first_left",
    "second_left",
    "second_across",
    "second_right",
    "courtesy",
]


CHANNELS = {c.name: c for c in american.encoding_channels(full=True)}


def rows(x: np.ndarray, name: str) -> np.ndarray:
    """The rows of channel `name`."""
    return x[CHANNELS[name].start : CHANNELS[name].start + CHANNELS[name].rows]


KINDS = {Tiles.from_kinds([k]).to_american(): k for k in range(36)}


def kind(name: str) -> int:
    return KINDS[name]


def counts(tiles: list[str]) -> np.ndarray:
    out = np.zeros(36)
    for t in tiles:
        out[kind(t)] += 1
    return out


def check_restates(x: np.ndarray, obs: Any) -> None:
    seat = obs.seat
    hand = counts(obs["hand"])
    thermometer = rows(x, "hand").sum(axis=0) + rows(x, "hand_extra")[0] * 4
    np.testing.assert_array_equal(thermometer, hand)
    np.testing.assert_array_equal(rows(x, "picked")[0] * 4, counts(obs["picked"]))
    step = rows(x, "step")[:, 0]
    assert step.tolist() == [float(obs["step"] == s) for s in STEPS]
    for r in range(4):
        player = obs["players"][(seat + r) % 4]
        discards = [d["pai"] for d in player["discards"]]
        np.testing.assert_array_equal(rows(x, "discards")[r] * 4, counts(discards))
        exposed, jokers = np.zeros(36), np.zeros(36)
        for e in player["exposures"]:
            k = kind(e["tile"])
            exposed[k] += e["size"]
            jokers[k] += e["jokers"]
            assert rows(x, "frozen")[r, k] == e["frozen"] or not e["frozen"]
        np.testing.assert_array_equal(rows(x, "exposed")[r] * 4, exposed)
        np.testing.assert_array_equal(rows(x, "exposed_jokers")[r] * 4, jokers)
        assert (rows(x, "dead")[r] == (player["dead"] is not None)).all()
        assert np.allclose(rows(x, "hand_size")[r], player["concealed"] / 14)
    mine = [Exposure(e["tile"], e["size"], e["jokers"]) for e in obs["players"][seat]["exposures"]]
    if len(obs["hand"]) + sum(e.size for e in mine) in (13, 14):
        distances = CARD.distances(" ".join(obs["hand"]), mine)
        slots = rows(x, "distance").ravel()
        index = {h.id: i for i, h in enumerate(CARD.hands)}
        for d in distances:
            assert slots[index[d.hand_id]] == np.float32(d.distance / 14)
        assert slots.min() == np.float32(min((d.distance for d in distances), default=14) / 14)


def test_encodings_restate_the_observation() -> None:
    exposed = 0
    for seed in range(8):
        deal = AmericanDeal(CARD, seed=seed, dealer=seed % 4)
        for seat in checks.random_states(deal, seed, pass_rate=0.7):
            x = checks.check_forms(american, deal, seat)
            checks.check_values(american, deal, seat)
            obs = deal.observation(seat)
            check_restates(x, obs)
            exposed += bool(obs["players"][seat]["exposures"])
    assert exposed > 10


def test_the_channel_table() -> None:
    basic, full = american.encoding_channels(), american.encoding_channels(full=True)
    assert american.ENCODING_VERSION == 1
    assert full[: len(basic)] == basic
    assert sum(c.rows for c in basic) == 57 and sum(c.rows for c in full) == 60
    checks.check_docs(american, "American")


def test_bad_input_and_threads() -> None:
    checks.check_errors(american, AmericanDeal(CARD, seed=1))
    checks.check_threads(american, [AmericanDeal(CARD, seed=s) for s in range(32)])
