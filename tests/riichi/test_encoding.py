"""The Riichi observation encoder: its channels restate the observation (hand, ponds in order
with their marks, melds, dora, winds, scores, riichi and furiten, the claim, shanten), the
mask is the legal codes, and every way of calling it agrees (checks shared with American in
support/encoding.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import support.encoding as checks

from mahjong import riichi
from mahjong.riichi.mjai import KIND_NAMES, RED_FIVE_NAMES

KIND = {name: kind for kind, name in enumerate(KIND_NAMES)} | dict(
    zip(RED_FIVE_NAMES, (4, 13, 22), strict=True)
)
WINDS = "ESWN"


CHANNELS = {c.name: c for c in riichi.encoding_channels(full=True)}


def rows(x: np.ndarray, name: str) -> np.ndarray:
    """The rows of channel `name`."""
    return x[CHANNELS[name].start : CHANNELS[name].start + CHANNELS[name].rows]


def counts(tiles: list[str]) -> np.ndarray:
    out = np.zeros(34)
    for t in tiles:
        out[KIND[t]] += 1
    return out


def check_restates(x: np.ndarray, obs: Any) -> None:
    """The channels that restate `obs` agree with it."""
    seat = obs.seat
    hand = counts(obs["hand"])
    np.testing.assert_array_equal(rows(x, "hand").sum(axis=0), hand)
    reds = [KIND[t] for t in obs["hand"] if t in RED_FIVE_NAMES]
    assert np.flatnonzero(rows(x, "hand_red")[0]).tolist() == sorted(reds)
    drawn = rows(x, "drawn")[0]
    assert np.flatnonzero(drawn).tolist() == ([KIND[obs["drawn"]]] if obs["drawn"] else [])
    assert np.flatnonzero(rows(x, "waits")[0]).tolist() == sorted(KIND[w] for w in obs["waits"])
    np.testing.assert_array_equal(rows(x, "dora_indicators")[0] * 4, counts(obs["dora_indicators"]))
    assert rows(x, "round_wind")[0, 27 + WINDS.index(obs["round_wind"])] == 1
    assert rows(x, "seat_wind")[0, 27 + WINDS.index(obs["seat_wind"])] == 1
    players = len(obs["players"])
    assert rows(x, "three_players")[0, 0] == (players == 3)
    for r in range(players):
        player = obs["players"][(seat + r) % players]
        pond = player["pond"]
        np.testing.assert_array_equal(rows(x, "pond")[r] * 4, counts([d["pai"] for d in pond]))
        tedashi = [d["pai"] for d in pond if not d["tsumogiri"]]
        np.testing.assert_array_equal(rows(x, "tedashi")[r] * 4, counts(tedashi))
        order = rows(x, "pond_order")[24 * r : 24 * r + 24]
        for i, d in enumerate(pond[:24]):
            assert np.flatnonzero(order[i]).tolist() == [KIND[d["pai"]]]
            for flag in ("tsumogiri", "riichi", "called"):
                assert rows(x, f"pond_{flag}")[r, i] == d[flag]
            assert rows(x, "pond_red")[r, i] == (d["pai"] in RED_FIVE_NAMES)
        assert not order[len(pond) :].any()
        meld_rows = {"chi": "chi", "pon": "pon", "daiminkan": "open_kan", "kakan": "open_kan"}
        for meld in player["melds"]:
            kind = KIND[meld["tiles"][0]]
            assert rows(x, meld_rows.get(meld["type"], "ankan"))[r, kind] > 0
        assert (rows(x, "riichi")[r] == player["riichi"]).all()
        assert np.allclose(rows(x, "score")[r], obs["scores"][(seat + r) % players] / 100_000)
        assert (rows(x, "dealer")[r] == (obs["dealer"] == (seat + r) % players)).all()
        assert (rows(x, "turn")[r] == (obs["turn"] == (seat + r) % players)).all()
        np.testing.assert_array_equal(rows(x, "kita")[r] * 4, counts(player["kita"]))
    for name in ("pond", "pond_order", "score", "dealer", "turn", "kita"):
        assert not rows(x, name)[CHANNELS[name].rows // 4 * players :].any(), name
    claim = obs["claim"]
    assert rows(x, "claim").any() == (claim is not None)
    if claim is not None:
        assert rows(x, "claim")[0, KIND[claim[0]]] == 1
        assert rows(x, "claim_from")[(claim[1] - seat) % players].all()
    furiten = rows(x, "furiten")[:, 0]
    kinds = ["discard", "riichi", "temporary"]
    assert furiten.tolist() == [float(obs["furiten_kind"] == k) for k in kinds]
    assert np.isclose(rows(x, "tiles_left")[0, 0], obs["tiles_left"] / 70)
    mpsz = "".join(_mpsz(t) for t in obs["hand"])
    assert rows(x, "shanten")[0, 0] == (riichi.shanten(mpsz) + 1) / 8


def _mpsz(name: str) -> str:
    kind = KIND[name]
    return f"{kind % 9 + 1}{'mpsz'[kind // 9]}"


@pytest.mark.parametrize("rules", ["seed", "tenhou", "mahjongsoul", "tenhou-sanma"])
def test_encodings_restate_the_observation(rules: str) -> None:
    ruleset = riichi.Ruleset.preset(rules)
    seen = set()
    for seed in range(6):
        dealer = seed % ruleset.players
        deal = riichi.Deal(seed=seed, rules=ruleset, dealer=dealer, honba=seed)
        for seat in checks.random_states(deal, seed, pass_rate=0.5):
            x = checks.check_forms(riichi, deal, seat)
            checks.check_values(riichi, deal, seat)
            obs = deal.observation(seat)
            check_restates(x, obs)
            seen.update(m["type"] for p in obs["players"] for m in p["melds"])
            seen.update("riichi" for p in obs["players"] if p["riichi"])
            seen.add(str(obs["furiten_kind"]))
            seen.update("kita" for p in obs["players"] if p["kita"])
        for seat in range(ruleset.players):
            check_restates(riichi.encode(deal, seat, full=True), deal.observation(seat))
            assert not riichi.action_mask(deal, seat).any()
    assert ({"pon", "kita"} if ruleset.players == 3 else {"chi", "pon"}) <= seen


def test_discard_shanten_and_improving_draws() -> None:
    deal = riichi.Deal(seed=3)
    seat = deal.waiting()[0]
    obs = deal.observation(seat)
    x = riichi.encode(obs, full=True)
    by_discard = {o.discard: o.shanten for o in riichi.ukeire("".join(map(_mpsz, obs["hand"])))}
    shown = rows(x, "discard_shanten")[0]
    assert {k: round(shown[k] * 8) - 1 for k in np.flatnonzero(shown)} == by_discard
    assert not rows(x, "improving").any()  # 14 tiles: no draw to count
    deal.apply(seat, deal.legal_actions(seat)[0])
    other = (seat + 1) % 4
    after = riichi.encode(deal, other, full=True)
    assert rows(after, "improving").any() and not rows(after, "discard_shanten").any()


def test_the_channel_table() -> None:
    basic, full = riichi.encoding_channels(), riichi.encoding_channels(full=True)
    assert riichi.ENCODING_VERSION == 2
    assert full[: len(basic)] == basic
    assert sum(c.rows for c in basic) == 79 and sum(c.rows for c in full) == 199
    assert [c.start for c in full] == list(np.cumsum([0] + [c.rows for c in full])[:-1])
    checks.check_docs(riichi, "Riichi")


def test_bad_input_and_threads() -> None:
    deal = riichi.Deal(seed=1)
    checks.check_errors(riichi, deal)
    deals = [riichi.Deal(seed=s) for s in range(64)]
    checks.check_threads(riichi, deals)
