"""Seeded random winning hands, as physical tiles, for differential tests and benchmarks.

Each win is built from a pair and four sets (some declared as melds), then given random
circumstances: tsumo or ron, riichi (closed hands), ippatsu, haitei/houtei, rinshan after a
kan, seat and round winds, dora and ura indicators. Red fives (ids 16, 52, 88) occur naturally.
Three-player wins (``players=3``) use the 108 tiles in play (no 2m-8m), declare no chi, sit in
the East, South or West seat and set 0 to 4 Norths aside (``kita``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

SEQUENCE_STARTS = [s * 9 + n for s in range(3) for n in range(7)]
KAN_KINDS = ("daiminkan", "ankan", "kakan")
NORTH = 30


def in_play(players: int) -> list[int]:
    """The tile kinds of a game of `players` (three: no 2m-8m)."""
    return [k for k in range(34) if players == 4 or not 1 <= k <= 7]


@dataclass
class RandomMeld:
    kind: str  # chi, pon, daiminkan, ankan, kakan
    ids: list[int]
    called: int  # physical id of the called tile (any tile of the meld for an ankan)


@dataclass
class RandomWin:
    concealed: list[int]  # physical ids, winning tile included
    win: int  # physical id of the winning tile
    melds: list[RandomMeld]
    tsumo: bool
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    rinshan: bool = False
    haitei: bool = False
    houtei: bool = False
    seat_wind: int = 0
    round_wind: int = 0
    dora: list[int] = field(default_factory=list)
    ura: list[int] = field(default_factory=list)
    honba: int = 0
    sticks: int = 0
    kita: int = 0

    @property
    def closed(self) -> bool:
        return all(m.kind == "ankan" for m in self.melds)


def _groups(
    rng: random.Random, players: int
) -> tuple[int, list[tuple[str, int]], list[int]] | None:
    """A pair kind, four (shape, first kind) sets and the counts they use, or None when they
    need more than four copies of a kind. One hand in six keeps to one suit and honours."""
    kinds = in_play(players)
    starts = [k for k in SEQUENCE_STARTS if k + 2 in kinds and k in kinds]
    if rng.random() < 1 / 6:
        suit = rng.randrange(3)
        kinds = [k for k in kinds if k // 9 in (suit, 3)]
        starts = [k for k in starts if k // 9 == suit]
    counts = [0] * 34
    pair = rng.choice(kinds)
    counts[pair] += 2
    sets = []
    for _ in range(4):
        if starts and rng.random() < 0.55:
            first = rng.choice(starts)
            sets.append(("sequence", first))
            for k in range(first, first + 3):
                counts[k] += 1
        else:
            kind = rng.choice(kinds)
            sets.append(("triplet", kind))
            counts[kind] += 3
    return (pair, sets, counts) if max(counts) <= 4 else None


def _special(rng: random.Random, pool: dict[int, list[int]]) -> list[int] | None:
    """The tiles of a seven-pairs or thirteen-orphans hand, now and then."""
    roll = rng.random()
    if roll < 0.03:
        return [pool[k].pop() for k in rng.sample(list(pool), 7) for _ in range(2)]
    if roll < 0.035:
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        return [pool[k].pop() for k in [*orphans, rng.choice(orphans)]]
    return None


def random_win(rng: random.Random, players: int = 4) -> RandomWin:
    """One random winning hand of a game of `players` with random circumstances."""
    pool = {k: rng.sample(range(4 * k, 4 * k + 4), 4) for k in in_play(players)}
    special = _special(rng, pool)
    if special is not None:
        win = RandomWin(special, rng.choice(special), [], rng.random() < 0.5)
        return _circumstances(rng, win, pool, players)
    while (found := _groups(rng, players)) is None:
        pass
    pair, sets, counts = found
    take = lambda kind, n: [pool[kind].pop() for _ in range(n)]  # noqa: E731
    melds: list[RandomMeld] = []
    concealed = take(pair, 2)
    declared = rng.choices([0, 1, 2, 3, 4], weights=[50, 20, 15, 10, 5])[0]
    for i, (shape, first) in enumerate(sets):
        kinds = [first, first + 1, first + 2] if shape == "sequence" else [first] * 3
        ids = [pool[k].pop() for k in kinds]
        if i >= declared or (shape == "sequence" and players == 3):  # no chi among three
            concealed += ids
        elif shape == "sequence":
            melds.append(RandomMeld("chi", ids, rng.choice(ids)))
        elif counts[first] == 3 and rng.random() < 0.25:
            ids += take(first, 1)
            melds.append(RandomMeld(rng.choice(KAN_KINDS), ids, rng.choice(ids)))
        else:
            melds.append(RandomMeld("pon", ids, rng.choice(ids)))
    win = RandomWin(concealed, rng.choice(concealed), melds, rng.random() < 0.5)
    return _circumstances(rng, win, pool, players)


def _circumstances(
    rng: random.Random, win: RandomWin, pool: dict[int, list[int]], players: int
) -> RandomWin:
    """Random winds, indicators, riichi and last-tile flags (and Norths set aside, among three
    players) for `win`."""
    melds = win.melds
    win.seat_wind, win.round_wind = rng.randrange(players), rng.randrange(2)
    if players == 3:
        win.kita = rng.randrange(len(pool[NORTH]) + 1)
        del pool[NORTH][: win.kita]
    kans = sum(len(m.ids) == 4 for m in melds)
    left = [i for k in pool for i in pool[k]]
    rng.shuffle(left)
    win.dora = left[: 1 + kans]
    if win.closed and rng.random() < 0.4:
        win.riichi = True
        win.double_riichi = rng.random() < 0.05
        win.ippatsu = rng.random() < 0.2
        win.ura = left[1 + kans : 2 + 2 * kans]
    win.rinshan = win.tsumo and kans > 0 and rng.random() < 0.2
    win.haitei = win.tsumo and not win.rinshan and rng.random() < 0.03
    win.houtei = not win.tsumo and rng.random() < 0.03
    win.honba = rng.choice([0, 0, 0, 1, 2])
    win.sticks = rng.choice([0, 0, 1, 2])
    return win


def random_wins(count: int, seed: int = 2026, players: int = 4) -> list[RandomWin]:
    """`count` seeded random wins of games of `players`."""
    rng = random.Random(seed)
    return [random_win(rng, players) for _ in range(count)]
