"""The ``mahjong`` command: Riichi hand analysis and scoring, American hands.

``mahjong analyze`` and ``mahjong score`` are in :mod:`mahjong.riichi.cli`, ``mahjong
american ...`` in :mod:`mahjong.american.cli`. This module builds the parser and turns every
expected failure into one line on stderr: a :class:`~mahjong.errors.MahjongError` exits with 2,
a closed output pipe (``mahjong ... --json | head``) quietly with 141, as ``cat`` would.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from importlib import metadata
from typing import Any

import mahjong
from mahjong import play
from mahjong.american import cli as american_cli
from mahjong.arguments import with_family
from mahjong.errors import MahjongError
from mahjong.riichi import cli as riichi_cli
from mahjong.riichi import sim

DESCRIPTION = (
    "Mahjong from the command line: analyse and score Riichi hands (tiles in MPSZ notation, "
    'e.g. "123m406p789s11z", 0 = red five), and check American hands against a card.'
)

EXAMPLES = """\
examples:
  mahjong analyze "123m456p789s1122z"
  mahjong score "234m456p678s34s88p" --win 5s --tsumo
  mahjong sim --games 100 --seed 1
  mahjong american card

Run "mahjong COMMAND --help" for a command's options.
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
    """An ArgumentParser using :class:`HelpFormatter`; subcommand parsers inherit it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)


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


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``mahjong`` command."""
    parser = Parser(prog="mahjong", description=DESCRIPTION, epilog=EXAMPLES)
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    commands = parser.add_subparsers(dest="command", required=True)
    riichi_cli.add_commands(commands)
    sim.add_sim_command(commands)
    american_cli.add_commands(commands)
    play.add_command(commands)
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
        args = parser.parse_args(with_family(parser, sys.argv[1:] if argv is None else argv))
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
