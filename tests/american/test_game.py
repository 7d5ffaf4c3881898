"""The American game binding and play loop: actions and codes, logs, observations, illegal
actions, sessions, options, agents and ``mahjong sim american``."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

import pytest

from mahjong.american import (
    ACTION_COUNT,
    AmericanAction,
    AmericanDeal,
    AmericanGame,
    AmericanRules,
    Card,
)
from mahjong.american.game import (
    Agent,
    CardAgent,
    RandomAgent,
    play_deal,
    play_game,
)
from mahjong.american.replay import replay
from mahjong.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidRuleError,
    RecordFormatError,
)

CARD = Card.builtin("house-2026")
NO_HEAVENLY = AmericanRules().replace(heavenly_hand=False)


def _random_agents(seed: int) -> list[Agent]:
    return [RandomAgent(seed * 4 + i) for i in range(4)]


def _card_vs_random(seed: int) -> list[Agent]:
    return [CardAgent(CARD), RandomAgent(seed * 4 + 1), RandomAgent(seed * 4 + 2), RandomAgent(3)]


def _state(deal: AmericanDeal) -> tuple[Any, ...]:
    return (
        deal.event_count(),
        deal.waiting(),
        [deal.legal_codes(s) for s in range(4)],
        [deal.observation(s) for s in range(4)],
        deal.tiles_left,
        deal.actions(),
    )


# --- actions and the engine -------------------------------------------------------------------


def test_a_deal_starts_with_the_first_charleston_pass() -> None:
    deal = AmericanDeal(CARD, seed=1, rules=NO_HEAVENLY)
    assert deal.waiting() == [0, 1, 2, 3] and deal.step == "first_right"
    assert deal.turn is None and deal.claim is None and deal.tiles_left == 99
    start = deal.events()[0]
    assert start["type"] == "start_game" and [len(h) for h in start["tehais"]] == [14, 13, 13, 13]
    assert isinstance(start["dice"], list) and all(1 <= d <= 6 for d in start["dice"])
    legal = deal.legal_actions(0)
    assert legal and all(isinstance(a, AmericanAction) for a in legal)
    assert {a.type for a in legal} == {"pass_tile"}
    assert "J" not in {a.tile for a in legal}  # jokers are never passed
    assert [a.code for a in legal] == deal.legal_codes(0)
    assert all(0 <= a.code < ACTION_COUNT for a in legal)
    assert sorted(deal.wall) == list(range(152))


def test_actions_apply_as_objects_or_codes_and_describe_themselves() -> None:
    deal = AmericanDeal(CARD, seed=2, rules=NO_HEAVENLY)
    action = deal.legal_actions(1)[0]
    assert action.type == "pass_tile" and action.kind == action.code - 36
    assert repr(action).startswith("AmericanAction('pass_tile', ")
    assert action == deal.legal_actions(1)[0] and hash(action) == hash(deal.legal_actions(1)[0])
    deal.apply(1, action)
    deal.apply(2, deal.legal_codes(2)[0])
    assert deal.observation(1)["picked"] == [action.tile]
    assert deal.actions() == [(1, action.code), (2, deal.actions()[1][1])]


def test_replaying_the_actions_gives_the_same_events() -> None:
    deal = AmericanDeal(CARD, seed=9)
    play_deal(deal, _card_vs_random(9))
    again = AmericanDeal(CARD, seed=9)
    for seat, code in deal.actions():
        again.apply(seat, code)
    assert again.is_over and again.events() == deal.events() and again.outcome == deal.outcome


def test_random_games_keep_every_tile_and_pay_zero_sum() -> None:
    rng = random.Random(4)
    for seed in range(30):
        deal = AmericanDeal(
            CARD, seed=seed, rules=AmericanRules.preset("table" if seed % 2 else "nmjl")
        )
        while not deal.is_over:
            for seat in deal.waiting():
                codes = deal.legal_codes(seat)
                if codes:
                    deal.apply(seat, codes[rng.randrange(len(codes))])
                    deal.check_tiles()
        outcome = deal.outcome
        assert outcome is not None and sum(outcome["deltas"]) == 0
        assert outcome["wall_game"] == (outcome["win"] is None)
        assert deal.events()[-1]["type"] == "end_game"


def test_illegal_actions_raise_and_change_nothing() -> None:
    rng = random.Random(7)
    for seed in range(6):
        deal = AmericanDeal(CARD, seed=seed, rules=AmericanRules.preset("table"))
        steps = 0
        while not deal.is_over:
            seat = rng.randrange(4)
            legal = set(deal.legal_codes(seat))
            if steps % 3 == 0:
                before = _state(deal)
                for code in [*rng.sample(range(ACTION_COUNT), 12), -1, ACTION_COUNT, 10**20]:
                    if code in legal:
                        continue
                    with pytest.raises(IllegalActionError):
                        deal.apply(seat, code)
                assert _state(deal) == before
            if legal:
                deal.apply(seat, rng.choice(sorted(legal)))
            steps += 1
        with pytest.raises(IllegalActionError, match="over"):
            deal.apply(0, 240)
    with pytest.raises(TypeError):
        AmericanDeal(CARD, seed=1).apply(0, "discard")  # type: ignore[arg-type]


def test_bad_arguments_are_typed_errors() -> None:
    with pytest.raises(InvalidArgumentError):
        AmericanDeal(CARD)
    with pytest.raises(InvalidArgumentError):
        AmericanDeal(CARD, seed=1, wall=list(range(152)))
    with pytest.raises(InvalidArgumentError):
        AmericanDeal(CARD, seed=-1)
    with pytest.raises(InvalidArgumentError):
        AmericanDeal(CARD, seed=1, dealer=4)
    with pytest.raises(InvalidArgumentError):
        AmericanDeal(CARD, seed=1).observation(4)
    with pytest.raises(InvalidArgumentError, match="seat 5"):
        AmericanDeal(CARD, seed=1).apply(5, 36)


# --- logs -------------------------------------------------------------------------------------


def test_the_same_seed_gives_a_byte_identical_log() -> None:
    def log(seed: int) -> list[str]:
        rules = AmericanRules.preset("table")
        return play_game(_card_vs_random(seed), card=CARD, seed=seed, games=2, rules=rules).lines()

    first = log(11)
    assert first == log(11) and first != log(12)
    assert first[0].startswith('{"type":"start_session"') and first[-1].startswith(
        '{"type":"end_session"'
    )
    events = [json.loads(line) for line in first]
    assert sum(e["type"] == "start_game" for e in events) == 2
    assert {"charleston", "draw", "discard", "end_game"} <= {e["type"] for e in events}


def test_a_session_passes_the_deal_right_and_keeps_running_scores() -> None:
    session = AmericanGame(CARD, seed=5, games=4)
    first = session.dealer
    assert session.dealer_rolls and not session.is_over
    total = [0, 0, 0, 0]
    dealers = []
    while (deal := session.next_deal()) is not None:
        dealers.append(deal.dealer)
        assert deal.scores == total
        outcome = play_deal(deal, _random_agents(deal.dealer))
        session.finish_deal(deal)
        total = [t + d for t, d in zip(total, outcome["deltas"], strict=True)]
    assert dealers == [(first + i) % 4 for i in range(4)]
    assert session.is_over and session.games_played == 4 and session.scores == total
    assert sum(total) == 0


# --- observations -----------------------------------------------------------------------------


def _dealt_positions(seat: int) -> list[int]:
    """Wall positions of the tiles dealt to `seat` when East is seat 0 (spec §1.2.4)."""
    out = [16 * r + 4 * seat + i for r in range(3) for i in range(4)]
    return out + ([48, 49] if seat == 0 else [49 + seat])


def test_observations_are_unchanged_when_other_racks_and_the_wall_are_permuted() -> None:
    rng = random.Random(3)
    for trial in range(12):
        seat = trial % 4
        base = list(range(152))
        rng.shuffle(base)
        mine = set(_dealt_positions(seat))
        hidden = [i for i in range(152) if i not in mine]
        other = base[:]
        values = [other[i] for i in hidden]
        rng.shuffle(values)
        for i, v in zip(hidden, values, strict=True):
            other[i] = v
        a = AmericanDeal(CARD, wall=base, rules=NO_HEAVENLY)
        b = AmericanDeal(CARD, wall=other, rules=NO_HEAVENLY)
        assert a.observation(seat) == b.observation(seat), trial
        assert a.events(seat=seat) == b.events(seat=seat), trial
        assert a.legal_codes(seat) == b.legal_codes(seat)


def test_mid_game_observations_are_unchanged_when_the_unseen_wall_is_permuted() -> None:
    rng = random.Random(8)
    for seed in range(8):
        a = AmericanDeal(CARD, seed=seed)
        agents = _random_agents(seed)
        stop = rng.randrange(30, 120)
        while not a.is_over and len(a.actions()) < stop:
            for seat in a.waiting():
                legal = a.legal_actions(seat)
                if legal:
                    a.apply(seat, agents[seat].act(a.observation(seat), legal))
        if a.is_over:
            continue
        taken = 152 - a.tiles_left
        wall = a.wall
        rest = wall[taken:]
        rng.shuffle(rest)
        b = AmericanDeal(CARD, wall=wall[:taken] + rest)
        # The same game on an explicit wall: replay the actions.
        a2 = AmericanDeal(CARD, wall=wall)
        for s, code in a.actions():
            a2.apply(s, code)
            b.apply(s, code)
        for seat in range(4):
            assert a2.observation(seat) == b.observation(seat)
            assert a2.events(seat=seat) == b.events(seat=seat)


def test_masked_events_hide_other_racks_draws_and_charleston_tiles() -> None:
    deal = AmericanDeal(CARD, seed=6)
    play_deal(deal, _random_agents(6))
    seen = deal.events(seat=2)
    assert seen[0]["tehais"][2] != ["?"] * 13 and set(seen[0]["tehais"][0]) == {"?"}
    for event in seen:
        if event["type"] == "draw" and event["actor"] != 2:
            assert event["pai"] == "?"
        if event["type"] == "charleston":
            assert all(set(g) <= {"?"} for s, g in enumerate(event["given"]) if s != 2)
            assert all(set(r) <= {"?"} for s, r in enumerate(event["received"]) if s != 2)
    view = deal.observation(2)
    assert set(view) >= {"hand", "players", "tiles_left", "claim", "turn", "scores"}
    assert all("hand" not in p for p in view["players"])


def test_agents_receive_masked_events() -> None:
    class Listener(RandomAgent):
        def __init__(self) -> None:
            super().__init__(1)
            self.events: list[dict[str, Any]] = []

        def on_events(self, seat: int, events: list[dict[str, Any]]) -> None:
            self.events.extend(events)

    listener = Listener()
    deal = AmericanDeal(CARD, seed=3)
    play_deal(deal, [listener, RandomAgent(2), RandomAgent(3), RandomAgent(4)])
    assert listener.events == deal.events(seat=0)


# --- options ----------------------------------------------------------------------------------


def test_rules_presets_round_trip_and_reject_bad_values() -> None:
    table = AmericanRules.preset("table")
    assert AmericanRules.presets() == ["nmjl", "table"]
    assert table.dead_hand_mode == "challenge" and table.pay_for_table_after_exposures == 3
    assert AmericanRules().dead_hand_mode == "auto" and AmericanRules() == AmericanRules.preset(
        "nmjl"
    )
    assert AmericanRules.from_dict({"preset": "table", **table.to_dict()}) == table
    assert AmericanRules.from_toml(table.to_toml()) == table
    changed = table.replace(courtesy_pass=False, blind_pass_resolution="fewest")
    assert "courtesy_pass=False" in repr(changed) and hash(changed) != hash(table)
    assert {name for name, _ in AmericanRules.options()} == set(table.to_dict())
    for bad in ({"blanks": 2}, {"players": 3}, {"second_charleston": "maybe"}, {"nope": 1}):
        with pytest.raises(InvalidRuleError):
            table.replace(**bad)
    with pytest.raises(InvalidRuleError):
        AmericanRules.preset("tenhou")  # type: ignore[arg-type]


def test_second_charleston_never_skips_the_vote() -> None:
    rules = AmericanRules().replace(second_charleston="never", courtesy_pass=False)
    deal = AmericanDeal(CARD, seed=4, rules=rules.replace(heavenly_hand=False))
    play_deal(deal, _random_agents(4))
    steps = [e["step"] for e in deal.events() if e["type"] == "charleston"]
    assert steps == ["first_right", "first_across", "first_left"]
    assert not any(e["type"] in ("charleston_vote", "courtesy_offers") for e in deal.events())


# --- agents -----------------------------------------------------------------------------------


def test_built_in_agents_follow_the_protocol() -> None:
    assert isinstance(RandomAgent(), Agent) and isinstance(CardAgent(CARD), Agent)
    with pytest.raises(ValueError, match="4 agents"):
        play_game([RandomAgent()], card=CARD, seed=1)


def test_card_agent_wins_most_decided_games_against_random_agents() -> None:
    wins = [0, 0, 0, 0]
    for seed in range(40):
        seat = seed % 4  # the card agent sits everywhere in turn
        agents: list[Agent] = [RandomAgent(seed * 4 + i) for i in range(4)]
        agents[seat] = CardAgent(CARD)
        outcome = play_game(agents, card=CARD, seed=seed, log=False).outcomes[0]
        if outcome["win"] is not None:
            wins[(outcome["win"]["actor"] - seat) % 4] += 1
    decided = sum(wins)
    assert decided >= 10 and wins[0] > decided / 2, wins


def test_four_card_agents_play_clean_games() -> None:
    for seed in range(4):
        rules = AmericanRules.preset("table" if seed % 2 else "nmjl")
        record = play_game([CardAgent(CARD) for _ in range(4)], card=CARD, seed=seed, rules=rules)
        outcome = record.outcomes[0]
        assert sum(outcome["deltas"]) == 0
        assert all(reason != "wrong_challenge" for reason in outcome["dead"])


class _View(dict[str, Any]):
    """A hand-made observation for one seat."""

    def __init__(self, seat: int, **data: Any) -> None:
        super().__init__(data)
        self.seat = seat


def _player(exposures: list[tuple[str, int, int]] = (), dead: str | None = None) -> dict[str, Any]:  # type: ignore[assignment]
    return {
        "exposures": [{"tile": t, "size": n, "jokers": j} for t, n, j in exposures],
        "discards": [],
        "dead": dead,
    }


def test_card_agent_knows_what_a_near_complete_exposure_needs() -> None:
    agent = CardAgent(CARD)
    players = [_player(), _player([("N", 4, 0), ("S", 4, 1)]), _player(), _player()]
    danger = agent._danger(_View(0, players=players))
    assert {27, 29} <= danger and 35 not in danger  # E and W (winds-1, year-4, ...), never J
    players[1]["dead"] = "cannot_complete"
    assert agent._danger(_View(0, players=players)) == frozenset()
    one = [_player(), _player([("N", 4, 0)]), _player(), _player()]
    assert agent._danger(_View(0, players=one)) == frozenset()  # one exposure is not near


@dataclass(frozen=True)
class _Discard:
    kind: int
    code: int
    type: str = "discard"


def test_card_agent_avoids_the_needed_tile_between_equal_discards() -> None:
    agent = CardAgent(CARD)
    hand = ["1B", "1B", "1B", "3B", "3B", "3B", "3B", "5B", "5B", "5B", "5B", "7B", "E", "8C"]
    players = [_player(), _player([("N", 4, 0), ("S", 4, 1)]), _player(), _player()]
    view = _View(0, hand=hand, players=players, claim=None)
    danger = agent._danger(view)
    distance = {o.tile: o.distance for o in CARD.discard_options(" ".join(hand), top=1)}
    east, crak = 27, 7
    assert east in danger and crak not in danger and distance[east] == distance[crak]
    legal = [_Discard(east, east), _Discard(crak, crak)]
    assert agent._discard(view, legal) == legal[1]  # type: ignore[arg-type]
    assert agent._discard(_View(0, hand=hand, players=[_player()] * 4, claim=None), legal) in legal  # type: ignore[arg-type]


# --- replaying logs ---------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["nmjl", "table"])
def test_logs_replay_to_the_same_events(preset: str) -> None:
    rules = AmericanRules.preset(preset)
    for seed in range(6):
        agents = _random_agents(seed) if seed % 3 == 0 else _card_vs_random(seed)
        if seed % 3 == 2:
            agents = [CardAgent(CARD) for _ in range(4)]
        record = play_game(agents, card=CARD, seed=seed, games=2, rules=rules)
        deals = replay("\n".join(record.lines()))
        assert [d.outcome for d in deals] == record.outcomes
        assert len(replay(record.events, CARD)) == 2


def test_a_tampered_log_does_not_replay() -> None:
    record = play_game(_card_vs_random(1), card=CARD, seed=1)
    lines = record.lines()
    at = next(i for i, e in enumerate(record.events) if e["type"] == "discard")
    event = dict(record.events[at])
    event["pai"] = "F" if event["pai"] != "F" else "N"
    tampered = [*lines[:at], json.dumps(event), *lines[at + 1 :]]
    with pytest.raises(RecordFormatError):
        replay(tampered)
    with pytest.raises(RecordFormatError, match="start_session"):
        replay(lines[1:])
    with pytest.raises(RecordFormatError, match="ends in the middle"):
        replay(lines[:-5])


def test_dead_hand_reasons_are_words_from_the_core() -> None:
    from mahjong.american import DEAD_REASONS

    assert DEAD_REASONS["cannot_complete"] == "no card hand can still be completed"
    assert {"exposures_match_no_hand", "wrong_challenge"} <= set(DEAD_REASONS)
    assert all(words and "_" not in words for words in DEAD_REASONS.values())
