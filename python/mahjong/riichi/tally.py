"""Counts over many Riichi games, per seat: wins, deal-ins, riichi, calls, ranks, points and
the kinds of draw (what ``mahjong sim riichi`` prints), for four players or three."""

from __future__ import annotations

from collections import Counter
from dataclasses import InitVar, dataclass, field
from typing import Any

from rich.table import Table

from mahjong.agents import GameRecord
from mahjong.tally import for_players, per_seat, seat_table

__all__ = ["Tally"]


@dataclass
class Tally:
    """Counts over many Riichi games, per seat (add each game's record with its log); one
    entry per player of `players`."""

    players: InitVar[int] = 4
    games: int = 0
    deals: int = 0
    wins: list[int] = field(default_factory=per_seat)
    deal_ins: list[int] = field(default_factory=per_seat)
    riichi: list[int] = field(default_factory=per_seat)
    calls: list[int] = field(default_factory=per_seat)
    ranks: list[int] = field(default_factory=per_seat)
    points: list[int] = field(default_factory=per_seat)
    draws: Counter[str] = field(default_factory=Counter)

    def __post_init__(self, players: int) -> None:
        for_players(self, players)

    def add(self, record: GameRecord) -> None:
        """Counts one finished game (its outcomes, standings and events)."""
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
        for event in record.events:
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
        """The summary per seat: rates per deal, average rank and points per game."""
        deals = max(self.deals, 1)
        games = max(self.games, 1)
        rows = [
            [
                f"{self.wins[seat] / deals:.1%}",
                f"{self.deal_ins[seat] / deals:.1%}",
                f"{self.riichi[seat] / deals:.1%}",
                f"{self.calls[seat] / deals:.1%}",
                f"{self.ranks[seat] / games:.2f}",
                f"{self.points[seat] / games:+,.0f}",
            ]
            for seat in range(len(self.wins))
        ]
        columns = ("win", "deal-in", "riichi", "call", "avg rank", "avg pts")
        return seat_table(f"{self.games} games, {self.deals} deals", columns, names, rows)

    def lines(self) -> list[str]:
        """What follows the table: the draws by kind, as a share of deals."""
        deals = max(self.deals, 1)
        parts = [f"{kind} {n / deals:.1%}" for kind, n in sorted(self.draws.items())]
        return ["draws: " + (", ".join(parts) if parts else "none")]


COLUMNS: dict[str, str] = {
    "game": "int64",
    "seed": "uint64",
    "deal": "int32",
    "round_wind": "string",
    "kyoku": "int8",
    "honba": "int32",
    "riichi_sticks": "int32",
    "dealer": "int8",
    **{f"agent_{seat}": "string" for seat in range(4)},
    "winners": "list<int8>",
    "deal_in": "int8",
    "han": "list<int16>",
    "fu": "list<int16>",
    "points": "list<int64>",
    "limit": "list<string>",
    "yaku": "list<string>",
    "draw": "string",
    **{f"delta_{seat}": "int64" for seat in range(4)},
    **{f"rank_{seat}": "int8" for seat in range(4)},
    **{f"final_score_{seat}": "int64" for seat in range(4)},
    **{f"final_points_{seat}": "int64" for seat in range(4)},
}
"""The columns of :func:`deal_rows`, with their Arrow types (the seat-3 columns are null in a
three-player game)."""


def _wins(wins: list[dict[str, Any]]) -> dict[str, object]:
    """The columns of a deal's wins (several on a multiple ron), in the log's order."""
    return {
        "winners": [w["actor"] for w in wins],
        "deal_in": next((w["target"] for w in wins if w["target"] != w["actor"]), None),
        "han": [w["han"] for w in wins],
        "fu": [w["fu"] for w in wins],
        "points": [w["points"] for w in wins],
        "limit": [w.get("limit") for w in wins],
        "yaku": [" ".join(name for name, _ in w["yaku"] + w["yakuman"]) for w in wins],
    }


def deal_rows(record: GameRecord, game: int) -> list[dict[str, object]]:
    """One row per deal of a finished game with its log (`game` numbers the game in a run):
    where the deal stood, who won what (several winners on a multiple ron; ``deal_in`` the
    discarder of a ron), the kind of draw, each seat's net score change over the deal
    (deposits included) and the game's final ranks, scores and points."""
    start = record.events[0]
    final: dict[str, object] = {}
    for s in record.standings:
        seat = s["seat"]
        final |= {f"rank_{seat}": s["rank"], f"final_score_{seat}": s["score"]}
        final[f"final_points_{seat}"] = s["points"]
    rows: list[dict[str, object]] = []
    row: dict[str, object] = {}
    wins: list[dict[str, Any]] = []
    players = len(start["names"])
    deltas = [0] * players
    for event in record.events:
        kind = event["type"]
        if kind == "start_kyoku":
            wins, deltas = [], [0] * players
            row = {
                "game": game,
                "seed": start["game_seed"],
                "deal": len(rows) + 1,
                "round_wind": event["bakaze"],
                "kyoku": event["kyoku"],
                "honba": event["honba"],
                "riichi_sticks": event["kyotaku"],
                "dealer": event["oya"],
                **{f"agent_{seat}": name for seat, name in enumerate(start["names"])},
                "draw": None,
            }
        elif kind == "hora":
            wins.append(event)
        elif kind == "ryukyoku":
            row["draw"] = event["reason"]
        if kind in ("hora", "ryukyoku", "reach_accepted") and "deltas" in event:
            deltas = [d + e for d, e in zip(deltas, event["deltas"], strict=True)]
        elif kind == "end_kyoku":
            net = {f"delta_{seat}": d for seat, d in enumerate(deltas)}
            rows.append(row | _wins(wins) | net | final)
    return rows
