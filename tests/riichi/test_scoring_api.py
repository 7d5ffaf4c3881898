"""The scoring API: inputs, errors, payments, pao, nagashi, batch and pickling."""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from mahjong import Meld
from mahjong.errors import InvalidArgumentError, InvalidHandError, InvalidRuleError
from mahjong.riichi import (
    RECORD_WIDTH,
    Ruleset,
    WinContext,
    encode_win,
    nagashi_mangan,
    score,
    score_batch,
)

PINFU = "234m456p678s34s88p"  # waits on 2s-5s; pinfu + tanyao


def test_result_fields() -> None:
    r = score(PINFU, "5s", context=WinContext(seat_wind="S", discarder="E"))
    assert r.is_win and (r.han, r.fu, r.points) == (2, 30, 2000)
    assert [(y.romaji, y.name, y.han) for y in r.yaku] == [
        ("pinfu", "Pinfu", 1),
        ("tanyao", "All Simples", 1),
    ]
    assert r.fu_breakdown == [("base", 20), ("closed ron", 10)]
    assert r.payments == [(0, 2000)] and r.gain == 2000
    assert r.deltas == (-2000, 2000, 0, 0)
    assert r.limit is None and r.base_points == 480 and r.yakuman == []
    assert str(r.decomposition) == "234m 456p 345s 678s 88p" and r.decomposition.wait == "ryanmen"
    assert "pinfu 1" in repr(r)


def test_hand_with_or_without_the_winning_tile() -> None:
    assert score(PINFU, "5s") == score(PINFU + "5s", "5s")


def test_ron_without_discarder_has_no_deltas() -> None:
    r = score(PINFU, "5s", context=WinContext(seat_wind="S"))
    assert r.payments == [(None, 2000)] and r.deltas is None


def test_tsumo_payments_honba_and_sticks() -> None:
    ctx = WinContext(tsumo=True, seat_wind="S", honba=1, riichi_sticks=2)
    r = score(PINFU, "2s", context=ctx)
    assert r.payments == [(0, 1400), (2, 800), (3, 800)]
    assert r.gain == 3000 + 2000 and r.deltas == (-1400, 5000, -800, -800)


def test_no_yaku_is_a_result_not_an_error() -> None:
    r = score("567p678s34s88p", "5s", melds=[Meld("chi", "234m", "2m")],
              rules=Ruleset().replace(open_tanyao=False))  # fmt: skip
    assert not r.is_win and r.han == 0 and r.points == 0 and r.payments == [] and r.yaku == []


def test_dora_need_a_yaku() -> None:
    ctx = WinContext(seat_wind="S", dora_indicators="1p4s")
    r = score("567p678s34s88p", "5s", melds=[Meld("chi", "234m", "2m")], context=ctx,
              rules=Ruleset().replace(open_tanyao=False))  # fmt: skip
    assert not r.is_win


@pytest.mark.parametrize(
    ("hand", "win", "melds", "error", "names"),
    [
        ("123m", "1m", [], InvalidHandError, "concealed part has 14 tiles"),
        (PINFU + "5s", "9m", [], InvalidHandError, "winning tile 9m is not among"),
        ("1111m234p567s789s", "1m", [], InvalidHandError, "5 copies of 1m"),
        ("111m22m33p44p55s66s", "1m", [], InvalidHandError, "not a complete hand"),
        ("567p678s34s88p", "5s", [Meld("pon", "888p", "8p")], InvalidHandError, "8p"),
        ("567p678s34s0s8p", "5s", [Meld("chi", "0s67s", "0s")], InvalidHandError, "red five"),
    ],
)
def test_invalid_hands(
    hand: str, win: str, melds: list[Meld], error: type[Exception], names: str
) -> None:
    with pytest.raises(error, match=names):
        score(hand, win, melds=melds)


@pytest.mark.parametrize(
    ("kwargs", "names"),
    [
        ({"ippatsu": True}, "ippatsu needs riichi"),
        ({"rinshan": True}, "rinshan is a tsumo"),
        ({"tsumo": True, "chankan": True}, "chankan is a ron"),
        ({"tenhou": True, "tsumo": True, "seat_wind": "S"}, "tenhou"),
        ({"discarder": "E", "seat_wind": "E"}, "own seat"),
        ({"tsumo": True, "discarder": "S"}, "tsumo has no discarder"),
        ({"seat_wind": "X"}, "not a wind"),
        ({"seat_wind": 4}, "out of range"),
        ({"honba": -1}, "honba: -1"),
        ({"dora_indicators": "1m2m3m4m5m6m"}, "at most 5 indicators"),
    ],
)
def test_contradictory_contexts(kwargs: dict[str, object], names: str) -> None:
    with pytest.raises(InvalidArgumentError, match=names):
        WinContext(**kwargs)  # type: ignore[arg-type]


def test_riichi_with_an_open_hand_is_rejected_when_scored() -> None:
    with pytest.raises(InvalidArgumentError, match="closed hand"):
        score("567p678s34s88p", "5s", melds=[Meld("chi", "234m", "2m")],
              context=WinContext(riichi=True))  # fmt: skip


