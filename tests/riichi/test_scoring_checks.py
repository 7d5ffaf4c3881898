"""What scoring checks and computes at its edges: red winning tiles, bounds on counts and
amounts, the visible tiles, one validation for scalar and batch, pickling and presets."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from mahjong import Meld
from mahjong.errors import InvalidArgumentError, InvalidHandError, InvalidRuleError
from mahjong.riichi import (
    Ruleset,
    WinContext,
    decompose,
    encode_win,
    nagashi_mangan,
    score,
    score_batch,
    ukeire,
)

PINFU = "234m456p678s34s88p"
TENHOU = Ruleset.preset("tenhou")


@pytest.mark.parametrize("hand", [PINFU, PINFU + "0s"])
def test_a_red_winning_tile_counts_as_aka_dora(hand: str) -> None:
    inside = score("234m456p678s340s88p", "0s", rules=TENHOU)
    given = score(hand, "0s", rules=TENHOU)
    assert given.han == inside.han == 3
    assert ("aka_dora", 1) in [(y.romaji, y.han) for y in given.yaku]
    batch = score_batch(encode_win(hand, "0s")[None, :], TENHOU)
    assert batch["han"].tolist() == [3]


def test_a_red_winning_tile_must_be_in_a_full_hand() -> None:
    with pytest.raises(InvalidHandError, match="red five"):
        score(PINFU + "5s", "0s")


@pytest.mark.parametrize(
    "kwargs",
    [{"honba": 256}, {"riichi_sticks": 2**31}, {"honba": 7158279}, {"riichi_sticks": -1}],
)
def test_counts_are_bounded(kwargs: dict[str, int]) -> None:
    with pytest.raises(InvalidArgumentError, match=next(iter(kwargs))):
        WinContext(seat_wind="S", discarder="E", **kwargs)  # type: ignore[arg-type]


def test_the_largest_counts_pay_the_right_way() -> None:
    ctx = WinContext(seat_wind="S", discarder="E", honba=255, riichi_sticks=255)
    rules = TENHOU.replace(riichi_deposit=10_000_000, honba_ron=10_000_000)
    r = score(PINFU, "5s", context=ctx, rules=rules)
    assert r.deltas is not None
    east, south, _, _ = r.deltas
    assert east == -(2000 + 255 * 10_000_000) and south == 2000 + 2 * 255 * 10_000_000
    assert sum(r.deltas) == 255 * 10_000_000
    batch = score_batch(encode_win(PINFU, "5s", context=ctx)[None, :], rules)
    assert batch["deltas"].dtype == np.int64 and tuple(batch["deltas"][0]) == r.deltas


def test_nagashi_honba_is_bounded() -> None:
    with pytest.raises(InvalidArgumentError, match="honba 4294967295"):
        nagashi_mangan("S", honba=4294967295, rules=TENHOU.replace(nagashi_honba=True))


@pytest.mark.parametrize(
    ("option", "value"),
    [
        ("riichi_deposit", 2**31),
        ("honba_ron", 10_000_001),
        ("start_points", -1),
        ("uma", [2**31, 0, 0, 0]),
        ("yakuman_cap_units", 0),
        ("yakuman_cap_units", 256),
    ],
)
def test_rule_amounts_are_bounded(option: str, value: object) -> None:
    with pytest.raises(InvalidRuleError, match=option):
        TENHOU.replace(**{option: value})


def test_a_yakuman_cap_caps() -> None:
    rules = TENHOU.replace(yakuman_cap_units=1)
    r = score("111z222z333z444z55z", "5z", context=WinContext(tsumo=True), rules=rules)
    assert r.yakuman_units == 1 and r.points == 48000


PON = [Meld("pon", "555z", "5z")]


@pytest.mark.parametrize(
    ("hand", "win", "melds", "context"),
    [
        (PINFU, "5s", [], {"dora_indicators": "1m" * 5}),
        (PINFU, "5s", [], {"dora_indicators": "2m2m", "ura_indicators": "2m2m"}),
        (PINFU, "5s", [], {"dora_indicators": "0m0m"}),
        (PINFU, "0s", [], {"dora_indicators": "0s"}),
        (PINFU, "5s", [], {"dora_indicators": "8p8p8p"}),
        ("234m456p67s88p", "5s", PON, {"dora_indicators": "5z5z"}),
    ],
)
def test_indicators_cannot_exceed_the_tiles_that_exist(
    hand: str, win: str, melds: list[Meld], context: dict[str, str]
) -> None:
    ctx = WinContext(**context)  # type: ignore[arg-type]
    with pytest.raises(InvalidHandError, match="indicators"):
        score(hand, win, melds=melds, context=ctx)
    with pytest.raises(InvalidHandError, match="indicators"):
        encode_win(hand, win, melds=melds, context=ctx)
    assert score(hand, win, melds=melds).is_win  # the same hand without them is fine


def test_encode_win_rejects_what_score_rejects() -> None:
    melds = [Meld("chi", "0m67m", "6m")]
    with pytest.raises(InvalidHandError, match="red fives of 5m"):
        score("340m456p678s88p", "3m", melds=melds)
    with pytest.raises(InvalidHandError, match="red fives of 5m"):
        encode_win("340m456p678s88p", "3m", melds=melds)


def test_score_batch_can_flag_bad_rows() -> None:
    good = encode_win(PINFU, "5s")
    bad = good.copy()
    bad[0] = 9
    out = score_batch(np.stack([good, bad, good]), errors="flag")
    assert out["valid"].tolist() == [True, False, True]
    assert out["points"].tolist() == [2900, 0, 2900]
    with pytest.raises(InvalidHandError, match="row 1"):
        score_batch(np.stack([good, bad]))
    with pytest.raises(InvalidArgumentError, match="errors"):
        score_batch(good[None, :], errors="ignore")


def test_ukeire_counts_the_discarded_tile_as_gone() -> None:
    options = ukeire("123m456s789s1z1234p")
    after_3p = next(u for u in options if u.discard == 11)
    assert (11, 3) in after_3p.tiles  # 4 copies minus the one just discarded


def test_daichisei_pao_pays_both_units() -> None:
    rules = TENHOU.replace(daichisei=True, pao=["daisuushii"])
    # Not a pao yakuman: the liable player pays nothing extra; units stay 2.
    r = score("11223344556677z", "7z", context=WinContext(tsumo=True, seat_wind="S"), rules=rules)
    assert [(y.romaji, y.yakuman) for y in r.yakuman] == [("daichisei", 2)]
    assert r.yakuman_units == 2


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_results_pickle_and_copy_with_every_protocol(protocol: int) -> None:
    ctx = WinContext(tsumo=True, seat_wind="W", dora_indicators="0m", honba=2)
    result = score("111m333p555s999p7z", "7z", context=ctx)
    values = [
        ctx,
        result,
        result.yakuman[0],
        score(PINFU, "5s").yaku[0],
        result.decomposition,
        decompose("111222333m11z")[1],
        ukeire("123m456p789s1122z"),
        ukeire("123m456p789s1122z7z")[0],
    ]
    for value in values:
        again = pickle.loads(pickle.dumps(value, protocol=protocol))
        assert again == value and repr(again) == repr(value)
        assert copy.copy(value) == value and copy.deepcopy(value) == value
    assert pickle.loads(pickle.dumps(ctx, protocol)).to_dict()["dora_indicators"] == "0m"


def test_win_flags_are_listed_once() -> None:
    names = [name for name, _ in WinContext.FLAGS]
    assert names[:3] == ["tsumo", "riichi", "double_riichi"] and "open_riichi" in names
    ctx = WinContext(**{name: False for name in names})  # type: ignore[arg-type]
    assert all(getattr(ctx, name) is False for name in names)
    assert set(names) <= set(ctx.to_dict())


DEALER_EAST_PAIR = ("111m234p567s45s11z", "3s", WinContext(riichi=True))


@pytest.mark.parametrize(("preset", "fu"), [("tenhou", 50), ("wrc", 40), ("mleague", 40)])
def test_double_wind_pair_fu_by_preset(preset: str, fu: int) -> None:
    hand, win, ctx = DEALER_EAST_PAIR
    assert score(hand, win, context=ctx, rules=Ruleset.preset(preset)).fu == fu


@pytest.mark.parametrize(("preset", "units"), [("wrc", 3), ("ema", 1), ("tenhou", 3)])
def test_different_yakuman_stack_by_preset(preset: str, units: int) -> None:
    # Tsuuiisou, daisangen and suuankou tanki: WRC 2022 adds them up, EMA keeps one.
    r = score(
        "555z666z777z111z2z", "2z", context=WinContext(tsumo=True), rules=Ruleset.preset(preset)
    )
    assert r.yakuman_units == units


def test_wrc_keeps_double_forms_single() -> None:
    r = score(
        "19m19p19s1234567z", "1m", context=WinContext(tsumo=True), rules=Ruleset.preset("wrc")
    )
    assert [(y.romaji, y.yakuman) for y in r.yakuman] == [("kokushi_musou_13", 1)]


def test_play_options_of_the_presets() -> None:
    ema, wrc = Ruleset.preset("ema"), Ruleset.preset("wrc")
    assert ema.temp_furiten_end == "own_next_tile" and ema.multi_ron_honba == "each"
    assert wrc.declare_noten and not Ruleset.preset("tenhou").declare_noten
