"""The yaku of kobalab/majiang-core records (Japanese names) by our romaji ids."""

from __future__ import annotations

WINDS = ["東", "南", "西", "北"]
NAMES: dict[str, str] = {
    "門前清自摸和": "menzen_tsumo",
    "立直": "riichi",
    "ダブル立直": "double_riichi",
    "一発": "ippatsu",
    "槍槓": "chankan",
    "嶺上開花": "rinshan_kaihou",
    "海底摸月": "haitei",
    "河底撈魚": "houtei",
    "平和": "pinfu",
    "断幺九": "tanyao",
    "一盃口": "iipeikou",
    "七対子": "chiitoitsu",
    "混全帯幺九": "chanta",
    "一気通貫": "ittsu",
    "三色同順": "sanshoku_doujun",
    "三色同刻": "sanshoku_doukou",
    "三槓子": "sankantsu",
    "対々和": "toitoi",
    "三暗刻": "sanankou",
    "小三元": "shousangen",
    "混老頭": "honroutou",
    "二盃口": "ryanpeikou",
    "純全帯幺九": "junchan",
    "混一色": "honitsu",
    "清一色": "chinitsu",
    "ドラ": "dora",
    "裏ドラ": "ura_dora",
    "赤ドラ": "aka_dora",
    "四暗刻": "suuankou",
    "四暗刻単騎": "suuankou_tanki",
    "国士無双": "kokushi_musou",
    "国士無双１３面": "kokushi_musou_13",
    "大三元": "daisangen",
    "字一色": "tsuuiisou",
    "緑一色": "ryuuiisou",
    "清老頭": "chinroutou",
    "九蓮宝燈": "chuuren_poutou",
    "純正九蓮宝燈": "junsei_chuuren_poutou",
    "大四喜": "daisuushii",
    "小四喜": "shousuushii",
    "四槓子": "suukantsu",
    "天和": "tenhou",
    "地和": "chiihou",
}
for i, wind in enumerate(["east", "south", "west", "north"]):
    NAMES[f"自風 {WINDS[i]}"] = f"seat_wind_{wind}"
    NAMES[f"場風 {WINDS[i]}"] = f"round_wind_{wind}"
for kanji, name in (("白", "haku"), ("發", "hatsu"), ("中", "chun")):
    NAMES[f"翻牌 {kanji}"] = f"yakuhai_{name}"
