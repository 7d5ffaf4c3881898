"""The ``mahjong play [riichi|american]`` command: its options, and starting the table in this
terminal or, with ``--web``, in a browser.

The table needs the optional extra ``play`` (textual for the terminal, aiohttp for the web
table), imported only when a game starts, so that the rest of the command line works without
it.
"""

from __future__ import annotations

import argparse
import importlib
import json
import shlex
import sys
from collections.abc import Sequence
from typing import IO, Any

from mahjong import registry
from mahjong.arguments import (
    add_card_option,
    add_hosting_options,
    add_rules_options,
    add_verb,
    hosting_from,
    rules_from,
    seconds,
    seed,
    whole_number,
)
from mahjong.errors import InvalidArgumentError
from mahjong.play.family import Family
from mahjong.play.session import random_seed
from mahjong.play.setup import make_family
from mahjong.riichi.mjai_host import Hosting

EXAMPLES = """\
examples:
  mahjong play riichi
  mahjong play riichi --seed 7 --rules tenhou --delay 0.3
  mahjong play riichi --set game_length=tonpuusen --ascii
  mahjong play riichi --web --port 8000
  mahjong play riichi --rules tenhou-sanma
  mahjong play riichi --agents "efficiency,mjai:mahjong bot riichi,random"
  mahjong play riichi --web --no-browser --host 0.0.0.0
  mahjong play american
  mahjong play american --card house-2026 --rules table --seed 3 --delay 0.3
  mahjong play american --web --port 8001
"""
INSTALL_HINT = "mahjong play needs the play extra: pip install 'mahjong-engine[play]'"
DESCRIPTIONS: dict[registry.Family, tuple[str, str]] = {
    "riichi": (
        "Riichi: you are East in the first deal, against three ExpertAgents",
        "Play Riichi against three ExpertAgents (two StrongAgents under three-player rules such\n"
        "as --rules tenhou-sanma); you are seat 0 (East in the first deal). Keys: arrows and\n"
        "Enter discard, w win, r riichi, c/p/k chi/pon/kan, n kita (three players), x pass,\n"
        "h help with your hand, ? all keys, n next deal (or a new game), s save the log,\n"
        "q quit. The mouse works too: click a tile to select it, click it again (or a button)\n"
        "to confirm.",
    ),
    "american": (
        "American (NMJL style): you against three AIs, with the Charleston",
        "Play American Mahjong against three AIs (the American expert unless --agents says\n"
        "otherwise); you are seat 0. Keys: arrows and Enter pick tiles to pass in the\n"
        "Charleston (p passes them) or discard, b blind pass, g/t vote, 0-3 the courtesy\n"
        "offer, e expose, m Mah Jongg, j joker exchange, x pass,\n"
        "h the nearest card hands, c the card, ? all keys, n next game, s save the log, q quit.",
    ),
}


games = whole_number(1, None, "1 or more")
port = whole_number(1, 65535, "a port (1..65535)")


def add_table_options(parser: argparse.ArgumentParser, family: registry.Family) -> None:
    """The options of a family's table (``mahjong play <family>`` and ``python -m
    mahjong.play.command <family>`` share them)."""
    from mahjong.american import AmericanRules
    from mahjong.riichi import Ruleset

    if family == "riichi":
        add_rules_options(parser, Ruleset.presets(), "seed", "kiriage=true")
    else:
        add_rules_options(parser, AmericanRules.presets(), "nmjl", "courtesy_pass=false")
        add_card_option(parser)
        parser.add_argument(
            "--games", type=games, default=4, metavar="N", help="games in the session"
        )
    own = registry.TABLE_DEFAULT[family]
    parser.add_argument(
        "--agents",
        metavar="A,B,C",
        help=f"the AIs of seats 1, 2 and 3 (1 and 2 under three-player rules), separated by "
        f"commas (default in each: {own}); names as in "
        "mahjong sim" + (", mjai:COMMAND among them" if family == "riichi" else ""),
    )
    if family == "riichi":
        add_hosting_options(parser, list(registry.AGENTS["riichi"]))
    parser.add_argument(
        "--seed", type=seed, metavar="S", help="seed of every wall (default: a random one)"
    )
    parser.add_argument(
        "--delay", type=seconds, default=0.6, metavar="SECONDS", help="pause after each AI action"
    )
    parser.add_argument(
        "--ascii",
        action="store_true",
        help="plain-text tiles instead of mahjong glyphs (also chosen when the terminal "
        "cannot show them)",
    )
    parser.add_argument(
        "--log", metavar="FILE", help=f"where s saves the log, instead of {family}-seedS.jsonl"
    )


