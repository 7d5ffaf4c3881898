"""The play session and both families' words and panels, without textual: what a player
reads in the message log, the results and the standings, and the log the session saves."""

from __future__ import annotations

import json
from pathlib import Path

from mahjong.american import Exposure
from mahjong.american.replay import replay as replay_american
from mahjong.arguments import random_seed
from mahjong.play.american import HIGHLIGHT, AmericanFamily, spelled
from mahjong.play.family import NotNow
from mahjong.play.riichi import DRAWS, tiles_text
from mahjong.play.session import HUMAN, NAMES, Session
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


def test_the_ais_keep_their_names_and_the_log_has_them() -> None:
    story = play_story(riichi(TONPUUSEN), 3, deals=3)
    session = story.session
    assert session is not None and session.deal_number == 3
    assert [session.title(s) for s in range(4)] == [
        "You",
        "Kiri (AI, right)",
        "Sora (AI, across)",
        "Mina (AI, left)",
    ]
    said = {m.split()[0] for m in story.messages if not m.startswith(("--", "New", "Draw"))}
    assert said <= set(NAMES)
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


def net_line(session: Session[object]) -> list[int]:
    """The seats' changes as the result says them."""
    text = str(session.family.result(session))
    line = text.split("riichi deposits included):\n")[1].splitlines()[0]
    return [int(part.split()[1].replace(",", "")) for part in line.split(" · ")]


def test_results_add_up_with_the_log_for_wins_and_draws() -> None:
    """Wins and draws use one convention: each seat's change over the deal, the sum of the
    log's deltas (riichi deposits included), which is what the scores move by."""
    family = riichi(TONPUUSEN)
    session = Session(family, 5)
    agent = agent_for(family)
    kinds = set()
    while True:
        before = list(session.deal.scores)
        while not session.deal_over:
            session.run()
            if not session.deal_over:
                session.act(decide(session, agent))
        events = session.deal.events(0)
        kinds |= {e["type"] for e in events} & {"hora", "ryukyoku", "reach_accepted"}
        deltas = [sum(e.get("deltas", [0] * 4)[s] for e in events) for s in range(4)]
        shown = net_line(session)
        assert shown == deltas == [a - b for a, b in zip(session.deal.scores, before, strict=True)]
        if not session.next_deal():
            break
    assert kinds == {"hora", "ryukyoku", "reach_accepted"}, "wins, draws and riichi"
    # the saved log says the same, deal by deal
    logged = [json.loads(line) for line in session.lines()]
    total = [sum(e.get("deltas", [0] * 4)[s] for e in logged) for s in range(4)]
    assert total == [s - 25000 for s in session.deal.scores]


def test_final_standings_sum_to_zero_with_the_scores_apart() -> None:
    for rules in (Ruleset.preset("seed"), TONPUUSEN):
        story = play_story(riichi(rules), 2, deals=20)
        session = story.session
        assert session is not None and session.game_over
        text = str(session.family.standings(session))
        rows = [line.split() for line in text.splitlines()[1:5]]
        standings = sorted(session.game.standings(), key=lambda s: s["rank"])
        for row, standing in zip(rows, standings, strict=True):
            assert row[1] == NAMES[standing["seat"]]
            assert row[2] == f"{standing['score']:,}"
            assert float(row[3]) * 1000 == standing["points"]
        assert abs(sum(float(row[3]) for row in rows)) < 1e-9
        assert "they sum to 0" in text and "oka and uma" in text


def test_wins_show_the_ura_indicators_and_the_limit() -> None:
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
    text = str(session.family.result(session))
    assert f"ura indicators: {tiles_text(win['ura_markers'])}" in text
    assert f"{win['limit']} · {win['points']:,} points" in text
    assert "_" not in text, "no raw ids"


def test_draw_reasons_and_yaku_are_words() -> None:
    family = riichi()
    session = Session(family, 1)
    assert set(DRAWS) == set(mjai.DRAW_REASONS)
    for reason in mjai.DRAW_REASONS:
        said = family.describe(session, {"type": "ryukyoku", "reason": reason})
        assert said is not None and "_" not in said
    assert "nine different terminals" in DRAWS["kyuushu_kyuuhai"]


def test_passing_a_winning_tile_without_yaku_is_said() -> None:
    family = riichi(Ruleset.preset("seed").replace(riichi_min_points=100000))
    seed = find_seed(
        lambda s: play_story(family, s),
        lambda s: any("without a yaku: no ron" in m for m in s.messages),
        60,
    )
    said = [m for m in play_story(family, seed).messages if "without a yaku" in m]
    assert said[0].split(" — ")[1] == "the tile completes the hand but without a yaku: no ron"


