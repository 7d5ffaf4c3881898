"""The American family at a table: its words, panels, card and tiles
(:class:`AmericanFamily`).

Everything it says comes from the engine and the card: legal actions, the reasons an action is
missing (:meth:`~mahjong.american.AmericanDeal.blocked`), the events with their payouts, and
the card's hands, sections and variants. The Charleston picks stay with the table until the
pass is complete, so a pick can be taken back; the engine says when a pass is complete.
"""

from __future__ import annotations

import copy
import textwrap
from collections.abc import Sequence
from typing import Any

from rich.text import Text

from mahjong import Tiles
from mahjong.agents import Agent
from mahjong.american import (
    DEAD_REASONS,
    AmericanAction,
    AmericanDeal,
    AmericanGame,
    AmericanRules,
    Card,
    Exposure,
    Match,
)
from mahjong.american.game import CardAgent
from mahjong.errors import MahjongError
from mahjong.play.family import Choice, Family, NotNow, Page, Way
from mahjong.play.glyphs import american_glyph
from mahjong.play.session import HUMAN, Session
from mahjong.play.words import plural, sentence, signed

KIND_NAMES = tuple(Tiles.from_kinds([k]).to_american() for k in range(36))
JOKER = "J"
STEPS = {
    "first_right": "first Charleston, pass right",
    "first_across": "first Charleston, pass across",
    "first_left": "first Charleston, pass left",
    "second_left": "second Charleston, pass left",
    "second_across": "second Charleston, pass across",
    "second_right": "second Charleston, pass right",
    "courtesy": "courtesy pass across",
}
KEYS = {
    "mahjongg": ("m", "Mah Jongg"),
    "expose": ("e", "Expose"),
    "joker_exchange": ("j", "Joker exchange"),
    "call_dead": ("d", "Call a hand dead"),
    "blind": ("b", "Blind pass"),
    "pass": ("x", "Pass"),
}
ORDER = "pmegt0123jdbx"
ADVICE_HANDS = 4
PAGE_WIDTH = 72  # the card page's lines fit an 80-column terminal (border, scrollbar)
HIGHLIGHT = "bold reverse yellow"  # an exposure a joker exchange just changed
# Suit variables and fixed suits of the card's patterns, in the card's colours.
SLOT_COLOURS = {
    "a": "bold blue",
    "b": "bold red",
    "c": "bold green",
    "dot": "bold blue",
    "crak": "bold red",
    "bam": "bold green",
    "*": "bold magenta",
}
DECORATIONS = {"+", "=", "x", "*", "-", "/"}

KEYS_HELP = """\
  ← →         select a tile (the drawn tile sits apart, on the right)
  Enter       Charleston: pick the tile to pass, or put it back; in play:
              discard it (or click a tile, then click it again)
  p           pass the picked tiles       b   blind pass (where allowed)
  g / t       vote: a second Charleston / stop
  0 1 2 3     the courtesy pass: how many tiles to offer across
  e           expose the discard (1-9 picks the way when there are several)
  m           Mah Jongg               j   joker exchange
  d           call a hand dead        x   or space: pass (don't call)

Tiles: 1C-9C craks, 1D-9D dots, 1B-9B bams, E S W N winds, R G dragons,
0 the white dragon (soap), F flower, J joker."""


def kind_of(tile: str) -> int:
    """The kind (0..35) of an American tile name."""
    return Tiles(tile).kinds()[0]


def tiles_text(tiles: Sequence[str]) -> str:
    return " ".join(tiles)


