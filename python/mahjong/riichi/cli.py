"""The Riichi family of the ``mahjong`` verbs: ``analyze riichi`` (hand analysis), ``score
riichi`` (a win), ``convert riichi`` (a Tenhou game record as an mjai log) and ``replay riichi``
(a log through the engine); ``riichi`` is the default family, so ``mahjong analyze HAND`` is
the same command.

Input is MPSZ text, checked here so that a mistake is explained in Riichi terms only. Output
is JSON with ``--json``, rich tables on a terminal and plain lines otherwise (a pipe, a file).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from rich import box
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from mahjong import Meld, Tiles, riichi
from mahjong._atomic import atomic_file
from mahjong.arguments import add_rules_options, rules_from
from mahjong.errors import InvalidArgumentError, InvalidHandError, InvalidTileError
from mahjong.riichi import Ruleset, ScoreResult, WinContext, mjai, replay, tenhou

KIND_NAMES = [f"{n}{s}" for s in "mps" for n in range(1, 10)] + [f"{n}z" for n in range(1, 8)]
WINDS = "ESWN"
WIND_WORDS = {"east": "E", "south": "S", "west": "W", "north": "N"}
MELD_WORDS = {"chi", "pon", "daiminkan", "minkan", "ankan", "kakan"}
RIICHI_HINT = (
    "Riichi tiles are digits followed by m, p, s or z, e.g. 123m406p11z; "
    "0 is a red five, 1z-7z are E S W N white green red"
)

RULE_EXAMPLE = "kiriage=true"

ANALYZE_EXAMPLES = """\
examples:
  mahjong analyze "123m456p789s1122z"
  mahjong analyze "123m456p789s1122z7z" --visible 7z7z
  mahjong analyze "111222333m45699p" --json
"""

SCORE_EXAMPLES = """\
examples:
  mahjong score "234m456p678s34s88p" --win 5s --discarder E
  mahjong score "234m456p678s34s88p" --win 0s --tsumo --riichi --dora 1m --rules tenhou
  mahjong score "456p678s34s88p" --win 5s --meld "chi 234m" --discarder W
  mahjong score "234m456p678s34s88p" --win 5s --riichi --open-riichi --set open_riichi=true
"""


CONVERT_EXAMPLES = """\
examples:
  mahjong convert game.mjlog --to mjai
  mahjong convert game.json --to mjai -o game.jsonl
"""

REPLAY_EXAMPLES = """\
examples:
  mahjong replay game.mjlog
  mahjong replay game.json --rules tenhou
