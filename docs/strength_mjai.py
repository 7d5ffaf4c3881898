"""Strength against an outside bot (docs/strength.md): one of the package's Riichi agents at two
seats of a Tenhou hanchan, an Mjai bot hosted through :mod:`mahjong.riichi.mjai_host` at the
other two, every seed played twice with the sides swapped (the agent at seats 0 and 2, then at
1 and 3). Prints the agent's average rank and points per game with a 95 % interval over seeds
(a seed's value is the mean of the agent's four seats over its two games) and the bots'
protocol errors, illegal actions and fallbacks; ``--games FILE`` writes one line per game.

    python docs/strength_mjai.py SEEDS BOT_COMMAND [--agent expert] [--playouts 300]
        [--first-seed 1] [--games FILE]

With the ``mjai`` package's rule-based bot, as the tests install it::

    MJAI=~/.cache/mahjong-engine/mjai-0.2.1/bin/python
    python docs/strength_mjai.py 100 "$MJAI tests/support/mjai_rulebase_bot.py"

That bot starts every deal fresh (``tests/support/mjai_rulebase_bot.py``: mjai 0.2.1's ``Bot``
otherwise keeps an earlier deal's calls and plays on a wrong hand).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from mahjong import registry
from mahjong.agents import Agent, play_game
from mahjong.riichi import Game, Ruleset
from mahjong.riichi.game import ExpertAgent
from mahjong.riichi.mjai_host import Hosting

SIDES = ((0, 2), (1, 3))
"""The agent's seats in a seed's first and second game."""


def agent(name: str, seed: int, playouts: int | None) -> Agent:
    """The measured agent for the seat seeded `seed` (the expert at `playouts`)."""
    if name == "expert":
        return ExpertAgent(seed=seed % 2**64, playouts=playouts)
    return registry.make("riichi", name, seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("seeds", type=int)
    parser.add_argument("bot", help="the Mjai bot's command")
    parser.add_argument("--agent", default="expert")
    parser.add_argument("--playouts", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--games", help="write each game's result to this file (JSON lines)")
    args = parser.parse_args()
    rules = Ruleset.from_dict({"preset": "tenhou"})
    hosting = Hosting(timeout=60)
    ranks: list[float] = []
    points: list[float] = []
    out = open(args.games, "w") if args.games else None  # noqa: SIM115 - kept for the run
    started = time.monotonic()
    for seed in range(args.first_seed, args.first_seed + args.seeds):
        seed_ranks, seed_points = [], []
        for side in SIDES:
            agents = [
                agent(args.agent, 4 * seed + s, args.playouts)
                if s in side
                else hosting.bot(args.bot, registry.make("riichi", "efficiency", 4 * seed + s))
                for s in range(4)
            ]
            game = Game(seed=seed, rules=rules, names=[type(a).__name__ for a in agents])
            record = play_game(game, agents)
            by_seat = {s["seat"]: s for s in record.standings}
            seed_ranks += [by_seat[s]["rank"] for s in side]
            seed_points += [by_seat[s]["points"] for s in side]
            if out is not None:
                line = {"seed": seed, "side": side, "standings": record.standings}
                out.write(json.dumps(line) + "\n")
                out.flush()
        ranks.append(statistics.fmean(seed_ranks))
        points.append(statistics.fmean(seed_points))
        done = len(ranks)
        print(
            f"{done} seeds ({2 * done} hanchan), {time.monotonic() - started:.0f} s: "
            f"rank {interval(ranks)}, points {interval(points)}",
            flush=True,
        )
    for line in hosting.lines():
        print(line)


def interval(values: list[float]) -> str:
    """Mean ± the half width of a 95 % interval (1.96 standard errors; none for one value)."""
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
    return f"{statistics.fmean(values):.3f} ± {half:.3f}"


if __name__ == "__main__":
    main()
