"""Random wins scored by us and by the reference `mahjong` 2.1.0 (tenhou-style options)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reference import reference

from mahjong import Meld, Tiles
from mahjong.riichi import Ruleset, WinContext, encode_win, score
from support.random_wins import RandomWin

RULES = Ruleset.preset("tenhou")
REF_MELD = {"chi": "chi", "pon": "pon", "daiminkan": "kan", "ankan": "kan", "kakan": "shouminkan"}


def our_args(win: RandomWin) -> tuple[Tiles, int, list[Meld], WinContext]:
    """Arguments for `score` / `encode_win`."""
    melds = [
        Meld(m.kind, Tiles.from_ids(m.ids), called=None if m.kind == "ankan" else m.called // 4)  # type: ignore[arg-type]
        for m in win.melds
    ]
    ctx = WinContext(
        tsumo=win.tsumo,
        riichi=win.riichi and not win.double_riichi,
        double_riichi=win.double_riichi,
        ippatsu=win.ippatsu,
        rinshan=win.rinshan,
        haitei=win.haitei,
        houtei=win.houtei,
        seat_wind=win.seat_wind,
        round_wind=win.round_wind,
        dora_indicators=[i // 4 for i in win.dora],
        ura_indicators=[i // 4 for i in win.ura],
        honba=win.honba,
        riichi_sticks=win.sticks,
        kita=win.kita,
    )
    return Tiles.from_ids(win.concealed), win.win // 4, melds, ctx


def ours(win: RandomWin, rules: Ruleset = RULES) -> Any:
    hand, win_tile, melds, ctx = our_args(win)
    return score(hand, win_tile, melds=melds, context=ctx, rules=rules)


def record(win: RandomWin, rules: Ruleset | None = None) -> Any:
    hand, win_tile, melds, ctx = our_args(win)
    return encode_win(hand, win_tile, melds=melds, context=ctx, rules=rules)


@dataclass
class ReferenceCall:
    """A prepared call of the reference HandCalculator."""

    tiles: list[int]
    win: int
    melds: list[Any]
    dora: list[int]
    ura: list[int]
    config: Any

    def run(self) -> Any:
        calculator = reference()["mahjong.hand_calculating.hand"].HandCalculator
        return calculator.estimate_hand_value(
            self.tiles, self.win, self.melds, self.dora, self.config, ura_dora_indicators=self.ura
        )


def reference_call(win: RandomWin) -> ReferenceCall:
    ref = reference()
    config_module = ref["mahjong.hand_calculating.hand_config"]
    meld_class = ref["mahjong.meld"].Meld
    options = config_module.OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=False,
        kazoe_limit=config_module.HandConstants.KAZOE_LIMITED,
        kiriage=False,
    )
    config = config_module.HandConfig(
        is_tsumo=win.tsumo,
        is_riichi=win.riichi,
        is_daburu_riichi=win.double_riichi,
        is_ippatsu=win.ippatsu,
        is_rinshan=win.rinshan,
        is_haitei=win.haitei,
        is_houtei=win.houtei,
        player_wind=27 + win.seat_wind,
        round_wind=27 + win.round_wind,
        kyoutaku_number=win.sticks,
        tsumi_number=win.honba,
        options=options,
    )
    melds = [
        meld_class(REF_MELD[m.kind], sorted(m.ids), m.kind != "ankan", m.called) for m in win.melds
    ]
    tiles = win.concealed + [i for m in win.melds for i in m.ids]
    return ReferenceCall(tiles, win.win, melds, win.dora, win.ura if win.riichi else [], config)
