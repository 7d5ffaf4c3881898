"""``mahjong sim [riichi|american]``: many games between built-in agents, with a progress bar
and a summary per seat.

Two loops, the same games: game i is played from seed + i. When every seat is a built-in
agent the games are played natively (:mod:`mahjong.native`, no Python per step, on every core
or on a Ray cluster: :mod:`mahjong.backends`); otherwise, or with ``--python``, by fresh
Python agents through :func:`mahjong.agents.play_game` (:func:`simulate`). Both are counted by
the family's tally (:class:`mahjong.riichi.tally.Tally`, :class:`mahjong.american.tally.Tally`).
A :class:`Family` holds only what differs: the agents, the rules, how a game is set up. The
native and the Python random agents draw from different streams, and so do the experts' worlds,
so games with a random or expert agent differ between the loops; efficiency, strong and card
agents decide alike in both.
"""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from mahjong import analysis, backends, native, registry
from mahjong._atomic import atomic_file
from mahjong.agents import Agent, GameRecord, Session, play_game
from mahjong.american import AmericanGame, AmericanRules, Card
from mahjong.american import tally as american_tally
from mahjong.arguments import (
    MAX_SEED,
    add_card_option,
    add_hosting_options,
    add_rules_options,
    add_verb,
    check_empty,
    hosting_from,
    rules_from,
    seed,
    whole_number,
)
from mahjong.errors import InvalidArgumentError
from mahjong.riichi import Game, Ruleset
from mahjong.riichi import tally as riichi_tally
from mahjong.riichi.mjai_host import Hosting
from mahjong.tally import add_counts

__all__ = ["FAMILIES", "Family", "Setup", "Tally", "add_command", "parse_agents", "simulate"]


NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}


class SimGame(Session, Protocol):
    """A game the Python loop plays: a session whose finished deals the core gives as
    Parquet rows (``Game.deal_columns``, ``AmericanGame.deal_columns``)."""

    def deal_columns(self, number: int = 0) -> dict[str, list[Any]]:
        """The game's rows as columns; `number` is its number in the run."""
        ...


class Tally(Protocol):
    """A family's counts over many games."""

    def add(self, record: GameRecord) -> None:
        """Counts one finished game."""
        ...

    def table(self, names: list[str]) -> Table:
        """The summary per seat."""
        ...

    def lines(self) -> list[str]:
        """What follows the table."""
        ...


@dataclass(frozen=True)
class Setup:
    """What every game of a simulation shares: the rules, for American games the card, and
    how its ``mjai:COMMAND`` seats are hosted (and what their bots did)."""

    rules: Any
    card: Card | None = None
    hosting: Hosting = field(default_factory=Hosting)


@dataclass(frozen=True)
class Family:
    """What a simulation of one family needs: its agents by name (:data:`agents`, from
    :mod:`mahjong.registry`), those that take an argument (``mjai:COMMAND``: by name, what the
    argument is and the maker, which also gets it), its rules, how a game and a tally are
    made, and the names and Arrow types of its Parquet columns."""

    name: native.Family
    default_agents: tuple[str, str]
    """The default seats: the first seat's agent, then the others'."""
    rules: Any
    default_rules: str
    rule_example: str
    new_game: Callable[[Setup, int, list[str]], SimGame]
    players: Callable[[Any], int]
    """The number of players the rules seat (Riichi: 4 or 3; American: 4)."""
    new_tally: Callable[[int], Tally]
    """A tally of a game of that many players."""
    columns: Mapping[str, str]
    agents_with_argument: Mapping[str, tuple[str, Callable[[int, Setup, str], Agent[Any]]]] = field(
        default_factory=dict
    )

    @property
    def agents(self) -> Mapping[str, registry.BuiltIn]:
        """The family's built-in agents by name (:data:`mahjong.registry.AGENTS`)."""
        return registry.AGENTS[self.name]

    def default_spec(self, players: int) -> str:
        """The default ``--agents`` of a game of `players`."""
        first, rest = self.default_agents
        return ",".join([first, *[rest] * (players - 1)])

    def make_agents(
        self, spec: str, game_seed: int, setup: Setup, first_seat: int = 0, *, table: bool = False
    ) -> list[Agent[Any]]:
        """The agents of seats `first_seat`.. to the last of the rules' players from a
        comma-separated list (``efficiency,random,mjai:COMMAND,...``, see :func:`parse_agents`),
        at a person's table when `table` (:func:`mahjong.registry.make`; an agent that cannot
        play the rules is refused there); the agent at seat i is made from seed
        4 * game_seed + i (a random agent draws from it)."""
        seats = parse_agents(spec)
        count = self.players(setup.rules) - first_seat
        if len(seats) != count or not all(self._takes(name, arg) for name, arg in seats):
            raise InvalidArgumentError(
                f"--agents for {self.name} games needs {NUMBERS[count]} names from "
                f"{self.choices()}, separated by commas; got {spec!r}"
            )
        return [
            registry.make(self.name, name, game_seed * 4 + i, setup.card, table=table)
            if arg is None
            else self.agents_with_argument[name][1](game_seed * 4 + i, setup, arg)
            for i, (name, arg) in enumerate(seats, start=first_seat)
        ]

    def choices(self) -> str:
        """The agents ``--agents`` may name: ``random, efficiency, strong, expert,
        mjai:COMMAND``."""
        taking = (f"{name}:{what}" for name, (what, _) in self.agents_with_argument.items())
        return ", ".join([*self.agents, *taking])

    def _takes(self, name: str, argument: str | None) -> bool:
        if argument is None:
            return name in self.agents
        return name in self.agents_with_argument and bool(argument)