"""


def make_console() -> Console:
    """The console the commands print to: rich on a terminal, plain otherwise."""
    return Console(force_terminal=None, highlight=False)


def plural(count: int, word: str, words: str | None = None) -> str:
    """``"1 tile"``, ``"2 tiles"``."""
    return f"{count} {word if count == 1 else (words or word + 's')}"


def kind_name(kind: int) -> str:
    """MPSZ name of a tile kind, e.g. ``4`` -> ``"5m"``."""
    return KIND_NAMES[kind]


# --- input ---------------------------------------------------------------------------------


def check_mpsz(text: str, what: str) -> str:
    """`text` if it is MPSZ notation; an InvalidTileError with a Riichi-only hint if not.

    The shared tile parser also reads American notation, whose letters mean nothing to a
    Riichi player, so the Riichi commands check the notation first.
    """
    digits = ""
    for pos, ch in enumerate(text):
        if ch.isdigit() and ch.isascii():
            digits += ch
        elif ch in "mpsz":
            if not digits:
                raise InvalidTileError(
                    f"{what} {text!r}: suit letter {ch!r} at position {pos} has no digits "
                    f"before it ({RIICHI_HINT})"
                )
            digits = ""
        elif ch.isspace() and not digits:
            continue
        elif ch.isspace():
            raise InvalidTileError(
                f"{what} {text!r}: digits {digits!r} before position {pos} have no suit letter "
                f"({RIICHI_HINT})"
            )
        else:
            raise InvalidTileError(
                f"{what} {text!r}: unexpected {ch!r} at position {pos} ({RIICHI_HINT})"
            )
    if digits:
        raise InvalidTileError(
            f"{what} {text!r}: digits {digits!r} have no suit letter ({RIICHI_HINT})"
        )
    return text


def riichi_tiles(text: str, what: str) -> Tiles:
    """Tiles from MPSZ text (see :func:`check_mpsz`)."""
    return Tiles(check_mpsz(text, what))


def hand_tiles(text: str) -> Tiles:
    """The concealed hand; an empty one is refused in words a player understands."""
    if not text.strip():
        raise InvalidHandError('empty hand: give the concealed tiles, e.g. "123m456p789s1122z"')
    return riichi_tiles(text, "hand")


def wind(text: str) -> str:
    """A wind given as E/S/W/N or east/south/west/north, any case, as its letter."""
    letter = WIND_WORDS.get(text.strip().lower(), text.strip().upper())
    if len(letter) != 1 or letter not in WINDS:
        raise argparse.ArgumentTypeError(f"{text!r} is not a wind (E, S, W or N)")
    return letter


def count(text: str) -> int:
    """A whole number of sticks or counters, 0 or more."""
    try:
        value = int(text)
    except ValueError:
        value = -1
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number (0 or more)")
    return value


def parse_meld(text: str) -> Meld:
    """A meld written "pon 555z" or "chi 0m67m" (kind, then tiles; the first tile is called)."""
    words = text.split()
    if len(words) != 2 or words[0] not in MELD_WORDS:
        raise InvalidArgumentError(
            f"meld {text!r} should be a kind ({', '.join(sorted(MELD_WORDS))}) and its tiles, "
            'e.g. "pon 555z"'
        )
    kind = "daiminkan" if words[0] == "minkan" else words[0]
    tiles = riichi_tiles(words[1], "meld")
    called = None if kind == "ankan" else tiles.kinds()[0]
    return Meld(kind, tiles, called=called)  # type: ignore[arg-type]


class ContextOption(NamedTuple):
    """One command-line flag of ``mahjong score`` and the WinContext keyword it sets.

    A switch when `default` is False; otherwise an option taking a value through `type`.
    """

    flag: str
    keyword: str
    help: str
    default: object = False
    type: Callable[[str], Any] = str
    metavar: str | None = None


def _indicators(text: str) -> str:
    try:
        return check_mpsz(text, "indicators")
    except InvalidTileError as error:  # argparse would print only "invalid value"
        raise argparse.ArgumentTypeError(str(error)) from None


def _switch(keyword: str, meaning: str) -> ContextOption:
    """A yes/no circumstance of WinContext.FLAGS as a switch: `open_riichi` -> `--open-riichi`."""
    text = meaning.rstrip(".")
    return ContextOption("--" + keyword.replace("_", "-"), keyword, text[0].lower() + text[1:])


# The yes/no circumstances come from WinContext.FLAGS (a new one needs no line here); the
# options that take a value follow, one line each.
CONTEXT_OPTIONS: tuple[ContextOption, ...] = (
    *(_switch(keyword, meaning) for keyword, meaning in WinContext.FLAGS),
    ContextOption(
        "--seat", "seat_wind", "the winner's seat wind; E is the dealer", "S", wind, "WIND"
    ),
    ContextOption("--round", "round_wind", "the round wind", "E", wind, "WIND"),
    ContextOption(
        "--dora", "dora_indicators", "dora indicators, e.g. 1m4p", "", _indicators, "TILES"
    ),
    ContextOption(
        "--ura", "ura_indicators", "ura indicators (riichi only)", "", _indicators, "TILES"
    ),
    ContextOption("--honba", "honba", "honba counters on the table", 0, count, "N"),
    ContextOption("--sticks", "riichi_sticks", "riichi deposits on the table", 0, count, "N"),
    ContextOption(
        "--discarder", "discarder", "seat wind that dealt in the winning tile", None, wind, "WIND"
    ),
    ContextOption("--liable", "liable", "seat wind liable (pao) for a yakuman", None, wind, "WIND"),
    ContextOption("--kita", "kita", "Norths the winner set aside (three players)", 0, count, "N"),
)


def add_context_options(parser: argparse.ArgumentParser) -> None:
    """Adds one flag per :data:`CONTEXT_OPTIONS` row."""
    for o in CONTEXT_OPTIONS:
        if o.default is False:
            parser.add_argument(o.flag, dest=o.keyword, action="store_true", help=o.help)
        else:
            parser.add_argument(
                o.flag,
                dest=o.keyword,
                default=o.default,
                type=o.type,
                metavar=o.metavar,
                help=o.help,
            )


def context_from(args: argparse.Namespace) -> WinContext:
    """The WinContext the command-line flags describe."""
    for keyword, flag in (("discarder", "--discarder"), ("liable", "--liable")):
        if getattr(args, keyword) == args.seat_wind:
            raise InvalidArgumentError(
                f"{flag} {args.seat_wind} is the winner's own seat (--seat {args.seat_wind})"
            )
    return WinContext(**{o.keyword: getattr(args, o.keyword) for o in CONTEXT_OPTIONS})


# --- analyze -------------------------------------------------------------------------------


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


def describe_shanten(shanten: int) -> str:
    """``"complete"``, ``"tenpai"`` or ``"2 away from tenpai"``."""
    return {-1: "complete", 0: "tenpai"}.get(shanten, f"{shanten} away from tenpai")


def _tiles_text(tiles: dict[str, int]) -> str:
    return " ".join(f"{name}({left})" for name, left in tiles.items()) or "-"


def print_report(report: dict[str, Any]) -> None:
    """Prints an :func:`analyze` report as plain text."""
    forms = ", ".join(f"{form} {value}" for form, value in report["by_form"].items())
    print(f"Hand     {report['hand']} ({plural(report['tiles'], 'tile')})")
    print(f"Shanten  {report['shanten']} ({describe_shanten(report['shanten'])}); {forms}")
    if "waits" in report:
        waits = " ".join(report["waits"]) or "none"
        print(f"Waits    {waits}")
        u = report["ukeire"]
        print(f"Ukeire   {plural(u['total'], 'tile')}: {_tiles_text(u['tiles'])}")
        return
    for text in report["decompositions"]:
        print(f"Reading  {text}")
    if report["shanten"] >= 0:
        print("Discard  Shanten  Ukeire  Draws")
        for u in report["discards"]:
            print(f"{u['discard']:<8} {u['shanten']:<8} {u['total']:<7} {_tiles_text(u['tiles'])}")


def _shanten_style(shanten: int) -> str:
    return {-1: "bold green", 0: "green"}.get(shanten, "yellow")


def show_report(report: dict[str, Any], console: Console) -> None:
    """Prints an :func:`analyze` report as rich tables."""
    shanten = report["shanten"]
    console.print(
        f"[bold]{escape(report['hand'])}[/]  {plural(report['tiles'], 'tile')}  "
        f"[{_shanten_style(shanten)}]{describe_shanten(shanten)}[/]"
    )
    forms = Table("Form", "Shanten", box=box.SIMPLE, title="Shanten by form", title_justify="left")
    for form, value in report["by_form"].items():
        forms.add_row(form, f"[{_shanten_style(value)}]{value}[/]")
    console.print(forms)
    if "waits" in report:
        u = report["ukeire"]
        waits = " ".join(report["waits"]) or "none"
        table = Table("Draw", "Left", box=box.SIMPLE, title=f"Waits {waits}", title_justify="left")
        for name, left in u["tiles"].items():
            table.add_row(name, str(left))
        table.add_row("[bold]total[/]", f"[bold]{u['total']}[/]")
        console.print(table)
        return
    if report["decompositions"]:
        readings = Table("Reading", box=box.SIMPLE)
        for text in report["decompositions"]:
            readings.add_row(escape(text))
        console.print(readings)
    if shanten >= 0:
        table = Table("Discard", "Shanten", "Ukeire", "Draws", box=box.SIMPLE_HEAD)
        for u in report["discards"]:
            table.add_row(
                f"[bold]{u['discard']}[/]",
                f"[{_shanten_style(u['shanten'])}]{u['shanten']}[/]",
                str(u["total"]),
                _tiles_text(u["tiles"]),
            )
        console.print(table)


def emit(
    args: argparse.Namespace,
    data: dict[str, Any],
    show: Callable[[Console], None],
    plain: Callable[[], None],
) -> int:
    """Prints `data` as JSON with ``--json``, else through `show` on a terminal (rich) or
    `plain` (a pipe, a file)."""
    console = make_console()
    if args.json:
        print(json.dumps(data, indent=2))
    elif console.is_terminal:
        show(console)
    else:
        plain()
    return 0


def run_analyze(args: argparse.Namespace) -> int:
    """Runs ``mahjong analyze``."""
    report = analyze(hand_tiles(args.hand), riichi_tiles(args.visible, "--visible"))
    return emit(
        args, report, lambda console: show_report(report, console), lambda: print_report(report)
    )


# --- score ---------------------------------------------------------------------------------


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


def fu_text(result: ScoreResult) -> str:
    """The fu as a sum: ``"20 base + 10 open hand raised to 30 = 30 fu"``."""
    parts = " + ".join(f"{value} {what}" for what, value in result.fu_breakdown)
    total = sum(value for _, value in result.fu_breakdown)
    rounded = f"{total}, rounded up to {result.fu} fu" if total != result.fu else f"{total} fu"
    return f"{parts} = {rounded}"


def _value_text(result: ScoreResult) -> str:
    if result.yakuman_units:
        return plural(result.yakuman_units, "yakuman", "yakuman")
    limit = f" ({'kazoe ' if result.kazoe else ''}{result.limit})" if result.limit else ""
    return f"{result.han} han {result.fu} fu{limit}"


def _payer(payer: int | None) -> str:
    return "discarder" if payer is None else WINDS[payer]


def print_result(result: ScoreResult) -> None:
    """Prints a ScoreResult as plain text."""
    print(f"Reading   {result.decomposition}  ({result.decomposition.wait} wait)")
    if not result.is_win:
        print("No yaku: this hand cannot be won (dora do not count as yaku).")
        return
    for y in result.yakuman:
        print(f"Yakuman   {y.romaji:<24} {y.name} x{y.yakuman}")
    for y in result.yaku:
        print(f"Yaku      {y.romaji:<24} {y.han} han  {y.name}")
    print(f"Value     {_value_text(result)}")
    if not result.yakuman_units:
        print(f"Fu        {fu_text(result)}")
    print(f"Points    {result.points}")
    for payer, amount in result.payments:
        print(f"Pays      {_payer(payer):<10} {amount}")
    print(f"Winner    +{result.gain}")


def show_result(result: ScoreResult, console: Console) -> None:
    """Prints a ScoreResult as rich tables."""
    reading = escape(str(result.decomposition))
    console.print(f"[bold]{reading}[/]  ({result.decomposition.wait} wait)")
    if not result.is_win:
        console.print("[red]No yaku:[/] this hand cannot be won (dora do not count as yaku).")
        return
    yaku = Table("Yaku", "Name", "Han", box=box.SIMPLE_HEAD)
    for y in result.yakuman:
        yaku.add_row(f"[bold magenta]{y.romaji}[/]", y.name, f"yakuman x{y.yakuman}")
    for y in result.yaku:
        yaku.add_row(y.romaji, y.name, str(y.han))
    console.print(yaku)
    if not result.yakuman_units:
        fu = Table("Fu for", "Fu", box=box.SIMPLE_HEAD)
        for what, value in result.fu_breakdown:
            fu.add_row(what, str(value))
        total = sum(value for _, value in result.fu_breakdown)
        if total != result.fu:
            fu.add_row("rounded up", f"+{result.fu - total}")
        fu.add_row("[bold]total[/]", f"[bold]{result.fu}[/]")
        console.print(fu)
    console.print(f"[bold green]{_value_text(result)}: {result.points} points[/]")
    pays = Table("Pays", "Points", box=box.SIMPLE_HEAD)
    for payer, amount in result.payments:
        pays.add_row(_payer(payer), str(amount))
    pays.add_row("[bold]winner gains[/]", f"[bold green]+{result.gain}[/]")
    console.print(pays)


def run_score(args: argparse.Namespace) -> int:
    """Runs ``mahjong score``."""
    rules = rules_from(args, Ruleset)
    result = riichi.score(
        hand_tiles(args.hand),
        check_mpsz(args.win, "--win"),
        melds=[parse_meld(m) for m in args.meld],
        context=context_from(args),
        rules=rules,
    )
    return emit(
        args,
        result_dict(result),
        lambda console: show_result(result, console),
        lambda: print_result(result),
    )


# --- convert -------------------------------------------------------------------------------


def run_convert(args: argparse.Namespace) -> int:
    """Runs ``mahjong convert``: the record's events as mjai JSON lines."""
    events = tenhou.load_record(args.file)
    text = mjai.dumps_events(events)
    if args.output is None:
        sys.stdout.write(text)
        return 0
    with atomic_file(args.output) as out:
        out.write(text)

    deals = sum(1 for e in events if e["type"] == "start_kyoku")
    print(f"{args.output}: {plural(deals, 'deal')}, {plural(len(events), 'event')}")
    return 0


