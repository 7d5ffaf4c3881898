"""Building blocks of the ``mahjong`` command's parsers, shared by every verb and both families.

The grammar is ``mahjong <verb> [riichi|american] ...``: :func:`add_verb` makes a verb whose
families are subcommands, and :func:`with_family` fills in a verb's default family when the
command line leaves it out (``mahjong sim --games 5`` is ``mahjong sim riichi --games 5``) and
turns the older spelling ``mahjong american <verb>`` into ``mahjong <verb> american``. The
options every ruleset-taking verb shares (``--rules``, ``--set``), seeds, seconds and the card
are built here too, so each reads and fails the same way everywhere.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NoReturn

from mahjong.errors import InvalidArgumentError
from mahjong.riichi.mjai_host import DEFAULT_TIMEOUT, Hosting, to_stderr

__all__ = [
    "DEFAULT_CARD",
    "FAMILIES",
    "MAX_SEED",
    "STOP",
    "add_card_option",
    "add_hosting_options",
    "add_rules_options",
    "add_verb",
    "check_empty",
    "hosting_from",
    "positional",
    "rule_override",
    "rules_from",
    "seconds",
    "seed",
    "whole_number",
    "with_family",
]

FAMILIES = ("riichi", "american")
DEFAULT_CARD = "house-2026"
MAX_SEED = 2**64 - 1

_DEFAULT_FAMILY = "_default_family"
_HELP = ("-h", "--help")

Chooser = Callable[[Mapping[str, argparse.ArgumentParser], Sequence[str]], str]
"""Picks a verb's family from its families' parsers and the arguments after the verb."""


def add_verb(
    commands: Any,
    name: str,
    *,
    help: str,
    description: str,
    families: Sequence[str] = FAMILIES,
    epilog: str | None = None,
    choose: Chooser | None = None,
) -> Any:
    """A verb of the ``mahjong`` command whose families are its subcommands; returns the
    subparsers to which each family adds its parser (``.add_parser("riichi", ...)``). When the
    command line names no family, `choose` picks one from the families' parsers and the
    arguments that follow the verb, else the first of `families` is taken."""
    options = f"The options of each: mahjong {name} {families[0]} --help."
    verb: argparse.ArgumentParser = commands.add_parser(
        name, help=help, description=f"{description} {options}", epilog=epilog
    )
    setattr(verb, _DEFAULT_FAMILY, choose or (lambda _parsers, _args: families[0]))
    shown = "{" + ",".join(families) + "}"
    return verb.add_subparsers(dest="family", required=True, metavar=shown, title="games")


def _verbs(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def with_family(parser: argparse.ArgumentParser, argv: Sequence[str]) -> list[str]:
    """`argv` with the family of its verb made explicit: ``american <verb> ...`` becomes
    ``<verb> american ...``, and a verb followed by no family gets its default (except before
    ``-h``/``--help``, which then shows the verb's families)."""
    args = list(argv)
    verbs = _verbs(parser)
    if args and args[0] in FAMILIES:
        takes_family = [name for name, verb in verbs.items() if args[0] in _verbs(verb)]
        if len(args) < 2 or args[1] not in takes_family:
            raise InvalidArgumentError(
                f"name the verb first: mahjong VERB {args[0]} ..., where VERB is one of "
                f"{', '.join(takes_family)}"
            )
        args[0], args[1] = args[1], args[0]
    if not args or args[0] not in verbs:
        return args
    verb = verbs[args[0]]
    choose = getattr(verb, _DEFAULT_FAMILY, None)
    if choose is None or (len(args) > 1 and (args[1] in _verbs(verb) or args[1] in _HELP)):
        return args
    return [args[0], choose(_verbs(verb), args[1:]), *args[1:]]


class _Unparsable(Exception):
    """The arguments do not parse (raised instead of argparse's exit)."""


class _Quiet(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _Unparsable(message)


def positional(parsers: Iterable[argparse.ArgumentParser], argv: Sequence[str]) -> str | None:
    """The first positional argument of `argv` as the options of all `parsers` read it (an
    option's value is never taken for it: ``--card house-2026 log.jsonl`` gives
    ``log.jsonl``), or None when there is none or the arguments do not parse."""
    reader = _Quiet(add_help=False)
    seen: set[str] = set()
    for parser in parsers:
        for action in parser._actions:
            names = [name for name in action.option_strings if name not in seen]
            if names and action.nargs != 0:
                reader.add_argument(*names, nargs=action.nargs, action="append")
            elif names:
                reader.add_argument(*names, action="count")
            seen.update(names)
    reader.add_argument("first", nargs="?")
    try:
        found, _ = reader.parse_known_args(list(argv))
    except _Unparsable:
        return None
    first: str | None = found.first
    return first


# --- rules ---------------------------------------------------------------------------------


def rule_override(text: str) -> tuple[str, object]:
    """A rule override ``name=value`` (an argparse type); the value is read as JSON when it
    can be (``true``, ``30000``), else kept as text."""
    name, sep, raw = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r} should look like name=value")
    try:
        value: object = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def add_rules_options(
    parser: argparse.ArgumentParser,
    presets: Sequence[str],
    default: str,
    example: str,
    default_help: str = "",
) -> None:
    """``--rules PRESET`` and any number of ``--set NAME=VALUE`` overrides (`example` is one
    override of the family's, shown in the help; `default_help` says what a default that is
    no preset means)."""
    choices = list(presets) if default in presets else [default, *presets]
    parser.add_argument(
        "--rules",
        default=default,
        choices=choices,
        metavar="PRESET",
        help=f"ruleset preset: {', '.join(choices)}{default_help}",
    )
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        type=rule_override,
        metavar="NAME=VALUE",
        help=f"change one rule option of the preset, e.g. --set {example} (repeatable)",
    )


