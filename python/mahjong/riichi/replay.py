"""Replaying a game log through the engine: every action checked legal, every result compared.

A log is mjai events (:mod:`mahjong.riichi.mjai`): an engine log, an mjai file, or a Tenhou
record read by :func:`mahjong.riichi.tenhou.load_record`. Every event is first checked
against the event schema (:func:`mahjong.riichi.mjai.check_events`: a field of the wrong type
or range is a :class:`~mahjong.errors.RecordFormatError`). Each deal (``start_kyoku`` ...
``end_kyoku``) is replayed on its own:

1. **The wall** (:func:`build_wall`). The physical ids in draw order (136, or 108 with three
   players) are rebuilt by the engine from what the log shows: the starting hands, the
   draws, the replacement draws after kans and kita, the dora and ura indicators, each at its
   position of the deal's layout (rules R2.1-R2.7, T2.1-T2.7; the layout is the engine's,
   `Wall::rebuild`). A name becomes the lowest id of that name not used yet (red fives are
   16, 52, 88); the positions the log never shows get the remaining ids in ascending order.
2. **The play.** A :class:`~mahjong.riichi.Deal` starts from that wall with the deal's
   dealer, round wind, honba, riichi sticks and scores, and each action event of the log is
   matched to one of the legal actions the engine offers that seat: ``dahai`` (``riichi``
   after a ``reach``), ``chi``/``pon``/``daiminkan`` by called tile and consumed tiles,
   ``ankan``/``kakan``, ``nukidora`` (or ``kita``), ``hora`` (``tsumo`` or ``ron``),
   ``ryukyoku`` of kind
   ``kyuushu_kyuuhai``; a seat with a claim option that the log does not use passes. The
   first event no legal action matches ends the replay of that deal with a
   :class:`ReplayMismatch` naming the deal, the event and the actions offered.
3. **The play and the results.** The engine's draws, discards, calls, riichi and riichi
   deposits (with their ``deltas`` and ``scores``) must be the log's, event for event, and
   its kan dora indicators the same in the same order. Then its ``hora``/``ryukyoku`` events
   are compared with the log's: winners (each once) and discarders, the winning tile, the ura
   indicators, yaku as {id: han} without 0-han entries (nukidora counted with dora when the
   log does not list it apart, as Tenhou's records do), yakuman, han, fu (when the log states
   it), points, score changes, scores, pao, the kind of draw, who was tenpai, and the deal's
   final scores. What the log does not carry (an mjai file has no yaku) is not compared.

Without a ruleset given, a three-player log (three hands, or a fourth hand of hidden tiles
in the ``padded4`` layout) replays under ``tenhou-sanma`` (with that layout when the log has
it), any other under ``tenhou`` (:func:`default_rules`).

The log as a whole (:func:`replay_events`): no event lies outside a deal but ``start_game``
and ``end_game``, and a deal holds only deal events; each game is replayed as the engine's
game picked up at its first deal, so each later deal's start (scores, riichi sticks, dealer,
deal number, round wind and honba) must be what the rules make of the deals before, and a
missing, repeated or forged deal is a mismatch; ``end_game``'s scores must be the game's
final scores (leftover riichi sticks settled by the engine).

The engine offers one discard per tile class and discards the drawn tile when it is of that
class, so a ``dahai`` from the hand of a tile equal to the drawn one comes back with
``tsumogiri`` true; it is the same play. A ``tsumogiri`` true is checked (the engine's seat
must have just drawn that tile); a false one is not.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mahjong._core import Action, Deal, Game, Ruleset, rebuild_wall
from mahjong.errors import MahjongError, RecordFormatError
from mahjong.riichi import mjai, tenhou
from mahjong.riichi.mjai import Event

__all__ = [
    "DealReport",
    "ReplayMismatch",
    "action_matches",
    "build_wall",
    "deal_name",
    "deal_so_far",
    "default_rules",
    "load_log",
    "replay_deal",
    "replay_events",
    "replay_file",
    "replay_loaded",
    "split_deals",
]

KAN_TYPES = frozenset({"daiminkan", "ankan", "kakan"})
KITA_TYPES = frozenset({"nukidora", "kita"})
"""The names of a kita event (``mjai_kita_event``)."""
REPLACED_TYPES = KAN_TYPES | KITA_TYPES
"""The events after which a ``tsumo`` is a replacement draw."""
CALL_TYPES = frozenset({"chi", "pon", "daiminkan"})
ACTION_TYPES = frozenset(
    {"dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "nukidora", "kita", "hora"}
)


def deal_name(start: Event) -> str:
    """``"E1-0"``: round wind, deal number in the round and honba of a ``start_kyoku``."""
    return f"{start.get('bakaze', '?')}{start.get('kyoku', '?')}-{start.get('honba', 0)}"


@dataclass(frozen=True)
class ReplayMismatch:
    """Where a replay left the log: the deal (``"E1-0"``), the event (its index in the log from
    0 and the event; the deal's ``start_kyoku`` and None for a difference in the results), what
    differs, and the legal actions the engine offered each waiting seat at that moment
    (``repr`` of each action)."""

    deal: str
    index: int
    event: Event | None
    reason: str
    legal: dict[int, list[str]] = field(default_factory=dict)

    def describe(self) -> str:
        """What differs and where, without the deal's name: ``event 12`` is the 12th event of
        the log (its 12th line in an mjai file without blank lines)."""
        where = f"event {self.index + 1}" if self.event is not None else "results"
        text = f"{where}: {self.reason}"
        if self.event is not None:
            text += f" [{mjai.dumps_event(self.event)}]"
        for seat, actions in self.legal.items():
            text += f"; seat {seat} may: {', '.join(actions) or 'nothing'}"
        return text

    def __str__(self) -> str:
        return f"{self.deal}, {self.describe()}"


@dataclass
class DealReport:
    """One deal's replay: its name (``"E1-0"``), its number in the log (from 0), the first
    mismatch (None when every action was legal and every result equal), the engine's events
    and its scores at the end of the deal."""

    deal: str
    number: int
    mismatch: ReplayMismatch | None
    events: list[Event] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.mismatch is None

    def __str__(self) -> str:
        if self.mismatch is None:
            return f"{self.deal}: ok"
        return f"{self.deal}: mismatch: {self.mismatch.describe()}"


# --- the log -------------------------------------------------------------------------------


def load_log(path: str | os.PathLike[str]) -> list[Event]:
    """The events of a log file: mjai JSON lines (a first line that is an object with a
    ``type``), or a Tenhou record (mjlog XML or tenhou.net/6 JSON)."""
    text = tenhou.read_text(path)
    first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0]
    if first.startswith("{") and '"type"' in first:
        return mjai.parse_events(text, str(path))
    return tenhou.parse_record(text, str(path))


def split_deals(events: Sequence[Event]) -> list[tuple[int, list[Event]]]:
    """Each deal of a log as (index of its ``start_kyoku`` in the log, its events up to and
    including ``end_kyoku``, or to the next deal or the end of the log)."""
    deals: list[tuple[int, list[Event]]] = []
    current: list[Event] | None = None
    for index, event in enumerate(events):
        kind = event.get("type")
        if kind == "start_kyoku":
            current = [event]
            deals.append((index, current))
        elif current is not None and kind not in ("start_game", "end_game"):
            current.append(event)
            if kind == "end_kyoku":
                current = None
    return deals


def default_rules(events: Sequence[Event]) -> Ruleset:
    """The ruleset a log replays under when none is given: ``tenhou-sanma`` for a
    three-player log (its first ``start_kyoku`` has three hands, or a fourth of hidden tiles:
    the ``padded4`` layout, which the rules then keep), else ``tenhou``."""
    start = next((e for e in events if e.get("type") == "start_kyoku"), {})
    hands = start.get("tehais") or []
    if len(hands) == 3:
        return Ruleset.preset("tenhou-sanma")
    if len(hands) == 4 and all(tile == mjai.HIDDEN for tile in hands[3]):
        return Ruleset.preset("tenhou-sanma").replace(mjai_sanma_layout="padded4")
    return Ruleset.preset("tenhou")


# --- the wall ------------------------------------------------------------------------------


def build_wall(deal: Sequence[Event], red_fives: bool = True, players: int = 4) -> list[int]:
    """The physical ids in draw order of one deal of `players` (``start_kyoku`` first): the
    tiles the log shows, sorted into the dealt hands by seat from the dealer, the live wall's
    draws (the dealer's first ``tsumo`` first), the replacement draws (the ``tsumo`` right
    after a kan or a kita), the dora and the ura indicators, and laid out by the engine
    (:func:`mahjong._core.rebuild_wall`, rules R2.1-R2.7, T2.1-T2.7). A log that cannot be a
    wall (a fifth copy, a masked or removed tile, two tiles at one position, a draw beyond the
    live wall) is a :class:`~mahjong.errors.RecordFormatError` naming the deal."""
    if not deal or deal[0].get("type") != "start_kyoku":
        raise RecordFormatError("a deal starts with start_kyoku")
    start = deal[0]
    name = deal_name(start)
    try:
        oya = int(start["oya"])
        hands = [list(start["tehais"][(oya + offset) % players]) for offset in range(players)]
        dora = [start["dora_marker"]]
    except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError) as error:
        raise RecordFormatError(f"deal {name}: start_kyoku lacks a field ({error})") from None
    draws: list[Any] = []
    replacements: list[Any] = []
    ura: list[Any] = []
    after_kan = False
    for event in deal[1:]:
        kind = event.get("type")
        if kind == "tsumo":
            (replacements if after_kan else draws).append(event.get("pai"))
            after_kan = False
        elif kind in REPLACED_TYPES:
            after_kan = True
        elif kind == "dora":
            dora.append(event.get("dora_marker"))
        elif kind == "hora" and not ura:
            ura = list(event.get("ura_markers") or [])
        elif kind == "dahai":
            after_kan = False
    shown = [*[t for h in hands for t in h], *draws, *replacements, *dora, *ura]
    if any(not isinstance(t, str) or t == mjai.HIDDEN for t in shown):
        raise RecordFormatError(
            f"deal {name}: a tile is hidden or not a tile name (a masked log cannot be replayed)"
        )
    try:
        return rebuild_wall(hands, draws, replacements, dora, ura, red_fives=red_fives)
    except MahjongError as error:
        raise RecordFormatError(f"deal {name}: {error}") from None


# --- the play ------------------------------------------------------------------------------


def _key(names: Sequence[str]) -> list[tuple[int, int]]:
    return sorted(mjai.sort_key(n) for n in names)


def action_matches(action: Action, event: Event, riichi: bool) -> bool:
    """Whether `action` is the play an action event shows (``dahai``, a call, a kan,
    ``hora``, ``ryukyoku``); a ``dahai`` after the seat's ``reach`` (`riichi`) is a riichi.
    Calls match by their consumed tiles, kans by kind, wins by tsumo or ron."""
    kind = event["type"]
    if kind == "dahai":
        return action.type == ("riichi" if riichi else "discard") and action.tile == event["pai"]
    if kind in CALL_TYPES:
        return (
            action.type == kind
            and action.tile in (None, event.get("pai"))
            and (not action.consumed or _key(action.consumed) == _key(event["consumed"]))
        )
    if kind == "ankan":
        consumed = event["consumed"]
        if action.type != "ankan" or action.tile is None:
            return False
        return mjai.tile_kind(action.tile) == mjai.tile_kind(consumed[0])
    if kind == "kakan":
        return action.type == "kakan" and action.tile == event["pai"]
    if kind in KITA_TYPES:
        return action.type == "kita"
    if kind == "hora":
        return action.type == ("tsumo" if event["actor"] == event.get("target") else "ron")
    if kind == "ryukyoku":
        return action.type == "kyuushu"
    return False


class _Mismatch(Exception):
    def __init__(self, index: int, event: Event | None, reason: str) -> None:
        super().__init__(reason)
        self.index = index
        self.event = event
        self.reason = reason


def _legal(deal: Deal) -> dict[int, list[str]]:
    return {seat: [repr(a) for a in deal.legal_actions(seat)] for seat in deal.waiting()}


def _is_claim_window(deal: Deal) -> bool:
    waiting = deal.waiting()
    return bool(waiting) and all(
        any(a.type == "pass" for a in deal.legal_actions(s)) for s in waiting
    )


def _pass_window(deal: Deal, ron: bool = False) -> None:
    """Every waiting seat passes (or rons, with `ron`, where it may: a triple ron)."""
    for seat in deal.waiting():
        legal = deal.legal_actions(seat)
        chosen = next((a for a in legal if ron and a.type == "ron"), None)
        chosen = chosen or next(a for a in legal if a.type == "pass")
        deal.apply(seat, chosen)


def _drive(deal: Deal, events: Sequence[Event], first: int, *, partial: bool = False) -> None:
    """Applies the deal's action events (``events[0]`` is its ``start_kyoku``, at index
    `first` of the log); raises _Mismatch at the first one no legal action matches. A
    `partial` deal (one still being played) stops after its last event; a whole one must
    end there."""
    riichi = [False] * 4
    i = 1
    while i < len(events):
        event = events[i]
        kind = event.get("type")
        index = first + i
        if kind == "reach":
            riichi[event["actor"]] = True
            i += 1
            continue
        is_draw = kind == "ryukyoku"
        if kind not in ACTION_TYPES and not is_draw:
            i += 1
            continue
        if is_draw and event.get("reason") != "kyuushu_kyuuhai":
            while not deal.is_over:
                if not _is_claim_window(deal):
                    raise _Mismatch(
                        index,
                        event,
                        f"the log ends the deal in a draw ({event.get('reason', 'unknown')}) "
                        f"where the engine goes on",
                    )
                _pass_window(deal, ron=event.get("reason") == "sanchahou")
            i += 1
            continue
        if deal.is_over:
            raise _Mismatch(index, event, "the engine ended the deal before this event")
        claim = kind in CALL_TYPES or (kind == "hora" and event.get("target") != event["actor"])
        if not claim:
            # an action on the seat's own turn: claim windows still open are passed
            while _is_claim_window(deal):
                _pass_window(deal)
        if is_draw and "actor" not in event:
            # kyuushu kyuuhai: declared by the seat on turn, which the log may not name
            turn = deal.waiting()
            event = {**event, "actor": turn[0] if turn else -1}
        group = [event]
        if kind == "hora" and event.get("target") != event.get("actor"):
            while (
                i + len(group) < len(events)
                and events[i + len(group)].get("type") == "hora"
                and events[i + len(group)].get("target") == event.get("target")
            ):
                group.append(events[i + len(group)])
        responses = {e["actor"]: e for e in group}
        waiting = deal.waiting()
        missing = [s for s in responses if s not in waiting]
        if missing:
            raise _Mismatch(
                index, event, f"seat {missing[0]} may not act now (the engine waits for {waiting})"
            )
        chosen: dict[int, Action] = {}
        for seat in waiting:
            legal = deal.legal_actions(seat)
            if seat in responses:
                wanted = responses[seat]
                found = [a for a in legal if action_matches(a, wanted, riichi[seat])]
                if not found:
                    raise _Mismatch(
                        index + group.index(wanted),
                        events[i + group.index(wanted)],
                        f"no legal action of seat {seat} matches",
                    )
                chosen[seat] = found[0]
            else:
                passing = [a for a in legal if a.type == "pass"]
                if not passing:
                    raise _Mismatch(index, event, f"seat {seat} must act first (it cannot pass)")
                chosen[seat] = passing[0]
        for seat, action in chosen.items():
            deal.apply(seat, action)
        for seat in responses:
            if kind == "dahai":
                riichi[seat] = False
        i += len(group)
    if partial:
        if events[-1].get("type") == "tsumo":
            # a draw: every claim window before it closed
            while _is_claim_window(deal):
                _pass_window(deal)
        return
    if not deal.is_over:
        # the log stops after the last discard of an exhaustive draw without a ryukyoku
        while _is_claim_window(deal):
            _pass_window(deal)
    if not deal.is_over:
        raise _Mismatch(first + len(events) - 1, None, "the log ends but the engine's deal goes on")


# --- the results ---------------------------------------------------------------------------


def _yaku(entries: Any) -> dict[str, int]:
    return {str(name): int(han) for name, han in entries or [] if han}


def _yaku_as_logged(log: dict[str, int], engine: dict[str, int]) -> dict[str, int]:
    """The engine's yaku as the log counts them: nukidora with dora when the log has no
    nukidora entry (Tenhou merges them, TL2.6)."""
    if "nukidora" in log or "nukidora" not in engine:
        return engine
    merged = dict(engine)
    merged["dora"] = merged.get("dora", 0) + merged.pop("nukidora")
    return merged


def _compare_hora(log: Event, engine: Event) -> str | None:
    who = f"win of seat {log['actor']}"
    checks: list[tuple[str, Any, Any]] = [
        ("target", log.get("target"), engine.get("target")),
        ("deltas", list(log.get("deltas") or []), engine.get("deltas")),
    ]
    for key in ("pai", "ura_markers", "scores"):
        if key in log:
            checks.append((key, log[key], engine.get(key)))
    if "yaku" in log:
        logged = _yaku(log["yaku"])
        checks.append(("yaku", logged, _yaku_as_logged(logged, _yaku(engine.get("yaku")))))
    if "yakuman" in log:
        checks.append(("yakuman", _yaku(log["yakuman"]), _yaku(engine.get("yakuman"))))
    for key in ("han", "points"):
        if key in log:
            checks.append((key, log[key], engine.get(key)))
    if log.get("fu") is not None:
        checks.append(("fu", log["fu"], engine.get("fu")))
    if "yaku" in log or "pao" in log:
        checks.append(("pao", log.get("pao"), engine.get("pao")))
    for what, expected, got in checks:
        if expected != got:
            return f"{who}: {what} {got} in the engine, {expected} in the log"
    return None


def _compare_results(log: list[Event], engine: list[Event]) -> str | None:
    log_winners = sorted(e["actor"] for e in log if e["type"] == "hora")
    engine_winners = sorted(e["actor"] for e in engine if e["type"] == "hora")
    if log_winners != engine_winners:
        return f"winners {engine_winners} in the engine, {log_winners} in the log"
    log_wins = {e["actor"]: e for e in log if e["type"] == "hora"}
    engine_wins = {e["actor"]: e for e in engine if e["type"] == "hora"}
    for seat, win in log_wins.items():
        if (difference := _compare_hora(win, engine_wins[seat])) is not None:
            return difference
    log_draws = [e for e in log if e["type"] == "ryukyoku"]
    engine_draws = [e for e in engine if e["type"] == "ryukyoku"]
    if len(log_draws) != len(engine_draws):
        what = "a draw" if engine_draws else "no draw"
        return f"{what} in the engine ({_describe(engine)}), {_describe(log)} in the log"
    for expected, got in zip(log_draws, engine_draws, strict=True):
        for key in ("reason", "tenpai", "deltas", "scores"):
            if expected.get(key) is not None and expected[key] != got.get(key):
                return f"draw: {key} {got.get(key)} in the engine, {expected[key]} in the log"
    return None


def _describe(results: list[Event]) -> str:
    if not results:
        return "no result"
    return ", ".join(
        f"ryukyoku {e.get('reason', '')}".strip() if e["type"] == "ryukyoku" else "hora"
        for e in results
    )


def _final_scores(deal: Sequence[Event]) -> list[int] | None:
    """The scores at the end of the deal as the log states or implies them."""
    results = [e for e in deal if e.get("type") in ("hora", "ryukyoku")]
    if results and results[-1].get("scores") is not None:
        return list(results[-1]["scores"])
    scores = list(deal[0].get("scores") or [])
    if len(scores) not in (3, 4):
        return None
    for event in deal:
        kind = event.get("type")
        if kind == "reach_accepted":
            if event.get("deltas") is not None:
                scores = [s + d for s, d in zip(scores, event["deltas"], strict=True)]
            else:
                scores[event["actor"]] -= 1000
        elif kind in ("hora", "ryukyoku") and event.get("deltas") is not None:
            scores = [s + d for s, d in zip(scores, event["deltas"], strict=True)]
    return scores


PLAY_TYPES = frozenset(
    {"tsumo", "dahai", "chi", "pon", "daiminkan", "ankan", "kakan", "reach", "reach_accepted"}
    | KITA_TYPES
)


def _play(event: Event) -> tuple[Any, ...]:
    consumed = tuple(_key(event.get("consumed") or []))
    kind = "kita" if event["type"] in KITA_TYPES else event["type"]
    return (kind, event.get("actor"), event.get("pai"), event.get("target"), consumed)


def _compare_play(log: Sequence[Event], engine: list[Event], first: int) -> _Mismatch | None:
    """The first event where the engine's draws, discards, calls, riichi and deposits differ
    from the log's (``tsumogiri`` only when the log says true; ``deltas`` and ``scores`` when
    the log has them), then the kan dora indicators in order (where a log puts a ``dora``
    event among the others is not compared: Tenhou writes an open kan's indicator before the
    discard it is revealed with)."""
    logged = [(i, e) for i, e in enumerate(log) if e.get("type") in PLAY_TYPES]
    played = [e for e in engine if e["type"] in PLAY_TYPES]
    for (i, expected), got in zip(logged, played, strict=False):
        if _play(expected) != _play(got):
            return _Mismatch(
                first + i, expected, f"the engine plays {mjai.dumps_event(got)} here instead"
            )
        for key in ("deltas", "scores"):
            if key in expected and expected[key] != got.get(key):
                return _Mismatch(first + i, expected, f"{key} {got.get(key)} in the engine")
        if expected.get("tsumogiri") is True and not got.get("tsumogiri"):
            return _Mismatch(first + i, expected, "the engine's seat did not just draw this tile")
    if len(logged) != len(played):
        return _Mismatch(
            first, None, f"{len(played)} plays in the engine, {len(logged)} in the log"
        )
    log_doras = [e.get("dora_marker") for e in log if e.get("type") == "dora"]
    engine_doras = [e.get("dora_marker") for e in engine if e["type"] == "dora"]
    if log_doras != engine_doras:
        return _Mismatch(
            first, None, f"kan dora indicators {engine_doras} in the engine, {log_doras} in the log"
        )
    return None


def replay_deal(
    deal: Sequence[Event],
    rules: Ruleset | None = None,
    *,
    number: int = 0,
    first: int = 0,
) -> DealReport:
    """Replays one deal's events (``start_kyoku`` first; `first` is its index in the log,
    `number` its number among the log's deals) under `rules` (default
    :func:`default_rules`).
    Events that break the schema (:func:`mahjong.riichi.mjai.check_events`) are a
    :class:`~mahjong.errors.RecordFormatError`."""
    rules = rules if rules is not None else default_rules(deal)
    return _replay(mjai.check_events(deal), rules, number, first, None)[0]


def deal_so_far(deal: Sequence[Event], rules: Ruleset) -> Deal:
    """The engine's deal after the events of a deal still being played (``start_kyoku``
    first, every tile shown): its wall rebuilt by :func:`build_wall`, each action matched and
    applied as :func:`replay_deal` does, nothing after the last event played (a claim window
    the last discard opened stays open; after a last ``tsumo``, the windows before it are
    passed). An action no legal action matches is a
    :class:`~mahjong.errors.RecordFormatError` naming it and the actions offered."""
    if not deal or deal[0].get("type") != "start_kyoku":
        raise RecordFormatError("a deal starts with start_kyoku")
    wall = build_wall(deal, red_fives=bool(rules.red_fives), players=rules.players)
    engine = _resume(deal[0], rules).deal_on(wall)
    try:
        _drive(engine, deal, 0, partial=True)
    except _Mismatch as error:
        name = deal_name(deal[0])
        mismatch = ReplayMismatch(name, error.index, error.event, error.reason, _legal(engine))
        raise RecordFormatError(str(mismatch)) from None
    return engine


def _resume(start: Event, rules: Ruleset) -> Game:
    """A game picked up at the deal `start` begins."""
    return Game.resume(
        rules=rules,
        dealer=start["oya"],
        kyoku=start["kyoku"],
        round_wind=start["bakaze"],
        honba=start["honba"],
        riichi_sticks=start["kyotaku"],
        scores=start["scores"][: rules.players],
    )


LINKED_FIELDS = ("bakaze", "kyoku", "honba", "kyotaku", "oya", "scores")
"""The ``start_kyoku`` fields that follow from the deals before (the rest is the wall)."""


def _replay(
    deal: Sequence[Event],
    rules: Ruleset,
    number: int,
    first: int,
    game: Game | None,
    previous: str = "",
) -> tuple[DealReport, Deal | None]:
    """:func:`replay_deal` on checked events, the deal dealt by `game` (the game of the deals
    before, the last named `previous`, whose end the deal's start must follow; a game picked
    up at this deal when None). Also returns the engine's deal (None when the engine refuses
    to start it)."""
    if not deal or deal[0]["type"] != "start_kyoku":
        raise RecordFormatError("a deal starts with start_kyoku")
    start = deal[0]
    name = deal_name(start)
    wall = build_wall(deal, red_fives=bool(rules.red_fives), players=rules.players)
    try:
        engine = (game if game is not None else _resume(start, rules)).deal_on(wall)
    except MahjongError as error:
        mismatch = ReplayMismatch(name, first, start, f"the engine refuses the deal: {error}")
        return DealReport(name, number, mismatch), None

    def report(mismatch: ReplayMismatch | None) -> tuple[DealReport, Deal]:
        return DealReport(name, number, mismatch, engine.events(), list(engine.scores)), engine

    expected = engine.events(0, None)[0]
    for key in LINKED_FIELDS:
        if start[key] != expected[key]:
            reason = (
                f"{key} {start[key]} in the log, but the previous deal ({previous}) leaves "
                f"{expected[key]}"
            )
            return report(ReplayMismatch(name, first, start, reason))
    try:
        _drive(engine, deal, first)
    except _Mismatch as error:
        legal = _legal(engine) if error.event is not None else {}
        return report(ReplayMismatch(name, error.index, error.event, error.reason, legal))
    played = _compare_play(deal, engine.events(), first)
    if played is not None:
        return report(ReplayMismatch(name, played.index, played.event, played.reason))
    results = [e for e in engine.events() if e["type"] in ("hora", "ryukyoku")]
    logged = [e for e in deal if e["type"] in ("hora", "ryukyoku")]
    difference = _compare_results(logged, results)
    if difference is None:
        expected_scores = _final_scores(deal)
        if expected_scores is not None and expected_scores != list(engine.scores):
            difference = (
                f"final scores {list(engine.scores)} in the engine, {expected_scores} in the log"
            )
    if difference is not None:
        return report(ReplayMismatch(name, first, None, difference))
    return report(None)


# --- the games: deals in order, linked ----------------------------------------------------

DEAL_TYPES = frozenset(mjai.FIELD_ORDER) - {"start_game", "start_kyoku", "end_game"}
"""The event types a deal holds after its ``start_kyoku``."""


@dataclass
class _Game:
    """One game of a log: its deals (index of the ``start_kyoku`` in the log, the deal's
    events) and its ``end_game`` (index and event) when the log has one."""

    deals: list[tuple[int, list[Event]]] = field(default_factory=list)
    end: tuple[int, Event] | None = None


def _games(events: Sequence[Event]) -> list[_Game]:
    """The games of a checked log. A game starts at ``start_game`` (or with the log's first
    deal) and ends at ``end_game``; a deal runs from ``start_kyoku`` to ``end_kyoku`` (or to
    the next deal or game). Any other event outside a deal, and an event type a deal does
    not hold, is a RecordFormatError naming the event."""
    games: list[_Game] = []
    game: _Game | None = None
    deal: list[Event] | None = None
    for index, event in enumerate(events):
        kind = event["type"]
        where = f"event {index + 1} ({kind})"
        if kind == "start_game":
            game, deal = _Game(), None
            games.append(game)
        elif kind in ("start_kyoku", "end_game"):
            if game is not None and game.end is not None:
                raise RecordFormatError(f"{where}: after end_game and before a start_game")
            if game is None:
                game = _Game()
                games.append(game)
            if kind == "end_game":
                game.end, deal = (index, event), None
            else:
                deal = [event]
                game.deals.append((index, deal))
        elif deal is None:
            raise RecordFormatError(f"{where}: outside a deal (no start_kyoku before it)")
        elif kind not in DEAL_TYPES:
            raise RecordFormatError(f"{where}: not an event of a deal")
        else:
            deal.append(event)
            if kind == "end_kyoku":
                deal = None
    return games


def replay_events(events: Sequence[Event], rules: Ruleset | None = None) -> list[DealReport]:
    """Replays every deal of a log; one report per deal. The log is checked as a whole too:
    every event against the schema (:func:`mahjong.riichi.mjai.check_events`), no event
    outside a deal but ``start_game`` and ``end_game`` (see :func:`_games`). Each game is
    replayed as the engine's :class:`~mahjong.riichi.Game` picked up at its first deal: every
    later deal is dealt by it, so its start must be what the deals before leave by the rules
    (a missing, repeated or forged deal breaks it), and ``end_game``'s scores must be the
    game's final scores. A broken link is the mismatch of the deal it leads to
    (``end_game``'s: of the last deal); after a deal that does not replay, the game is picked
    up again at the next one. `rules` defaults to :func:`default_rules`."""
    rules = rules if rules is not None else default_rules(events)
    reports: list[DealReport] = []
    for game_events in _games(mjai.check_events(events)):
        game: Game | None = None
        last: DealReport | None = None
        for first, deal in game_events.deals:
            if game is None:
                game = _resume(deal[0], rules)
            previous = last.deal if last is not None else ""
            last, engine = _replay(deal, rules, len(reports), first, game, previous)
            reports.append(last)
            if last.ok and engine is not None:
                game.finish_deal(engine)
            else:
                game = None
        if game_events.end is None or game is None or last is None:
            continue
        index, end = game_events.end
        final = [standing["score"] for standing in game.standings()]
        if "scores" in end and end["scores"] != final:
            reason = f"final scores {end['scores']} in the log, but the game ends with {final}"
            last.mismatch = ReplayMismatch(last.deal, index, end, reason)
    return reports


def replay_file(path: str | os.PathLike[str], rules: Ruleset | None = None) -> list[DealReport]:
    """Replays every deal of an mjai log or Tenhou record file (see :func:`load_log`); a file
    without a deal is a :class:`~mahjong.errors.RecordFormatError`."""
    return replay_loaded(load_log(Path(path)), path, rules)


def replay_loaded(
    events: Sequence[Event], path: str | os.PathLike[str], rules: Ruleset | None = None
) -> list[DealReport]:
    """:func:`replay_file` on the events already loaded from `path` (named in errors)."""
    try:
        reports = replay_events(events, rules)
    except RecordFormatError as error:
        raise RecordFormatError(f"{path}: {error}") from None
    if not reports:
        raise RecordFormatError(f"{path}: no deal (start_kyoku) to replay")
    return reports
