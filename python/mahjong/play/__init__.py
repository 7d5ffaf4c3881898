"""``mahjong play``: play against the built-in AIs in a terminal or a browser.

The user interface needs the optional extra ``play`` (textual and textual-serve), imported
only when a game starts, so the rest of the command line works without it.
"""

from __future__ import annotations

import argparse
import math
import shlex
import sys
from typing import IO, Any

from mahjong.arguments import add_verb
from mahjong.errors import InvalidArgumentError

PLAY_EXAMPLES = """\
examples:
  mahjong play riichi
  mahjong play riichi --seed 7 --rules tenhou --delay 0.3
  mahjong play riichi --ascii
  mahjong play riichi --web --port 8000
  mahjong play american
  mahjong play american --card house-2026 --rules table --seed 3 --delay 0.3
  mahjong play american --ascii --web --port 8001
"""

INSTALL_HINT = "mahjong play needs the play extra: pip install 'mahjong-engine[play]'"


def add_command(commands: Any) -> None:
    """Adds ``play [riichi|american]`` to the ``mahjong`` command's verbs."""
    games = add_verb(
        commands,
        "play",
        help="play against three AIs (textual; the play extra)",
        description="Play a game against three built-in AIs in the terminal or, with --web, "
        "in a browser: mahjong play riichi (the default) or mahjong play american.",
        epilog=PLAY_EXAMPLES,
    )
    riichi: argparse.ArgumentParser = games.add_parser(
        "riichi",
        help="Riichi: you are East in the first deal, the AIs the other seats",
        description=(
            "Play Riichi against three EfficiencyAgents; you are seat 0 (East in the first\n"
            "deal). Keys: arrows and Enter discard, w win, r riichi, c/p/k chi/pon/kan, x pass,\n"
            "h help with your hand, ? all keys, n next deal, s save the log, q quit. The mouse\n"
            "works too: click a tile to select it, click it again (or a button) to confirm."
        ),
        epilog=PLAY_EXAMPLES,
    )
    add_riichi_arguments(riichi)
    riichi.add_argument(
        "--web", action="store_true", help="serve the game in a browser on 127.0.0.1"
    )
    riichi.add_argument("--port", type=int, default=8000, metavar="N", help="port of --web")
    riichi.set_defaults(run=run_riichi)
    american: argparse.ArgumentParser = games.add_parser(
        "american",
        help="American (NMJL style): you against three CardAgents, with the Charleston",
        description=(
            "Play American Mahjong against three CardAgents; you are seat 0. Keys: arrows and\n"
            "Enter pass a tile in the Charleston or discard, b blind pass, g/t vote, 0-3 the\n"
            "courtesy offer, e expose, m Mah Jongg, j joker exchange, x pass, h the nearest card\n"
            "hands, c the card, ? all keys, n next game, s save the log, q quit. The mouse works\n"
            "too: click a tile to select it, click it again (or a button) to confirm."
        ),
        epilog=PLAY_EXAMPLES,
    )
    add_american_arguments(american)
    american.add_argument(
        "--web", action="store_true", help="serve the game in a browser on 127.0.0.1"
    )
    american.add_argument("--port", type=int, default=8000, metavar="N", help="port of --web")
    american.set_defaults(run=run_american)


def add_riichi_arguments(riichi: argparse.ArgumentParser) -> None:
    """The options of the Riichi table itself (shared with ``python -m
    mahjong.play.riichi_app``)."""
    from mahjong.riichi import Ruleset

    riichi.add_argument("--rules", default="seed", choices=Ruleset.presets(), help="ruleset preset")
    riichi.add_argument("--seed", type=int, default=0, metavar="S", help="seed of every wall")
    riichi.add_argument(
        "--delay", type=float, default=0.6, metavar="SECONDS", help="pause after each AI action"
    )
    riichi.add_argument(
        "--ascii",
        action="store_true",
        help="plain-text tiles instead of mahjong glyphs (also chosen when the terminal "
        "cannot show them)",
    )
    riichi.add_argument("--log", metavar="FILE", help="where s saves the log (riichi-seedS.jsonl)")


