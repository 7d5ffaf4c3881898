"""Helpers for scoring tests: the spec's condition and meld notation."""

from __future__ import annotations

from mahjong import Meld, Tiles
from mahjong.riichi import WinContext

MELD_KINDS = {"chi": "chi", "pon": "pon", "minkan": "daiminkan", "ankan": "ankan", "kakan": "kakan"}
FLAGS = ("riichi", "ippatsu", "rinshan", "chankan", "haitei", "houtei", "tenhou", "chiihou")


def spec_melds(text: str) -> list[Meld]:
    """Melds written as in the spec tables: "chi 234m, pon 555z, ankan 9999s"."""
    if text == "—":
        return []
    melds = []
    for part in text.split(", "):
        kind, tiles = part.split()
        kind = MELD_KINDS[kind]
        called = None if kind == "ankan" else Tiles(tiles).kinds()[0]
        melds.append(Meld(kind, tiles, called=called))  # type: ignore[arg-type]
    return melds


def spec_context(conditions: str) -> WinContext:
    """Conditions written as in the spec table: "tsumo, seat E, round E, riichi, dora ind 7s"."""
    kwargs: dict[str, object] = {}
    for item in conditions.split(", "):
        words = item.split()
        if item in ("tsumo", "ron"):
            kwargs["tsumo"] = item == "tsumo"
        elif words[0] in ("seat", "round"):
            kwargs[f"{words[0]}_wind"] = words[1]
        elif item == "double riichi":
            kwargs["double_riichi"] = True
        elif item in FLAGS:
            kwargs[item] = True
        elif words[:2] == ["dora", "ind"]:
            kwargs["dora_indicators"] = "".join(words[2:])
        elif words[:2] == ["ura", "ind"]:
            kwargs["ura_indicators"] = "".join(words[2:])
        elif words[0] == "honba":
            kwargs["honba"] = int(words[1])
        elif words[0] == "deposits":
            kwargs["riichi_sticks"] = int(words[1])
        elif words[0] == "renhou":
            kwargs["renhou"] = True
    return WinContext(**kwargs)  # type: ignore[arg-type]
