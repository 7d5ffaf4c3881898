"""``mahjong play``: its options for both families, the seed it prints, and its one-line
errors (the table itself is not opened here)."""

from __future__ import annotations

import argparse
import builtins
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any, ClassVar

import pytest

from mahjong.arguments import hosting_from
from mahjong.cli import build_parser, main
from mahjong.errors import InvalidArgumentError
from mahjong.play import command
from mahjong.play.american import AmericanFamily
from mahjong.play.riichi import RiichiFamily
from mahjong.play.session import Session
from mahjong.riichi import Ruleset
from play.support import agent_for, decide

README = Path(__file__).resolve().parents[2] / "README.md"


def parse(line: str) -> argparse.Namespace:
    from mahjong.arguments import with_family

    parser = build_parser()
    return parser.parse_args(with_family(parser, shlex.split(line)[1:]))


def test_the_examples_parse() -> None:
    """The README's and the help's examples are valid command lines (not run: each would
    open the table)."""
    blocks = re.findall(r"```console\n(.*?)```", README.read_text(), flags=re.S)
    lines = [line[2:] for block in blocks for line in block.splitlines() if line.startswith("$ ")]
    lines += [line.strip() for line in command.EXAMPLES.splitlines() if "mahjong play" in line]
    examples = [line for line in lines if line.startswith("mahjong play")]
    assert len(examples) >= 10
    for line in examples:
        assert parse(line).run is command.run


def test_rules_and_overrides_for_both_families() -> None:
    riichi = command.family_from(parse("mahjong play riichi --rules tenhou --set kiriage=true"))
    assert isinstance(riichi, RiichiFamily)
    assert riichi.rules.kiriage and riichi.rules.game_length == "hanchan"
    american = command.family_from(
        parse("mahjong play american --rules table --set jokerless_bonus=false --games 2")
    )
    assert isinstance(american, AmericanFamily)
    assert not american.rules.jokerless_bonus and american.games == 2
    assert american.rules.dead_hand_mode == "challenge"


@pytest.mark.parametrize(
    ("line", "said"),
    [
        ("mahjong play riichi --delay -1", "is not 0 or more seconds"),
        ("mahjong play riichi --web --port 70000", "70000 is not a port (1..65535)"),
        ("mahjong play riichi --seed -1", "is not in 0..2^64-1"),
        ("mahjong play riichi --rules nope", "invalid choice"),
        ("mahjong play riichi --set nope=1", 'unknown rule option "nope"'),
        ("mahjong play american --set nope=1", "nope"),
        ("mahjong play american --games 0", "argument --games: 0 is not 1 or more"),
        ("mahjong play american --card no-such-card", "no-such-card"),
        ("mahjong play riichi", "needs a terminal"),  # pytest's stdin is not one
    ],
)
def test_bad_options_are_one_line_errors(
    line: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(shlex.split(line)[1:]) == 2
    err = capsys.readouterr().err
    assert said in err and err.startswith("mahjong: error: ") and err.count("\n") == 1, err


def test_without_textual_the_command_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = builtins.__import__

    def no_textual(name: str, *args: Any, **kwargs: Any) -> Any:
        if (
            name.startswith("textual")
            or name == "mahjong.play.app"
            or (name == "mahjong.play" and "app" in (args[2] or ()))
        ):
            raise ImportError(f"No module named {name!r}")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, "mahjong.play.app")
    monkeypatch.setattr(builtins, "__import__", no_textual)
    assert main(["play", "riichi"]) == 2
    assert "pip install 'mahjong-engine[play]'" in capsys.readouterr().err


class Table:
    """Stands in for the app: remembers the seed it was given."""

    seeds: ClassVar[list[int]] = []

    def __init__(self, args: argparse.Namespace, hosting: object = None) -> None:
        self.session = argparse.Namespace(seeds=[args.seed], close=lambda: None)
        Table.seeds.append(args.seed)

    def run(self) -> None:
        pass


def test_a_random_seed_each_launch_printed_on_its_own_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(command, "_is_terminal", lambda _stream: True)
    monkeypatch.setattr(command, "table_app", Table)
    Table.seeds = []
    assert main(["play", "riichi"]) == 0
    assert main(["play", "american"]) == 0
    assert main(["play", "riichi", "--seed", "5"]) == 0
    first, second, given = Table.seeds
    assert first != second and given == 5
    out = capsys.readouterr().out.splitlines()
    assert out == [
        f"seed {first}",
        f"mahjong play riichi --seed {first} deals that game again",
        f"seed {second}",
        f"mahjong play american --seed {second} deals that game again",
        "seed 5",
        "mahjong play riichi --seed 5 deals that game again",
    ]


