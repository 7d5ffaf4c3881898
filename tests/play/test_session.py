"""The play session and both families' parts of the table view, without textual: the message
log, the results and the standings as data (worded from the catalogue), and the log the
session saves."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from mahjong.american import Exposure
from mahjong.american.replay import replay as replay_american
from mahjong.play.american import KIND_NAMES, AmericanFamily
from mahjong.play.catalogue import ENGLISH, Words
from mahjong.play.family import NotNow
from mahjong.play.session import HUMAN, NAMES, Session, random_seed
from mahjong.play.snapshot import Say, Snapshot, build
from mahjong.riichi import Ruleset, mjai, replay
from play.support import (
    CARD,
    agent_for,
    american,
    american_story,
    decide,
    find_seed,
    play_story,
    riichi,
    riichi_story,
)

TONPUUSEN = Ruleset.preset("tenhou").replace(game_length="tonpuusen")


def english(session: Session[Any], say: Say) -> str:
    return Words(build(session)).sentence(say)


def test_the_ais_keep_their_names_and_the_log_has_them() -> None:
    story = play_story(riichi(TONPUUSEN), 3, deals=3)
    session = story.session
    assert session is not None and session.deal_number == 3
    assert [s.name for s in build(session).seats] == list(NAMES)
    assert {m.params["seat"] for m in story.messages if "seat" in m.params} <= {0, 1, 2, 3}
    assert json.loads(session.lines()[0])["names"] == list(NAMES)


def test_a_seed_deals_the_same_and_a_random_seed_another_deal() -> None:
    for family in (riichi(), american()):
        hand = Session(family, 11).observation()["hand"]
        assert Session(family, 11).observation()["hand"] == hand
        first, second = random_seed(), random_seed()
        assert first != second
        assert (
            Session(family, first).observation()["hand"]
            != Session(family, second).observation()["hand"]
        )


def play_deals(session: Session[Any]) -> Any:
    """Plays `session` to its end deal by deal, yielding each finished deal's snapshot and the
    scores before it."""
    agent = agent_for(session.family)
    while True:
        before = list(session.deal.scores)
        while not session.deal_over:
            session.run()
            if not session.deal_over:
                session.act(decide(session, agent))
        yield build(session), before
        if not session.next_deal():
            return


def test_payments_split_and_sum_to_zero_with_the_scores_they_move() -> None:
    """Every payment row (seats and table) sums to zero, and the total per seat is what the
    scores moved by: deposits, each win's hand, honba and sticks, draws' payments."""
    session = Session(riichi(TONPUUSEN), 5)
    labels = set()
    for shown, before in play_deals(session):
        result = shown.result
        assert result is not None
        payments = result.payments
        assert all(sum(r.amounts) == 0 for r in payments.rows) and sum(payments.total) == 0
        moved = [a - b for a, b in zip(result.scores, before, strict=True)]
        assert list(payments.total[:4]) == moved == list(session.deal.outcome["deltas"])
        labels |= {r.label.key for r in payments.rows}
    assert {"pay.deposits", "pay.hand", "pay.sticks", "pay.noten"} <= labels
    # the saved log says the same, deal by deal
    logged = [json.loads(line) for line in session.lines()]
    total = [sum(e.get("deltas", [0] * 4)[s] for e in logged) for s in range(4)]
    assert total == [s - 25000 for s in session.deal.scores]


def test_a_win_pays_its_honba_and_takes_the_deposits_apart() -> None:
    """With honba and deposits on the table, a win's rows say each part: the hand's value,
    the honba (300 each), the deposits the winner takes from the table."""
    session = Session(riichi(TONPUUSEN), 9)
    for shown, _ in play_deals(session):
        rows = {r.label.key: r for r in shown.result.payments.rows}
        if shown.result.wins and "pay.honba" in rows and "pay.sticks" in rows:
            break
    else:
        pytest.fail("no win with honba and deposits in the game")
    honba = rows["pay.honba"]
    assert sum(a for a in honba.amounts if a > 0) == 300 * honba.label.params["n"]
    sticks = rows["pay.sticks"]
    assert sticks.amounts[4] < 0 and sticks.amounts[4] % 1000 == 0


def test_final_standings_spell_out_base_oka_and_uma() -> None:
    for rules in (Ruleset.preset("seed"), TONPUUSEN):
        session = play_story(riichi(rules), 2, deals=20).session
        assert session is not None and session.game_over
        standings = build(session).standings
        assert standings is not None
        for s, engine in zip(
            standings.rows, sorted(session.game.standings(), key=lambda s: s["rank"]), strict=True
        ):
            parts = {p.name: p.amount for p in s.parts}
            assert (
                s.result
                == engine["points"]
                == s.score + parts["base"] + parts["oka"] + parts["uma"]
            )
            assert s.result_text == Say("result.thousands", {"n": s.result})
        assert sum(s.result for s in standings.rows) == 0
        assert standings.ended.key == f"end.{session.game.end_reason}"
        assert "oka" in english(session, standings.note)


def test_wins_show_the_yaku_fu_ura_indicators_and_the_limit() -> None:
    seed = find_seed(
        riichi_story,
        lambda s: any(
            e["type"] == "hora" and e.get("ura_markers") and e.get("limit")
            for e in s.session.deal.events(0)
        ),
        100,
    )
    session = riichi_story(seed).session
    win = next(e for e in session.deal.events(0) if e["type"] == "hora")
    (shown,) = build(session).result.wins
    assert [i.label.key for i in shown.indicators] == ["indicators.dora", "indicators.ura"]
    assert list(shown.indicators[1].tiles) == win["ura_markers"]
    assert Say(f"limit.{win['limit']}") in shown.total
    assert Say("total.points", {"n": win["points"]}) in shown.total
    assert [v.name.key for v in shown.value] == [f"yaku.{y}" for y, _ in win["yaku"]]
    if not win["yakuman"]:
        raw = sum(f.value.params["n"] for f in shown.fu)
        assert raw <= win["fu"] < raw + 10 or win["fu"] == 25
    words = Words(build(session))
    assert "_" not in " ".join(words(v.name) for v in shown.value), "no raw ids"


def test_draw_reasons_and_yaku_are_in_the_catalogue() -> None:
    assert all(f"draw.{reason}" in ENGLISH for reason in mjai.DRAW_REASONS)
    assert all(f"limit.{name}" in ENGLISH for name in mjai.LIMITS)
    assert "nine different terminals" in ENGLISH["draw.kyuushu_kyuuhai"].text


def test_passing_a_winning_tile_without_yaku_is_said() -> None:
    family = riichi(Ruleset.preset("seed").replace(riichi_min_points=100000))
    no_yaku = Say("reason.no_yaku.ron", {"tsumo": False})

    def said(story: Any) -> list[Say]:
        return [m for m in story.messages if no_yaku in m.params.get("why", ())]

    story = play_story(family, find_seed(lambda s: play_story(family, s), said, 60))
    said = said(story)[0]
    assert english(story.session, said).endswith(
        "(the tile completes the hand but without a yaku: no ron)"
    )


def test_the_riichi_reason_follows_the_rules() -> None:
    """The table says what the engine's rules say: the minimum points come from the ruleset,
    and without a minimum there is no such note."""
    for points in (30000, 100000):
        family = riichi(Ruleset.preset("seed").replace(riichi_min_points=points))
        seed = find_seed(
            lambda s, f=family: play_story(f, s),
            lambda s: any(w.key == "reason.riichi_min_points" for w in s.why),
            60,
        )
        notes = [w for w in play_story(family, seed).why if w.key == "reason.riichi_min_points"]
        assert notes == [Say("reason.riichi_min_points", {"points": points})]
    mleague = riichi(Ruleset.preset("mleague"))
    assert not any(
        w.key == "reason.riichi_min_points" for s in range(5) for w in play_story(mleague, s).why
    )


def test_saving_the_log_writes_the_engines_lines(tmp_path: Path) -> None:
    session = riichi_story(find_seed(riichi_story, lambda s: s.types[-1] in ("ron", "tsumo"), 50))
    assert session.session is not None
    played = session.session
    log = tmp_path / "game.jsonl"
    played.changed = True
    assert played.save(log) == len(played.lines())
    assert log.read_text().splitlines() == played.game.lines()
    assert not played.changed
    reports = replay.replay_file(str(log), Ruleset.preset("seed"))
    assert [r.ok for r in reports] == [True], [str(r) for r in reports]
    american_log = tmp_path / "american.jsonl"
    story = american_story(0)
    assert story.session is not None
    story.session.save(american_log)
    games = replay_american(american_log.read_text())
    assert len(games) == 1 and games[0].outcome == story.session.deal.outcome


def test_a_session_knows_what_is_unsaved_and_starts_again() -> None:
    session = Session(riichi(), 4)
    assert not session.changed
    session.run()
    session.act(decide(session, agent_for(session.family)))
    assert session.changed
    hand = Session(riichi(), 4).observation()["hand"]
    session.start(4)  # a rematch
    assert session.seeds == [4, 4] and session.deal_number == 1 and not session.changed
    assert session.observation()["hand"] == hand and session.messages == []


# -- American ---------------------------------------------------------------------------


def test_charleston_picks_can_be_taken_back() -> None:
    session = Session(american(), 1)
    family = session.family
    assert isinstance(family, AmericanFamily)
    hand = sorted(session.observation()["hand"], key=family.sort_key)
    passable = [t for t in hand if t != "J"]
    family.press(session, passable[0], "play")
    family.press(session, passable[1], "play")
    assert family.picked(session) == passable[:2]
    step = session.observation()["step"]
    assert family.prompt(session, "play") == Say(
        "prompt.pick", {"step": step, "size": 3, "picked": 2}
    )
    assert not any(c.key == "p" for c in family.choices(session, "play"))
    family.press(session, passable[0], "play", picked=True)  # taken back
    assert family.picked(session) == [passable[1]]
    family.press(session, passable[2], "play")
    family.press(session, passable[3], "play")
    assert family.prompt(session, "play") == Say("prompt.ready", {"step": step, "size": 3})
    (choice,) = [c for c in family.choices(session, "play") if c.key == "p"]
    assert [a.tile for a in choice.ways[0].actions] == [passable[1], passable[2], passable[3]]
    assert session.observation()["picked"] == []  # nothing reached the engine yet
    session.act(list(choice.ways[0].actions))
    assert family.picked(session) == []
    session.run()
    given = next(e for e in session.deal.events(0) if e["type"] == "charleston")["given"][0]
    assert sorted(given) == sorted(passable[1:4])


def test_jokers_are_not_passed_and_the_engine_says_why() -> None:
    seed = next(s for s in range(30) if "J" in Session(american(), s).observation()["hand"])
    session = Session(american(), seed)
    family = session.family
    assert "J" not in family.playable(session, "play")
    with pytest.raises(NotNow) as why:
        family.press(session, "J", "play")
    assert why.value.say == Say("reason.joker_not_passable") and str(why.value) == (
        "jokers are never passed"
    )
    assert Say("reason.joker_not_passable") in family.why_not(session)


def test_an_exposure_that_kills_the_hand_is_warned_and_the_hand_dies() -> None:
    """The warning comes from the engine (the exposure made once the claim is settled): the
    hand is dead right after an exposure it warned of, takes no more turns, and the table
    says the others play on."""
    session = Session(american(), 0)
    agent = agent_for(session.family)
    while True:
        session.run()
        warned = [
            w
            for c in session.family.choices(session, "play")
            for w in c.ways
            if w.warning is not None
        ]
        if warned:
            break
        assert not session.deal_over, "no hand-killing exposure offered in this game"
        session.act(decide(session, agent))
    way = warned[0]
    assert way.warning == Say("warn.hand_dies", {"why": way.warning.params["why"]})
    session.act(list(way.actions))
    session.run()
    assert session.observation()["players"][HUMAN]["dead"] == way.warning.params["why"]
    assert not session.human_to_act() or session.deal_over
    said = [m for m in session.messages if m.key == "event.dead"]
    assert english(session, said[0]).startswith("Your hand is dead: ")
    if not session.deal_over:
        assert session.family.prompt(session, "play") == Say("prompt.dead")


def test_jokerless_notes_come_from_the_engine() -> None:
    """Why a jokerless hand was not doubled is the engine's (the rules, the card's section,
    a hand no joker could fill)."""
    seed = find_seed(
        american_story,
        lambda s: (
            bool(s.session.deal.outcome["win"]) and s.session.deal.outcome["win"]["jokerless"]
        ),
        200,
    )
    session = american_story(seed).session
    win = session.deal.outcome["win"]
    (shown,) = build(session).result.wins
    note = win["jokerless_note"]
    assert Say(note["key"], note["params"]) in shown.notes
    assert note["key"] in ENGLISH
    assert (note["key"] == "jokerless.doubled") == win["jokerless_bonus"]


def test_the_winning_hand_is_spelled_out_with_the_jokers_stand_ins() -> None:
    seed = find_seed(
        american_story,
        lambda s: (
            bool(s.session.deal.outcome["win"])
            and "J" in _held(s.session, s.session.deal.outcome["win"]["actor"])
        ),
        40,
    )
    session = american_story(seed).session
    winner = session.deal.outcome["win"]["actor"]
    (shown,) = build(session).result.wins
    tiles = [t for g in shown.groups for t in g.tiles]
    stands = [f for g in shown.groups for f in g.stands_for]
    assert len(tiles) == 14 and sorted(tiles) == sorted(_held(session, winner))
    assert all((f is not None) == (t == "J") for t, f in zip(tiles, stands, strict=True))
    obs = session.deal.observation(winner)
    exposures = [
        Exposure(e["tile"], e["size"], e["jokers"]) for e in obs["players"][winner]["exposures"]
    ]
    match = CARD.match(" ".join(obs["hand"]), exposures)
    assert match is not None
    naturals = [f if f is not None else t for t, f in zip(tiles, stands, strict=True)]
    wanted = [KIND_NAMES[k] for k, n in enumerate(match.variant.counts) for _ in range(n)]
    assert sorted(naturals) == sorted(wanted)


def _held(session: Session[Any], seat: int) -> list[str]:
    obs = session.deal.observation(seat)
    return [*obs["hand"], *(t for e in obs["players"][seat]["exposures"] for t in e["tiles"])]


def test_whose_words() -> None:
    """Possessives name the seat right: never "You's"."""
    session = Session(american(), 0)
    family = session.family
    said = [
        family.describe(session, {"type": "dead_hand", "actor": 0, "reason": "cannot_complete"}),
        family.describe(
            session,
            {"type": "joker_exchange", "actor": 0, "target": 0, "exposure": 0, "pai": "5C"},
        ),
        family.describe(
            session,
            {"type": "joker_exchange", "actor": 1, "target": 0, "exposure": 0, "pai": "5C"},
        ),
    ]
    assert [english(session, s) for s in said if s is not None] == [
        "Your hand is dead: no card hand can still be completed",
        "You: exchange 5C for the joker in your exposure",
        "Kiri: exchange 5C for the joker in your exposure",
    ]


def test_a_joker_exchange_highlights_the_exposure() -> None:
    session = Session(american(), 0)
    agent = agent_for(session.family)
    while not session.highlights:
        session.run()
        assert not session.deal_over, "no joker exchange in this game"
        session.act(decide(session, agent))
        session.run()
    ((seat, index),) = session.highlights
    exchange = [e for e in session.deal.events(0) if e["type"] == "joker_exchange"][-1]
    assert (exchange["target"], exchange["exposure"]) == (seat, index)
    shown: Snapshot = build(session)
    assert shown.seats[seat].melds[index].flash
    assert not any(
        m.flash for s in shown.seats for i, m in enumerate(s.melds) if (s.seat, i) != (seat, index)
    )
    assert any(m.key == "event.exchange" for m in session.messages)