def add_families(
    subparsers: Any, *, web: bool, epilog: str | None = None
) -> dict[str, argparse.ArgumentParser]:
    """A parser per family under `subparsers`, with ``--web`` and ``--port`` when `web`."""
    parsers: dict[str, argparse.ArgumentParser] = {}
    for family, (short, long) in DESCRIPTIONS.items():
        parser: argparse.ArgumentParser = subparsers.add_parser(
            family,
            help=short,
            description=long,
            epilog=epilog,
        )
        add_table_options(parser, family)
        if web:
            parser.add_argument(
                "--web",
                action="store_true",
                help="serve the table to a web browser (http://HOST:PORT/) instead of the terminal",
            )
            parser.add_argument(
                "--port", type=port, default=8000, metavar="N", help="port of --web"
            )
            parser.add_argument(
                "--host",
                default="127.0.0.1",
                metavar="HOST",
                help="address --web listens on (another than 127.0.0.1 lets other machines play)",
            )
            parser.add_argument(
                "--no-browser",
                action="store_true",
                help="with --web: do not open a browser on the table",
            )
        parsers[family] = parser
    return parsers


def add_command(commands: Any) -> None:
    """Adds ``play [riichi|american]`` to the ``mahjong`` command's verbs."""
    families = add_verb(
        commands,
        "play",
        help="play against three AIs (textual; the play extra)",
        description="Play a game against three built-in AIs in the terminal or, with --web, "
        "in a browser: mahjong play riichi (the default) or mahjong play american.",
        epilog=EXAMPLES,
    )
    for parser in add_families(families, web=True, epilog=EXAMPLES).values():
        parser.set_defaults(run=run)


def family_from(
    args: argparse.Namespace,
    hosting: Hosting | None = None,
    preset: str | None = None,
    card: str | None = None,
) -> Family[Any]:
    """The family the options describe (a bad rule, card or agent is a one-line error here),
    its ``mjai:COMMAND`` AIs hosted by `hosting`; `preset` and `card` (a new game the web page
    asks for) replace the options' rules (with their ``--set``) and card."""
    if args.family == "riichi":
        from mahjong.riichi import Ruleset

        chosen = Ruleset.from_dict({"preset": preset}) if preset else rules_from(args, Ruleset)
        return make_family(
            "riichi", chosen, agents=args.agents, hosting=hosting or hosting_from(args)
        )
    from mahjong.american import AmericanRules, Card

    rules = (
        AmericanRules.from_dict({"preset": preset}) if preset else rules_from(args, AmericanRules)
    )
    return make_family(
        "american", rules, card=Card.load(card or args.card), games=args.games, agents=args.agents
    )


def again_command(args: argparse.Namespace, seed: int) -> str:
    """The ``mahjong play`` command that deals the game of `seed` again: the family, the
    options that shape the game when they differ from their defaults, and the seed."""
    defaults = table_parser("mahjong play").parse_args([args.family])
    words = ["mahjong", "play", args.family]
    for name in ("rules", "card", "games", "agents"):
        value = getattr(args, name, None)
        if value != getattr(defaults, name, None):
            words += [f"--{name}", str(value)]
    for name, value in args.set:
        text = value if isinstance(value, str) else json.dumps(value)
        words += ["--set", f"{name}={text}"]
    return shlex.join([*words, "--seed", str(seed)])


