"""The table view both faces draw (:mod:`mahjong.play.snapshot`), for both families: built
after every step of whole deals, with each seat's concealed count the engine's, every text a
key of the catalogue with typed parameters, plain JSON; the faces know no family; the
catalogue and ``docs/table-view.md`` hold what the snapshot uses."""

from __future__ import annotations

import ast
import dataclasses
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mahjong.play import snapshot
from mahjong.play.catalogue import BUILTIN_TYPES, ENGLISH, Words
from mahjong.play.session import Session
from mahjong.play.snapshot import Say, Snapshot, build
from mahjong.play.web import view
from mahjong.riichi import Ruleset
from play.support import agent_for, american, decide, riichi

ROOT = Path(__file__).resolve().parents[2]
PLAY = ROOT / "python" / "mahjong" / "play"
PLACEHOLDER = re.compile(r"\{(\w+)(?:\|[^}]*)?\}")


def says(value: Any) -> Iterator[Say]:
    """Every message in a snapshot (or a part of it), nested ones too."""
    if isinstance(value, Say):
        yield value
        yield from says(list(value.params.values()))
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from says(getattr(value, f.name))
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from says(item)
    elif isinstance(value, dict):
        yield from says(list(value.values()))


def check_words(shown: Snapshot) -> None:
    """Every message of `shown` is a catalogue key given every parameter its template uses,
    and worded in English without a placeholder left."""
    words = Words(shown)
    for say in says(shown):
        entry = ENGLISH.get(say.key)
        assert entry is not None, f"{say.key} is not in the catalogue"
        used = set(PLACEHOLDER.findall(entry.text))
        assert used <= set(say.params), f"{say.key}: {used - set(say.params)} missing"
        assert "{" not in words(say), (say, words(say))


def sessions() -> Iterator[tuple[str, Callable[[], Any]]]:
    yield "riichi", lambda: riichi(Ruleset.preset("tenhou").replace(game_length="tonpuusen"))
    yield "sanma", lambda: riichi(Ruleset.preset("tenhou-sanma").replace(game_length="tonpuusen"))
    yield "american", lambda: american(games=2)


@pytest.mark.parametrize(("name", "family"), list(sessions()), ids=["riichi", "sanma", "american"])
def test_a_snapshot_after_every_step_of_whole_deals(name: str, family: Callable[[], Any]) -> None:
    """Over whole deals (two each), at every step: a seat for each player, the concealed
    count and the kita tiles shown for every seat the engine's, seat 0's hand its own, every
    text in the catalogue, the snapshot plain JSON, and a finished deal's payments (a column
    per seat and the table's) summing to zero."""
    session = Session(family(), 3)
    agent = agent_for(session.family)
    players = session.family.players
    frames = 0
    kita = 0
    for _ in range(2):
        while not session.deal_over:
            while True:
                shown = build(session, busy=True)
                assert [s.seat for s in shown.seats] == list(range(players))
                for seat in range(players):
                    engine = session.deal.observation(seat)
                    assert shown.seats[seat].concealed == len(engine["hand"]), (seat, frames)
                    assert list(shown.seats[seat].kita) == list(
                        engine["players"][seat].get("kita", ())
                    )
                    kita += len(shown.seats[seat].kita)
                hand = shown.hand
                assert sorted([*hand.tiles, *([hand.drawn] if hand.drawn else [])]) == sorted(
                    session.observation()["hand"]
                )
                check_words(shown)
                json.dumps(view.to_json(shown))
                frames += 1
                if session.step() is None:
                    break
            if session.deal_over:
                break
            shown = build(session)
            assert shown.to_act and (shown.choices or shown.hand.playable)
            check_words(shown)
            for line in session.family.advice(session):
                check_words(dataclasses.replace(shown, messages=(line,)))
            session.act(decide(session, agent))
        shown = build(session)
        check_words(shown)
        assert shown.result is not None and sum(shown.result.payments.total) == 0
        assert len(shown.result.payments.total) == players + 1
        assert all(len(row.amounts) == players + 1 for row in shown.result.payments.rows)
        assert all(sum(row.amounts) == 0 for row in shown.result.payments.rows)
        assert len(shown.result.scores) == players
        if not session.next_deal():
            break
    assert frames > 100
    assert (kita > 0) == (name == "sanma")  # the seed's sanma deals have Norths set aside