class AmericanFamily(Family[AmericanAction]):
    """American games on `card` under `rules`, `games` to a session, against three
    CardAgents."""

    name = "american"
    deal_word = "game"
    game_word = "session"
    keys_help = KEYS_HELP

    def __init__(
        self, card: Card | None = None, rules: AmericanRules | None = None, games: int = 4
    ) -> None:
        self.card = card if card is not None else Card.load("house-2026")
        self.rules = rules if rules is not None else AmericanRules.preset("nmjl")
        self.games = games
        self.picks: list[str] = []  # Charleston picks not yet passed

    def new_game(self, seed: int, names: Sequence[str]) -> AmericanGame:
        return AmericanGame(
            self.card, seed=seed, games=self.games, rules=self.rules, names=list(names)
        )

    def default_agents(self) -> list[Agent[AmericanAction]]:
        return [CardAgent(self.card) for _ in range(3)]

    def pages(self) -> tuple[Page, ...]:
        return (Page("c", "card", self.card_page),)

    def forget(self) -> None:
        self.picks = []

    def pauses(self, action: AmericanAction) -> bool:
        return action.type in ("discard", "expose", "joker_exchange", "mahjongg")

    # -- phases and the Charleston picks ----------------------------------------------------

    def phase(self, session: Session[AmericanAction]) -> str:
        """``charleston`` (tiles to pass), ``vote``, ``courtesy`` (the offer), ``claim``,
        ``turn`` (a discard), ``wait`` or ``over``."""
        if session.deal_over:
            return "over"
        types = {a.type for a in session.legal()}
        if not types:
            return "wait"
        for phase, kinds in (("charleston", {"pass_tile", "blind"}), ("vote", {"vote"})):
            if types & kinds:
                return phase
        if "courtesy" in types:
            return "courtesy"
        return "claim" if session.observation()["claim"] is not None else "turn"

    def _after_picks(
        self, session: Session[AmericanAction]
    ) -> tuple[AmericanDeal, tuple[AmericanAction, ...]]:
        """A copy of the deal with the picks passed, and the actions that pass them."""
        trial = copy.copy(session.deal)
        actions: list[AmericanAction] = []
        for tile in self.picks:
            action = next(
                (a for a in trial.legal_actions(HUMAN) if a.type == "pass_tile" and a.tile == tile),
                None,
            )
            if action is None:
                raise NotNow(f"{tile} can't be passed now")
            trial.apply(HUMAN, action)
            actions.append(action)
        return trial, tuple(actions)

    @staticmethod
    def _offered(deal: AmericanDeal, kind: str) -> list[AmericanAction]:
        """The human's legal actions of type `kind` in `deal`."""
        if HUMAN not in deal.waiting():
            return []
        return [a for a in deal.legal_actions(HUMAN) if a.type == kind]

    def _pass_size(self, session: Session[AmericanAction]) -> int:
        """How many tiles this pass takes: the picks, and as many more as the engine asks
        for after them."""
        trial, _ = self._after_picks(session)
        more = 0
        while offered := self._offered(trial, "pass_tile"):
            trial.apply(HUMAN, offered[0])
            more += 1
        return len(self.picks) + more

    def _pass_choices(self, session: Session[AmericanAction]) -> list[Choice[AmericanAction]]:
        """``p`` passes the picks once they complete the pass; ``b`` passes them and the rest
        blind, where the rules allow it."""
        trial, picks = self._after_picks(session)
        shown: list[Choice[AmericanAction]] = []
        if picks and not self._offered(trial, "pass_tile"):
            label = f"Pass {tiles_text(self.picks)}"
            shown.append(Choice("p", label, (Way(label, picks),), style="primary"))
        for blind in self._offered(trial, "blind"):
            label = KEYS["blind"][1]
            shown.append(Choice("b", label, (Way(label, (*picks, blind)),)))
        return shown

    # -- tiles -----------------------------------------------------------------------------

    def sort_key(self, tile: str) -> int:
        return kind_of(tile)

    def label(self, tile: str) -> str:
        return tile

    def glyph(self, tile: str) -> str:
        return american_glyph(tile)

    def tile_style(self, tile: str) -> str:
        return "bold magenta" if tile == JOKER else ""

    def picked(self, session: Session[AmericanAction]) -> list[str]:
        return list(self.picks)

    def playable(self, session: Session[AmericanAction], mode: str) -> set[str]:
        phase = self.phase(session)
        if phase == "turn":
            return {a.tile for a in session.legal() if a.type == "discard" and a.tile}
        if phase != "charleston":
            return set()
        trial, _ = self._after_picks(session)
        return {a.tile for a in self._offered(trial, "pass_tile") if a.tile} | set(self.picks)

    def press(
        self, session: Session[AmericanAction], tile: str, mode: str, picked: bool = False
    ) -> list[AmericanAction]:
        phase = self.phase(session)
        if phase == "charleston":
            if picked:
                self.picks.remove(tile)
                return []
            trial, _ = self._after_picks(session)
            if any(a.tile == tile for a in self._offered(trial, "pass_tile")):
                self.picks.append(tile)  # one more copy, not one already picked
                return []
            if tile in self.picks:
                raise NotNow(f"every {tile} you hold is picked already")
        elif phase == "turn":
            for action in session.legal():
                if action.type == "discard" and action.tile == tile:
                    return [action]
        reasons = [
            r.message for r in session.deal.blocked(HUMAN) if r.action in ("pass_tile", None)
        ]
        verb = "passed" if phase == "charleston" else "played"
        raise NotNow(sentence("; ".join(reasons) or f"{tile} can't be {verb} now"))

    def tile_verb(self, session: Session[AmericanAction], mode: str) -> str | None:
        return {"turn": "Discard", "charleston": "Pick / put back"}.get(self.phase(session))

    # -- the message log -------------------------------------------------------------------

    def describe(self, session: Session[AmericanAction], event: dict[str, Any]) -> str | None:
        kind = event["type"]
        actor = event.get("actor")
        who = session.name(actor) if actor is not None else ""
        s = "" if actor == HUMAN else "s"
        if kind == "discard":
            return f"{who} discard{s} {event['pai']}"
        if kind == "charleston":
            step = STEPS.get(event["step"], event["step"])
            given = tiles_text(event["given"][HUMAN]) or "nothing"
            got = tiles_text(event["received"][HUMAN]) or "nothing"
            blind = event["blind"][HUMAN]
            extra = f" ({blind} blind)" if blind else ""
            return f"{sentence(step)}: you passed {given}{extra} and received {got}"
        if kind == "charleston_vote":
            votes = ", ".join(
                f"{session.name(seat)} {'go on' if vote else 'stop'}"
                for seat, vote in enumerate(event["votes"])
            )
            result = "a second Charleston" if event["second"] else "no second Charleston"
            return f"Vote: {votes} → {result}"
        if kind == "courtesy_offers":
            offers = ", ".join(f"{session.name(s)} {n}" for s, n in enumerate(event["offers"]))
            agreed = plural(event["agreed"][HUMAN], "tile")
            return f"Courtesy offers: {offers}; you pass {agreed} across"
        if kind == "expose":
            tiles = tiles_text([event["pai"], *event["consumed"]])
            return f"{who} expose{s} {tiles} (called from {session.name(event['target'])})"
        if kind == "joker_exchange":
            session.highlights.add((event["target"], event["exposure"]))
            own = "your own" if actor == HUMAN else "their own"
            whose = own if event["target"] == actor else session.whose(event["target"])
            return f"{who} exchange{s} {event['pai']} for the joker in {whose} exposure"
        if kind == "dead_hand":
            whose = sentence(session.whose(event["actor"]))
            return f"{whose} hand is dead: {DEAD_REASONS[event['reason']]}"
        if kind == "mahjongg":
            return f"{who}: Mah Jongg! ({event['hand']}, {event['value']} points)"
        if kind == "wall_game":
            return "Wall game: nobody won"
        return None

    # -- what the human may do -------------------------------------------------------------

    def _label(self, session: Session[AmericanAction], action: AmericanAction) -> str:
        """A button's words for one action: ``Expose N N J``, ``Give 3B for Kiri's joker``."""
        kind = action.type
        if kind == "expose":
            claim = session.observation()["claim"]
            tile = claim[0] if claim else action.tile or "?"
            size, jokers = action.size or 3, action.jokers or 0
            label = "Expose " + tiles_text([tile] * (size - jokers) + [JOKER] * jokers)
            return label + (" (your hand dies)" if self._kills(session, action) else "")
        if kind == "joker_exchange":
            owner = action.target or 0
            whose = "your own" if owner == HUMAN else session.whose(owner)
            return f"Give {action.tile} for the joker in {whose} exposure"
        if kind == "call_dead":
            return f"Call {session.whose(action.target or 0)} hand dead"
        if kind == "vote":
            return "Go on: a second Charleston" if action.go_on else "Stop the Charleston"
        if kind == "courtesy":
            count = action.count or 0
            return f"Offer {plural(count, 'tile')}" if count else "Offer none"
        return KEYS.get(kind, ("", kind))[1]

    @staticmethod
    def _kills(session: Session[AmericanAction], action: AmericanAction) -> bool:
        """Whether the engine would find the human's hand dead after `action`."""
        trial = copy.copy(session.deal)
        trial.apply(HUMAN, action)
        return bool(trial.observation(HUMAN)["players"][HUMAN]["dead"])

    def choices(self, session: Session[AmericanAction], mode: str) -> list[Choice[AmericanAction]]:
        grouped: dict[str, list[AmericanAction]] = {}
        phase = self.phase(session)
        for action in session.legal():
            if action.type in ("discard", "pass_tile"):
                continue
            if action.type == "vote":
                key = "g" if action.go_on else "t"
            elif action.type == "courtesy":
                key = str(action.count)
            else:
                key = KEYS.get(action.type, ("?", ""))[0]
            grouped.setdefault(key, []).append(action)
        shown = self._pass_choices(session) if phase == "charleston" else []
        for key in ORDER:
            actions = grouped.get(key, [])
            if not actions or key == "b":
                continue
            ways = tuple(Way(self._label(session, a), (a,)) for a in actions)
            name = KEYS[actions[0].type][1] if actions[0].type in KEYS else ways[0].label
            label = ways[0].label if len(ways) == 1 else f"{name} ({len(ways)} ways)"
            style = "success" if key == "m" else "default"
            shown.append(Choice(key, label, ways, style=style))
        return shown

    def prompt(self, session: Session[AmericanAction], mode: str) -> str:
        phase = self.phase(session)
        obs = session.observation()
        if phase == "over":
            return f"The {self.game_word if session.game_over else self.deal_word} is over"
        if phase == "wait":
            if obs["players"][HUMAN]["dead"]:
                return "Your hand is dead: the others play on without you"
            return "The AIs are playing…"
        if phase == "charleston":
            size = self._pass_size(session)
            step = sentence(STEPS.get(obs["step"], obs["step"]))
            if self.picks and size == len(self.picks):
                text = f"{step}: p passes the {size} picked (Enter puts one back)"
            else:
                text = f"{step}: pick {size} with Enter ({len(self.picks)} picked)"
            if any(c.key == "b" for c in self._pass_choices(session)):
                text += "; b passes the rest blind (from the tiles you receive, unseen)"
            return text
        if phase == "vote":
            return "Vote: g goes on with a second Charleston, t stops (one stop stops it)"
        if phase == "courtesy":
            return "Courtesy pass: how many tiles (0-3) to offer the player across?"
        if phase == "claim":
            pai, seat = obs["claim"]
            return f"{session.name(seat)} discarded {pai}: call it, or x to pass"
        return "Your turn: pick a tile (←/→ or click) and press Enter to discard"

    # -- panels ----------------------------------------------------------------------------

    def status(self, session: Session[AmericanAction]) -> str:
        obs = session.observation()
        step = obs["step"]
        return f"Game {session.deal_number} of {self.games} · {obs['tiles_left']} left" + (
            f" · {STEPS.get(step, step)}" if step else ""
        )

    def marks(self, session: Session[AmericanAction], seat: int) -> Text:
        obs = session.observation()
        player = obs["players"][seat]
        text = Text(f"score {signed(obs['scores'][seat])}")
        if seat != HUMAN:
            text.append(f" · {plural(player['tile_count'], 'tile')}")
        if player["dead"]:
            text.append(f" · DEAD HAND: {DEAD_REASONS[player['dead']]}", style="red")
        return text

    def pond(self, session: Session[AmericanAction], seat: int) -> list[tuple[str, str]]:
        """``(5C)`` a discard someone claimed."""
        discards = session.observation()["players"][seat]["discards"]
        return [(f"({d['pai']})", "dim") if d["claimed"] else (d["pai"], "") for d in discards]

    def melds(
        self, session: Session[AmericanAction], seat: int
    ) -> tuple[str, list[tuple[Text, Any]]]:
        """Jokers in colour; an exposure a joker exchange just changed, highlighted."""
        shown = []
        for i, e in enumerate(session.observation()["players"][seat]["exposures"]):
            flash = (seat, i) in session.highlights
            tiles = [
                Text(t, style=HIGHLIGHT if flash else "bold magenta" if t == JOKER else "")
                for t in e["tiles"]
            ]
            shown.append((Text(" ", style=HIGHLIGHT if flash else "").join(tiles), e["target"]))
        return "exposed", shown

    def _exposures(self, session: Session[AmericanAction], seat: int = HUMAN) -> list[Exposure]:
        players = session.deal.observation(seat)["players"]
        return [Exposure(e["tile"], e["size"], e["jokers"]) for e in players[seat]["exposures"]]

    def advice(self, session: Session[AmericanAction]) -> Text:
        """The nearest card hands, how far they are and the natural tiles they still need."""
        obs = session.observation()
        exposures = self._exposures(session)
        have = [0] * len(KIND_NAMES)
        for t in held(session, HUMAN):
            have[kind_of(t)] += 1
        text = Text("Nearest card hands (how many tiles away):")
        try:
            nearest = self.card.distances(tiles_text(obs["hand"]), exposures, top=ADVICE_HANDS)
        except MahjongError as error:  # help must not break the table
            return Text(f"No advice now: {error}")
        for d in nearest:
            need: list[str] | None = None
            for variant in self.card.variants(d.hand_id):
                missing = [
                    KIND_NAMES[k]
                    for k, n in enumerate(variant.counts)
                    if KIND_NAMES[k] != JOKER
                    for _ in range(max(n - have[k], 0))
                ]
                if need is None or len(missing) < len(need):
                    need = missing
            text.append(f"\n  {d.hand_id:<9} {d.distance} away · {d.value} {d.xc} · ")
            text.append_text(pattern_text(" | ".join(self.card.hand(d.hand_id).patterns)))
            if need:
                text.append(f"\n            needs {tiles_text(need)}")
        if self.phase(session) == "turn":
            visible = tiles_text(
                [d["pai"] for p in obs["players"] for d in p["discards"] if not d["claimed"]]
            )
            try:
                options = self.card.discard_options(
                    tiles_text(obs["hand"]), exposures, visible=visible or None, top=1
                )
            except MahjongError:
                options = []
            best = [
                f"{KIND_NAMES[o.tile]} ({o.distance} away)"
                for o in options[:4]
                if o.distance is not None
            ]
            if best:
                text.append("\nBest discards: " + ", ".join(best))
        return text

    def card_page(self, session: Session[Any]) -> Text:
        """The card: every hand by section, its pattern in the card's colours, its value and
        X/C, with the legend and the joker rule read from the card's variants."""
        card = self.card
        smallest = min(
            (size for h in card.hands for v in card.variants(h.id) for _, size in v.sets),
            default=0,
        )
        legend = [
            "Colours: one colour is one suit, other colours other suits (any suits unless "
            "the note says); D is the dragon of its colour's suit (craks R, bams G, dots 0); "
            "0 is the white dragon, F a flower; a lower-case letter is a number the note "
            "names (the same letter, the same number).",
            "Value in points; X: exposures allowed, C: concealed.",
        ]
        if smallest:
            legend.insert(
                1,
                f"Jokers stand in for any tile of a group of {smallest} or more of a kind, "
                "never in a smaller group or a run such as 2026 or NEWS.",
            )
        text = Text(f"{card.name}\n", style="bold")
        for paragraph in legend:
            text.append("\n".join(textwrap.wrap(paragraph, PAGE_WIDTH)) + "\n")
        for key, name, no_bonus in card.sections:
            text.append(f"\n{name}", style="bold underline")
            if no_bonus:
                text.append("  (no jokerless double)", style="dim")
            text.append("\n")
            for hand in card.hands:
                if hand.section != key:
                    continue
                line = Text(f"  {hand.id:<10}")
                pattern = pattern_text(" | ".join(hand.patterns))
                line.append_text(pattern)
                line.append(" " * max(30 - pattern.cell_len, 1))
                line.append(f"{hand.value:>3} {hand.xc}")
                if hand.note and line.cell_len + 2 + len(hand.note) <= PAGE_WIDTH:
                    line.append(f"  {hand.note}", style="dim")
                elif hand.note:
                    for part in textwrap.wrap(hand.note, PAGE_WIDTH - 12):
                        line.append(f"\n{' ' * 12}{part}", style="dim")
                text.append_text(line)
                text.append("\n")
        return text

    # -- the end ---------------------------------------------------------------------------

    def result(self, session: Session[AmericanAction]) -> Text:
        """The winner's card hand and the winning hand tile by tile (the jokers' stand-ins
        shown), why a jokerless hand was or was not doubled, dead hands and the payouts."""
        outcome = session.deal.outcome
        assert outcome is not None
        text = Text()
        win = outcome["win"]
        if win is not None:
            self._win(session, win, text)
        else:
            text.append("Wall game: nobody won\n", style="bold")
        for seat, reason in enumerate(outcome["dead"]):
            if reason:
                text.append(
                    f"  {sentence(session.whose(seat))} hand was dead: {DEAD_REASONS[reason]}\n"
                )
        text.append(f"Payouts: {session.by_seat(outcome['deltas'])}")
        text.append(f"\nScores: {session.by_seat(session.game.scores)}")
        return text

    def _win(self, session: Session[AmericanAction], win: dict[str, Any], text: Text) -> None:
        winner = win["actor"]
        how = {"self_drawn": "self-drawn", "joker_exchange": "after a joker exchange"}.get(
            win["win"], str(win["win"])
        )
        if win["win"] == "discard" and win["target"] is not None:
            how = f"on {session.whose(win['target'])} discard {win['pai']}"
        text.append(f"{session.name(winner)}: Mah Jongg {how}\n", style="bold")
        hand = self.card.hand(win["hand"])
        section = next(name for key, name, _ in self.card.sections if key == hand.section)
        text.append(f"  Card hand {hand.id} ({section}): ")
        text.append_text(pattern_text(" | ".join(hand.patterns)))
        text.append(f" · {win['value']} points · {hand.xc}\n")
        match = self._match(session, winner)
        if match is not None:
            text.append("  Winning hand: ")
            text.append_text(spelled(session, winner, match))
            text.append("\n")
        if win["jokerless"]:
            text.append(f"  {self._jokerless(win, section, match)}\n")
        if win["pay_for_table"] and win["target"] is not None:
            text.append(f"  {session.name(win['target'])} pays for the table\n")

    def _match(self, session: Session[AmericanAction], seat: int) -> Match | None:
        obs = session.deal.observation(seat)
        return self.card.match(tiles_text(obs["hand"]), self._exposures(session, seat))

    def _jokerless(self, win: dict[str, Any], section: str, match: Match | None) -> str:
        """Why a jokerless hand was doubled or not, from the rules and the card."""
        if win["jokerless_bonus"]:
            return "Jokerless: the payouts are doubled"
        if not self.rules.jokerless_bonus:
            return "Jokerless, but these rules pay no jokerless bonus"
        why = f"the card gives {section} hands no jokerless double"
        if match is not None and not match.variant.sets:
            why += " (they have no group a joker could fill, so they are always jokerless)"
        return f"Jokerless, but {why}"

    def standings(self, session: Session[AmericanAction]) -> Text:
        """Rank and score after the session's games."""
        text = Text()
        text.append(f"Final standings after {plural(self.games, 'game')}\n", style="bold")
        for s in sorted(session.game.standings(), key=lambda s: s["rank"]):
            text.append(f"  {s['rank']}. {session.name(s['seat']):<5} {signed(s['score']):>6}\n")
        text.append("  (scores sum to 0)")
        return text


