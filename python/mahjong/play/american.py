"""The American family at a table (:class:`AmericanFamily`): how its tiles are played, its
parts of the table view and its card.

Everything it says comes from the engine and the card: legal actions, the reasons an action is
missing (:meth:`~mahjong.american.AmericanDeal.blocked`), whether an exposure leaves the hand
dead (:meth:`~mahjong.american.AmericanDeal.exposure_kills`), the events with their payouts,
the winning hand with what each joker stands for and why a jokerless hand was not doubled
(the outcome), and the card's hands spelled in tiles. The Charleston picks stay with the
table until the pass is complete, so a pick can be taken back; the engine says when a pass is
complete.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import Any

from mahjong import Tiles
from mahjong.agents import Agent
from mahjong.american import (
    AmericanAction,
    AmericanDeal,
    AmericanGame,
    AmericanRules,
    Card,
    Exposure,
)
from mahjong.american.game import CardAgent
from mahjong.errors import MahjongError
from mahjong.play import snapshot as view
from mahjong.play.family import (
    HUMAN,
    Choice,
    Family,
    NotNow,
    Way,
    deal_payments,
    pond_tiles,
    reason_say,
    row,
    way_label,
    wind_of,
)
from mahjong.play.session import Session
from mahjong.play.snapshot import Say

KIND_NAMES = tuple(Tiles.from_kinds([k]).to_american() for k in range(36))
JOKER = "J"
# The button of each action type: its key (votes: g and t; courtesy offers: 0-3).
KEYS = {
    "mahjongg": "m",
    "expose": "e",
    "joker_exchange": "j",
    "call_dead": "d",
    "blind": "b",
    "pass": "x",
}
ORDER = "pmegt0123jdbx"
ADVICE_HANDS = 4


def kind_of(tile: str) -> int:
    """The kind (0..35) of an American tile name."""
    return Tiles(tile).kinds()[0]


FACES = view.Faces(
    tiles={name: view.Face(kind, False, name) for kind, name in enumerate(KIND_NAMES)},
    suits=("suit.crak", "suit.dot", "suit.bam"),
)


class AmericanFamily(Family[AmericanAction]):
    """American games on `card` under `rules`, `games` to a session, against three
    CardAgents."""

    name = "american"
    units = ("unit.game", "unit.session")
    keys = (
        ("p", Say("keys.pass_picked")),
        ("b", Say("keys.blind")),
        ("g t", Say("keys.vote")),
        ("0-3", Say("keys.courtesy")),
        ("e", Say("keys.expose")),
        ("m", Say("keys.mahjongg")),
        ("j", Say("keys.exchange")),
        ("d", Say("keys.call_dead")),
        ("x", Say("keys.pass")),
        ("c", Say("keys.card")),
    )

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

    def pages(self) -> tuple[str, ...]:
        return ("card",)

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
                raise NotNow(Say("press.not_now", {"tile": tile}), f"{tile} can't be passed now")
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
            label = Say("choice.pass_tiles", {"tiles": list(self.picks)})
            way = Way(label, picks, tuple(self.picks))
            shown.append(Choice("p", "pass_tiles", label, (way,), style="primary"))
        for blind in self._offered(trial, "blind"):
            label = Say("choice.blind")
            shown.append(Choice("b", "blind", label, (Way(label, (*picks, blind)),)))
        return shown

    # -- tiles -----------------------------------------------------------------------------

    def faces(self) -> view.Faces:
        return FACES

    def sort_key(self, tile: str) -> int:
        return kind_of(tile)

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
                said = Say("press.picked_all", {"tile": tile})
                raise NotNow(said, f"every {tile} you hold is picked already")
            if tile == JOKER:
                for reason in session.deal.blocked(HUMAN):
                    if reason.action == "pass_tile":
                        raise NotNow(reason_say(reason), reason.message)
        elif phase == "turn":
            for action in session.legal():
                if action.type == "discard" and action.tile == tile:
                    return [action]
        raise NotNow(Say("press.not_now", {"tile": tile}), f"{tile} can't be played now")

    def verb(self, session: Session[AmericanAction], mode: str) -> Say | None:
        verb = {"turn": "verb.discard", "charleston": "verb.pick"}.get(self.phase(session))
        return Say(verb) if verb else None

    # -- the message log -------------------------------------------------------------------

    def describe(self, session: Session[AmericanAction], event: dict[str, Any]) -> Say | None:
        kind = event["type"]
        actor = event.get("actor")
        if kind == "discard":
            return Say("event.discard", {"seat": actor, "tile": event["pai"]})
        if kind == "charleston":
            said = {
                "step": event["step"],
                "given": list(event["given"][HUMAN]),
                "received": list(event["received"][HUMAN]),
            }
            blind = event["blind"][HUMAN]
            if blind:
                return Say("event.charleston_blind", {**said, "blind": blind})
            return Say("event.charleston", said)
        if kind == "charleston_vote":
            votes = [
                Say("vote.go" if vote else "vote.stop", {"seat": seat})
                for seat, vote in enumerate(event["votes"])
            ]
            result = "second" if event["second"] else "none"
            return Say("event.vote", {"votes": votes, "result": result})
        if kind == "courtesy_offers":
            offers = [Say("offer.seat", {"seat": s, "n": n}) for s, n in enumerate(event["offers"])]
            return Say("event.courtesy", {"offers": offers, "n": event["agreed"][HUMAN]})
        if kind == "expose":
            tiles = [event["pai"], *event["consumed"]]
            return Say("event.expose", {"seat": actor, "tiles": tiles, "from": event["target"]})
        if kind == "joker_exchange":
            session.highlights.add((event["target"], event["exposure"]))
            return Say(
                "event.exchange", {"seat": actor, "tile": event["pai"], "owner": event["target"]}
            )
        if kind == "dead_hand":
            return Say("event.dead", {"seat": event["actor"], "why": event["reason"]})
        if kind == "mahjongg":
            return Say("event.mahjongg", {"seat": actor, "n": event["value"]})
        if kind == "wall_game":
            return Say("event.wall_game")
        return None

    # -- what the human may do -------------------------------------------------------------

    def _way(self, session: Session[AmericanAction], action: AmericanAction) -> Way[AmericanAction]:
        """One action as a way: its words, its tiles, whose exposure, a warning."""
        kind = action.type
        if kind == "expose":
            claim = session.observation()["claim"]
            tile = claim[0] if claim else action.tile or ""
            size, jokers = action.size or 3, action.jokers or 0
            tiles = (tile,) * (size - jokers) + (JOKER,) * jokers
            dies = session.deal.exposure_kills(HUMAN, action)
            warning = Say("warn.hand_dies", {"why": dies}) if dies else None
            return Way(Say("way.expose", {"tiles": list(tiles)}), (action,), tiles, None, warning)
        if kind == "joker_exchange":
            owner = action.target or 0
            label = Say("way.exchange", {"tile": action.tile, "owner": owner})
            return Way(label, (action,), (action.tile or "", JOKER), owner)
        if kind == "call_dead":
            target = action.target or 0
            return Way(Say("way.call_dead", {"seat": target}), (action,), (), target)
        if kind == "vote":
            return Way(Say("way.vote_go" if action.go_on else "way.vote_stop"), (action,))
        if kind == "courtesy":
            count = action.count or 0
            label = Say("way.offer", {"n": count}) if count else Say("way.offer_none")
            return Way(label, (action,))
        return Way(Say(f"choice.{kind}"), (action,))

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
                key = KEYS.get(action.type, "?")
            grouped.setdefault(key, []).append(action)
        shown = self._pass_choices(session) if phase == "charleston" else []
        for key in ORDER:
            actions = grouped.get(key, [])
            if not actions or key == "b":
                continue
            kind = actions[0].type
            ways = tuple(self._way(session, a) for a in actions)
            style = "success" if key == "m" else "default"
            shown.append(Choice(key, kind, way_label(kind, ways), ways, style=style))
        return shown

    def prompt(self, session: Session[AmericanAction], mode: str) -> Say:
        phase = self.phase(session)
        obs = session.observation()
        if phase == "over":
            return Say("prompt.over", {"unit": "session" if session.game_over else "game"})
        if phase == "wait":
            if obs["players"][HUMAN]["dead"]:
                return Say("prompt.dead")
            return Say("prompt.ais")
        if phase == "charleston":
            size = self._pass_size(session)
            blind = any(c.key == "b" for c in self._pass_choices(session))
            if self.picks and size == len(self.picks):
                key = "prompt.ready_blind" if blind else "prompt.ready"
                return Say(key, {"step": obs["step"], "size": size})
            key = "prompt.pick_blind" if blind else "prompt.pick"
            return Say(key, {"step": obs["step"], "size": size, "picked": len(self.picks)})
        if phase == "vote":
            return Say("prompt.vote")
        if phase == "courtesy":
            return Say("prompt.courtesy")
        if phase == "claim":
            pai, seat = obs["claim"]
            return Say("prompt.claim", {"seat": seat, "tile": pai})
        return Say("prompt.turn")

    # -- the table view --------------------------------------------------------------------

    def seat(self, session: Session[AmericanAction], seat: int, obs: Any) -> view.Seat:
        player = obs["players"][seat]
        score = obs["scores"][seat]
        dead = player["dead"]
        return view.Seat(
            seat=seat,
            name=session.name(seat),
            wind=wind_of(seat, obs["dealer"], self.players),
            score=score,
            score_text=Say("score.signed", {"n": score}),
            dealer=seat == obs["dealer"],
            turn=obs["turn"] == seat and not session.deal_over,
            marks=(Say("mark.dead", {"why": dead}),) if dead else (),
            pond=pond_tiles(player["discards"], seat, obs["claim"], "claimed", None),
            melds=tuple(
                _exposure(e, seat, (seat, i) in session.highlights)
                for i, e in enumerate(player["exposures"])
            ),
            concealed=player["concealed"],
        )

    def centre(self, session: Session[AmericanAction], obs: Any) -> view.Centre:
        step = obs["step"]
        return view.Centre(
            title=Say("centre.game_of", {"n": session.deal_number, "of": self.games}),
            fields=(view.Field("tiles_left", obs["tiles_left"]),),
            step=Say(f"step.{step}") if step else None,
        )

    def _exposures(self, seat: int, obs: Any) -> list[Exposure]:
        return [
            Exposure(e["tile"], e["size"], e["jokers"]) for e in obs["players"][seat]["exposures"]
        ]

    def _number(self, hand_id: str) -> tuple[str, int]:
        """A card hand's section name and its number in the section (from 1)."""
        hand = self.card.hand(hand_id)
        section = next(name for key, name, _ in self.card.sections if key == hand.section)
        same = [h.id for h in self.card.hands if h.section == hand.section]
        return section, same.index(hand_id) + 1

    def _hand_say(self, hand_id: str) -> Say:
        section, number = self._number(hand_id)
        return Say("card.hand", {"section": section, "number": number})

    def advice(self, session: Session[AmericanAction]) -> tuple[Say, ...]:
        """The nearest card hands, how far they are and the natural tiles they still need;
        on your turn, the best discards."""
        obs = session.observation()
        exposures = self._exposures(HUMAN, obs)
        hand = " ".join(obs["hand"])
        try:
            nearest = self.card.distances(hand, exposures, top=ADVICE_HANDS)
        except MahjongError:  # help must not break the table
            return (Say("advice.none"),)
        have = [0] * len(KIND_NAMES)
        for t in held(session, HUMAN):
            have[kind_of(t)] += 1
        lines = [Say("advice.nearest")]
        for d in nearest:
            card_hand = self.card.hand(d.hand_id)
            xc = "concealed" if card_hand.concealed else "exposed"
            said = {"hand": self._hand_say(d.hand_id), "n": d.distance, "value": d.value}
            lines.append(Say("advice.hand", {**said, "xc": xc}))
            need = min(
                (
                    [
                        KIND_NAMES[k]
                        for k, n in enumerate(variant.counts)
                        if KIND_NAMES[k] != JOKER
                        for _ in range(max(n - have[k], 0))
                    ]
                    for variant in self.card.variants(d.hand_id)
                ),
                key=len,
                default=[],
            )
            if need:
                lines.append(Say("advice.needs", {"tiles": need}))
        if self.phase(session) == "turn":
            seen = obs["seen"]
            visible = " ".join(
                KIND_NAMES[k] for k, n in enumerate(seen) for _ in range(n - have[k])
            )
            try:
                options = self.card.discard_options(hand, exposures, visible=visible or None, top=1)
            except MahjongError:
                options = []
            best = [
                Say("advice.option", {"tile": KIND_NAMES[o.tile], "n": o.distance})
                for o in options[:4]
                if o.distance is not None
            ]
            if best:
                lines.append(Say("advice.best", {"options": best}))
        return tuple(lines)

    def card_page(self, session: Session[Any]) -> view.Card:
        """The card as a page: every hand by section spelled in tiles with its suit slots,
        its value and X/C, its note, and how far your hand is from it."""
        card = self.card
        away: dict[str, int] = {}
        obs = session.observation()
        try:
            for d in card.distances(" ".join(obs["hand"]), self._exposures(HUMAN, obs)):
                away.setdefault(d.hand_id, d.distance)
        except MahjongError:  # help must not break the table
            away = {}
        smallest = min(
            (size for h in card.hands for v in card.variants(h.id) for _, size in v.sets),
            default=0,
        )
        legend = [Say("legend.colours"), Say("legend.values")]
        if smallest:
            legend.insert(1, Say("legend.jokers", {"n": smallest}))
        sections = []
        for key, name, no_bonus in card.sections:
            hands = [h for h in card.hands if h.section == key]
            sections.append(
                view.CardSection(
                    name=name,
                    no_jokerless_bonus=no_bonus,
                    hands=tuple(
                        view.CardHand(
                            number=i + 1,
                            groups=tuple(view.CardGroup(tuple(t), s) for t, s in h.example),
                            value=h.value,
                            xc=Say("card.concealed" if h.concealed else "card.exposed"),
                            note=h.note,
                            away=away.get(h.id),
                        )
                        for i, h in enumerate(hands)
                    ),
                )
            )
        return view.Card(card.name, tuple(legend), tuple(sections))

    # -- the end ---------------------------------------------------------------------------

    def result(self, session: Session[AmericanAction]) -> view.Result:
        """The winner's card hand and the winning hand group by group (the jokers' stand-ins
        shown), why a jokerless hand was or was not doubled, dead hands and the payouts."""
        outcome = session.deal.outcome
        assert outcome is not None
        win = outcome["win"]
        wins = (self._win(win),) if win is not None else ()
        dead = tuple(Say(f"dead.{r}") if r else None for r in outcome["dead"])
        rows = [row(Say("pay.mahjongg"), outcome["deltas"])]
        game = session.game
        return view.Result(
            title=Say("result.deal", {"unit": "game"}),
            wins=wins,
            draw=None if win is not None else Say(f"ended.{outcome['ending']}"),
            shown=(None, None, None, None),
            dead=(dead[0], dead[1], dead[2], dead[3]),
            payments=deal_payments(rows, self.players),
            scores=tuple(game.scores),
            ended=Say("end.session", {"n": self.games}) if session.game_over else None,
        )

    def _win(self, win: dict[str, Any]) -> view.Win:
        winner, how = win["actor"], win["win"]
        hand = self.card.hand(win["hand"])
        xc = "concealed" if hand.concealed else "exposed"
        said: dict[str, Any] = {"seat": winner}
        if how == "discard":
            said["from"] = win["target"]
        notes = []
        if win["jokerless_note"]:
            note = win["jokerless_note"]
            notes.append(Say(note["key"], note["params"]))
        if win["pay_for_table"] and win["target"] is not None:
            notes.append(Say("note.pay_for_table", {"seat": win["target"]}))
        return view.Win(
            seat=winner,
            from_seat=win["target"] if how == "discard" else None,
            how=Say(f"how.{how}", said),
            tile=None,
            groups=tuple(
                view.WinGroup(tuple(t for t, _ in g), tuple(f for _, f in g)) for g in win["groups"]
            ),
            value=(
                view.Scored(self._hand_say(win["hand"]), Say("value.points", {"n": win["value"]})),
            ),
            fu=(),
            total=(Say(f"card.{xc}"),),
            notes=tuple(notes),
        )

    def standings(self, session: Session[AmericanAction]) -> view.Standings:
        """Rank and score after the session's games."""
        rows = tuple(
            view.Standing(
                rank=s["rank"],
                seat=s["seat"],
                score=s["score"],
                parts=(),
                result=s["points"],
                result_text=Say("result.signed", {"n": s["points"]}),
            )
            for s in sorted(session.game.standings(), key=lambda s: s["rank"])
        )
        games = {"n": self.games}
        return view.Standings(rows, Say("standings.scores", games), Say("end.session", games))


def _exposure(exposure: Any, seat: int, flash: bool) -> view.Meld:
    """An exposure as a meld: the claimed discard first (sideways), its jokers marked."""
    tiles = tuple(exposure["tiles"])
    target = exposure["target"]
    called = target is not None and target != seat
    return view.Meld(
        kind="expose",
        tiles=tiles,
        called=0 if called else None,
        from_seat=target,
        jokers=tuple(i for i, t in enumerate(tiles) if t == JOKER),
        flash=flash,
    )


def held(session: Session[AmericanAction], seat: int) -> list[str]:
    """Every tile `seat` holds: its rack and its exposures."""
    obs = session.deal.observation(seat)
    return [*obs["hand"], *(t for e in obs["players"][seat]["exposures"] for t in e["tiles"])]
