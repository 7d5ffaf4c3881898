"""The American family of the ``mahjong`` verbs: print a card, analyse a hand, replay a log.

``mahjong card`` lists the card's sections and hands (patterns, values, X/C);
``mahjong analyze american "<tiles>" [--exposure "N N N J" ...]`` shows the hand a 14-tile
rack completes, the nearest card hands, the best discards (14 tiles) or the waits (13 tiles);
``mahjong replay american LOG`` plays a log again and checks every event. The older spelling
``mahjong american card|analyze`` still works.
Tiles are American notation, upper or lower case. Output is a table on a terminal and plain
text otherwise (or JSON with ``--json``).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mahjong import Tiles
from mahjong.american import Card, Distance, Exposure
from mahjong.american.replay import replay
from mahjong.arguments import add_card_option
from mahjong.errors import MahjongError

DEFAULT_TOP = 5

ANALYZE_EXAMPLES = """\
examples:
  mahjong analyze american "F F 2C 0 2C 6C 6D 6D 6D 6B 6B J J 9C"
  mahjong analyze american "f f f 2c 0 2c 6c 6b 6b j" --exposure "6D 6D 6D"
  mahjong analyze american "F F F 2C 0 2C 6C 6B 6B J 9C" --exposure "6D 6D 6D" --visible "J J"
"""

CARD_EXAMPLES = """\
examples:
  mahjong card
  mahjong card american --json
  mahjong card --card my-card.toml
"""

REPLAY_EXAMPLES = """\
examples:
  mahjong replay american game.jsonl
  mahjong replay game.jsonl    # an American log is told apart by its first event
"""

AMERICAN_HINT = (
    "American tiles: 1B-9B bams, 1C-9C craks, 1D-9D dots, N E W S winds, R G 0 dragons "
    "(0 is the white dragon, soap), F flower, J joker; lower case is fine"
)

# A token of American notation in any case: "1b", "2C", "n", "NNN", "0".
_AMERICAN_TOKEN = re.compile(r"[1-9][bcdBCD]|[newsrgfjNEWSRGFJ]+")
# A Riichi tile name in a core message ("4z", "5m"), shown in American notation instead.
_MPSZ_NAME = re.compile(r"\b([1-9])([mpsz])\b")
# The parser's own hint, which lists Riichi letters too.
_PARSE_HINT = re.compile(r" \(expected digits with [^)]*\)")


def tile_name(kind: int) -> str:
    """American name of a tile kind, e.g. ``18`` -> ``"1B"``."""
    return Tiles.from_kinds([kind]).to_american()


def plural(n: int, word: str) -> str:
    """``"1 tile"``, ``"2 tiles"``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def american_message(message: str) -> str:
    """A core error message for American input: tiles named in American notation ("5 copies
    of N", not "4z") and the American letters as the hint for a bad token."""
    message = _MPSZ_NAME.sub(lambda m: tile_name(Tiles(m.group(0)).kinds()[0]), message)
    if _PARSE_HINT.search(message):
        message = _PARSE_HINT.sub("", message) + f" ({AMERICAN_HINT})"
    return message


def american_tiles(text: str) -> Tiles:
    """Tiles from American text in any case (``"1b n e"`` is ``"1B N E"``)."""
    return Tiles(" ".join(t.upper() if _AMERICAN_TOKEN.fullmatch(t) else t for t in text.split()))


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
    """Prints a :func:`card_report` as plain text."""
    print(f"{report['name']} ({report['id']}): {plural(report['variants'], 'variant')}")
    for section in report["sections"]:
        print(f"\n{section['name']}")
        for h in section["hands"]:
            patterns = " | ".join(h["patterns"])
            note = f"  {h['note']}" if h["note"] else ""
            print(f"  {h['id']:<10} {patterns:<40} {h['value']:>3} {h['xc']}{note}")
    for warning in report["warnings"]:
        print(f"warning: {warning}")