def parse_agents(spec: str) -> list[tuple[str, str | None]]:
    """The seats of a comma-separated ``--agents`` list: each a name, trimmed and in lower
    case, and the argument after a colon (``mjai:mahjong bot riichi``: trimmed, kept as
    written), None without a colon."""
    seats: list[tuple[str, str | None]] = []
    for item in spec.split(","):
        name, colon, argument = item.partition(":")
        seats.append((name.strip().lower(), argument.strip() if colon else None))
    return seats


def agent_names(spec: str) -> list[str]:
    """The seats of an ``--agents`` list as names (``mjai:COMMAND`` with its command)."""
    return [name if arg is None else f"{name}:{arg}" for name, arg in parse_agents(spec)]


def _hosted(seed: int, setup: Setup, command: str) -> Agent[Any]:
    """A Riichi seat played by the Mjai bot `command`, with the setup's fallback agent."""
    hosting = setup.hosting
    fallback = None if hosting.fallback is None else registry.make("riichi", hosting.fallback, seed)
    return hosting.bot(command, fallback)


def _card(setup: Setup) -> Card:
    if setup.card is None:
        raise InvalidArgumentError("American games need a card")
    return setup.card


RIICHI = Family(
    name="riichi",
    default_agents=("efficiency", "random"),
    rules=Ruleset,
    default_rules="seed",
    rule_example="kiriage=true",
    new_game=lambda setup, seed, names: Game(seed=seed, rules=setup.rules, names=names),
    players=lambda rules: int(rules.players),
    new_tally=riichi_tally.Tally,
    columns=riichi_tally.COLUMNS,
    agents_with_argument={"mjai": ("COMMAND", _hosted)},
)

AMERICAN = Family(
    name="american",
    default_agents=("card", "random"),
    rules=AmericanRules,
    default_rules="nmjl",
    rule_example="courtesy_pass=false",
    new_game=lambda setup, seed, names: AmericanGame(
        _card(setup), seed=seed, games=1, rules=setup.rules, names=names
    ),
    players=lambda _rules: 4,
    new_tally=lambda _players: american_tally.Tally(),
    columns=american_tally.COLUMNS,
)

FAMILIES: dict[str, Family] = {f.name: f for f in (RIICHI, AMERICAN)}


def check_games(first_seed: int, count: int) -> None:
    """Refuses a run of `count` games from `first_seed` whose game seeds leave 0..2^64-1."""
    if count < 1:
        raise InvalidArgumentError(f"--games must be 1 or more, got {count}")
    if count > MAX_SEED + 1:
        raise InvalidArgumentError(f"--games must be at most 2^64 (a game per seed), got {count}")
    if not 0 <= first_seed <= MAX_SEED - (count - 1):
        last = f" (and --seed + {count - 1} for the last game)" if count > 1 else ""
        raise InvalidArgumentError(
            f"--seed must be in 0..2^64-1 (0..{MAX_SEED}){last}; got {first_seed}"
        )


def _played(
    family: Family, setup: Setup, spec: str, first_seed: int, count: int
) -> Iterator[tuple[GameRecord, SimGame]]:
    """Plays `count` games of `family`, game i from seed `first_seed` + i with fresh agents
    (named in each log by their classes); yields each record with its log, and its game."""
    check_games(first_seed, count)
    family.make_agents(spec, first_seed, setup)  # a bad name fails before the first game
    for game_seed in range(first_seed, first_seed + count):
        agents = family.make_agents(spec, game_seed, setup)
        names = [type(a).__name__ for a in agents]
        game = family.new_game(setup, game_seed, names)
        yield play_game(game, agents), game


def games(
    family: Family, setup: Setup, spec: str, first_seed: int, count: int
) -> Iterator[GameRecord]:
    """Plays `count` games of `family`, game i from seed `first_seed` + i with fresh agents
    (named in each log by their classes); yields each record with its log."""
    for record, _game in _played(family, setup, spec, first_seed, count):
        yield record