# --- replay --------------------------------------------------------------------------------


def run_replay(args: argparse.Namespace) -> int:
    """Runs ``mahjong replay``: one line per deal, exit 1 when any deal does not replay."""
    events = replay.load_log(args.file)
    rules = rules_from(args, Ruleset, replay.default_rules(events))
    reports = replay.replay_loaded(events, args.file, rules)
    for number, report in enumerate(reports, 1):
        print(f"deal {number} {report}")
    bad = sum(not r.ok for r in reports)
    print(
        f"{plural(len(reports), 'deal')}: {len(reports) - bad} ok, "
        f"{plural(bad, 'mismatch', 'mismatches')}"
    )
    return 1 if bad else 0


# --- parsers -------------------------------------------------------------------------------


def _add_hand_command(
    families: Any,
    run: Callable[[argparse.Namespace], int],
    hand_help: str,
    **texts: str,
) -> argparse.ArgumentParser:
    """The Riichi parser of a verb taking a hand, with ``--json``; `texts` are help,
    description and epilog."""
    p: argparse.ArgumentParser = families.add_parser("riichi", **texts)
    p.add_argument("hand", help=hand_help)
    p.add_argument("--json", action="store_true", help="print JSON instead of text or tables")
    p.set_defaults(run=run)
    return p