def test_context_value_semantics() -> None:
    ctx = WinContext(tsumo=True, seat_wind="W", dora_indicators="1m4p", ura_indicators=[3, "5z"])
    assert ctx.seat_wind == 2 and ctx.dora_indicators == [0, 12] and ctx.ura_indicators == [3, 31]
    assert not ctx.dealer and WinContext().dealer
    assert pickle.loads(pickle.dumps(ctx)) == ctx and hash(pickle.loads(pickle.dumps(ctx))) == hash(
        ctx
    )
    assert (
        repr(ctx)
        == "WinContext(tsumo=True, seat_wind='W', dora_indicators='1m4p', ura_indicators='4m5z')"
    )


def test_results_pickle() -> None:
    r = score("111m333p555s999p7z", "7z", context=WinContext(tsumo=True, seat_wind="S"))
    again = pickle.loads(pickle.dumps(r))
    assert again == r and again.yakuman[0].romaji == "suuankou_tanki"


def test_pao() -> None:
    melds = [Meld("pon", "555z", "5z"), Meld("pon", "666z", "6z"), Meld("pon", "777z", "7z")]
    tsumo = WinContext(tsumo=True, seat_wind="S", liable="W", honba=1)
    r = score("23m99p", "4m", melds=melds, context=tsumo)
    assert r.deltas == (0, 32300, -32300, 0)
    ron = WinContext(seat_wind="S", discarder="N", liable="W")
    assert score("23m99p", "4m", melds=melds, context=ron).deltas == (0, 32000, -16000, -16000)
    own = WinContext(seat_wind="S", discarder="W", liable="W")
    assert score("23m99p", "4m", melds=melds, context=own).deltas == (0, 32000, -32000, 0)
    ema = Ruleset.preset("ema")  # honba paid by the discarder
    ron_honba = WinContext(seat_wind="S", discarder="N", liable="W", honba=2)
    r = score("23m99p", "4m", melds=melds, context=ron_honba, rules=ema)
    assert r.deltas == (0, 32600, -16000, -16600)


def test_pao_scope_that_yakuman_only() -> None:
    # daisangen (pao) + tsuuiisou: with Mahjong Soul's scope only the daisangen share is liable
    melds = [Meld("pon", "555z", "5z"), Meld("pon", "666z", "6z"), Meld("pon", "777z", "7z")]
    ctx = WinContext(tsumo=True, seat_wind="S", liable="W")
    soul = Ruleset.preset("mahjongsoul")
    r = score("11z22z", "2z", melds=melds, context=ctx, rules=soul)
    assert r.yakuman_units == 2
    assert r.deltas == (-16000, 64000, -40000, -8000)
    whole = score("11z22z", "2z", melds=melds, context=ctx, rules=Ruleset.preset("tenhou"))
    assert whole.deltas == (0, 64000, -64000, 0)


def test_nagashi_mangan() -> None:
    tenhou = Ruleset.preset("tenhou")
    assert nagashi_mangan("S", rules=tenhou) == (-4000, 8000, -2000, -2000)
    assert nagashi_mangan(0, honba=2, rules=tenhou) == (12000, -4000, -4000, -4000)
    assert nagashi_mangan("S", honba=1, rules=tenhou.replace(nagashi_honba=True)) == (
        -4100,
        8300,
        -2100,
        -2100,
    )
    with pytest.raises(InvalidRuleError, match="nagashi_mangan is off"):
        nagashi_mangan("S")


def test_batch_matches_scalar() -> None:
    wins = [
        (PINFU, "5s", [], WinContext(seat_wind="S", discarder="E")),
        (PINFU, "2s", [], WinContext(tsumo=True, seat_wind="E", honba=1, riichi_sticks=1)),
        ("567p678s34s88p", "5s", [Meld("chi", "234m", "2m")], WinContext(seat_wind="W")),
        ("111m333p555s999p7z", "7z", [], WinContext(tsumo=True, seat_wind="S")),
        ("567p678s34s88p", "5s", [Meld("chi", "234m", "2m")], WinContext(discarder="N")),
    ]
    rules = Ruleset.preset("tenhou")
    records = np.stack([encode_win(h, w, melds=m, context=c) for h, w, m, c in wins])
    assert records.shape == (5, RECORD_WIDTH) and records.dtype == np.uint8
    out = score_batch(records, rules)
    for i, (h, w, m, c) in enumerate(wins):
        r = score(h, w, melds=m, context=c, rules=rules)
        assert out["is_win"][i] == r.is_win
        assert (out["han"][i], out["fu"][i], out["yakuman"][i]) == (r.han, r.fu, r.yakuman_units)
        assert (out["points"][i], out["gain"][i]) == (r.points, r.gain)
        assert tuple(out["deltas"][i]) == (r.deltas or (0, 0, 0, 0))
    assert out["limit"].tolist() == [0, 0, 0, 5, 0]


def test_batch_rejects_bad_rows() -> None:
    good = encode_win(PINFU, "5s")
    bad = good.copy()
    bad[0] = 9
    with pytest.raises(InvalidHandError, match="row 1"):
        score_batch(np.stack([good, bad]))
    incomplete = encode_win("123m456p789s11234z", "4z")
    with pytest.raises(InvalidHandError, match=r"row 0: .*not a complete hand"):
        score_batch(incomplete[None, :])
    with pytest.raises(InvalidArgumentError, match=r"\(N, 80\)"):
        score_batch(np.zeros((1, 79), np.uint8))
    with pytest.raises(TypeError):
        score_batch(np.zeros((1, RECORD_WIDTH), np.int32))  # type: ignore[arg-type]
    assert score_batch(np.zeros((0, RECORD_WIDTH), np.uint8))["points"].shape == (0,)
