"""Strength of the native `strong` agent against `efficiency` in mixed tables (docs/strength.md):
each layout and its rotation, game i from seed i in both; per agent, average rank and points
per game with a 95 % interval over games, and the tally's rates per deal.

    python docs/strength.py [GAMES] [PRESET]
"""

from __future__ import annotations

import statistics
import sys

from mahjong import native
from mahjong.riichi import Ruleset

games = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
preset = sys.argv[2] if len(sys.argv) > 2 else "seed"
rules = Ruleset.from_dict({"preset": preset})
layouts = ["strong,efficiency,strong,efficiency", "efficiency,strong,efficiency,strong"]
per_game: dict[str, dict[str, list[float]]] = {}
counts: dict[str, dict[str, int]] = {}
for layout in layouts:
    names = layout.split(",")
    run = native.simulate("riichi", layout, games, seed=0, rules=rules)
    tally = run.tally()
    for agent in set(names):
        seats = [s for s in range(4) if names[s] == agent]
        keys = ("deals", "wins", "deal_ins", "riichi", "calls")
        c = counts.setdefault(agent, dict.fromkeys(keys, 0))
        c["deals"] += tally["deals"] * len(seats)
        for key in ("wins", "deal_ins", "riichi", "calls"):
            c[key] += sum(tally[key][s] for s in seats)
        values = per_game.setdefault(agent, {"rank": [], "points": []})
        for game in run.records():
            by_seat = {s["seat"]: s for s in game["standings"]}
            values["rank"].append(statistics.fmean(by_seat[s]["rank"] for s in seats))
            values["points"].append(statistics.fmean(by_seat[s]["points"] for s in seats))


def ci(values: list[float]) -> str:
    half = 1.96 * statistics.stdev(values) / len(values) ** 0.5
    return f"{statistics.fmean(values):+.3f} ± {half:.3f}"


print(f"{games} games per layout, preset {preset}")
print("| agent | avg rank | avg points / game | win | deal-in | riichi | call |")
print("|---|---|---|---|---|---|---|")
for agent in ("strong", "efficiency"):
    c, v = counts[agent], per_game[agent]
    rates = " | ".join(f"{c[k] / c['deals']:.1%}" for k in ("wins", "deal_ins", "riichi", "calls"))
    print(f"| {agent} | {ci(v['rank'])} | {ci(v['points'])} | {rates} |")
