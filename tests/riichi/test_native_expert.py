"""The native ``expert`` Riichi agent and the Python classes over the native agents
(:class:`mahjong.riichi.game.StrongAgent`, :class:`~mahjong.riichi.game.ExpertAgent`): legal
whole games in both loops, the same decisions for the same seed, the search options checked;
and the core's naming of hidden tiles (``fill_hidden``) behind the Mjai seat view."""

from __future__ import annotations

import pytest

from mahjong import _core, native
from mahjong.errors import InvalidArgumentError, MahjongError
from mahjong.riichi import Deal, Ruleset
from mahjong.riichi.game import (
    EfficiencyAgent,
    ExpertAgent,
    RandomAgent,
    StrongAgent,
    play_game,
)
from mahjong.riichi.mjai import HIDDEN
from mahjong.riichi.seat_view import fill_hidden, seat_deal

TENHOU = Ruleset.from_dict({"preset": "tenhou"})


def test_the_classes_play_legal_games_and_need_no_argument() -> None:
    for agent in (ExpertAgent(), StrongAgent(), ExpertAgent(seed=3, playouts=40)):
        deal = Deal(seed=2, rules=TENHOU)
        seat = deal.waiting()[0]
        legal = deal.legal_actions(seat)
        assert agent.act(deal.observation(seat), legal) in legal
    record = play_game(
        [ExpertAgent(seed=1, playouts=40), StrongAgent(), EfficiencyAgent(), RandomAgent(3)],
        seed=4,
    )
    assert sorted(s["rank"] for s in record.standings) == [1, 2, 3, 4]
    assert record.events[0]["names"][:2] == ["ExpertAgent", "StrongAgent"]


def test_the_same_seed_makes_the_same_game() -> None:
    def game(seed: int) -> list[str]:
        expert = ExpertAgent(seed=seed, playouts=40)
        agents = [expert, EfficiencyAgent(), EfficiencyAgent(), EfficiencyAgent()]
        return play_game(agents, seed=6).lines()

    assert game(9) == game(9)


def test_the_native_loop_plays_the_expert() -> None:
    run = native.simulate("riichi", "expert,efficiency,efficiency,efficiency", 1, seed=1, log=True)
    assert run.names[0] == "ExpertAgent"
    again = native.simulate(
        "riichi", "expert,efficiency,efficiency,efficiency", 1, seed=1, log=True
    )
    assert run.lines() == again.lines()
    assert "expert" in native.AGENTS["riichi"]


@pytest.mark.parametrize(
    ("family", "name", "options", "message"),
    [
        ("riichi", "expert", {"playouts": 0}, "playouts must be at least 1"),
        ("riichi", "expert", {"threads": 0}, "threads 0 is out of range"),
        ("riichi", "expert", {"time_cap": -1.0}, "time_cap -1"),
        ("riichi", "efficiency", {"playouts": 10}, "for the Riichi expert"),
        ("american", "card", {"threads": 2}, "for the Riichi expert"),
    ],
)
def test_search_options_are_checked(
    family: native.Family, name: str, options: dict[str, float], message: str
) -> None:
    with pytest.raises(InvalidArgumentError, match=message):
        native.NativeAgent(family, name, **options)  # type: ignore[arg-type]


def _played(seed: int, steps: int) -> Deal:
    """A deal after `steps` decisions of efficiency players."""
    deal = Deal(seed=seed, rules=TENHOU)
    agent = EfficiencyAgent()
    for _ in range(steps):
        if deal.is_over:
            break
        acting = deal.waiting()[0]
        deal.apply(acting, agent.act(deal.observation(acting), deal.legal_actions(acting)))
    return deal


def test_fill_hidden_names_every_hidden_tile_the_same_way_for_a_seed() -> None:
    deal = _played(5, 40)
    events = deal.events(0, seat=2)
    hidden = sum(t == HIDDEN for hand in events[0]["tehais"] for t in hand) + sum(
        e["type"] == "tsumo" and e["pai"] == HIDDEN for e in events
    )
    names = _core.fill_hidden(events, seed=1)
    assert len(names) == hidden and HIDDEN not in names
    assert names == _core.fill_hidden(events, seed=1)
    assert any(_core.fill_hidden(events, seed=s) != names for s in range(2, 6))
    filled = fill_hidden(events)
    assert all(HIDDEN not in hand for hand in filled[0]["tehais"])
    assert seat_deal(events, TENHOU).observation(2).to_dict() == deal.observation(2).to_dict()


def test_fill_hidden_refuses_events_no_deal_explains() -> None:
    events = _played(5, 10).events(0, seat=2)
    own = events[0]["tehais"][2]
    with pytest.raises(MahjongError, match="fifth"):
        _core.fill_hidden([dict(events[0], tehais=[own] * 4), *events[1:]])
    with pytest.raises(InvalidArgumentError, match="start_kyoku"):
        _core.fill_hidden(events[1:])
    with pytest.raises(InvalidArgumentError, match="3 or 4 hands, not 2"):
        _core.fill_hidden([dict(events[0], tehais=events[0]["tehais"][:2]), *events[1:]])
    with pytest.raises(InvalidArgumentError, match="3 or 4 players, not 5"):
        _core.fill_hidden(events, players=5)


def test_fill_hidden_names_a_three_player_deal_from_its_108_tiles() -> None:
    rules = Ruleset.preset("tenhou-sanma")
    deal = Deal(seed=4, rules=rules)
    while len(deal.events(0)) < 40 and not deal.is_over:
        seat = deal.waiting()[0]
        deal.apply(seat, deal.legal_actions(seat)[0])
    events = deal.events(0, seat=1)
    names = _core.fill_hidden(events, seed=2, players=3)
    assert HIDDEN not in names
    # With three players 2m-8m are out of the game.
    assert not {f"{n}m" for n in range(2, 9)} & set(names)
    assert seat_deal(events, rules).observation(1).to_dict() == deal.observation(1).to_dict()
