"""The ``mahjong`` command line.

``mahjong analyze HAND`` prints shanten by form, then the waits (13 tiles, tenpai), the
improving draws (3n+1 tiles) or the best discards (3n+2 tiles), and every decomposition of a
complete hand. ``mahjong score HAND --win TILE`` scores a Riichi win; ``mahjong american ...``
works on American hands (see :mod:`mahjong.american.cli`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from mahjong import Tiles, riichi
from mahjong.american import cli as american_cli
from mahjong.errors import MahjongError
from mahjong.riichi import cli as scoring

KIND_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]


def kind_name(kind: int) -> str:
    """MPSZ name of a tile kind, e.g. ``4`` -> ``"5m"``."""
    return KIND_NAMES[kind]


def _shanten_by_form(hand: Tiles) -> dict[str, int]:
    by_form = {"standard": riichi.shanten(hand, "standard")}
    if len(hand) >= 13:
        by_form["chiitoitsu"] = riichi.shanten(hand, "chiitoitsu")
        by_form["kokushi"] = riichi.shanten(hand, "kokushi")
    return by_form


def _ukeire_dict(u: riichi.Ukeire) -> dict[str, Any]:
    return {
        "discard": None if u.discard is None else kind_name(u.discard),
        "shanten": u.shanten,
        "total": u.total,
        "tiles": {kind_name(k): left for k, left in u.tiles},
    }


def analyze(hand: Tiles, visible: Tiles) -> dict[str, Any]:
    """Everything ``mahjong analyze`` reports, as plain data."""
    report: dict[str, Any] = {
        "hand": str(hand),
        "tiles": len(hand),
        "shanten": riichi.shanten(hand),
        "by_form": _shanten_by_form(hand),
    }
    if len(hand) % 3 == 1:
        report["waits"] = [kind_name(k) for k in riichi.waits(hand)]
        found = riichi.ukeire(hand, visible)
        assert isinstance(found, riichi.Ukeire)
        report["ukeire"] = _ukeire_dict(found)
    else:
        report["decompositions"] = [str(d) for d in riichi.decompose(hand)]
        options = riichi.ukeire(hand, visible)
        assert isinstance(options, list)
        report["discards"] = [_ukeire_dict(u) for u in options]
    return report


def _describe(shanten: int) -> str:
    return {-1: "complete", 0: "tenpai"}.get(shanten, f"{shanten} away from tenpai")


def _tiles_text(tiles: dict[str, int]) -> str:
    return " ".join(f"{name}({left})" for name, left in tiles.items()) or "-"


def print_report(report: dict[str, Any]) -> None:
    """Prints an :func:`analyze` report as text."""
    forms = ", ".join(f"{form} {value}" for form, value in report["by_form"].items())
    print(f"Hand     {report['hand']} ({report['tiles']} tiles)")
    print(f"Shanten  {report['shanten']} ({_describe(report['shanten'])}); {forms}")
    if "waits" in report:
        waits = " ".join(report["waits"]) or "none"
        print(f"Waits    {waits}")
        u = report["ukeire"]
        print(f"Ukeire   {u['total']} tiles: {_tiles_text(u['tiles'])}")
        return
    for text in report["decompositions"]:
        print(f"Reading  {text}")
    if report["shanten"] >= 0:
        print("Discard  Shanten  Ukeire  Draws")
        for u in report["discards"]:
            print(f"{u['discard']:<8} {u['shanten']:<8} {u['total']:<7} {_tiles_text(u['tiles'])}")


def _cmd_analyze(args: argparse.Namespace) -> int:
    hand = Tiles(args.hand)
    visible = Tiles(args.visible)
    report = analyze(hand, visible)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_report(report)
    return 0


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mahjong`` command."""
    parser = argparse.ArgumentParser(prog="mahjong", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("analyze", help="shanten, waits, ukeire and decompositions of a hand")
    p.add_argument("hand", help='concealed tiles in MPSZ notation, e.g. "123m456p789s1122z"')
    p.add_argument("--visible", default="", help="tiles seen outside the hand (MPSZ)")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(run=_cmd_analyze)
    scoring.add_command(commands)
    american_cli.add_commands(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mahjong`` command."""
    args = build_parser().parse_args(argv)
    try:
        code: int = args.run(args)
    except MahjongError as error:
        print(f"mahjong: error: {error}", file=sys.stderr)
        return 2
    return code


if __name__ == "__main__":
    sys.exit(main())