def rich_card(report: dict[str, Any]) -> None:
    """Prints a :func:`card_report` as tables (for a terminal)."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console(highlight=False)
    title = f"{report['name']} ({report['id']}): {plural(report['variants'], 'variant')}"
    console.print(f"[bold]{escape(title)}[/bold]")
    for section in report["sections"]:
        table = Table(title=escape(section["name"]), title_justify="left")
        for column in ("Hand", "Pattern", "Value", "X/C", "Note"):
            table.add_column(column, justify="right" if column == "Value" else "left")
        for h in section["hands"]:
            cells = (h["id"], " | ".join(h["patterns"]), str(h["value"]), h["xc"], h["note"])
            table.add_row(*map(escape, cells))
        console.print(table)
    for warning in report["warnings"]:
        console.print(f"[yellow]warning:[/yellow] {escape(warning)}")


def _distance(d: Distance) -> dict[str, Any]:
    return {"hand": d.hand_id, "distance": d.distance, "value": d.value, "xc": d.xc}


def analyze(
    card: Card,
    tiles: Tiles,
    exposures: list[Exposure],
    visible: Tiles | None,
    top: int,
    redeemable: int | None = None,
    others: list[Exposure] | None = None,
) -> dict[str, Any]:
    """Everything ``mahjong american analyze`` reports, as plain data. With `visible` (every
    discard) or `others` (the other players' exposures) the discards keep only hands still
    live; `redeemable` (default: derived from the exposures) counts the exposed jokers an
    exchange could still take."""
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
        options = card.discard_options(
            tiles, exposures, visible=visible, redeemable=redeemable, others=others or ()
        )
        report["discards"] = [
            {
                "tile": tile_name(o.tile),
                "distance": o.distance,
                "keeps": [_distance(h) for h in o.hands],
            }
            for o in options[:top]
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


def _shown_hand(report: dict[str, Any]) -> str:
    shown = " ".join([report["hand"], *(f"[{e}]" for e in report["exposures"])])
    return f"{shown} ({plural(report['tiles'], 'tile')})"


def _match_text(m: dict[str, Any] | None) -> str:
    if m is None:
        return "no"
    jokers = "jokerless" if m["jokerless"] else "with jokers"
    discarder, others = m["discard"]
    return (
        f"{m['hand']}: {m['value']} points, {m['xc']}, {jokers} ({m['tiles']}); "
        f"on a discard {discarder}/{others}, self-drawn {m['self_drawn'][1]} each"
    )


def _waits_text(waits: dict[str, str | None]) -> str:
    return " ".join(f"{t} ({h})" for t, h in waits.items()) or "none"


def print_analysis(report: dict[str, Any]) -> None:
    """Prints an :func:`analyze` report as plain text."""
    print(f"Hand       {_shown_hand(report)}")
    if "match" in report:
        print(f"Mah Jongg  {_match_text(report['match'])}")
    print("Nearest    " + (" | ".join(_away(d) for d in report["nearest"]) or "-"))
    if report.get("discards"):
        print("Discard    Away  Keeps")
        for o in report["discards"]:
            keeps = ", ".join(f"{k['hand']} ({k['distance']})" for k in o["keeps"]) or "-"
            away = "-" if o["distance"] is None else o["distance"]
            print(f"{o['tile']:<10} {away!s:<5} {keeps}")
    if "waits" in report:
        print(f"Waits      {_waits_text(report['waits'])}")
    if "pass" in report:
        print(f"Pass       {' '.join(report['pass'])}")


def rich_analysis(report: dict[str, Any]) -> None:
    """Prints an :func:`analyze` report with tables (for a terminal)."""
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    console = Console(highlight=False)
    console.print(f"[bold]Hand[/bold] {escape(_shown_hand(report))}")
    if "match" in report:
        colour = "red" if report["match"] is None else "green"
        text = escape(_match_text(report["match"]))
        console.print(f"[bold]Mah Jongg[/bold] [{colour}]{text}[/]")
    nearest = Table(title="Nearest hands", title_justify="left")
    for column in ("Hand", "Away", "Value", "X/C"):
        nearest.add_column(column)
    for d in report["nearest"]:
        nearest.add_row(d["hand"], str(d["distance"]), str(d["value"]), d["xc"])
    console.print(nearest)
    if report.get("discards"):
        discards = Table(title="Discards", title_justify="left")
        for column in ("Discard", "Away", "Keeps"):
            discards.add_column(column)
        for o in report["discards"]:
            keeps = ", ".join(f"{k['hand']} ({k['distance']})" for k in o["keeps"]) or "-"
            away = "-" if o["distance"] is None else str(o["distance"])
            discards.add_row(o["tile"], away, keeps)
        console.print(discards)
    if "waits" in report:
        console.print(f"[bold]Waits[/bold] {escape(_waits_text(report['waits']))}")
    if "pass" in report:
        console.print(f"[bold]Pass[/bold] {escape(' '.join(report['pass']))}")


def use_rich(args: argparse.Namespace) -> bool:
    """Tables when writing to a terminal, plain text otherwise and with ``--json``."""
    return not args.json and sys.stdout.isatty()


def _show(
    args: argparse.Namespace,
    report: dict[str, Any],
    plain: Callable[[dict[str, Any]], None],
    table: Callable[[dict[str, Any]], None],
) -> int:
    """Prints a report as JSON (``--json``), tables (a terminal) or plain text."""
    if args.json:
        print(json.dumps(report, indent=2))
    elif use_rich(args):
        table(report)
    else:
        plain(report)
    return 0


def _cmd_card(args: argparse.Namespace) -> int:
    return _show(args, card_report(Card.load(args.card)), print_card, rich_card)


def _cmd_analyze(args: argparse.Namespace) -> int:
    card = Card.load(args.card)
    exposures = [Exposure.from_tiles(american_tiles(e)) for e in args.exposure]
    others = [Exposure.from_tiles(american_tiles(e)) for e in args.others]
    visible = None if args.visible is None else american_tiles(args.visible)
    tiles = american_tiles(args.tiles)
    report = analyze(card, tiles, exposures, visible, args.top, args.redeemable, others)
    return _show(args, report, print_analysis, rich_analysis)


def _guarded(command: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
    """Runs a command so that bad input and unreadable files end in one clean error line (in
    American notation), and a closed pipe (``| head``) ends quietly."""

    def run(args: argparse.Namespace) -> int:
        try:
            return command(args)
        except (MahjongError, OSError, UnicodeError) as error:
            if isinstance(error, BrokenPipeError):
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())
                return 0
            print(f"mahjong: error: {american_message(str(error))}", file=sys.stderr)
            return 2

    return run


def _count(minimum: int) -> Callable[[str], int]:
    """An argparse type: an int of at least `minimum`."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{value} is below {minimum}")
        return value

    return parse


