"""``mahjong sim``: many Riichi games between built-in agents, with a progress bar and a
summary per seat. ``mahjong sim american ...`` plays American games instead
(:mod:`mahjong.american.sim`)."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from mahjong.errors import InvalidArgumentError
from mahjong.riichi import Action, Ruleset
from mahjong.riichi.game import Agent, EfficiencyAgent, GameRecord, RandomAgent, play_game

SIM_EXAMPLES = """\
examples:
  mahjong sim --games 200 --seed 1
  mahjong sim --games 20 --rules tenhou --agents efficiency,efficiency,random,random --seed 7
  mahjong sim --games 5 --seed 3 --jsonl games.jsonl
  mahjong sim american --games 20 --card house-2026 --agents card,random,random,random --seed 1
"""

AGENTS = {"random": RandomAgent, "efficiency": EfficiencyAgent}
DEFAULT_AGENTS = "efficiency,random,random,random"
FAMILIES = ("riichi", "american")


def make_agents(spec: str, seed: int) -> list[Agent[Action]]:
    """Four agents from a comma-separated list of names (``efficiency,random,...``)."""
    names = [n.strip().lower() for n in spec.split(",")]
    if len(names) != 4 or any(n not in AGENTS for n in names):
        raise InvalidArgumentError(
            f"--agents needs four names from {', '.join(AGENTS)}, separated by commas; got {spec!r}"
        )
    return [
        RandomAgent(seed * 4 + i) if n == "random" else EfficiencyAgent()
        for i, n in enumerate(names)
    ]


@dataclass
class Tally:
    """Counts over many games, per seat."""

    games: int = 0
    deals: int = 0
    wins: list[int] = field(default_factory=lambda: [0] * 4)
    deal_ins: list[int] = field(default_factory=lambda: [0] * 4)
    riichi: list[int] = field(default_factory=lambda: [0] * 4)
    calls: list[int] = field(default_factory=lambda: [0] * 4)
    ranks: list[int] = field(default_factory=lambda: [0] * 4)
    points: list[int] = field(default_factory=lambda: [0] * 4)
    draws: Counter[str] = field(default_factory=Counter)

    def add(self, record: GameRecord, events: list[dict[str, Any]]) -> None:
        self.games += 1
        self.deals += len(record.outcomes)
        for outcome in record.outcomes:
            for win in outcome["wins"]:
                self.wins[win["actor"]] += 1
                if win["target"] != win["actor"]:
                    self.deal_ins[win["target"]] += 1
            if outcome["draw"] is not None:
                self.draws[outcome["draw"]] += 1
        called: set[tuple[int, int]] = set()
        deal = 0
        for event in events:
            kind = event["type"]
            if kind == "start_kyoku":
                deal += 1
            elif kind == "reach_accepted":
                self.riichi[event["actor"]] += 1
            elif kind in ("chi", "pon", "daiminkan") and (deal, event["actor"]) not in called:
                called.add((deal, event["actor"]))
                self.calls[event["actor"]] += 1
        for standing in record.standings:
            self.ranks[standing["seat"]] += standing["rank"]
            self.points[standing["seat"]] += standing["points"]

    def table(self, names: list[str]) -> Table:
        """The summary per seat."""
        table = Table(title=f"{self.games} games, {self.deals} deals")
        for column in ("seat", "agent", "win", "deal-in", "riichi", "call", "avg rank", "avg pts"):
            table.add_column(column, justify="left" if column == "agent" else "right")
        deals = max(self.deals, 1)
        games = max(self.games, 1)
        for seat in range(4):
            table.add_row(
                str(seat),
                names[seat],
                f"{self.wins[seat] / deals:.1%}",
                f"{self.deal_ins[seat] / deals:.1%}",
                f"{self.riichi[seat] / deals:.1%}",
                f"{self.calls[seat] / deals:.1%}",
                f"{self.ranks[seat] / games:.2f}",
                f"{self.points[seat] / games:,.0f}",
            )
        return table

    def draw_line(self) -> str:
        """Draws by kind, as a share of deals."""
        deals = max(self.deals, 1)
        parts = [f"{kind} {n / deals:.1%}" for kind, n in sorted(self.draws.items())]
        return "draws: " + (", ".join(parts) if parts else "none")


MAX_SEED = 2**64 - 1


def check_options(args: argparse.Namespace) -> None:
    """What both families check: ``--games`` 1 or more, every game's seed (``--seed`` + i) in
    0..2^64-1, and no empty ``--agents``, ``--rules`` or ``--card`` (left out, they take the
    default; given empty, they are a mistake)."""
    if args.games < 1:
        raise InvalidArgumentError(f"--games must be 1 or more, got {args.games}")
    if not 0 <= args.seed <= MAX_SEED - (args.games - 1):
        last = f" (and --seed + {args.games - 1} for the last game)" if args.games > 1 else ""
        raise InvalidArgumentError(
            f"--seed must be in 0..2^64-1 (0..{MAX_SEED}){last}; got {args.seed}"
        )
    for name in ("agents", "rules", "card"):
        value = getattr(args, name)
        if value is not None and not value.strip():
            raise InvalidArgumentError(f"--{name} is empty; leave it out for the default")


def run_sim(args: argparse.Namespace) -> int:
    """Plays ``--games`` games of the family named (Riichi by default) and prints the
    summary."""
    if args.family == "american":
        from mahjong.american.sim import run_american_sim

        return run_american_sim(args)
    check_options(args)
    if args.card is not None:
        raise InvalidArgumentError("--card is for American games: mahjong sim american --card ...")
    rules_name = args.rules or "seed"
    if rules_name not in Ruleset.presets():
        raise InvalidArgumentError(
            f"--rules for Riichi games is one of {', '.join(Ruleset.presets())}; got {rules_name!r}"
        )
    rules = Ruleset.from_dict({"preset": rules_name})
    args.agents = args.agents or DEFAULT_AGENTS
    names = [n.strip().lower() for n in args.agents.split(",")]
    make_agents(args.agents, args.seed)  # check the names before starting
    tally = Tally()
    console = Console(stderr=True)
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
            record = play_game(make_agents(args.agents, seed), seed=seed, rules=rules)
            tally.add(record, record.events)
            if out is not None:
                out.write("\n".join(record.lines()) + "\n")
            progress.advance(task)
    Console(file=sys.stdout).print(tally.table(names))
    print(tally.draw_line())
    return 0


def add_sim_command(commands: Any) -> None:
    """Adds ``sim`` to the ``mahjong`` command's subcommands."""
    p: argparse.ArgumentParser = commands.add_parser(
        "sim",
        help="simulate Riichi (or American) games between built-in AIs",
        description="Play many Riichi games (or, with the word american, American games) "
        "between built-in agents and summarise them per seat. Every wall comes from --seed "
        "(game i uses seed + i).",
        epilog=SIM_EXAMPLES,
    )
    p.add_argument(
        "family",
        nargs="?",
        default="riichi",
        choices=FAMILIES,
        help="which game: riichi or american (default: riichi)",
    )
    p.add_argument("--games", type=int, default=100, metavar="N", help="games to play")
    p.add_argument(
        "--rules",
        default=None,
        metavar="PRESET",
        help="ruleset preset: Riichi "
        + ", ".join(Ruleset.presets())
        + " (default: seed); American nmjl, table (default: nmjl)",
    )
    p.add_argument(
        "--agents",
        default=None,
        metavar="A,B,C,D",
        help="one agent per seat: Riichi "
        + ", ".join(AGENTS)
        + f" (default: {DEFAULT_AGENTS}); American card, random "
        "(default: card,random,random,random)",
    )
    p.add_argument(
        "--card",
        default=None,
        metavar="NAME|FILE",
        help="American only: built-in card name or card TOML file (default: house-2026)",
    )
    p.add_argument("--seed", type=int, default=0, metavar="S", help="seed of the first game")
    p.add_argument("--jsonl", metavar="FILE", help="write every game's log (JSON lines) to FILE")
    p.set_defaults(run=run_sim)