def simulate(
    family: Family,
    setup: Setup,
    spec: str,
    first_seed: int,
    count: int,
    each: Callable[[GameRecord], None] | None = None,
) -> Tally:
    """Plays and counts `count` games (see :func:`games`), handing each record to `each`
    when given (to write its log, advance a progress bar)."""
    tally = family.new_tally(family.players(setup.rules))
    for record in games(family, setup, spec, first_seed, count):
        tally.add(record)
        if each is not None:
            each(record)
    return tally


def native_loop(args: argparse.Namespace, family: Family, spec: str, players: int) -> bool:
    """Whether the games are played natively: with ``--native``, or by default when every seat
    (of `players`) is a native agent; never with ``--python``. Options of the other loop are
    refused."""
    names = agent_names(spec)
    can = len(names) == players and all(n in native.AGENTS[family.name] for n in names)
    if args.native and not can:
        raise InvalidArgumentError(
            f"--native needs a native agent at every seat ({', '.join(native.AGENTS[family.name])}"
            f"); got {spec!r}"
        )
    if args.python or not can:
        native_options = (
            (f"--workers {args.workers}", (args.workers or 1) > 1),  # the Python loop is one
            ("--backend ray", args.backend == "ray"),
        )
        for option, given in native_options:
            if given:
                why = "--python" if args.python else f"the agents {spec!r}"
                raise InvalidArgumentError(f"{option} is for the native loop, not {why}")
        return False
    return True


def run(args: argparse.Namespace) -> int:
    """Runs ``mahjong sim FAMILY``: plays the games with a progress bar on a terminal's
    standard error, then prints the summary. Every output is checked before the first game
    (its library installed, its file made beside the target) and takes its content only once
    the run succeeded (:func:`mahjong._atomic.atomic_file`)."""
    check_empty(args, "agents", "card")
    family = FAMILIES[args.family]
    card = Card.load(args.card) if getattr(args, "card", None) is not None else None
    hosting = hosting_from(args) if family.agents_with_argument else Hosting()
    setup = Setup(rules_from(args, family.rules), card, hosting)
    players = family.players(setup.rules)
    spec = args.agents or family.default_spec(players)
    if args.address is not None and args.backend != "ray":
        raise InvalidArgumentError("--address is for --backend ray")
    natively = native_loop(args, family, spec, players)
    check_games(args.seed, args.games)
    kind = analysis.check_plot_path(args.plot) if args.plot else None
    if args.parquet:
        analysis.require("pyarrow.parquet", "--parquet")
    if args.plot:
        analysis.require("matplotlib", "--plot")
    written = []
    with contextlib.ExitStack() as outputs:
        log, parquet, picture = (
            None if path is None else outputs.enter_context(atomic_file(path, binary=binary))
            for path, binary in ((args.jsonl, True), (args.parquet, True), (args.plot, True))
        )
        rows = None
        if parquet is not None:  # let go of before its file, when the run fails
            rows = outputs.enter_context(analysis.ParquetRows(family.columns, parquet))
        plot = None if picture is None else analysis.PlotColumns(family.name)
        sink = Sink(log, rows, plot)
        tally, backend_line = _play(args, family, setup, spec, natively, sink)
        if sink.parquet is not None:
            written.append(f"{args.parquet}: {sink.parquet.close()} rows")
        if picture is not None and sink.plot is not None:
            title = f"{args.games} {family.name.capitalize()} games from seed {args.seed} ({spec})"
            analysis.plot(sink.plot, family.name, title, picture, kind)
            written.append(f"{args.plot}: outcome distributions")
    Console(file=sys.stdout).print(tally.table(agent_names(spec)))
    for line in [*tally.lines(), *hosting.lines(), *backend_line, *written]:
        print(line)
    return 0


@dataclass
class Sink:
    """Where a run's games go as they finish: the log file, the Parquet rows, the plot's
    columns (each None when not asked for)."""

    log: IO[bytes] | None
    parquet: analysis.ParquetRows | None
    plot: analysis.PlotColumns | None

    @property
    def rows(self) -> bool:
        """Whether the games' rows are wanted."""
        return self.parquet is not None or self.plot is not None

    def add(self, log: bytes, columns: analysis.Columns) -> None:
        """Writes finished games: their log (JSON lines in UTF-8) and their rows as columns."""
        if self.log is not None:
            self.log.write(log)
        if self.parquet is not None:
            self.parquet.add(columns)
        if self.plot is not None:
            self.plot.add(columns)