def _cmd_replay(args: argparse.Namespace) -> int:
    """Replays an American log: one line per game; a log the engine does not play exactly as
    written is a RecordFormatError naming the line."""
    card = None if args.card is None else Card.load(args.card)
    deals = replay(Path(args.file), card)
    for number, deal in enumerate(deals, 1):
        print(f"game {number} {_game_text(deal.outcome)}")
    print(f"{plural(len(deals), 'game')}: every event replayed as logged")
    return 0


def _game_text(outcome: dict[str, Any] | None) -> str:
    """One finished game in words: who won with which hand, or a wall game."""
    if outcome is None or outcome["win"] is None:
        return "ok: wall game"
    win = outcome["win"]
    how = "self-drawn" if win["win"] != "discard" else f"on seat {win['target']}'s discard"
    return f"ok: seat {win['actor']} Mah Jongg {win['hand']} ({win['value']} points, {how})"


def _family(families: Any, summary: str, description: str, epilog: str) -> Any:
    """The American parser of a verb, its help ending with the examples as written."""
    return families.add_parser(
        "american",
        help=summary,
        description=description,
        epilog=epilog,
    )


JSON_HELP = "print JSON instead of text (default: a table on a terminal, else plain text)"


def add_card(families: Any) -> None:
    """Adds ``card american`` to the ``card`` verb."""
    p = _family(
        families,
        "print an American card: sections, hands, values, X/C",
        "Print a card: its sections and hands with patterns, values and X/C.",
        CARD_EXAMPLES,
    )
    add_card_option(p)
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    p.set_defaults(run=_guarded(_cmd_card))


def add_analyze(families: Any) -> None:
    """Adds ``analyze american`` to the ``analyze`` verb."""
    p = _family(
        families,
        "nearest card hands, best discards, waits of an American hand",
        "Analyse a rack: the card hand 14 tiles complete, the nearest hands, the best discards "
        "(14 tiles) or the waits (13 tiles), and a Charleston pass. Concealed tiles plus "
        "exposures make 13 or 14 tiles.",
        ANALYZE_EXAMPLES,
    )
    p.add_argument(
        "tiles", help='concealed tiles in American notation, e.g. "F F 2C 0 2C 6C 6D 6D 6D J"'
    )
    p.add_argument(
        "--exposure",
        action="append",
        default=[],
        help='one of your exposed sets, e.g. "N N N J"; repeat for several (default: none)',
    )
    p.add_argument(
        "--others",
        action="append",
        default=[],
        help=(
            'an exposed set of another player, e.g. "1B 1B 1B J"; its tiles count as seen '
            "and its jokers may be redeemed; repeat for several (default: none)"
        ),
    )
    p.add_argument(
        "--visible",
        help="every discard seen; discards then keep only hands still live (default: none)",
    )
    p.add_argument(
        "--redeemable",
        type=_count(0),
        default=None,
        help=(
            "how many exposed jokers you could still take by a joker exchange (default: "
            "every joker in --exposure/--others whose natural you hold or may still draw)"
        ),
    )
    add_card_option(p)
    p.add_argument(
        "--top",
        type=_count(1),
        default=DEFAULT_TOP,
        help=f"how many hands and discards to show, at least 1 (default: {DEFAULT_TOP})",
    )
    p.add_argument("--json", action="store_true", help=JSON_HELP)
    p.set_defaults(run=_guarded(_cmd_analyze))


def add_replay(families: Any) -> None:
    """Adds ``replay american`` to the ``replay`` verb."""
    p = _family(
        families,
        "replay an American log and check every event",
        "Replay an American game log (as mahjong play american or mahjong sim american --jsonl "
        "write it) through the engine: every session is set up from its start_session, every "
        "action must be one the engine offers, and every event the engine writes must equal "
        "the log's. Prints one line per game; a log that does not replay is an error naming "
        "its line.",
        REPLAY_EXAMPLES,
    )
    p.add_argument("file", help="the log: American JSON lines")
    p.add_argument(
        "--card",
        default=None,
        metavar="CARD",
        help="a built-in card's name or a card TOML file (default: the card each session names)",
    )
    p.set_defaults(run=_guarded(_cmd_replay))