def _is_terminal(stream: IO[str] | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # a closed stream
        return False


def run(args: argparse.Namespace) -> int:
    """Runs the table in this terminal (printing the seed at launch, and at the end how to
    deal each game again and what hosted Mjai bots did), or serves it with ``--web``."""
    family_from(args)  # a bad rule, card or agent fails here, before anything opens
    if args.web:
        try:
            importlib.import_module("aiohttp")
            from mahjong.play import web
        except ImportError as error:
            raise InvalidArgumentError(f"{INSTALL_HINT} ({error})") from None
        seed = "a random one per browser tab" if args.seed is None else args.seed
        web.serve(web_server(args), args.host, args.port, seed, browser=not args.no_browser)
        return 0
    try:
        importlib.import_module("mahjong.play.app")
    except ImportError as error:
        raise InvalidArgumentError(f"{INSTALL_HINT} ({error})") from None
    if not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)):
        raise InvalidArgumentError(
            f"mahjong play {args.family} needs a terminal, and standard input or output is not "
            "one (closed, a file or a pipe); run it in a terminal, or with --web in a browser"
        )
    if args.seed is None:
        args.seed = random_seed()
    print(f"seed {args.seed}", flush=True)
    problems: list[str] = []  # a bot's problems, told once the table has closed
    hosting = hosting_from(args, report=problems.append) if args.family == "riichi" else None
    table = table_app(args, hosting)
    try:
        table.run()
    finally:
        table.session.close()
    for played in table.session.seeds:
        print(f"{again_command(args, played)} deals that game again")
    for line in problems + (hosting.lines() if hosting else []):
        print(line)
    return 0


def table_app(args: argparse.Namespace, hosting: Hosting | None = None) -> Any:
    """The terminal table (:class:`~mahjong.play.app.PlayApp`) the options describe (a
    random seed unless ``--seed`` is given), its ``mjai:COMMAND`` AIs hosted by `hosting`."""
    from mahjong.play.app import PlayApp
    from mahjong.play.glyphs import unicode_ok
    from mahjong.play.session import Session

    seed = args.seed if args.seed is not None else random_seed()
    return PlayApp(
        Session(family_from(args, hosting), seed),
        delay=args.delay,
        ascii_tiles=args.ascii or not unicode_ok(),
        log=args.log,
    )


def web_server(args: argparse.Namespace) -> Any:
    """The web table's :class:`~mahjong.play.web.server.Server` the options describe: a new
    game takes the options' rules (with their ``--set``), or a preset / card the page
    names."""
    from mahjong.play.web.server import Server

    def make(preset: str | None, card: str | None) -> Family[Any]:
        return family_from(args, preset=preset, card=card)

    make(None, None)  # a bad option fails here, before anything is served
    common: dict[str, Any] = {"seed": args.seed, "delay": args.delay, "host": args.host}
    if args.family == "riichi":
        from mahjong.riichi import Ruleset

        return Server(make, "riichi", list(Ruleset.presets()), args.rules, **common)
    from mahjong.american import AmericanRules, Card

    cards = list(Card.builtin_names())
    if args.card not in cards:
        cards.insert(0, args.card)
    presets = list(AmericanRules.presets())
    return Server(make, "american", presets, args.rules, cards=cards, card=args.card, **common)


def table_parser(prog: str) -> argparse.ArgumentParser:
    """The parser of ``python -m mahjong.play.command``: a family and its table's options."""
    parser = argparse.ArgumentParser(prog=prog, description="The table of mahjong play.")
    add_families(parser.add_subparsers(dest="family", required=True), web=False)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mahjong.play.command riichi|american [options]``: the table in this
    terminal (as ``mahjong play`` opens it)."""
    table = table_app(table_parser("python -m mahjong.play.command").parse_args(argv))
    try:
        table.run()
    finally:
        table.session.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
