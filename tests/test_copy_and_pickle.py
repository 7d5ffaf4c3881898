"""Deals, games, actions and cards of both families copy and pickle (every protocol), and a
copy plays on exactly like the original: the same legal actions and the same events."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

from mahjong.american import AmericanDeal, AmericanGame, AmericanRules, Card
from mahjong.riichi import Deal, Game, Ruleset

CARD = Card.builtin("house-2026")
PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)


def _advance(deal: Any, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if deal.is_over:
            return
        seat = deal.waiting()[0]
        legal = deal.legal_actions(seat)
        deal.apply(seat, legal[rng.randrange(len(legal))])


def _finish_alike(a: Any, b: Any, seed: int) -> None:
    """Plays `a` and `b` on with the same choices; they must stay identical."""
    ra, rb = random.Random(seed), random.Random(seed)
    while not a.is_over:
        assert a.waiting() == b.waiting()
        seat = a.waiting()[0]
        assert a.legal_codes(seat) == b.legal_codes(seat)
        legal = a.legal_codes(seat)
        a.apply(seat, legal[ra.randrange(len(legal))])
        legal = b.legal_codes(seat)
        b.apply(seat, legal[rb.randrange(len(legal))])
    assert b.is_over and a.events() == b.events() and a.outcome == b.outcome


def _deals() -> list[Any]:
    return [
        Deal(seed=11, rules=Ruleset.preset("tenhou"), honba=2, riichi_sticks=1),
        AmericanDeal(CARD, seed=11, rules=AmericanRules.preset("table"), scores=[5, -5, 0, 0]),
    ]


@pytest.mark.parametrize("index", [0, 1])
def test_a_copied_or_unpickled_deal_plays_on_like_the_original(index: int) -> None:
    deal = _deals()[index]
    _advance(deal, random.Random(3), 40)
    clones = [copy.copy(deal), copy.deepcopy(deal)]
    clones += [pickle.loads(pickle.dumps(deal, protocol=p)) for p in PROTOCOLS]
    for n, clone in enumerate(clones):
        assert clone is not deal and clone.events() == deal.events()
        original = copy.deepcopy(deal)
        _finish_alike(original, clone, seed=n)
    # The clones are independent: playing them on did not move the original.
    assert not deal.is_over or deal.events() == clones[0].events()


def test_games_copy_and_pickle_in_the_middle() -> None:
    game = Game(seed=5, rules=Ruleset.preset("tenhou"), names=["a", "b", "c", "d"])
    rng = random.Random(1)
    for _ in range(2):
        deal = game.next_deal()
        assert deal is not None
        _advance(deal, rng, 10_000)
        game.finish_deal(deal)
    in_play = game.next_deal()
    assert in_play is not None
    for clone in [copy.deepcopy(game), *(pickle.loads(pickle.dumps(game, p)) for p in PROTOCOLS)]:
        assert clone.lines() == game.lines() and clone.scores == game.scores
        deal = copy.deepcopy(in_play)
        _advance(deal, random.Random(2), 10_000)
        clone.finish_deal(deal)
        assert clone.deals_played == game.deals_played + 1


def test_american_sessions_copy_and_pickle() -> None:
    session = AmericanGame(CARD, seed=9, games=3)
    deal = session.next_deal()
    assert deal is not None
    _advance(deal, random.Random(4), 10_000)
    session.finish_deal(deal)
    for in_play in (False, True):
        clones = [copy.copy(session), *(pickle.loads(pickle.dumps(session, p)) for p in PROTOCOLS)]
        walls = set()
        for clone in [session, *clones]:
            assert clone.lines() == session.lines() and clone.games_played == 1
            following = clone.next_deal()
            assert following is not None
            walls.add(tuple(following.wall))
        # Every copy deals the same next game; the second round copies a session with the
        # game dealt above still in play.
        assert len(walls) == 1, in_play


def test_actions_and_cards_pickle() -> None:
    deal, american = _deals()
    for action in [*deal.legal_actions(0), *american.legal_actions(0)]:
        for p in PROTOCOLS:
            again = pickle.loads(pickle.dumps(action, protocol=p))
            assert again == action and again.code == action.code and repr(again) == repr(action)
        assert copy.deepcopy(action) == action
    card = pickle.loads(pickle.dumps(CARD))
    assert card.id == CARD.id and len(card) == len(CARD)
    assert copy.deepcopy(CARD) is CARD
