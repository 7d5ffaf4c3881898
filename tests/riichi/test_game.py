"""The Riichi game engine through Python: driving a deal, logs, observations, agents, games."""

from __future__ import annotations

import random

import pytest

from mahjong.errors import (
    IllegalActionError,
    InvalidArgumentError,
    InvalidRuleError,
    InvalidTileError,
)
from mahjong.riichi import ACTION_COUNT, Deal, Game, Ruleset, WinContext, mjai, score
from mahjong.riichi.game import (
    EfficiencyAgent,
    RandomAgent,
    play_deal,
    play_game,
)


def test_a_deal_needs_a_seed_or_a_wall() -> None:
    with pytest.raises(InvalidArgumentError, match="seed or an explicit wall"):
        Deal()
    with pytest.raises(InvalidArgumentError, match="not both"):
        Deal(seed=1, wall=list(range(136)))
    with pytest.raises(InvalidTileError, match="twice"):
        Deal(wall=[0] * 136)


def test_the_deal_as_dealt() -> None:
    deal = Deal(wall=list(range(136)))
    assert deal.waiting() == [0] and deal.turn == 0 and not deal.is_over
    start, first = deal.events()[:2]
    assert start["type"] == "start_kyoku" and start["oya"] == 0
    assert start["tehais"][1] == [
        "2m",
        "2m",
        "2m",
        "2m",
        "6m",
        "6m",
        "6m",
        "6m",
        "1p",
        "1p",
        "1p",
        "1p",
        "4p",
    ]
    assert first == {"type": "tsumo", "actor": 0, "pai": "5pr"}  # W[52] = id 52, the red 5p
    assert start["dora_marker"] == "F" and len(start["tehais"][0]) == 13
    legal = deal.legal_actions(0)
    assert all(0 <= a.code < ACTION_COUNT for a in legal)
    assert {a.type for a in legal} >= {"discard"}
    assert deal.legal_actions(1) == []


def test_illegal_actions_change_nothing() -> None:
    deal = Deal(seed=4)
    before = (deal.events(), deal.waiting(), deal.legal_codes(0))
    with pytest.raises(IllegalActionError, match="by seat 2"):
        deal.apply(2, deal.legal_actions(0)[0])
    with pytest.raises(IllegalActionError, match="code 999"):
        deal.apply(0, 999)
    with pytest.raises(IllegalActionError, match=r"code 154 \(pass\) by seat 0: not among"):
        deal.apply(0, 154)  # pass: no claim window
    with pytest.raises(TypeError):
        deal.apply(0, "discard")  # type: ignore[arg-type]
    assert (deal.events(), deal.waiting(), deal.legal_codes(0)) == before


def test_codes_and_objects_drive_the_same_deal() -> None:
    a, b = Deal(seed=9), Deal(seed=9)
    rng = random.Random(3)
    while not a.is_over:
        seat = a.waiting()[0]
        legal = a.legal_actions(seat)
        choice = legal[rng.randrange(len(legal))]
        a.apply(seat, choice)
        b.apply(seat, choice.code)
    assert a.events() == b.events() and a.outcome == b.outcome


@pytest.mark.parametrize("preset", Ruleset.presets())
def test_random_deals_keep_points_and_tiles(preset: str) -> None:
    rules = Ruleset.preset(preset)
    # A one-deal game takes no sticks (their payers are unknown, R13.5).
    sticks = 0 if rules.game_length == "one_deal" else 1
    for seed in range(40):
        deal = Deal(seed=seed, rules=rules, riichi_sticks=sticks, honba=2)
        assert deal.players == rules.players == len(deal.scores)
        total = sum(deal.scores) + 1000 * deal.riichi_sticks
        play_deal(deal, [RandomAgent(seed * 4 + i) for i in range(rules.players)])
        assert sum(deal.scores) + 1000 * deal.riichi_sticks == total
        outcome = deal.outcome
        assert outcome is not None
        assert outcome["deltas"] == [s - rules.start_points for s in deal.scores]


@pytest.mark.parametrize(("preset", "indicator"), [("seed", 130), ("tenhou-sanma", 98)])
def test_observations_leak_nothing(preset: str, indicator: int) -> None:
    """Seat 0's view is the same when other hands and the unseen wall are permuted (four
    players, or three: a 108-tile wall, the indicator on the fifth stack from its end)."""
    rules = Ruleset.preset(preset)
    players = rules.players
    rng = random.Random(5)
    base = [i for i in range(136) if players == 4 or not 4 <= i < 32]
    rng.shuffle(base)
    own = [4 * players * r + i for r in range(3) for i in range(4)] + [12 * players, 13 * players]
    hidden = [i for i in range(len(base)) if i not in own and i != indicator]
    for trial in range(20):
        other = base[:]
        chosen = hidden[:]
        rng.shuffle(chosen)
        values = [other[i] for i in chosen]
        rng.shuffle(values)
        for i, v in zip(chosen, values, strict=True):
            other[i] = v
        seen = Deal(wall=other, rules=rules).observation(0)
        assert seen == Deal(wall=base, rules=rules).observation(0), trial


