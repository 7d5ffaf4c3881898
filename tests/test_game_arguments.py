"""Bad arguments to the game classes of both families: every one a typed error that names
itself, never an OverflowError, a silent wrap-around or a bool read as a number."""

from __future__ import annotations

import pytest

from mahjong.american import AmericanDeal, AmericanGame, Card
from mahjong.errors import IllegalActionError, InvalidArgumentError
from mahjong.riichi import Deal, Game, Ruleset

CARD = Card.builtin("house-2026")
TENHOU = Ruleset.preset("tenhou")


def test_seeds_cover_the_whole_unsigned_range_with_distinct_walls() -> None:
    top = 2**64 - 1
    walls = {tuple(Deal(seed=s).wall) for s in (0, 2**63 - 1, 2**63, 2**63 + 1, top)}
    assert len(walls) == 5
    american = {tuple(AmericanDeal(CARD, seed=s).wall) for s in (2**63, 2**63 + 1, top)}
    assert len(american) == 3
    assert Game(seed=top).seed == top
    assert AmericanGame(CARD, seed=top).seed == top


@pytest.mark.parametrize("seed", [-1, 2**64, 10**30])
def test_a_seed_outside_the_range_names_itself(seed: int) -> None:
    for make in (
        lambda: Deal(seed=seed),
        lambda: Game(seed=seed),
        lambda: AmericanDeal(CARD, seed=seed),
        lambda: AmericanGame(CARD, seed=seed),
    ):
        with pytest.raises(InvalidArgumentError, match=rf"seed {seed} is out of range 0\.\."):
            make()


def test_a_bool_is_no_seed_seat_or_code() -> None:
    with pytest.raises(TypeError, match="seed"):
        Deal(seed=True)
    deal = Deal(seed=1)
    with pytest.raises(TypeError, match="seat"):
        deal.apply(True, 0)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="action"):
        deal.apply(0, True)
    with pytest.raises(TypeError, match="action"):
        AmericanDeal(CARD, seed=1).apply(0, False)
    assert deal.event_count() == 2


@pytest.mark.parametrize("seat", [-1, 4, 2**70])
def test_seats_out_of_range_name_the_seat(seat: int) -> None:
    deal = Deal(seed=1)
    for call in (
        lambda: deal.apply(seat, 0),
        lambda: deal.legal_actions(seat),
        lambda: deal.observation(seat),
        lambda: deal.blocked(seat),
        lambda: deal.events(seat=seat),
    ):
        with pytest.raises(InvalidArgumentError, match=f"seat {seat} is out of range"):
            call()
    with pytest.raises(InvalidArgumentError, match=f"dealer: seat {seat}"):
        Deal(seed=1, dealer=seat)
    with pytest.raises(InvalidArgumentError, match=f"dealer: seat {seat}"):
        AmericanDeal(CARD, seed=1, dealer=seat)


def test_honba_and_sticks_are_what_a_deal_can_score() -> None:
    """A deal takes only counters its wins can be scored with (0..255)."""
    assert Deal(seed=1, rules=TENHOU, honba=255, riichi_sticks=255).riichi_sticks == 255
    for field in ("honba", "riichi_sticks"):
        with pytest.raises(InvalidArgumentError, match=f"{field} 256 is out of range"):
            Deal(seed=1, rules=TENHOU, **{field: 256})
        with pytest.raises(InvalidArgumentError, match=field):
            Deal(seed=1, rules=TENHOU, **{field: -1})


def test_sticks_passed_into_a_one_deal_game_have_no_payer() -> None:
    with pytest.raises(InvalidArgumentError, match="riichi_sticks 1: in a one-deal game"):
        Deal(seed=1, riichi_sticks=1)


def test_scores_that_could_overflow_are_refused() -> None:
    for scores in ([2**62, 0, 0, 0], [-(2**63), 0, 0, 0], [2**70, 0, 0, 0]):
        with pytest.raises(InvalidArgumentError, match="out of range"):
            Deal(seed=1, scores=scores)
        with pytest.raises(InvalidArgumentError, match="out of range"):
            AmericanDeal(CARD, seed=1, scores=scores)
    with pytest.raises(InvalidArgumentError, match="scores needs 4 values"):
        Deal(seed=1, scores=[25_000] * 3)
    with pytest.raises(TypeError, match="scores"):
        Deal(seed=1, scores="25000")


def test_a_game_takes_only_the_deal_it_dealt() -> None:
    game = Game(seed=3, rules=TENHOU)
    deal = game.next_deal()
    assert deal is not None
    stranger = Deal(wall=deal.wall, rules=TENHOU, scores=[250_000] * 4)
    for d in (deal, stranger):
        while not d.is_over:
            for seat in d.waiting():
                d.apply(seat, d.legal_actions(seat)[0])
    with pytest.raises(InvalidArgumentError, match="not the one this game dealt"):
        game.finish_deal(stranger)
    game.finish_deal(deal)
    with pytest.raises(InvalidArgumentError, match="no deal in play"):
        game.finish_deal(deal)
    assert sum(game.scores) == 100_000


def test_illegal_actions_carry_the_reason_as_a_value() -> None:
    deal = Deal(seed=4)
    with pytest.raises(IllegalActionError) as caught:
        deal.apply(2, 0)
    assert caught.value.reason.kind == "not_your_turn"
    with pytest.raises(IllegalActionError) as caught:
        deal.apply(0, 999)
    assert caught.value.reason.kind == "not_offered"
    assert "out of range 0..=155" in str(caught.value)
