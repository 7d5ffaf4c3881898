"""The one stepper of :mod:`mahjong.agents`, for both families: agents decide in turn, a seat
without an agent waits for a decision from outside, every agent with ``on_events`` receives
exactly what its seat may see, and whole games come back as one record type."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from mahjong.agents import GameRecord, RandomAgent, Stepper, play_deal, play_game
from mahjong.american import AmericanDeal, AmericanGame, Card
from mahjong.errors import IllegalActionError
from mahjong.riichi import Deal, Game

HOUSE = Card.builtin("house-2026")

DEALS: dict[str, Callable[[int], Any]] = {
    "riichi": lambda seed: Deal(seed=seed),
    "american": lambda seed: AmericanDeal(HOUSE, seed=seed),
}


class Listener(RandomAgent):
    """A random agent that keeps every event it is given."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.received: list[dict[str, Any]] = []

    def on_events(self, seat: int, events: Sequence[dict[str, Any]]) -> None:
        self.received += events


@pytest.mark.parametrize("family", DEALS)
def test_agents_play_as_a_hand_written_loop_would(family: str) -> None:
    by_hand = DEALS[family](3)
    agents = [RandomAgent(i) for i in range(4)]
    while not by_hand.is_over:
        seat = by_hand.waiting()[0]
        legal = by_hand.legal_actions(seat)
        by_hand.apply(seat, agents[seat].act(by_hand.observation(seat), legal))
    stepped = DEALS[family](3)
    outcome = play_deal(stepped, [RandomAgent(i) for i in range(4)])
    assert outcome == by_hand.outcome and stepped.events() == by_hand.events()


@pytest.mark.parametrize("family", DEALS)
def test_a_seat_without_an_agent_is_decided_from_outside(family: str) -> None:
    deal = DEALS[family](8)
    person = RandomAgent(99)
    stepper = Stepper(deal, [None, RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    outside = 0
    while True:
        stepper.run()
        assert stepper.step() is None
        if deal.is_over:
            break
        assert stepper.next_seat() is None and 0 in deal.waiting()
        stepper.apply(0, person.act(deal.observation(0), deal.legal_actions(0)))
        outside += 1
    assert outside > 0 and stepper.finish() == deal.outcome


@pytest.mark.parametrize("family", DEALS)
def test_listeners_receive_what_their_seat_may_see(family: str) -> None:
    deal = DEALS[family](5)
    agents = [Listener(i) for i in range(4)]
    play_deal(deal, agents)
    for seat, agent in enumerate(agents):
        assert agent.received == deal.events(seat=seat)
        assert agent.received != deal.events()  # the others' concealed tiles stay hidden


def test_an_unfinished_deal_has_no_outcome_and_a_wrong_action_changes_nothing() -> None:
    deal = Deal(seed=2)
    stepper = Stepper(deal, [None, RandomAgent(1), RandomAgent(2), RandomAgent(3)])
    stepper.run()
    with pytest.raises(ValueError, match="not over"):
        stepper.finish()
    before = (deal.events(), deal.waiting())
    with pytest.raises(IllegalActionError):
        stepper.apply(1, deal.legal_actions(0)[0])
    assert (deal.events(), deal.waiting()) == before


def test_four_agents_or_none_for_outside_seats() -> None:
    with pytest.raises(ValueError, match="4 agents"):
        Stepper(Deal(seed=1), [RandomAgent(0)] * 3)
    with pytest.raises(ValueError, match="4 agents"):
        play_game(Game(seed=1), [RandomAgent(0)] * 5)


@pytest.mark.parametrize(
    "new_game",
    [
        lambda: Game(seed=4, names=["a", "b", "c", "d"]),
        lambda: AmericanGame(HOUSE, seed=4, games=2, names=["a", "b", "c", "d"]),
    ],
    ids=["riichi", "american"],
)
def test_a_game_record_keeps_the_cores_log(new_game: Callable[[], Any]) -> None:
    record = play_game(new_game(), [RandomAgent(i) for i in range(4)])
    again = new_game()
    play_game(again, [RandomAgent(i) for i in range(4)])
    assert isinstance(record, GameRecord) and record.lines() == again.lines()
    assert record.events == again.events() and record.standings == again.standings()
    assert record.scores == [s["score"] for s in sorted(record.standings, key=lambda s: s["seat"])]
    assert sum(s["points"] for s in record.standings) == 0
    quiet = play_game(new_game(), [RandomAgent(i) for i in range(4)], log=False)
    assert quiet.lines() == [] and quiet.standings == record.standings