def held(session: Session[AmericanAction], seat: int) -> list[str]:
    """Every tile `seat` holds: its rack and its exposures."""
    obs = session.deal.observation(seat)
    return [*obs["hand"], *(t for e in obs["players"][seat]["exposures"] for t in e["tiles"])]


def pattern_text(patterns: str) -> Text:
    """A card pattern in the card's colours: each group's suit slot (``:a``) becomes its
    colour, decorations (``+``, ``=``) are dimmed."""
    text = Text()
    for i, token in enumerate(patterns.split()):
        if i:
            text.append(" ")
        body, _, slot = token.partition(":")
        if token in DECORATIONS or token == "|":
            text.append(token, style="dim")
        elif slot in ("bam", "crak", "dot"):
            text.append(body, style=SLOT_COLOURS[slot])
            text.append(f"({slot})", style="dim")
        else:
            text.append(body, style=SLOT_COLOURS.get(slot, "bold"))
    return text


def _groups(match: Match) -> list[list[tuple[int, int]]]:
    """The winning arrangement's groups in kind order, single tiles of one suit (or of the
    honours) together as one run: ``13579``, ``NEWS``."""
    groups: list[list[tuple[int, int]]] = []
    for kind, size in sorted([*match.variant.sets, *match.variant.strict]):
        last = groups[-1][-1] if groups else None
        if (
            size == 1
            and last is not None
            and last[1] == 1
            and min(last[0] // 9, 3) == min(kind // 9, 3)
        ):
            groups[-1].append((kind, size))
        else:
            groups.append([(kind, size)])
    return groups


def spelled_groups(
    session: Session[AmericanAction], seat: int, match: Match
) -> list[list[tuple[str, bool]]]:
    """The winning hand group by group as the card hand arranges it: each tile's name and
    whether a joker stands in for it."""
    naturals = [0] * len(KIND_NAMES)
    for t in held(session, seat):
        if t != JOKER:
            naturals[kind_of(t)] += 1
    groups: list[list[tuple[str, bool]]] = []
    for group in _groups(match):
        tiles: list[tuple[str, bool]] = []
        for kind, size in group:
            real = min(naturals[kind], size)
            naturals[kind] -= real
            name = KIND_NAMES[kind]
            tiles += [(name, False)] * real + [(name, True)] * (size - real)
        groups.append(tiles)
    return groups


def spelled(session: Session[AmericanAction], seat: int, match: Match) -> Text:
    """The winning hand group by group as the card hand arranges it, each joker shown with
    the tile it stands for: ``1C 1C 1C · R R J=R``."""
    text = Text()
    for i, group in enumerate(spelled_groups(session, seat, match)):
        if i:
            text.append(" · ", style="dim")
        tiles = [
            Text(f"J={name}", style="bold magenta") if joker else Text(name)
            for name, joker in group
        ]
        text.append_text(Text(" ").join(tiles))
    return text
