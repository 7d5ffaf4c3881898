"""``mahjong score``: score a Riichi win from the command line."""

from __future__ import annotations

import argparse
import json
from typing import Any

from mahjong import Meld, Tiles
from mahjong.errors import InvalidArgumentError
from mahjong.riichi import Ruleset, ScoreResult, WinContext, score

WINDS = "ESWN"
MELD_WORDS = {"chi", "pon", "daiminkan", "minkan", "ankan", "kakan"}
FLAGS = (
    "tsumo",
    "riichi",
    "double_riichi",
    "ippatsu",
    "rinshan",
    "chankan",
    "haitei",
    "houtei",
    "tenhou",
    "chiihou",
    "renhou",
)


def parse_meld(text: str) -> Meld:
    """A meld written "pon 555z" or "chi 0m67m" (kind, then tiles; the first tile is called)."""
    words = text.split()
    if len(words) != 2 or words[0] not in MELD_WORDS:
        raise InvalidArgumentError(
            f"meld {text!r} should be a kind ({', '.join(sorted(MELD_WORDS))}) and its tiles, "
            'e.g. "pon 555z"'
        )
    kind = "daiminkan" if words[0] == "minkan" else words[0]
    tiles = Tiles(words[1])
    called = None if kind == "ankan" else tiles.kinds()[0]
    return Meld(kind, tiles, called=called)  # type: ignore[arg-type]


def parse_option(text: str) -> tuple[str, object]:
    """A rule override "name=value"; the value is read as JSON when it can be."""
    name, sep, raw = text.partition("=")
    if not sep:
        raise InvalidArgumentError(f"rule override {text!r} should look like name=value")
    try:
        value: object = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def context_from(args: argparse.Namespace) -> WinContext:
    """The WinContext the command-line flags describe."""
    return WinContext(
        **{flag: getattr(args, flag) for flag in FLAGS},
        seat_wind=args.seat,
        round_wind=args.round,
        dora_indicators=args.dora,
        ura_indicators=args.ura,
        honba=args.honba,
        riichi_sticks=args.sticks,
        discarder=args.discarder,
        liable=args.liable,
    )


def result_dict(result: ScoreResult) -> dict[str, Any]:
    """A ScoreResult as plain data."""
    return {
        "is_win": result.is_win,
        "han": result.han,
        "fu": result.fu,
        "fu_breakdown": result.fu_breakdown,
        "yaku": [{"romaji": y.romaji, "name": y.name, "han": y.han} for y in result.yaku],
        "yakuman": [
            {"romaji": y.romaji, "name": y.name, "units": y.yakuman} for y in result.yakuman
        ],
        "limit": result.limit,
        "kazoe": result.kazoe,
        "points": result.points,
        "payments": [
            {"payer": None if p is None else WINDS[p], "amount": a} for p, a in result.payments
        ],
        "gain": result.gain,
        "deltas": result.deltas,
        "reading": str(result.decomposition),
        "wait": result.decomposition.wait,
    }


def print_result(result: ScoreResult) -> None:
    """Prints a ScoreResult as a small table."""
    print(f"Reading   {result.decomposition}  ({result.decomposition.wait} wait)")
    if not result.is_win:
        print("No yaku: this hand cannot be won (dora do not count as yaku).")
        return
    for y in result.yakuman:
        print(f"Yakuman   {y.romaji:<24} {y.name} x{y.yakuman}")
    for y in result.yaku:
        print(f"Yaku      {y.romaji:<24} {y.han} han  {y.name}")
    fu = ", ".join(f"{what} {value}" for what, value in result.fu_breakdown)
    if result.yakuman_units:
        print(f"Value     {result.yakuman_units} yakuman")
    else:
        limit = f" ({'kazoe ' if result.kazoe else ''}{result.limit})" if result.limit else ""
        print(f"Value     {result.han} han {result.fu} fu{limit}")
        print(f"Fu        {fu}")
    print(f"Points    {result.points}")
    for payer, amount in result.payments:
        who = "discarder" if payer is None else WINDS[payer]
        print(f"Pays      {who:<10} {amount}")
    print(f"Winner    +{result.gain}")


def run(args: argparse.Namespace) -> int:
    """Runs ``mahjong score``."""
    rules = Ruleset.preset(args.rules).replace(**dict(parse_option(o) for o in args.set))
    result = score(
        args.hand,
        args.win,
        melds=[parse_meld(m) for m in args.meld],
        context=context_from(args),
        rules=rules,
    )
    if args.json:
        print(json.dumps(result_dict(result), indent=2))
    else:
        print_result(result)
    return 0


def add_command(commands: Any) -> None:
    """Adds ``score`` to the ``mahjong`` command's subcommands."""
    p = commands.add_parser(
        "score",
        help="yaku, han, fu and payments of a Riichi win",
        description="Score a Riichi win. Seats are seat winds; E is the dealer.",
    )
    p.add_argument("hand", help='concealed tiles, winning tile optional, e.g. "234m456p678s34s88p"')
    p.add_argument("--win", required=True, help="the winning tile, e.g. 5s")
    p.add_argument(
        "--meld", action="append", default=[], help='a declared meld, e.g. "pon 555z" (repeatable)'
    )
    for flag in FLAGS:
        p.add_argument(f"--{flag.replace('_', '-')}", dest=flag, action="store_true")
    p.add_argument("--seat", default="S", help="the winner's seat wind (default S)")
    p.add_argument("--round", default="E", help="the round wind (default E)")
    p.add_argument("--dora", default="", help="dora indicators in order, e.g. 1m4p")
    p.add_argument("--ura", default="", help="ura indicators (riichi winners only)")
    p.add_argument("--honba", type=int, default=0)
    p.add_argument("--sticks", type=int, default=0, help="riichi deposits on the table")
    p.add_argument("--discarder", default=None, help="seat wind that dealt in (ron)")
    p.add_argument("--liable", default=None, help="seat wind liable for a pao yakuman")
    p.add_argument("--rules", default="seed", choices=Ruleset.presets(), help="ruleset preset")
    p.add_argument(
        "--set", action="append", default=[], help="override a rule option, e.g. kiriage=true"
    )
    p.add_argument("--json", action="store_true", help="print JSON instead of a table")
    p.set_defaults(run=run)
