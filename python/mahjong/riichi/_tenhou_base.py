"""What the two Tenhou record readers share: Tenhou's yaku and draw tables in our terms, and
the helpers for places, draws and the end of a game. See :mod:`mahjong.riichi.tenhou`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

from mahjong.errors import RecordFormatError

TENHOU_YAKU: tuple[str, ...] = (
    "menzen_tsumo",
    "riichi",
    "ippatsu",
    "chankan",
    "rinshan_kaihou",
    "haitei",
    "houtei",
    "pinfu",
    "tanyao",
    "iipeikou",
    "seat_wind_east",
    "seat_wind_south",
    "seat_wind_west",
    "seat_wind_north",
    "round_wind_east",
    "round_wind_south",
    "round_wind_west",
    "round_wind_north",
    "yakuhai_haku",
    "yakuhai_hatsu",
    "yakuhai_chun",
    "double_riichi",
    "chiitoitsu",
    "chanta",
    "ittsu",
    "sanshoku_doujun",
    "sanshoku_doukou",
    "sankantsu",
    "toitoi",
    "sanankou",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "junchan",
    "honitsu",
    "chinitsu",
    "renhou",
    "tenhou",
    "chiihou",
    "daisangen",
    "suuankou",
    "suuankou_tanki",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren_poutou",
    "junsei_chuuren_poutou",
    "kokushi_musou",
    "kokushi_musou_13",
    "daisuushii",
    "shousuushii",
    "suukantsu",
    "dora",
    "ura_dora",
    "aka_dora",
)
"""Our romaji yaku id for each Tenhou yaku id 0..54 (the mjlog ``yaku``/``yakuman`` ids)."""

TENHOU6_YAKU_NAMES: tuple[str, ...] = (
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風 東",
    "自風 南",
    "自風 西",
    "自風 北",
    "場風 東",
    "場風 南",
    "場風 西",
    "場風 北",
    "役牌 白",
    "役牌 發",
    "役牌 中",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
)
"""The tenhou.net/6 (Japanese) name of each Tenhou yaku id 0..54."""

# Names some hand-edited tenhou.net/6 files use instead of the Japanese ones.
_ENGLISH_YAKU = {"Riichi": 1, "Dora": 52, "Ura Dora": 53, "Red Five": 54, "Aka Dora": 54}
YAKU_BY_NAME = {name: i for i, name in enumerate(TENHOU6_YAKU_NAMES)} | _ENGLISH_YAKU

MJLOG_DRAW_REASONS = {
    "yao9": "kyuushu_kyuuhai",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukaikan",
    "kaze4": "suufon_renda",
    "nm": "nagashi_mangan",
}
"""mjlog ``RYUUKYOKU type`` -> ``ryukyoku.reason`` (no type: ``"exhaustive"``)."""

TENHOU6_DRAW_REASONS = {
    "流局": "exhaustive",
    "全員聴牌": "exhaustive",
    "全員不聴": "exhaustive",
    "流し満貫": "nagashi_mangan",
    "九種九牌": "kyuushu_kyuuhai",
    "四風連打": "suufon_renda",
    "四家立直": "suucha_riichi",
    "三家和了": "sanchahou",
    "四槓散了": "suukaikan",
}
"""tenhou.net/6 draw words -> ``ryukyoku.reason``."""

WINDS = "ESWN"


def fail(where: str, what: str) -> NoReturn:
    """Raises the RecordFormatError for `what` at `where` (file, deal)."""
    raise RecordFormatError(f"{where}: {what}")


def deal_name(kyoku: int, honba: int) -> str:
    """``"E1-0"``: round wind, deal number and honba, as players name a deal."""
    return f"{WINDS[(kyoku // 4) % 4]}{kyoku % 4 + 1}-{honba}"


def draw_tenpai(reason: str, shown: Sequence[bool]) -> list[bool]:
    """``ryukyoku.tenpai``: the record's tenpai hands at an exhaustive draw or nagashi mangan,
    everyone at four riichi, no one at other abortive draws (one entry per seat of
    `shown`)."""
    if reason in ("exhaustive", "nagashi_mangan"):
        return list(shown)
    return [reason == "suucha_riichi"] * len(shown)
