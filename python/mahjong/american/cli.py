"""``mahjong american``: print a card, or analyse a hand against it.

``mahjong american card`` lists the card's sections and hands (patterns, values, X/C);
``mahjong american analyze "<tiles>" [--exposure "N N N J" ...]`` shows the hand a 14-tile
rack completes, the nearest card hands, the best discards (14 tiles) or the waits (13 tiles).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from mahjong import Tiles
from mahjong.american import Card, Distance, Exposure


def tile_name(kind: int) -> str:
    """American name of a tile kind, e.g. ``18`` -> ``"1B"``."""
    return Tiles.from_kinds([kind]).to_american()


def load_card(name: str) -> Card:
    """A card file if `name` is an existing path, else a built-in card by name."""
    path = Path(name)
    return Card.from_toml(path) if path.is_file() else Card.builtin(name)


def card_report(card: Card) -> dict[str, Any]:
    """The card as plain data: sections with their hands."""
    return {
        "id": card.id,
        "name": card.name,
        "variants": card.variant_count,
        "warnings": card.warnings,
        "sections": [
            {
                "key": key,
                "name": name,
                "hands": [
                    {
                        "id": h.id,
                        "patterns": h.patterns,
                        "value": h.value,
                        "xc": h.xc,
                        "note": h.note,
                        "variants": h.variant_count,
                    }
                    for h in card.hands
                    if h.section == key
                ],
            }
            for key, name, _ in card.sections
        ],
    }


def print_card(report: dict[str, Any]) -> None:
    """Prints a :func:`card_report` as text."""
    print(f"{report['name']} ({report['id']}): {report['variants']} variants")
    for section in report["sections"]:
        print(f"\n{section['name']}")
        for h in section["hands"]:
            patterns = " | ".join(h["patterns"])
            note = f"  {h['note']}" if h["note"] else ""
            print(f"  {h['id']:<10} {patterns:<40} {h['value']:>3} {h['xc']}{note}")
    for warning in report["warnings"]:
        print(f"warning: {warning}")


def _distance(d: Distance) -> dict[str, Any]:
    return {"hand": d.hand_id, "distance": d.distance, "value": d.value, "xc": d.xc}


def analyze(
    card: Card,
    tiles: Tiles,
    exposures: list[Exposure],
    visible: Tiles | None,
    top: int,
    redeemable: int = 0,
) -> dict[str, Any]:
    """Everything ``mahjong american analyze`` reports, as plain data. With `visible` (every
    discard and the other players' exposures) the discards keep only hands still live;
    `redeemable` of the visible jokers can still be taken by joker exchange."""
    size = len(tiles) + sum(e.size for e in exposures)
    report: dict[str, Any] = {
        "hand": tiles.to_american(),
        "exposures": [e.tiles.to_american() for e in exposures],
        "tiles": size,
        "nearest": [_distance(d) for d in card.distances(tiles, exposures, top=top)],
    }
    if size == 14:
        m = card.match(tiles, exposures)
        report["match"] = None
        if m is not None:
            report["match"] = {
                "hand": m.hand_id,
                "value": m.value,
                "xc": m.xc,
                "jokerless": m.jokerless,
                "tiles": m.variant.text,
                "discard": m.payment("discard"),
                "self_drawn": m.payment("self_drawn"),
            }
        report["discards"] = [
            {
                "tile": tile_name(o.tile),
                "distance": o.distance,
                "keeps": [_distance(h) for h in o.hands],
            }
            for o in card.discard_options(tiles, exposures, visible=visible, redeemable=redeemable)[
                :top
            ]
        ]
    else:
        waits = card.waits(tiles, exposures)
        report["waits"] = {}
        for w in waits:
            done = card.match(tiles + Tiles.from_kinds([w]), exposures)
            report["waits"][tile_name(w)] = None if done is None else done.hand_id
    if not exposures and report.get("match") is None:
        # A complete hand declares Mah Jongg instead of passing (rule 1.2.6).
        report["pass"] = [tile_name(k) for k in card.charleston_pass(tiles)]
    return report


def _away(d: dict[str, Any]) -> str:
    return f"{d['hand']} {d['distance']} away ({d['value']} {d['xc']})"


def print_analysis(report: dict[str, Any]) -> None:
    """Prints an :func:`analyze` report as text."""
    shown = " ".join([report["hand"], *(f"[{e}]" for e in report["exposures"])])
    print(f"Hand       {shown} ({report['tiles']} tiles)")
    if "match" in report:
        m = report["match"]
        if m is None:
            print("Mah Jongg  no")
        else:
            jokers = "jokerless" if m["jokerless"] else "with jokers"
            discarder, others = m["discard"]
            print(
                f"Mah Jongg  {m['hand']}: {m['value']} points, {m['xc']}, {jokers} "
                f"({m['tiles']}); on a discard {discarder}/{others}, "
                f"self-drawn {m['self_drawn'][1]} each"
            )
    print("Nearest    " + " | ".join(_away(d) for d in report["nearest"]))
    if "discards" in report:
        print("Discard    Away  Keeps")
        for o in report["discards"]:
            keeps = ", ".join(f"{k['hand']} ({k['distance']})" for k in o["keeps"]) or "-"
            away = "-" if o["distance"] is None else o["distance"]
            print(f"{o['tile']:<10} {away!s:<5} {keeps}")
    if "waits" in report:
        waits = " ".join(f"{t} ({h})" for t, h in report["waits"].items()) or "none"
        print(f"Waits      {waits}")
    if "pass" in report:
        print(f"Pass       {' '.join(report['pass'])}")


def _cmd_card(args: argparse.Namespace) -> int:
    report = card_report(load_card(args.card))
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_card(report)
    return 0


def _cmd_analyze(args: argparse.Namespace) -> int:
    card = load_card(args.card)
    exposures = [Exposure.from_tiles(e) for e in args.exposure]
    visible = None if args.visible is None else Tiles(args.visible)
    report = analyze(card, Tiles(args.tiles), exposures, visible, args.top, args.redeemable)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print_analysis(report)
    return 0


def add_commands(commands: Any) -> None:
    """Adds the ``american`` command group to the ``mahjong`` command's subparsers."""
    group = commands.add_parser("american", help="American Mahjong: the card, hand analysis")
    sub = group.add_subparsers(dest="american_command", required=True)
    card_help = "built-in card name or TOML file (default house-2026)"
    p = sub.add_parser("card", help="print the card: sections, hands, values, X/C")
    p.add_argument("--card", default="house-2026", help=card_help)
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(run=_cmd_card)
    p = sub.add_parser("analyze", help="nearest hands, best discards, waits of a hand")
    p.add_argument("tiles", help='concealed tiles, e.g. "F F 2C 0 2C 6C 6D 6D 6D J"')
    p.add_argument(
        "--exposure",
        action="append",
        default=[],
        help='an exposed set, e.g. "N N N J" (repeat for several)',
    )
    p.add_argument(
        "--visible",
        help="discards and other players' exposures; discards then keep only live hands",
    )
    p.add_argument(
        "--redeemable",
        type=int,
        default=0,
        help="jokers among --visible that an exchange could still take (default 0)",
    )
    p.add_argument("--card", default="house-2026", help=card_help)
    p.add_argument("--top", type=int, default=5, help="how many hands and discards to show")
    p.add_argument("--json", action="store_true", help="print JSON instead of text")
    p.set_defaults(run=_cmd_analyze)