def test_the_riichi_reason_follows_the_rules() -> None:
    """The table says what the engine's rules say: the minimum points come from the ruleset
    (no 1,000 written in the table), and without a minimum there is no such note."""
    for points in (30000, 100000):
        family = riichi(Ruleset.preset("seed").replace(riichi_min_points=points))
        seed = find_seed(
            lambda s, f=family: play_story(f, s),
            lambda s: any("points" in w for w in s.why),
            60,
        )
        notes = [w for w in play_story(family, seed).why if "points" in w]
        assert notes == [f"Riichi needs at least {points:,} points"]
    mleague = riichi(Ruleset.preset("mleague"))
    assert not any("points" in w for s in range(5) for w in play_story(mleague, s).why)


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
    assert "pick 3 with Enter (2 picked)" in family.prompt(session, "play")
    assert not any(c.key == "p" for c in family.choices(session, "play"))
    family.press(session, passable[0], "play", picked=True)  # taken back
    assert family.picked(session) == [passable[1]]
    family.press(session, passable[2], "play")
    family.press(session, passable[3], "play")
    assert "p passes the 3 picked" in family.prompt(session, "play")
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
    try:
        family.press(session, "J", "play")
    except NotNow as why:
        assert str(why) == "Jokers are never passed"
    else:
        raise AssertionError("a joker was picked")
    assert "Jokers are never passed" in family.why_not(session)


def test_a_dead_hand_stops_and_the_table_says_so() -> None:
    """An exposure that matches no card hand makes the hand dead: it takes no more turns,
    and the table says the others play on (nothing about discarding on)."""
    session = Session(american(), 0)
    agent = agent_for(session.family)
    while True:
        session.run()
        kill = [
            a for a in session.legal() if a.type == "expose" and AmericanFamily._kills(session, a)
        ]
        if kill:
            break
        session.act(decide(session, agent))
    ways = [w for c in session.family.choices(session, "play") for w in c.ways]
    assert next(w for w in ways if w.actions == (kill[0],)).label.endswith("(your hand dies)")
    session.act([kill[0]])
    session.run()
    assert session.observation()["players"][HUMAN]["dead"]
    assert not session.human_to_act() or session.deal_over
    said = [m for m in session.messages if "dead" in m]
    assert said[0].startswith("Your hand is dead: ") and "You's" not in " ".join(session.messages)
    if not session.deal_over:
        prompt = session.family.prompt(session, "play")
        assert prompt == "Your hand is dead: the others play on without you"
    assert "discard on" not in " ".join(session.messages)


def test_jokerless_says_why_singles_and_pairs_get_no_double() -> None:
    family = american()
    match = CARD.match("F F 2D 2D 4D 4D 6D 6D 8D 8D N N S S")
    assert match is not None and match.jokerless and not match.jokerless_bonus
    win = {"jokerless": True, "jokerless_bonus": False}
    said = family._jokerless(win, "Singles and Pairs", match)
    assert said == (
        "Jokerless, but the card gives Singles and Pairs hands no jokerless double (they have "
        "no group a joker could fill, so they are always jokerless)"
    )
    assert family._jokerless({**win, "jokerless_bonus": True}, "2468", match) == (
        "Jokerless: the payouts are doubled"
    )
    no_bonus = AmericanFamily(CARD, family.rules.replace(jokerless_bonus=False))
    assert "these rules pay no jokerless bonus" in no_bonus._jokerless(win, "2468", match)


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
    text = str(session.family.result(session))
    line = next(x for x in text.splitlines() if "Winning hand: " in x)
    tiles = line.split("Winning hand: ")[1].replace(" · ", " ").split()
    assert len(tiles) == 14 and any(t.startswith("J=") for t in tiles)
    assert sorted(t.split("=")[0] for t in tiles) == sorted(_held(session, winner))
    obs = session.deal.observation(winner)
    exposures = [
        Exposure(e["tile"], e["size"], e["jokers"]) for e in obs["players"][winner]["exposures"]
    ]
    match = CARD.match(" ".join(obs["hand"]), exposures)
    assert match is not None and str(spelled(session, winner, match)) in line


def _held(session: Session[object], seat: int) -> list[str]:
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
    assert said == [
        "Your hand is dead: no card hand can still be completed",
        "You exchange 5C for the joker in your own exposure",
        "Kiri exchanges 5C for the joker in your exposure",
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
    panel = session.family.panel(session, seat)
    flashed = {
        panel.plain[span.start : span.end] for span in panel.spans if span.style == HIGHLIGHT
    }
    exposure = session.observation()["players"][seat]["exposures"][index]
    assert set(exposure["tiles"]) <= {t.strip() for t in flashed}
    assert "exchanges" in session.messages[-1] or any("joker in" in m for m in session.messages)