def test_a_three_player_game_ends_in_three_standings_that_sum_to_zero() -> None:
    """A whole three-player game (East only): the standings have a row per player, each
    result is the final score plus its parts (the rounding of the final points among them)
    and the results sum to zero; the last deal's scores are the three final ones."""
    rules = Ruleset.preset("tenhou-sanma").replace(game_length="tonpuusen")
    session = Session(riichi(rules), 5)
    agent = agent_for(session.family)
    while True:
        session.run()
        if not session.deal_over:
            session.act(decide(session, agent))
        elif not session.next_deal():
            break
    shown = build(session)
    assert shown.standings is not None and shown.result is not None
    rows = shown.standings.rows
    assert sorted(r.seat for r in rows) == [0, 1, 2]
    assert sum(r.result for r in rows) == 0
    for r in rows:
        assert [p.name for p in r.parts] == ["deposits", "base", "oka", "uma", "rounding"]
        assert r.result == r.score + sum(p.amount for p in r.parts)
    assert any(p.amount for r in rows for p in r.parts if p.name == "rounding")  # seed 5: yes
    assert sorted(shown.result.scores) == sorted(r.score for r in rows)
    check_words(shown)


def test_the_american_card_is_spelled_in_tiles() -> None:
    """Every hand of the card page has 14 tiles in its groups, each a tile name with a face,
    and no pattern language (no suit variables, no number variables, no hand ids)."""
    session = Session(american(), 1)
    card = session.family.card_page(session)
    assert card is not None
    faces = session.family.faces().tiles
    for section in card.sections:
        for hand in section.hands:
            tiles = [t for g in hand.groups for t in g.tiles]
            assert len(tiles) == 14 and all(t in faces for t in tiles), hand
            assert all(g.slot in (None, "a", "b", "c", "any") for g in hand.groups)
    text = json.dumps(view.to_json(card))
    assert ":a" not in text and "vvvv" not in text and "year-1" not in text
    check_words(dataclasses.replace(build(session), messages=card.legend))


def test_every_entry_of_the_catalogue_is_typed() -> None:
    """A template names only its parameters, and each parameter's type is one a face shows
    itself or a part of the catalogue (whose entries it names)."""
    parts = {key.rsplit(".", 1)[0] for key in ENGLISH}
    for key, entry in ENGLISH.items():
        assert set(PLACEHOLDER.findall(entry.text)) <= set(entry.params), key
        for name, kind in entry.params.items():
            assert kind in BUILTIN_TYPES or kind in parts, f"{key}: {name} is of type {kind}"


def test_the_faces_name_no_family() -> None:
    """The terminal app and the web conversion draw any family the same way: they import no
    family's module and compare with no family's name."""
    for path in (PLAY / "app.py", PLAY / "web" / "view.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                module = node.module or ""
                assert not re.search(r"riichi|american", module), (path.name, module)
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found = re.search(r"\b(riichi|american)\b", node.value, re.I)
                docstring = "\n" in node.value
                assert found is None or docstring, (path.name, node.value)


def test_the_format_document_names_every_field() -> None:
    """``docs/table-view.md`` describes every field of the snapshot and its parts."""
    doc = (ROOT / "docs" / "table-view.md").read_text()
    for name in snapshot.__all__:
        kind = getattr(snapshot, name)
        if not dataclasses.is_dataclass(kind):
            continue
        for f in dataclasses.fields(kind):
            assert f"`{f.name}`" in doc, f"{name}.{f.name} is not in docs/table-view.md"
