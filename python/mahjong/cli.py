"""The ``mahjong`` command: ``mahjong <verb> [riichi|american] ...``.

Every verb that exists for both families takes the family after it (``mahjong sim american``),
Riichi when left out; the older ``mahjong american <verb>`` still works (see
:mod:`mahjong.arguments`). The families' parsers are in :mod:`mahjong.riichi.cli`,
:mod:`mahjong.american.cli`, :mod:`mahjong.sim` and :mod:`mahjong.play`. This module builds the
parser and turns every
expected failure into one line on stderr: a :class:`~mahjong.errors.MahjongError` exits with 2,
a closed output pipe (``mahjong ... --json | head``) quietly with 141, as ``cat`` would.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Mapping, Sequence
from importlib import metadata
from typing import Any, NoReturn

import mahjong
from mahjong import sim
from mahjong._records import read_head
from mahjong.american import cli as american_cli
from mahjong.arguments import add_verb, positional, with_family
from mahjong.errors import InvalidArgumentError, MahjongError
from mahjong.play import command as play_command
from mahjong.riichi import bot
from mahjong.riichi import cli as riichi_cli

DESCRIPTION = (
    "Mahjong from the command line: analyse and score Riichi hands (tiles in MPSZ notation, "
    'e.g. "123m406p789s11z", 0 = red five), and check American hands against a card.'
)

EXAMPLES = """\
examples:
  mahjong analyze "123m456p789s1122z"
  mahjong analyze american "F F 2C 0 2C 6C 6D 6D 6D 6B 6B J J 9C"
  mahjong score "234m456p678s34s88p" --win 5s --tsumo
  mahjong sim --games 100 --seed 1
  mahjong sim american --games 20
  mahjong play
  mahjong card
  mahjong replay game.jsonl
  echo '[{"type":"start_game","id":0}]' | mahjong bot riichi 0

Run "mahjong VERB FAMILY --help" (e.g. "mahjong sim american --help") for the options.
"""

# Exit status of a process whose output pipe closed (128 + SIGPIPE), as `cat` or `yes` report.
EXIT_BROKEN_PIPE = 141
EXIT_USAGE = 2


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Keeps the example epilogs as written and ends every option's help with its default."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if not action.option_strings or action.required or action.default is argparse.SUPPRESS:
            return text
        if "default" in text.lower():
            return text
        default = action.default
        if isinstance(action, argparse._StoreTrueAction):
            shown = "off"
        elif default in (None, "", []):
            shown = "none"
        else:
            shown = "%(default)s"
        return f"{text} (default: {shown})"


class Parser(argparse.ArgumentParser):
    """An ArgumentParser using :class:`HelpFormatter`, whose errors are one line like every
    other error of the command; subcommand parsers inherit it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        """Raises the mistake as an InvalidArgumentError, pointing at this command's help."""
        raise InvalidArgumentError(f"{message} (see: {self.prog} --help)")


def version() -> str:
    """The installed distribution's version, else the compiled module's."""
    try:
        return metadata.version("mahjong-engine")
    except metadata.PackageNotFoundError:
        return mahjong.__version__


def _name_subcommands(parser: argparse.ArgumentParser) -> None:
    """Gives every subcommand group a metavar listing its commands, so that neither usage nor
    a "required" error shows the internal destination name (``american_command``)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            if action.metavar is None:
                action.metavar = "{" + ",".join(action.choices) + "}"
            for sub in action.choices.values():
                _name_subcommands(sub)


def log_family(families: Mapping[str, argparse.ArgumentParser], argv: Sequence[str]) -> str:
    """The family of the log that ``mahjong replay`` is given without one: American when its
    first event is a ``start_session``, else Riichi (mjai or Tenhou, told apart later). The
    log is the file argument as the families' options read `argv` (an option's value is not
    taken for it), and only a regular file is opened (a FIFO would block)."""
    path = positional(families.values(), argv)
    try:
        head = read_head(path, 4096) if path is not None else b""
    except MahjongError:
        return "riichi"  # the Riichi parser reports the missing, special or unreadable file
    first = head.lstrip().split(b"\n", 1)[0]
    return "american" if b'"start_session"' in first else "riichi"


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mahjong`` command: a verb, then (for most) a family."""
    parser = Parser(prog="mahjong", description=DESCRIPTION, epilog=EXAMPLES)
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    analyze = add_verb(
        commands,
        "analyze",
        help="analyse a hand: Riichi shanten and waits, or the nearest American card hands",
        description="Analyse a hand: mahjong analyze riichi (the default) or mahjong analyze "
        "american.",
    )
    riichi_cli.add_analyze(analyze)
    american_cli.add_analyze(analyze)
    riichi_cli.add_score(
        add_verb(
            commands,
            "score",
            families=("riichi",),
            help="yaku, han, fu and payments of a Riichi win",
            description="Score a win: mahjong score riichi (the default).",
        )
    )
    american_cli.add_card(
        add_verb(
            commands,
            "card",
            families=("american",),
            help="print an American card: sections, hands, values, X/C",
            description="Print a card: mahjong card american (the default).",
        )
    )
    riichi_cli.add_convert(
        add_verb(
            commands,
            "convert",
            families=("riichi",),
            help="convert a Tenhou game record to an mjai JSON-lines log",
            description="Convert a game record: mahjong convert riichi (the default).",
        )
    )
    replay = add_verb(
        commands,
        "replay",
        help="replay a game log through the engine and check every result",
        description="Replay a game log: mahjong replay riichi (mjai or Tenhou) or mahjong "
        "replay american; without a family the log's first event tells them apart.",
        choose=log_family,
    )
    riichi_cli.add_replay(replay)
    american_cli.add_replay(replay)
    sim.add_command(commands)
    play_command.add_command(commands)
    bot.add_bot(
        add_verb(
            commands,
            "bot",
            families=("riichi",),
            help="play one seat as an Mjai bot on standard input and output",
            description="Be an Mjai bot: mahjong bot riichi (the default) SEAT.",
        )
    )
    _name_subcommands(parser)
    return parser


def _silence_stdout() -> None:
    """Points stdout at /dev/null so that the interpreter's final flush cannot fail again."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, ValueError, OSError):  # not a real file, e.g. under a test harness
        return
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, fd)
    os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mahjong`` command."""
    try:
        parser = build_parser()
        args, extra = parser.parse_known_args(
            with_family(parser, sys.argv[1:] if argv is None else argv)
        )
        if extra:
            command = " ".join(filter(None, ["mahjong", args.command, getattr(args, "family", "")]))
            raise InvalidArgumentError(
                f"unrecognized arguments: {' '.join(extra)} (see: {command} --help)"
            )
        code: int = args.run(args)
        sys.stdout.flush()
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_BROKEN_PIPE
    except (MahjongError, OSError) as error:
        print(f"mahjong: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