def _play(
    args: argparse.Namespace,
    family: Family,
    setup: Setup,
    spec: str,
    natively: bool,
    sink: Sink,
) -> tuple[Tally, list[str]]:
    """Plays the run's games in the loop chosen, with a progress bar on a terminal's standard
    error, handing the games to `sink` as they finish; returns the tally and the backend's
    line (Ray's, else none)."""
    backend_line = []
    console = Console(stderr=True)
    with contextlib.ExitStack() as stack:
        if natively:
            names = tuple(agent_names(spec))
            plan = backends.Run(
                family.name,
                names,
                args.games,
                args.seed,
                setup.rules,
                setup.card,
                args.workers,
                log=sink.log is not None,
                rows=sink.rows,
            )
            stack.enter_context(backends.connected(args.backend, args.address))
            spans = backends.plan(plan, args.backend)
            if args.backend == "ray":
                backend_line.append(f"backend: ray, {len(spans)} tasks")
        bar = stack.enter_context(
            Progress(console=console, transient=True, disable=not console.is_terminal)
        )
        task = bar.add_task("playing", total=args.games)
        tally = family.new_tally(family.players(setup.rules))
        if natively:
            for block in backends.blocks(plan, spans, args.backend):
                add_counts(tally, block.counts)
                sink.add(block.log, block.columns)
                bar.advance(task, block.games)
        else:
            played = _played(family, setup, spec, args.seed, args.games)
            for number, (record, game) in enumerate(played):
                tally.add(record)
                log = "".join(line + "\n" for line in record.lines()).encode()
                sink.add(log, game.deal_columns(number) if sink.rows else {})
                bar.advance(task)
    return tally, backend_line


EXAMPLES = """\
examples:
  mahjong sim --games 200 --seed 1
  mahjong sim riichi --games 20 --rules tenhou --agents efficiency,efficiency,random,random
  mahjong sim riichi --games 5 --seed 3 --set kiriage=true --jsonl games.jsonl
  mahjong sim riichi --games 10000 --agents efficiency,efficiency,efficiency,efficiency --workers 2
  mahjong sim riichi --games 50 --python --agents efficiency,random,random,random
  mahjong sim riichi --games 20000 --agents strong,efficiency,strong,efficiency
  mahjong sim riichi --games 100 --rules tenhou-sanma --agents strong,efficiency,efficiency
  mahjong sim --games 1 --rules tenhou --agents "mjai:mahjong bot riichi,efficiency,random,random"
  mahjong sim american --games 20 --card house-2026 --agents card,random,random,random --seed 1
"""


workers = whole_number(1, 1024, "1..1024")


def _add_family(families: Any, family: Family, help: str) -> argparse.ArgumentParser:
    p: argparse.ArgumentParser = families.add_parser(
        family.name,
        help=help,
        description=f"Play many {family.name.capitalize()} games between built-in agents and "
        "summarise them per seat. Every wall comes from --seed (game i uses seed + i).",
        epilog=EXAMPLES,
    )
    p.add_argument("--games", type=int, default=100, metavar="N", help="games to play")
    p.add_argument("--seed", type=seed, default=0, metavar="S", help="seed of the first game")
    p.add_argument(
        "--agents",
        default=None,
        metavar="A,B,C,D",
        help=f"one agent per seat (three with a three-player ruleset), from {family.choices()} "
        f"(default: {family.default_spec(4)})",
    )
    add_rules_options(p, family.rules.presets(), family.default_rules, family.rule_example)
    loop = p.add_mutually_exclusive_group()
    loop.add_argument(
        "--native",
        action="store_true",
        help="play natively (the default when every seat is "
        f"{' or '.join(native.AGENTS[family.name])})",
    )
    loop.add_argument(
        "--python", action="store_true", help="play through the Python agents, whatever the seats"
    )
    p.add_argument(
        "--workers",
        type=workers,
        metavar="N",
        help="threads playing native games (default: every core)",
    )
    p.add_argument(
        "--backend",
        choices=backends.BACKENDS,
        default="local",
        help="where native games are played: this machine, or a Ray cluster (the ray extra)",
    )
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="the Ray cluster of --backend ray (default: a local one)",
    )
    p.add_argument("--jsonl", metavar="FILE", help="write every game's log (JSON lines) to FILE")
    p.add_argument(
        "--parquet",
        metavar="FILE",
        help="write one row per deal to a Parquet file (the analysis extra)",
    )
    p.add_argument(
        "--plot",
        metavar="FILE",
        help="draw the outcome distributions to a .png or .svg file (the analysis extra)",
    )
    p.set_defaults(run=run)
    return p


def add_command(commands: Any) -> None:
    """Adds ``sim [riichi|american]`` to the ``mahjong`` command's verbs."""
    families = add_verb(
        commands,
        "sim",
        help="simulate games between built-in AIs (Riichi by default)",
        description="Play many games between built-in agents and summarise them per seat: "
        "mahjong sim riichi (the default) or mahjong sim american.",
        epilog=EXAMPLES,
    )
    riichi = _add_family(families, RIICHI, "Riichi games (the default)")
    add_hosting_options(riichi, list(RIICHI.agents))
    add_card_option(_add_family(families, AMERICAN, "American games on a card"))