def test_masked_events_hide_other_hands_and_draws() -> None:
    deal = Deal(seed=2)
    deal.apply(0, deal.legal_actions(0)[0])
    while deal.waiting() != [1]:
        seat = deal.waiting()[0]
        deal.apply(seat, next(a for a in deal.legal_actions(seat) if a.type == "pass"))
    seen = deal.events(seat=2)
    assert seen[0]["tehais"][2] != ["?"] * 13 and seen[0]["tehais"][0] == ["?"] * 13
    assert all(e["pai"] == "?" for e in seen if e["type"] == "tsumo" and e["actor"] != 2)


def test_observation_is_a_lazy_mapping() -> None:
    deal = Deal(seed=1)
    view = deal.observation(0)
    assert view["seat"] == 0 and len(view["hand"]) == 14 and view["drawn"] in view["hand"]
    assert set(view) >= {"players", "dora_indicators", "scores", "claim"}
    assert Deal(seed=1).observation(1)["drawn"] is None


def test_the_same_seed_gives_the_same_log() -> None:
    def log() -> list[str]:
        agents = [EfficiencyAgent(), RandomAgent(1), RandomAgent(2), EfficiencyAgent()]
        return play_game(agents, seed=11, rules=Ruleset.preset("tenhou")).lines()

    first = log()
    assert first == log() and first[0].startswith('{"type":"start_game"')
    assert first[-1].startswith('{"type":"end_game"')


def test_a_seed_game_is_one_deal_and_a_tenhou_game_many() -> None:
    agents = [EfficiencyAgent() for _ in range(4)]
    seed_game = play_game(agents, seed=3)
    assert len(seed_game.outcomes) == 1
    hanchan = play_game(agents, seed=3, rules=Ruleset.preset("tenhou"))
    assert len(hanchan.outcomes) >= 4
    assert sorted(s["rank"] for s in hanchan.standings) == [1, 2, 3, 4]
    game = Game(seed=1)
    deal = game.next_deal()
    assert deal is not None
    with pytest.raises(InvalidArgumentError, match="not over"):
        game.finish_deal(deal)


def test_efficiency_beats_random() -> None:
    wins = [0, 0, 0, 0]
    for seed in range(60):
        agents = [
            EfficiencyAgent(),
            RandomAgent(seed),
            RandomAgent(seed + 1),
            RandomAgent(seed + 2),
        ]
        for outcome in play_game(agents, seed=seed, log=False).outcomes:
            for win in outcome["wins"]:
                wins[win["actor"]] += 1
    assert wins[0] > sum(wins[1:]), wins


def _deal_positions(offset: int, players: int) -> list[int]:
    """Wall positions of the starting tiles of the seat `offset` seats after the dealer."""
    positions = [4 * players * r + 4 * offset + i for r in range(3) for i in range(4)]
    return [*positions, 12 * players + offset] + ([13 * players] if offset == 0 else [])


def _replay(
    wall: list[int], script: list[tuple[int, str, str | None, list[str]]], rules: Ruleset
) -> Deal:
    """Plays `script` — (seat, type, tile, consumed) — on `wall`; a seat asked for a claim the
    script does not mention passes."""
    deal = Deal(wall=wall, rules=rules)
    for seat, kind, tile, consumed in script:
        while seat not in deal.waiting():
            other = deal.waiting()[0]
            deal.apply(other, next(a for a in deal.legal_actions(other) if a.type == "pass"))
        match = [
            a
            for a in deal.legal_actions(seat)
            if a.type == kind and a.tile == tile and a.consumed == consumed
        ]
        deal.apply(seat, match[0])
    return deal


