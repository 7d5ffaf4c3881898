"""Writes the README's screenshots of ``mahjong play`` (both families) into docs/:

- play-riichi-mid-deal.svg: the table after you call a meld, the help with the hand open;
- play-riichi-chi.svg: a discard you may chi two ways, the ways listed;
- play-riichi-end-of-deal.svg: a win by you with its yaku, limit, dora and the standings;
- play-american-mid-game.svg: the table after you expose a discard, the nearest hands open;
- play-american-card.svg: the card, in its colours;
- play-american-end-of-game.svg: Mah Jongg, the winning hand spelled out, the payouts.

Run from the repository root: ``python docs/make_screenshots.py``. Seat 0 is played by the
family's agent, without the user interface, up to each moment; the table is then opened on it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from mahjong.american.game import CardAgent
from mahjong.play.american import AmericanFamily
from mahjong.play.app import PlayApp
from mahjong.play.family import Family
from mahjong.play.riichi import RiichiFamily
from mahjong.play.session import HUMAN, Session
from mahjong.riichi.game import EfficiencyAgent

DOCS = Path(__file__).resolve().parent
SIZE = (96, 32)

Wanted = Callable[[Session[Any]], bool]


def reach(family: Callable[[], Family[Any]], wanted: Wanted, then: Wanted) -> Session[Any]:
    """The first seed's session (0, 1, ...) that reaches `wanted` at a decision of seat 0 and
    whose deal, played on, satisfies `then` at its end; returned stopped at `wanted`."""
    for seed in range(500):
        session = Session(family(), seed)
        if _play(session, wanted) and _ends(session, then):
            session = Session(family(), seed)
            _play(session, wanted)
            return session
    raise SystemExit("no seed below 500 reaches the moment")


def _agent(session: Session[Any]) -> Any:
    family = session.family
    return CardAgent(family.card) if isinstance(family, AmericanFamily) else EfficiencyAgent()


def _play(session: Session[Any], wanted: Wanted) -> bool:
    """Plays seat 0 as the agent until `wanted` (True) or the end of the deal (False)."""
    agent = _agent(session)
    while True:
        session.run()
        if session.deal_over:
            return False
        if wanted(session):
            return True
        deal = session.deal
        session.act([agent.act(deal.observation(HUMAN), deal.legal_actions(HUMAN))])


def _ends(session: Session[Any], then: Wanted) -> bool:
    _play(session, lambda _: False)
    return then(session)


def shoot(session: Session[Any], name: str, keys: Sequence[str] = ()) -> None:
    """Opens the table on `session`, presses `keys` and saves docs/<name>.svg."""
    app = PlayApp(session, delay=0, ascii_tiles=False)

    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            for key in keys:
                await pilot.press(key)
            await pilot.pause()
            print(app.save_screenshot(f"{name}.svg", str(DOCS)))

    asyncio.run(run())


def melds(session: Session[Any]) -> int:
    players = session.observation()["players"][HUMAN]
    return len(players.get("melds") or players.get("exposures") or ())


def main() -> None:
    def mid(session: Session[Any]) -> bool:
        obs = session.observation()
        me = obs["players"][HUMAN]
        turn = obs["claim"] is None and obs["drawn"] is not None
        return turn and melds(session) > 0 and len(me.get("pond") or me.get("discards")) >= 6

    def limit(session: Session[Any]) -> bool:
        events = session.deal.events(0)
        return any(e["type"] == "hora" and e["actor"] == HUMAN and e.get("limit") for e in events)

    def two_chis(session: Session[Any]) -> bool:
        return sum(a.type == "chi" for a in session.legal()) > 1

    riichi = reach(RiichiFamily, mid, limit)
    shoot(riichi, "play-riichi-mid-deal", ["h"])
    shoot(reach(RiichiFamily, two_chis, lambda _: True), "play-riichi-chi", ["c"])
    riichi.run()
    _play(riichi, lambda _: False)
    shoot(riichi, "play-riichi-end-of-deal")

    def jokers(session: Session[Any]) -> bool:
        win = (session.deal.outcome or {}).get("win") or {}
        stands = [f for group in win.get("groups", ()) for _, f in group]
        return win.get("actor") == HUMAN and any(f is not None for f in stands)

    american = reach(lambda: AmericanFamily(games=1), mid, jokers)
    shoot(american, "play-american-mid-game", ["h"])
    shoot(american, "play-american-card", ["c"])
    _play(american, lambda _: False)
    shoot(american, "play-american-end-of-game")


if __name__ == "__main__":
    main()