def add_analyze(families: Any) -> None:
    """Adds ``analyze riichi`` to the ``analyze`` verb."""
    p = _add_hand_command(
        families,
        run_analyze,
        'concealed tiles in MPSZ notation, e.g. "123m456p789s1122z"',
        help="shanten, waits, ukeire and decompositions of a Riichi hand",
        description="Analyse a Riichi hand: shanten by form, then the waits (13 tiles), the "
        "improving draws (3n+1 tiles) or the best discards and every reading (3n+2 tiles).",
        epilog=ANALYZE_EXAMPLES,
    )
    p.add_argument(
        "--visible", default="", metavar="TILES", help="tiles seen outside the hand (MPSZ)"
    )


def add_score(families: Any) -> None:
    """Adds ``score riichi`` to the ``score`` verb."""
    p = _add_hand_command(
        families,
        run_score,
        'concealed tiles, winning tile optional, e.g. "234m456p678s34s88p"',
        help="yaku, han, fu and payments of a Riichi win",
        description="Score a Riichi win. Seats are seat winds; E is the dealer. Without "
        "--tsumo the win is a ron.",
        epilog=SCORE_EXAMPLES,
    )
    p.add_argument("--win", required=True, metavar="TILE", help="the winning tile, e.g. 5s")
    p.add_argument(
        "--meld",
        action="append",
        default=[],
        metavar="MELD",
        help='a declared meld, e.g. "pon 555z" or "ankan 9999s" (repeatable)',
    )
    add_context_options(p)
    add_rules_options(p, Ruleset.presets(), "seed", RULE_EXAMPLE)