def add_american_arguments(american: argparse.ArgumentParser) -> None:
    """The options of the American table itself (shared with ``python -m
    mahjong.play.american_app``)."""
    from mahjong.american import AmericanRules

    american.add_argument(
        "--card", default="house-2026", metavar="CARD", help="built-in card or card TOML file"
    )
    american.add_argument(
        "--rules", default="nmjl", choices=AmericanRules.presets(), help="rules preset"
    )
    american.add_argument("--seed", type=int, default=0, metavar="S", help="seed of every wall")
    american.add_argument("--games", type=int, default=4, metavar="N", help="games in the session")
    american.add_argument(
        "--delay", type=float, default=0.6, metavar="SECONDS", help="pause after each AI action"
    )
    american.add_argument(
        "--ascii",
        action="store_true",
        help="plain-text tiles instead of mahjong glyphs (also chosen when the terminal "
        "cannot show them)",
    )
    american.add_argument(
        "--log", metavar="FILE", help="where s saves the log (american-seedS.jsonl)"
    )


def app_argv(args: argparse.Namespace) -> list[str]:
    """The options of the app itself, as ``python -m mahjong.play.riichi_app`` takes them."""
    argv = ["--rules", args.rules, "--seed", str(args.seed), "--delay", str(args.delay)]
    if args.ascii:
        argv.append("--ascii")
    if args.log:
        argv += ["--log", args.log]
    return argv


def check_delay(delay: float) -> None:
    """``--delay`` is a number of seconds, 0 or more (not NaN, not infinite)."""
    if not (math.isfinite(delay) and delay >= 0):
        raise InvalidArgumentError(f"--delay must be 0 or more seconds, got {delay}")


def _is_terminal(stream: IO[str] | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except ValueError:  # a closed stream
        return False


def check_terminal(game: str) -> None:
    """A table in this terminal needs one: standard input and output both terminals."""
    if not (_is_terminal(sys.stdin) and _is_terminal(sys.stdout)):
        raise InvalidArgumentError(
            f"mahjong play {game} needs a terminal, and standard input or output is not one "
            "(closed, a file or a pipe); run it in a terminal, or with --web in a browser"
        )


def run_riichi(args: argparse.Namespace) -> int:
    """Runs the Riichi table in this terminal, or serves it with ``--web``."""
    check_delay(args.delay)
    try:
        if args.web:
            from textual_serve.server import Server
        from mahjong.play import riichi_app
    except ImportError as error:
        raise InvalidArgumentError(f"{INSTALL_HINT} ({error})") from None
    if args.web:
        if not 0 < args.port < 65536:
            raise InvalidArgumentError(f"--port must be 1..65535, got {args.port}")
        command = shlex.join([sys.executable, "-m", "mahjong.play.riichi_app", *app_argv(args)])
        server = Server(command, host="127.0.0.1", port=args.port, title="mahjong play riichi")
        server.serve()
        return 0
    check_terminal("riichi")
    return riichi_app.main(app_argv(args))


def american_app_argv(args: argparse.Namespace) -> list[str]:
    """The options of the American app, as ``python -m mahjong.play.american_app`` takes them."""
    argv = ["--card", args.card, "--rules", args.rules, "--seed", str(args.seed)]
    argv += ["--games", str(args.games), "--delay", str(args.delay)]
    if args.ascii:
        argv.append("--ascii")
    if args.log:
        argv += ["--log", args.log]
    return argv


def run_american(args: argparse.Namespace) -> int:
    """Runs the American table in this terminal, or serves it with ``--web``."""
    check_delay(args.delay)
    if args.games < 1:
        raise InvalidArgumentError(f"--games must be 1 or more, got {args.games}")
    try:
        if args.web:
            from textual_serve.server import Server
        from mahjong.play import american_app
    except ImportError as error:
        raise InvalidArgumentError(f"{INSTALL_HINT} ({error})") from None
    from mahjong.american import Card

    Card.load(args.card)  # a wrong card is a one-line error before the table opens
    if args.web:
        if not 0 < args.port < 65536:
            raise InvalidArgumentError(f"--port must be 1..65535, got {args.port}")
        argv = american_app_argv(args)
        command = shlex.join([sys.executable, "-m", "mahjong.play.american_app", *argv])
        server = Server(command, host="127.0.0.1", port=args.port, title="mahjong play american")
        server.serve()
        return 0
    check_terminal("american")
    return american_app.main(american_app_argv(args))