@pytest.mark.parametrize(
    ("argv", "again"),
    [
        (["riichi"], "mahjong play riichi --seed 9"),
        (
            ["riichi", "--rules", "tenhou-sanma", "--set", "kiriage=true", "--agents", "a,b"],
            "mahjong play riichi --rules tenhou-sanma --agents a,b --set kiriage=true --seed 9",
        ),
        (
            ["american", "--games", "2", "--set", "name=a b"],
            "mahjong play american --games 2 --set 'name=a b' --seed 9",
        ),
    ],
)
def test_the_command_that_deals_a_game_again_keeps_its_rules(argv: list[str], again: str) -> None:
    args = command.table_parser("mahjong play").parse_args(argv)
    assert command.again_command(args, 9) == again


def test_the_web_table_gets_the_same_options() -> None:
    """``--web`` serves games under the options it was given (a new game may pick a preset)."""
    pytest.importorskip("aiohttp")
    args = parse("mahjong play riichi --web --rules tenhou --set kiriage=true --seed 3 --delay 0.2")
    server = command.web_server(args)
    assert (server.seed, server.delay, server.rules) == (3, 0.2, "tenhou")
    family = server.make_family(None, None)
    assert family.rules == Ruleset.from_dict({"preset": "tenhou", "kiriage": True})
    assert server.make_family("seed", None).rules == Ruleset.preset("seed")
    args = parse("mahjong play american --web --card house-2026 --rules table --games 2")
    server = command.web_server(args)
    assert (server.rules, server.card, server.make_family(None, None).games) == (
        "table",
        "house-2026",
        2,
    )


def test_three_player_rules_seat_three_players_on_both_faces() -> None:
    """``--rules tenhou-sanma`` is a table of three: two AIs (``--agents`` names two), three
    names; the web page offers the three-player presets beside the others."""
    family = command.family_from(parse("mahjong play riichi --rules tenhou-sanma"))
    assert family.players == 3 and len(family.agents(0)) == 2
    assert Session(family, 1).game.players == 3
    two = command.family_from(
        parse("mahjong play riichi --rules mahjongsoul-sanma --agents random,efficiency")
    )
    assert len(two.agents(0)) == 2
    with pytest.raises(InvalidArgumentError, match="needs two names"):
        command.family_from(parse("mahjong play riichi --rules tenhou-sanma --agents a,b,c"))
    pytest.importorskip("aiohttp")
    server = command.web_server(parse("mahjong play riichi --web --rules tenhou-sanma"))
    assert {"tenhou", "tenhou-sanma", "mahjongsoul-sanma"} <= set(server.presets)
    assert server.make_family("tenhou", None).players == 4
    assert server.make_family("mahjongsoul-sanma", None).players == 3


def test_agents_choose_the_three_ais_and_a_bad_list_is_refused() -> None:
    from mahjong.american.game import ExpertCardAgent
    from mahjong.riichi.game import EfficiencyAgent
    from mahjong.riichi.mjai_host import MjaiBot

    riichi = command.family_from(
        parse("mahjong play riichi --agents 'random,mjai:mahjong bot riichi,efficiency'")
    )
    first, bot, last = riichi.agents(3)
    assert isinstance(bot, MjaiBot) and isinstance(last, EfficiencyAgent)
    assert type(first).__name__ == "RandomAgent"
    default = command.family_from(parse("mahjong play american"))
    assert all(isinstance(a, ExpertCardAgent) for a in default.agents(0))
    with pytest.raises(InvalidArgumentError, match="needs three names"):
        command.family_from(parse("mahjong play riichi --agents efficiency,random"))
    with pytest.raises(InvalidArgumentError, match="needs three names"):
        command.family_from(parse("mahjong play american --agents card,card,mjai:bot"))


def test_a_hosted_bot_plays_a_seat_at_the_table_and_is_closed() -> None:
    """A session with an Mjai bot among the AIs plays a whole deal; the bot process ends when
    the session closes, with nothing to report."""
    problems: list[str] = []
    args = parse(
        "mahjong play riichi --seed 4 --agents 'efficiency,mjai:mahjong bot riichi,random'"
    )
    hosting = hosting_from(args, report=problems.append)
    session = Session(command.family_from(args, hosting), 4)
    agent = agent_for(session.family)
    while not session.deal_over:
        session.run()
        if not session.deal_over:
            session.act(decide(session, agent))
    session.close()
    assert problems == []
    assert hosting.lines() == ["mjai seat 2: 0 protocol errors, 0 illegal actions, 0 fallbacks"]
    bot = session.agents[1]
    assert bot.seat == 2 and bot._process is None  # it played, and its process has ended


FACES = ("mahjong.play.app", "mahjong.play.web", "mahjong.play.web.view", "mahjong.play.web.server")
CLI = ("mahjong.arguments", "mahjong.cli", "mahjong.play.command")


def test_the_faces_and_the_library_know_no_command_line() -> None:
    """Importing a face (the terminal app, the web table) or the Mjai host in a fresh
    interpreter loads none of the command line's modules: they sit above, not below."""
    for module in (*FACES, "mahjong.riichi.mjai_host"):
        probe = f"import sys, {module}; print(sorted(m for m in sys.modules if m in {CLI!r}))"
        done = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120, check=True
        )
        assert done.stdout.strip() == "[]", (module, done.stdout, done.stderr)