def add_convert(families: Any) -> None:
    """Adds ``convert riichi`` to the ``convert`` verb."""
    p = families.add_parser(
        "riichi",
        help="convert a Tenhou game record to an mjai JSON-lines log",
        description="Convert a four-player or three-player Tenhou game record (mjlog XML or "
        "tenhou.net/6 JSON, told apart by content) to mjai JSON lines, one event per line, "
        "with yaku, han, fu and points on each win and the kind of draw on each draw.",
        epilog=CONVERT_EXAMPLES,
    )
    p.add_argument("file", help="the record: a .mjlog/.xml or tenhou.net/6 .json/.jsonl file")
    p.add_argument("--to", default="mjai", choices=["mjai"], help="output format")
    p.add_argument(
        "-o", "--output", metavar="OUT", help="write the log to OUT instead of standard output"
    )
    p.set_defaults(run=run_convert)


def add_replay(families: Any) -> None:
    """Adds ``replay riichi`` to the ``replay`` verb."""
    p = families.add_parser(
        "riichi",
        help="replay a Riichi log (mjai or Tenhou) and compare every result",
        description="Replay every deal of a game log through the engine: an mjai JSON-lines "
        "log or a Tenhou record (mjlog XML or tenhou.net/6 JSON), four-player or three-player "
        "(under tenhou-sanma unless --rules says otherwise). The wall is "
        "rebuilt from the log, each action must be one the engine offers, and the winners, "
        "yaku, han, fu, points, score changes, kind of draw, tenpai and final scores must "
        "equal the log's. Prints one line per deal; exits with 1 if any deal does not match.",
        epilog=REPLAY_EXAMPLES,
    )
    p.add_argument("file", help="the log: an mjai .jsonl file, or a Tenhou .mjlog/.json record")
    add_rules_options(
        p,
        Ruleset.presets(),
        "auto",
        RULE_EXAMPLE,
        " (auto: tenhou, or tenhou-sanma for a three-player log)",
    )
    p.set_defaults(run=run_replay)
