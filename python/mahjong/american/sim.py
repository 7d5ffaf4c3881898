"""``mahjong sim american``: many American games between built-in agents, with a progress bar
and a summary per seat."""

from __future__ import annotations

import argparse
import contextlib
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from mahjong._core import AmericanAction, AmericanRules, Card
from mahjong.american.game import Agent, CardAgent, GameRecord, RandomAgent, play_game
from mahjong.errors import InvalidArgumentError
from mahjong.riichi.sim import check_options

__all__ = ["AGENTS", "Tally", "make_agents", "run_american_sim"]

AGENTS = ("card", "random")
DEFAULT_AGENTS = "card,random,random,random"
DEFAULT_CARD = "house-2026"


def make_agents(spec: str, seed: int, card: Card) -> list[Agent[AmericanAction]]:
    """Four agents from a comma-separated list of names (``card,random,...``)."""
    names = [n.strip().lower() for n in spec.split(",")]
    if len(names) != 4 or any(n not in AGENTS for n in names):
        raise InvalidArgumentError(
            f"--agents needs four names from {', '.join(AGENTS)}, separated by commas; got {spec!r}"
        )
    return [
        RandomAgent(seed * 4 + i) if n == "random" else CardAgent(card) for i, n in enumerate(names)
    ]


@dataclass
class Tally:
    """Counts over many American games, per seat."""

    games: int = 0
    wall_games: int = 0
    wins: list[int] = field(default_factory=lambda: [0] * 4)
    self_drawn: list[int] = field(default_factory=lambda: [0] * 4)
    jokerless: list[int] = field(default_factory=lambda: [0] * 4)
    dead: list[int] = field(default_factory=lambda: [0] * 4)
    payout: list[int] = field(default_factory=lambda: [0] * 4)

    def add(self, record: GameRecord) -> None:
        for outcome in record.outcomes:
            self.games += 1
            win = outcome["win"]
            if win is None:
                self.wall_games += 1
            else:
                seat = win["actor"]
                self.wins[seat] += 1
                self.self_drawn[seat] += win["win"] != "discard"
                self.jokerless[seat] += win["jokerless"]
            for seat in range(4):
                self.dead[seat] += outcome["dead"][seat] is not None
                self.payout[seat] += outcome["deltas"][seat]

    def table(self, names: list[str]) -> Table:
        """The summary per seat."""
        decided = self.games - self.wall_games
        title = (
            f"{self.games} games, {self.wall_games} wall games "
            f"({self.wall_games / max(self.games, 1):.1%})"
        )
        table = Table(title=title)
        columns = ("seat", "agent", "win", "of won", "self-drawn", "jokerless", "dead")
        for column in (*columns, "payout"):
            table.add_column(column, justify="left" if column == "agent" else "right")
        games = max(self.games, 1)
        for seat in range(4):
            table.add_row(
                str(seat),
                names[seat],
                f"{self.wins[seat] / games:.1%}",
                f"{self.wins[seat] / max(decided, 1):.1%}",
                str(self.self_drawn[seat]),
                str(self.jokerless[seat]),
                f"{self.dead[seat] / games:.1%}",
                f"{self.payout[seat] / games:+.1f}",
            )
        return table


def run_american_sim(args: argparse.Namespace) -> int:
    """Plays ``--games`` American games (game i from seed + i) and prints the summary."""
    from mahjong.american.cli import load_card

    check_options(args)
    rules_name = args.rules or "nmjl"
    if rules_name not in AmericanRules.presets():
        raise InvalidArgumentError(
            f"--rules for American games is one of {', '.join(AmericanRules.presets())}; "
            f"got {rules_name!r}"
        )
    rules = AmericanRules.from_dict({"preset": rules_name})
    card = load_card(args.card or DEFAULT_CARD)
    spec = args.agents or DEFAULT_AGENTS
    names = [n.strip().lower() for n in spec.split(",")]
    make_agents(spec, args.seed, card)  # check the names before starting
    tally = Tally()
    console = Console(stderr=True)
    log = bool(args.jsonl)
    with contextlib.ExitStack() as stack:
        out: IO[str] | None = None
        if args.jsonl:
            out = stack.enter_context(Path(args.jsonl).open("w", encoding="utf-8"))
        progress = stack.enter_context(
            Progress(console=console, transient=True, disable=not console.is_terminal)
        )
        task = progress.add_task("playing", total=args.games)
        for game in range(args.games):
            seed = args.seed + game
            agents = make_agents(spec, seed, card)
            record = play_game(agents, card=card, seed=seed, rules=rules, log=log)
            tally.add(record)
            if out is not None:
                out.write("\n".join(record.lines()) + "\n")
            progress.advance(task)
    Console(file=sys.stdout).print(tally.table(names))
    return 0