@pytest.mark.parametrize("preset", ["seed", "tenhou-sanma"])
def test_observations_leak_nothing_mid_deal(preset: str) -> None:
    """Mid-deal, seat 0 sees the same when two other players swap tiles they never show and
    the undrawn wall is shuffled (three players too, with kita declared along the way)."""
    rules = Ruleset.preset(preset)
    players = rules.players
    rng = random.Random(11)
    checked = 0
    for seed in range(60):
        deal = Deal(seed=seed, rules=rules)
        script: list[tuple[int, str, str | None, list[str]]] = []
        for _ in range(rng.randrange(10, 60)):
            if deal.is_over:
                break
            seat = deal.waiting()[0]
            legal = [
                a for a in deal.legal_actions(seat) if a.type not in ("riichi", "ron", "tsumo")
            ]
            action = legal[rng.randrange(len(legal))]
            script.append((seat, action.type, action.tile, action.consumed))
            deal.apply(seat, action)
        if deal.is_over:
            continue
        wall = deal.wall
        shown = {e.get("pai") for e in deal.events()[2:]} | {
            t for e in deal.events() for t in e.get("consumed", [])
        }
        kinds = [mjai.tile_name(t) for t in wall]
        hidden = [
            [p for p in _deal_positions(o, players) if kinds[p] not in shown]
            for o in range(1, players)
        ]
        events = deal.events()
        taken = 13 * players + sum(e["type"] == "tsumo" for e in events)
        # Each kan or kita moves the last live tile into the dead wall: leave that many out.
        moved = sum(e["type"] in ("ankan", "daiminkan", "kakan", "nukidora") for e in events)
        undrawn = list(range(taken, len(wall) - 14 - moved))
        if not hidden[0] or not hidden[1]:
            continue
        other = wall[:]
        a, b = hidden[0][0], hidden[1][0]
        other[a], other[b] = other[b], other[a]
        values = [other[i] for i in undrawn]
        rng.shuffle(values)
        for i, v in zip(undrawn, values, strict=True):
            other[i] = v
        try:
            replayed = _replay(other, script, rules)
        except IndexError:
            continue  # the swap made a scripted call impossible; not this trial
        assert replayed.observation(0) == deal.observation(0), seed
        checked += 1
    assert checked >= 20


@pytest.mark.parametrize("option", [{"karaten": "tenpai"}, {"open_riichi": True}])
def test_options_the_engine_does_not_play_are_refused(option: dict[str, object]) -> None:
    rules = Ruleset.preset("tenhou").replace(**option)
    with pytest.raises(InvalidRuleError, match=next(iter(option))):
        Deal(seed=1, rules=rules)


def test_start_game_carries_no_field_mjai_defines_otherwise() -> None:
    """mjai's ``seed`` is a [nonce, key] pair: the game's seed is ``game_seed``."""
    record = play_game([RandomAgent(i) for i in range(4)], seed=12)
    start = record.events[0]
    assert start == {
        "type": "start_game",
        "names": ["RandomAgent"] * 4,
        "game_seed": 12,
    }
    assert record.lines()[0] == (
        '{"type":"start_game","names":["RandomAgent","RandomAgent","RandomAgent",'
        '"RandomAgent"],"game_seed":12}'
    )


def test_a_win_names_the_limit_it_reached() -> None:
    """hora.limit is the core's name for the limit (mangan and above) and absent below it."""
    from mahjong.riichi import mjai

    seen: set[str | None] = set()
    for seed in range(60):
        record = play_game([EfficiencyAgent() for _ in range(4)], seed=seed)
        for event in record.events:
            if event["type"] == "hora":
                limit = event.get("limit")
                seen.add(limit)
                if limit is None:
                    assert event["han"] < 5 and not event["yakuman"]
                else:
                    assert limit in mjai.LIMITS and (event["han"] >= 3 or event["yakuman"])
    assert None in seen and len(seen) >= 2


def test_nine_terminals_names_its_declarer() -> None:
    """A kyuushu kyuuhai draw's ryukyoku carries the declarer as `actor`; other draws none."""
    rng = random.Random(0)
    tenhou = Ruleset.preset("tenhou")  # the seed preset has no kyuushu kyuuhai
    for seed in range(1000):
        deal = Deal(seed=seed, rules=tenhou)
        while not deal.is_over:
            seat = deal.waiting()[0]
            codes = deal.legal_codes(seat)
            deal.apply(seat, 153 if 153 in codes else rng.choice(codes))
            if 153 in codes:
                break
        draws = [e for e in deal.events() if e["type"] == "ryukyoku"]
        if draws and draws[0]["reason"] == "kyuushu_kyuuhai":
            assert draws[0]["actor"] == seat and list(draws[0])[:2] == ["type", "actor"]
            break
    else:
        pytest.fail("no one was offered kyuushu kyuuhai in 1,000 deals")
    record = play_game([RandomAgent(i) for i in range(4)], seed=3)
    draws = [
        e for e in record.events if e["type"] == "ryukyoku" and e["reason"] != "kyuushu_kyuuhai"
    ]
    assert all("actor" not in e for e in draws)


def test_yaku_and_limit_names_come_from_the_core() -> None:
    from mahjong.riichi import YAKU_NAMES, Yaku

    result = score("234m456p678s34s88p", "5s", context=WinContext(riichi=True, tsumo=True))
    assert all(YAKU_NAMES[y.romaji] == y.name for y in result.yaku)
    assert YAKU_NAMES["kokushi_musou"] and YAKU_NAMES["aka_dora"] == "Red Fives"
    assert isinstance(result.yaku[0], Yaku)
