"""The Riichi table behind ``mahjong play riichi``, without any user interface.

:class:`Table` drives a :class:`~mahjong.riichi.Game` step by step through its
:class:`~mahjong.riichi.Deal`\\ s: the human is seat 0, the other seats are agents. It says
what the human may do now, why an action they may expect is missing, what the hand needs,
and how a deal ended, as plain strings. The textual app (:mod:`mahjong.play.riichi_app`)
only lays these out and turns keys and clicks into :meth:`Table.act`.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import locale
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from mahjong.riichi import Action, Deal, Game, Observation, Ruleset, mjai, shanten, ukeire
from mahjong.riichi.game import EfficiencyAgent

HUMAN = 0

# Unicode Mahjong Tiles block: U+1F000 east ... U+1F021 nine of circles.
_HONOR_GLYPHS = {"E": 0x1F000, "S": 0x1F001, "W": 0x1F002, "N": 0x1F003}
_DRAGON_GLYPHS = {"C": 0x1F004, "F": 0x1F005, "P": 0x1F006}
_SUIT_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
_HONOR_LABELS = {"E": "E", "S": "S", "W": "W", "N": "N", "P": "Wh", "F": "Gr", "C": "Rd"}
WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
SEAT_PLACES = ("you", "right", "across", "left")


def tile_label(pai: str) -> str:
    """Short plain text for an mjai tile: ``5m``, ``0p`` (red five), ``E``, ``Wh``/``Gr``/``Rd``."""
    if pai in _HONOR_LABELS:
        return _HONOR_LABELS[pai]
    return mjai.to_mpsz(pai)


def yaku_name(romaji: str) -> str:
    """A yaku id as words: ``yakuhai_haku`` → ``yakuhai haku``."""
    return romaji.replace("_", " ")


def tile_glyph(pai: str) -> str:
    """The Unicode mahjong glyph of an mjai tile (red fives share the five's glyph)."""
    if pai in _HONOR_GLYPHS:
        return chr(_HONOR_GLYPHS[pai])
    if pai in _DRAGON_GLYPHS:
        return chr(_DRAGON_GLYPHS[pai])
    return chr(_SUIT_BASE[pai[1]] + int(pai[0]) - 1)


def unicode_ok() -> bool:
    """Whether the terminal is likely to draw mahjong glyphs: a UTF-8 locale and not the
    Linux console (whose font has none). ``--ascii`` overrides this."""
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    if encoding and encoding != "utf8":
        return False
    if os.environ.get("TERM", "") == "linux":
        return False
    return _libc_width(0x1F000) in (1, None)


def _libc_width(code: int) -> int | None:
    """The C library's width of a character in the current locale (what most terminals
    and tmux follow); None when it cannot be asked. The layout assumes mahjong glyphs are
    one cell wide, as Unicode says."""
    try:
        locale.setlocale(locale.LC_CTYPE, "")
        libc = ctypes.CDLL(ctypes.util.find_library("c"))
        width = libc.wcwidth
        width.argtypes = [ctypes.c_wchar]
        width.restype = ctypes.c_int
        result = int(width(chr(code)))
    except (OSError, AttributeError, TypeError, ValueError, locale.Error):
        return None
    return result if result >= 0 else None


def _sentence(text: str) -> str:
    """`text` as a sentence: its first letter upper case."""
    return text[:1].upper() + text[1:]


def kind_of(pai: str) -> int:
    return mjai.tile_kind(pai)


def _mpsz(tiles: Sequence[str]) -> str:
    return "".join(mjai.to_mpsz(t) for t in tiles)


def _kind_label(kind: int) -> str:
    return tile_label(mjai.kind_name(kind))


class Player(Protocol):
    """An AI at the table: the Riichi side of :class:`mahjong.riichi.game.Agent` (it may also
    have ``on_events(seat, events)``)."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """One of `legal`."""
        ...


@dataclass
class Choice:
    """One button the human may press: a key, a label and the action it applies (or a
    group of actions to choose among, e.g. several chi)."""

    key: str
    label: str
    actions: list[Action] = field(default_factory=list)


ACTION_KEYS = {
    "tsumo": ("w", "Tsumo"),
    "ron": ("w", "Ron"),
    "riichi": ("r", "Riichi"),
    "chi": ("c", "Chi"),
    "pon": ("p", "Pon"),
    "daiminkan": ("k", "Kan"),
    "ankan": ("k", "Kan"),
    "kakan": ("k", "Kan"),
    "kyuushu": ("y", "Nine terminals (abortive draw)"),
    "pass": ("x", "Pass"),
}


def action_label(action: Action) -> str:
    """``Chi 4m6m`` or ``Kan 5m`` for a call that needs choosing among several."""
    name = ACTION_KEYS.get(action.type, ("", action.type))[1]
    if action.type in ("chi", "pon", "daiminkan"):
        return f"{name} {' '.join(tile_label(t) for t in action.consumed)}"
    if action.tile is not None:
        return f"{name} {tile_label(action.tile)}"
    return name


class Table:
    """A game of Riichi for one human (seat 0) and three agents, moved on one step at a time.

    ``game`` plays deals in sequence under ``rules`` from ``seed``; ``deal`` is the current
    deal; :attr:`events` collects every finished deal's events (unmasked) for the log.
    """

    def __init__(
        self,
        seed: int = 0,
        rules: Ruleset | None = None,
        agents: Sequence[Player] | None = None,
        deal: Deal | None = None,
    ) -> None:
        self.seed = seed
        self.rules = rules if rules is not None else Ruleset.preset("seed")
        self.agents: list[Player] = (
            list(agents) if agents is not None else [EfficiencyAgent() for _ in range(4)]
        )
        self.game: Game | None = None
        self.events: list[dict[str, Any]] = [
            {"type": "start_game", "names": ["You", "AI", "AI", "AI"], "seed": seed}
        ]
        self.deal_number = 0
        self.game_over = False
        self.messages: list[str] = []
        self._seen = 0  # events of this deal already turned into messages
        self._delivered = [0] * 4  # events of this deal each agent has received
        if deal is None:
            self.game = Game(seed=seed, rules=self.rules)
            first = self.game.next_deal()
            assert first is not None
            deal = first
        self.deal = deal
        self.deal_number = 1
        self._next: Deal | None = None

    # -- state ---------------------------------------------------------------------------

    def observation(self, seat: int = HUMAN) -> Observation:
        return self.deal.observation(seat)

    @property
    def deal_over(self) -> bool:
        return self.deal.is_over

    def human_to_act(self) -> bool:
        return not self.deal.is_over and HUMAN in self.deal.waiting()

    def legal(self) -> list[Action]:
        return self.deal.legal_actions(HUMAN) if self.human_to_act() else []

    def next_agent_seat(self) -> int | None:
        """The next agent seat that has to act, or None (the human's turn or the end)."""
        if self.deal.is_over:
            return None
        for seat in self.deal.waiting():
            if seat != HUMAN:
                return seat
        return None

    def step_agent(self) -> Action | None:
        """Lets one agent act; returns its action (None if no agent had to act)."""
        seat = self.next_agent_seat()
        if seat is None:
            return None
        agent = self.agents[seat]
        listener = getattr(agent, "on_events", None)
        count = self.deal.event_count()
        if listener is not None and self._delivered[seat] < count:
            listener(seat, self.deal.events(self._delivered[seat], seat=seat))
        self._delivered[seat] = count
        legal = self.deal.legal_actions(seat)
        action = agent.act(self.deal.observation(seat), legal)
        self.deal.apply(seat, action)
        self._collect()
        return action

    def run_agents(self) -> None:
        """Lets agents act until the human must act or the deal is over."""
        while self.step_agent() is not None:
            pass

    def act(self, action: Action) -> None:
        """Applies the human's action."""
        self.deal.apply(HUMAN, action)
        self._collect()

    def auto_action(self) -> Action | None:
        """The one action a riichi player has left after a draw (discard the drawn tile),
        which the table plays for them; None when there is a choice."""
        legal = self.legal()
        if len(legal) == 1 and legal[0].type == "discard":
            obs = self.observation()
            if obs["players"][HUMAN]["riichi"]:
                return legal[0]
        return None

    # -- the deal's story ----------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        """``You`` or ``South (AI, right)``."""
        wind = WIND_NAMES[self._wind(seat)]
        return f"You, {wind}" if seat == HUMAN else f"{wind} (AI, {SEAT_PLACES[seat]})"

    def _wind(self, seat: int) -> str:
        return "ESWN"[(seat - self.deal.dealer) % 4]

    def short_name(self, seat: int) -> str:
        return "You" if seat == HUMAN else WIND_NAMES[self._wind(seat)]

    def _collect(self) -> None:
        """Turns new events (as seat 0 sees them) into messages."""
        count = self.deal.event_count()
        if count <= self._seen:
            return
        obs = self.observation()
        for event in self.deal.events(self._seen, seat=HUMAN):
            text = self._describe(event, obs)
            if text:
                self.messages.append(text)
        self._seen = count
        del self.messages[:-50]
        if self.deal.is_over:
            self._end_deal()

    def _describe(self, event: dict[str, Any], obs: Observation) -> str | None:
        kind = event["type"]
        actor = event.get("actor")
        who = self.short_name(actor) if actor is not None else ""
        verb = "discard" if actor == HUMAN else "discards"
        if kind == "dahai":
            pai = event["pai"]
            text = f"{who} {verb} {tile_label(pai)}"
            if (
                actor != HUMAN
                and obs["waits"]
                and kind_of(pai) in {kind_of(w) for w in obs["waits"]}
                and obs["furiten"]
            ):
                text += " — one of your waits, but you are furiten: no ron"
            return text
        if kind in ("chi", "pon", "daiminkan"):
            tiles = " ".join(tile_label(t) for t in [event["pai"], *event["consumed"]])
            return f"{who} {'call' if actor == HUMAN else 'calls'} {kind} {tiles}"
        if kind in ("ankan", "kakan"):
            return f"{who} {'declare' if actor == HUMAN else 'declares'} a kan"
        if kind == "reach":
            return f"{who} {'declare' if actor == HUMAN else 'declares'} riichi"
        if kind == "dora":
            return f"New dora indicator {tile_label(event['dora_marker'])}"
        if kind == "hora":
            how = (
                "tsumo"
                if event["target"] == actor
                else f"ron from {self.short_name(event['target'])}"
            )
            return f"{who} {'win' if actor == HUMAN else 'wins'} by {how}"
        if kind == "ryukyoku":
            return f"Draw: {event.get('reason', 'exhaustive')}"
        return None

    # -- what the human may do, and why not ----------------------------------------------

    def choices(self) -> list[Choice]:
        """Buttons for every legal action other than a plain discard, grouped by key."""
        grouped: dict[str, Choice] = {}
        for action in self.legal():
            if action.type == "discard":
                continue
            key, name = ACTION_KEYS.get(action.type, ("?", action.type))
            if key not in grouped:
                grouped[key] = Choice(key, name)
            grouped[key].actions.append(action)
        order = "wrcpkyx"
        return sorted(grouped.values(), key=lambda c: order.index(c.key) if c.key in order else 99)

    def discard_for(self, pai: str) -> Action | None:
        """The legal discard of tile `pai` (mjai name, red fives told apart)."""
        for action in self.legal():
            if action.type == "discard" and action.tile == pai:
                return action
        return None

    def riichi_for(self, pai: str) -> Action | None:
        for action in self.legal():
            if action.type == "riichi" and action.tile == pai:
                return action
        return None

    def why_not(self) -> list[str]:
        """Why actions the human may expect are missing now, as the engine says (riichi,
        tsumo, ron, a kan, a discard after a call)."""
        if not self.human_to_act():
            return []
        return [_sentence(reason.message) for reason in self.deal.blocked(HUMAN)]

    # -- help with the hand --------------------------------------------------------------

    def advice(self) -> list[str]:
        """Shanten, waits and ukeire per discard for the human's hand."""
        obs = self.observation()
        hand: list[str] = obs["hand"]
        text = _mpsz(hand)
        sh = shanten(text)
        lines: list[str] = []
        if sh == -1:
            lines.append("Shanten: complete hand")
        elif sh == 0:
            lines.append("Shanten: 0 (tenpai)")
        else:
            lines.append(f"Shanten: {sh}")
        if obs["waits"]:
            waits = " ".join(tile_label(w) for w in obs["waits"])
            lines.append(f"Waits: {waits}" + (" (furiten)" if obs["furiten"] else ""))
        visible = _visible(obs)
        result = ukeire(text, visible=visible or None)
        if isinstance(result, list):
            lines.append("Per discard: shanten after it, tiles that improve (how many are left)")
            for u in result[:8]:
                if u.discard is None:
                    continue
                kinds = " ".join(_kind_label(k) for k in u.kinds)
                lines.append(
                    f"  discard {_kind_label(u.discard):<2}  shanten {u.shanten}, "
                    f"{u.total:>2} tiles: {kinds}"
                )
        elif sh >= 0:
            kinds = " ".join(_kind_label(k) for k in result.kinds)
            lines.append(f"Tiles that improve: {kinds} ({result.total} left)")
        return lines

    # -- end of deal ---------------------------------------------------------------------

    def result_lines(self) -> list[str]:
        """How the deal ended: each win's hand, yaku, han, fu and payments, or the draw."""
        outcome = self.deal.outcome
        assert outcome is not None
        lines: list[str] = []
        for win in outcome["wins"]:
            winner, target = win["actor"], win["target"]
            obs = self.deal.observation(winner)
            hand = list(obs["hand"])
            if winner == target and win["pai"] in hand:
                hand.remove(win["pai"])
            how = "tsumo" if winner == target else f"ron off {self.short_name(target)}"
            lines.append(f"{self.short_name(winner)} won by {how} on {tile_label(win['pai'])}")
            concealed = " ".join(tile_label(t) for t in mjai.sorted_tiles(hand))
            melds = obs["players"][winner]["melds"]
            shown = "  ".join(" ".join(tile_label(t) for t in m["tiles"]) for m in melds)
            lines.append(
                f"  Hand: {concealed} + {tile_label(win['pai'])}"
                + (f"  | melds: {shown}" if shown else "")
            )
            for yaku, han in win["yaku"]:
                lines.append(f"  {yaku_name(yaku)}: {han} han")
            for yaku, units in win["yakuman"]:
                lines.append(f"  {yaku_name(yaku)}: yakuman x{units}")
            if win["yakuman"]:
                lines.append(f"  Yakuman, {win['points']:,} points")
            else:
                lines.append(f"  {win['han']} han {win['fu']} fu, {win['points']:,} points")
            pays = [f"{self.short_name(s)} {d:+,}" for s, d in enumerate(win["deltas"]) if d != 0]
            lines.append("  Payments (honba and riichi sticks included): " + ", ".join(pays))
        if outcome["draw"] is not None:
            reason = str(outcome["draw"]).replace("_", " ")
            lines.append(f"Draw ({reason})")
            tenpai = [self.short_name(s) for s, t in enumerate(outcome["tenpai"]) if t]
            lines.append("  Tenpai: " + (", ".join(tenpai) if tenpai else "nobody"))
            for s, t in enumerate(outcome["tenpai"]):
                if t:
                    hand = mjai.sorted_tiles(self.deal.observation(s)["hand"])
                    lines.append(f"  {self.short_name(s)}: {' '.join(tile_label(x) for x in hand)}")
            pays = [
                f"{self.short_name(s)} {d:+,}" for s, d in enumerate(outcome["deltas"]) if d != 0
            ]
            if pays:
                lines.append("  Payments: " + ", ".join(pays))
        scores = self.deal.scores
        lines.append(
            "Scores: " + ", ".join(f"{self.short_name(s)} {v:,}" for s, v in enumerate(scores))
        )
        return lines

    def _end_deal(self) -> None:
        """Once the deal is over: its events go to the log and the game moves on, so the
        table knows whether another deal follows."""
        self.events.extend(self.deal.events(0))
        self._next = None
        if self.game is not None:
            self.game.finish_deal(self.deal)
            self._next = self.game.next_deal()
        if self._next is None:
            self.game_over = True
            scores = [s["score"] for s in self.game.standings()] if self.game else self.deal.scores
            self.events.append({"type": "end_game", "scores": scores})

    def next_deal(self) -> bool:
        """Starts the next deal once the current one is over; False when the game is over."""
        assert self.deal.is_over
        if self._next is None:
            return False
        self.deal, self._next = self._next, None
        self.deal_number += 1
        self._seen = 0
        self._delivered = [0] * 4
        self.messages.append(f"-- deal {self.deal_number} --")
        self._collect()
        return True

    def standings_lines(self) -> list[str]:
        if self.game is None:
            return []
        lines = []
        for s in sorted(self.game.standings(), key=lambda s: s["rank"]):
            line = f"{s['rank']}. {self.short_name(s['seat'])}: {s['score']:,}"
            if s["points"] != s["score"]:
                line += f" ({s['points']:+} after oka and uma)"
            lines.append(line)
        return lines

    def log_events(self) -> list[dict[str, Any]]:
        """Every finished deal's events (mjai dicts), and ``end_game`` once the game is over."""
        return list(self.events)

    def save_log(self, path: str | os.PathLike[str]) -> int:
        """Writes the log as mjai JSON lines; returns the number of events."""
        events = self.log_events()
        with open(path, "w", encoding="utf-8") as out:
            out.write(mjai.dumps_events(events))
        return len(events)


def _visible(obs: Observation) -> str:
    """Tiles seat 0 sees outside its hand (ponds, melds, dora indicators), capped at four of
    a kind with the hand, in MPSZ."""
    seen: list[str] = list(obs["dora_indicators"])
    for player in obs["players"]:
        seen.extend(d["pai"] for d in player["pond"] if not d["called"])
        for meld in player["melds"]:
            seen.extend(meld["tiles"])
    counts = [0] * 34
    for t in obs["hand"]:
        counts[kind_of(t)] += 1
    out = []
    for t in seen:
        k = kind_of(t)
        if counts[k] < 4:
            counts[k] += 1
            out.append(t)
    return _mpsz(out)