def rules_from(args: argparse.Namespace, rules_class: Any, base: Any = None) -> Any:
    """The ruleset that ``--rules`` and ``--set`` describe, built by `rules_class.from_dict`
    (an unknown option or a bad value raises :class:`~mahjong.errors.InvalidRuleError`); the
    overrides apply to `base` instead when ``--rules`` names no preset."""
    if base is not None and args.rules not in rules_class.presets():
        return base.replace(**dict(args.set))
    return rules_class.from_dict({"preset": args.rules, **dict(args.set)})


# --- numbers -------------------------------------------------------------------------------


def seed(text: str) -> int:
    """A seed (an argparse type): a whole number in 0..2^64-1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value <= MAX_SEED:
        raise argparse.ArgumentTypeError(f"{value} is not in 0..2^64-1")
    return value


def seconds(text: str) -> float:
    """A pause (an argparse type): 0 or more seconds, finite."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not (math.isfinite(value) and value >= 0):
        raise argparse.ArgumentTypeError(f"{text!r} is not 0 or more seconds")
    return value


def add_card_option(parser: argparse.ArgumentParser) -> None:
    """``--card NAME_OR_PATH``: a built-in card or a card TOML file (read by ``Card.load``)."""
    parser.add_argument(
        "--card",
        default=DEFAULT_CARD,
        metavar="CARD",
        help="a built-in card's name or a card TOML file",
    )


def check_empty(args: argparse.Namespace, *names: str) -> None:
    """Options given as empty text are a mistake (left out, they take their default)."""
    for name in names:
        value = getattr(args, name, None)
        if isinstance(value, str) and not value.strip():
            raise InvalidArgumentError(f"--{name} is empty; leave it out for the default")


def whole_number(low: int, high: int | None, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from `low` up to `high` (None: no end), else
    ``N is not <what>``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is not {what}")
        return value

    return parse


STOP = "stop"
"""The ``--mjai-fallback`` that stops the game at a bot's first problem."""


def _timeout(text: str) -> float:
    value = seconds(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not more than 0 seconds")
    return value


def add_hosting_options(parser: argparse.ArgumentParser, fallbacks: Sequence[str]) -> None:
    """``--mjai-timeout SECONDS`` and ``--mjai-fallback NAME`` (one of `fallbacks` or
    ``stop``): how ``mjai:COMMAND`` seats are hosted."""
    parser.add_argument(
        "--mjai-timeout",
        type=_timeout,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help="time limit of each answer of an mjai:COMMAND bot",
    )
    parser.add_argument(
        "--mjai-fallback",
        choices=[*fallbacks, STOP],
        default="efficiency",
        help="the agent that decides when an mjai:COMMAND bot cannot (stop: end the game)",
    )


def hosting_from(args: argparse.Namespace, report: Callable[[str], None] = to_stderr) -> Hosting:
    """The :class:`~mahjong.riichi.mjai_host.Hosting` that :func:`add_hosting_options`'
    options describe, its bots' problems told to `report`."""
    fallback = None if args.mjai_fallback == STOP else args.mjai_fallback
    return Hosting(timeout=args.mjai_timeout, fallback=fallback, report=report)
