"""The Riichi family at a table (:class:`RiichiFamily`): how its tiles are played and its
parts of the table view.

Everything it says comes from the engine: legal actions, the reasons an action is missing
(:meth:`~mahjong.riichi.Deal.blocked`), the events, the outcome with its fu lines and its
payments split into hand, honba and deposits, why the game ended, and the standings with
their oka and uma.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mahjong.agents import Agent
from mahjong.play import snapshot as view
from mahjong.play.family import (
    HUMAN,
    PLAY,
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
from mahjong.riichi import Action, Game, Ruleset, mjai, shanten, ukeire
from mahjong.riichi.game import EfficiencyAgent

RIICHI = "riichi"  # the tile mode in which the tile to discard with riichi is picked

_HONOUR_LABELS = {"E": "E", "S": "S", "W": "W", "N": "N", "P": "Wh", "F": "Gr", "C": "Rd"}
# The button of each action type: its key and its kind (the catalogue's choice.KIND).
KEYS = {
    "tsumo": ("w", "tsumo"),
    "ron": ("w", "ron"),
    "riichi": ("r", "riichi"),
    "chi": ("c", "chi"),
    "pon": ("p", "pon"),
    "daiminkan": ("k", "kan"),
    "ankan": ("k", "kan"),
    "kakan": ("k", "kan"),
    "kita": ("n", "kita"),
    "kyuushu": ("y", "kyuushu"),
    "pass": ("x", "pass"),
}
ORDER = "wrcpknyx"
ADVICE_ROWS = 6
CALLS = ("chi", "pon", "daiminkan")


def tile_label(pai: str) -> str:
    """Short text for an mjai tile: ``5m``, ``0p`` (a red five), ``E``, ``Wh``/``Gr``/``Rd``."""
    return _HONOUR_LABELS.get(pai) or mjai.to_mpsz(pai)


def _faces() -> view.Faces:
    names = [mjai.kind_name(k) for k in range(34)] + ["5mr", "5pr", "5sr"]
    return view.Faces(
        tiles={
            name: view.Face(mjai.tile_kind(name), mjai.is_red(name), tile_label(name))
            for name in names
        },
        suits=("suit.man", "suit.pin", "suit.sou"),
    )


FACES = _faces()


def _kind(pai: str) -> int:
    return mjai.tile_kind(pai)


class RiichiFamily(Family[Action]):
    """Riichi under `rules`, against an EfficiencyAgent in every other seat."""

    name = "riichi"
    units = ("unit.deal", "unit.game")
    keys = (
        ("w", Say("keys.win")),
        ("r", Say("keys.riichi")),
        ("c p k", Say("keys.calls")),
        ("n", Say("keys.kita")),
        ("x", Say("keys.pass")),
        ("y", Say("keys.kyuushu")),
    )

    def __init__(self, rules: Ruleset | None = None) -> None:
        self.rules = rules if rules is not None else Ruleset.preset("seed")
        self.kyoku = 1  # the deal's number in its round, from its start_kyoku event

    @property
    def players(self) -> int:
        return int(self.rules.players)

    def new_game(self, seed: int, names: Sequence[str]) -> Game:
        return Game(seed=seed, rules=self.rules, names=list(names))

    def default_agents(self) -> list[Agent[Action]]:
        return [EfficiencyAgent() for _ in range(self.players - 1)]

    def forced(self, session: Session[Action]) -> Action | None:
        """After riichi a draw that only allows discarding it is discarded for the human."""
        legal = session.legal()
        riichi = session.observation()["players"][HUMAN]["riichi"]
        return legal[0] if riichi and len(legal) == 1 and legal[0].type == "discard" else None

    def pauses(self, action: Action) -> bool:
        return action.type != "pass"

    # -- tiles -----------------------------------------------------------------------------

    def faces(self) -> view.Faces:
        return FACES

    def sort_key(self, tile: str) -> int:
        kind, red = mjai.sort_key(tile)
        return 2 * kind + red

    def playable(self, session: Session[Action], mode: str) -> set[str]:
        kind = "riichi" if mode == RIICHI else "discard"
        return {a.tile for a in session.legal() if a.type == kind and a.tile}

    def press(
        self, session: Session[Action], tile: str, mode: str, picked: bool = False
    ) -> list[Action]:
        kind = "riichi" if mode == RIICHI else "discard"
        for action in session.legal():
            if action.type == kind and action.tile == tile:
                return [action]
        for reason in session.deal.blocked(HUMAN):
            if reason.action == "discard":
                raise NotNow(reason_say(reason), reason.message)
        raise NotNow(Say("press.not_now", {"tile": tile}), f"{tile} can't be played now")

    def verb(self, session: Session[Action], mode: str) -> Say | None:
        if not any(a.type == "discard" for a in session.legal()):
            return None
        return Say("verb.riichi_discard" if mode == RIICHI else "verb.discard")

    # -- the message log -------------------------------------------------------------------

    def describe(self, session: Session[Action], event: dict[str, Any]) -> Say | None:
        kind = event["type"]
        actor = event.get("actor")
        if kind == "start_kyoku":
            self.kyoku = int(event["kyoku"])
            return None
        if kind == "dahai":
            said = {"seat": actor, "tile": event["pai"]}
            if actor != HUMAN:  # a ron the human may have expected: why not
                why = [reason_say(r) for r in session.deal.blocked(HUMAN) if r.action == "ron"]
                if why:
                    return Say("event.discard_no_ron", {**said, "why": why})
            return Say("event.discard", said)
        if kind in CALLS:
            tiles = mjai.sorted_tiles([event["pai"], *event["consumed"]])
            call = KEYS[kind][1]
            return Say(
                "event.call",
                {"seat": actor, "call": call, "tiles": tiles, "from": event["target"]},
            )
        if kind in ("ankan", "kakan"):
            return Say("event.kan", {"seat": actor, "tile": event["consumed"][0]})
        if kind == "reach":
            return Say("event.riichi", {"seat": actor})
        if kind == "nukidora":
            return Say("event.kita", {"seat": actor})
        if kind == "dora":
            return Say("event.dora", {"tile": event["dora_marker"]})
        if kind == "hora":
            target = event["target"]
            if target == actor:
                return Say("event.tsumo", {"seat": actor})
            return Say("event.ron", {"seat": actor, "from": target})
        if kind == "ryukyoku":
            if event["reason"] == "kyuushu_kyuuhai" and "actor" in event:
                return Say("event.kyuushu", {"seat": event["actor"]})
            return Say("event.draw", {"why": event["reason"]})
        return None

    # -- what the human may do -------------------------------------------------------------

    def _way(self, action: Action, claimed: str | None) -> Way[Action]:
        """One way of a call or kan, with its tiles (the claimed tile first)."""
        kind = action.type
        if kind in CALLS and claimed is not None:
            tiles = (claimed, *mjai.sorted_tiles(list(action.consumed)))
        elif kind in ("ankan", "kakan") and action.consumed:
            tiles = tuple(action.consumed)
        else:
            tiles = (action.tile,) if action.tile else ()
        call = KEYS[kind][1]
        if kind in (*CALLS, "ankan", "kakan"):
            label = Say("way.call", {"call": call, "tiles": mjai.sorted_tiles(list(tiles))})
        elif kind == "kyuushu":
            label = Say("way.kyuushu")
        else:
            label = Say(f"choice.{call}")
        return Way(label, (action,), tiles)

    def choices(self, session: Session[Action], mode: str) -> list[Choice[Action]]:
        if mode != PLAY:
            return []
        grouped: dict[str, list[Action]] = {}
        for action in session.legal():
            if action.type != "discard":
                grouped.setdefault(KEYS[action.type][0], []).append(action)
        claim = session.observation()["claim"]
        shown: list[Choice[Action]] = []
        for key in ORDER:
            actions = grouped.get(key, [])
            if not actions:
                continue
            kind = KEYS[actions[0].type][1]
            if key == "r":
                shown.append(Choice(key, kind, Say("choice.riichi"), mode=RIICHI))
                continue
            ways = tuple(self._way(a, claim and claim[0]) for a in actions)
            label = way_label(kind, ways) if key in "cpk" else Say(f"choice.{kind}")
            style = "success" if key == "w" else "default"
            shown.append(Choice(key, kind, label, ways, style=style))
        return shown

    def prompt(self, session: Session[Action], mode: str) -> Say:
        if session.deal_over:
            return Say("prompt.over", {"unit": "game" if session.game_over else "deal"})
        if not session.human_to_act():
            return Say("prompt.ais")
        claim = session.observation()["claim"]
        if claim is not None:
            return Say("prompt.claim", {"seat": claim[1], "tile": claim[0]})
        if mode == RIICHI:
            return Say("prompt.riichi")
        return Say("prompt.turn")

    # -- the table view --------------------------------------------------------------------

    def seat(self, session: Session[Action], seat: int, obs: Any) -> view.Seat:
        player = obs["players"][seat]
        score = obs["scores"][seat]
        return view.Seat(
            seat=seat,
            name=session.name(seat),
            wind=wind_of(seat, obs["dealer"], self.players),
            score=score,
            score_text=Say("score.points", {"n": score}),
            dealer=seat == obs["dealer"],
            turn=obs["turn"] == seat and not session.deal_over,
            marks=(Say("mark.riichi"),) if player["riichi"] else (),
            pond=pond_tiles(player["pond"], seat, obs["claim"], "called", "riichi"),
            melds=tuple(_meld(m) for m in player["melds"]),
            concealed=player["concealed"],
            kita=tuple(player.get("kita", ())),
        )

    def centre(self, session: Session[Action], obs: Any) -> view.Centre:
        return view.Centre(
            title=Say("centre.round", {"wind": obs["round_wind"], "number": self.kyoku}),
            fields=(
                view.Field("honba", obs["honba"]),
                view.Field("deposits", obs["riichi_sticks"]),
                view.Field("tiles_left", obs["tiles_left"]),
            ),
            indicators=tuple(obs["dora_indicators"]),
        )

    def hand_extras(self, session: Session[Action], obs: Any) -> dict[str, Any]:
        """Tenpai, the waits with how many of each are not in sight, and furiten with why."""
        unseen = obs["unseen"]
        kind = obs["furiten_kind"]
        return {
            "tenpai": bool(obs["waits"]),
            "waits": tuple(view.Wait(w, unseen[_kind(w)]) for w in obs["waits"]),
            "furiten": Say(f"furiten.{kind}") if kind else None,
        }

    def advice(self, session: Session[Action]) -> tuple[Say, ...]:
        """Shanten, waits and, per discard, the tiles that improve the hand (how many of them
        are not in sight)."""
        obs = session.observation()
        hand = list(obs["hand"])
        mpsz = "".join(mjai.to_mpsz(t) for t in hand)
        steps = shanten(mpsz)
        lines = [
            {-1: Say("advice.complete"), 0: Say("advice.tenpai")}.get(
                steps, Say("advice.shanten", {"n": steps})
            )
        ]
        if obs["waits"]:
            lines.append(Say("advice.waits", {"tiles": list(obs["waits"])}))
            if obs["furiten_kind"]:
                lines.append(Say(f"furiten.{obs['furiten_kind']}"))
        visible = _in_sight_outside(obs)
        result = ukeire(mpsz, visible=visible or None)
        if isinstance(result, list):
            lines.append(Say("advice.discards"))
            for u in [u for u in result if u.discard is not None][:ADVICE_ROWS]:
                lines.append(
                    Say(
                        "advice.discard",
                        {
                            "tile": _held(hand, u.discard or 0),
                            "shanten": u.shanten,
                            "n": u.total,
                            "tiles": [mjai.kind_name(k) for k in u.kinds],
                        },
                    )
                )
        elif steps >= 0:
            kinds = [mjai.kind_name(k) for k in result.kinds]
            lines.append(Say("advice.improve", {"tiles": kinds, "n": result.total}))
        return tuple(lines)

    # -- the end ---------------------------------------------------------------------------

    def result(self, session: Session[Action]) -> view.Result:
        """Each win with its hand, yaku, fu lines, limit and indicators, or the draw with the
        tenpai hands; the payments split into deposits, hand, honba and sticks."""
        deal = session.deal
        outcome = deal.outcome
        assert outcome is not None
        events = deal.events(0, seat=HUMAN)
        rows = [
            row(Say("pay.deposits"), e["deltas"], -sum(e["deltas"]))
            for e in events
            if e["type"] == "reach_accepted"
        ]
        wins = []
        honba = deal.honba
        for win in outcome["wins"]:
            wins.append(self._win(session, win))
            split = win["split"]
            rows.append(row(Say("pay.hand", {"seat": win["actor"]}), split["hand"]))
            rows.append(row(Say("pay.honba", {"n": honba}), split["honba"]))
            rows.append(row(Say("pay.sticks"), split["sticks"], -sum(split["sticks"])))
        draw = None
        shown: list[view.WinGroup | None] = [None] * self.players
        for event in events:
            if event["type"] != "ryukyoku":
                continue
            draw = Say(f"draw.{event['reason']}")
            returned = outcome["returned"]
            paid = [d - r for d, r in zip(event["deltas"], returned, strict=True)]
            label = "pay.nagashi" if any(event.get("nagashi") or ()) else "pay.noten"
            rows.append(row(Say(label), paid))
            rows.append(row(Say("pay.returned"), returned, -sum(returned)))
            for seat, tenpai in enumerate(event.get("tenpai") or ()):
                if tenpai:
                    hand = mjai.sorted_tiles(deal.observation(seat)["hand"])
                    shown[seat] = view.WinGroup(tuple(hand), (None,) * len(hand))
        game = session.game
        return view.Result(
            title=Say("result.deal", {"unit": "deal"}),
            wins=tuple(wins),
            draw=draw,
            shown=tuple(shown),
            dead=(None,) * self.players,
            payments=deal_payments(rows, self.players),
            scores=tuple(deal.scores),
            ended=Say(f"end.{game.end_reason}") if game.end_reason else None,
        )

    def _win(self, session: Session[Action], win: dict[str, Any]) -> view.Win:
        winner, target, pai = win["actor"], win["target"], win["pai"]
        obs = session.deal.observation(winner)
        hand = list(obs["hand"])
        if winner == target and pai in hand:
            hand.remove(pai)
        groups = [view.WinGroup(tuple(mjai.sorted_tiles(hand)), (None,) * len(hand))]
        for meld in obs["players"][winner]["melds"]:
            tiles = tuple(meld["tiles"])
            groups.append(view.WinGroup(tiles, (None,) * len(tiles), meld["type"] != "ankan"))
        value = [
            view.Scored(Say(f"yaku.{y}"), Say("value.han", {"n": han})) for y, han in win["yaku"]
        ]
        value += [
            view.Scored(Say(f"yaku.{y}"), Say("value.yakuman", {"n": units}))
            for y, units in win["yakuman"]
        ]
        fu: tuple[view.Scored, ...] = ()
        total: list[Say] = []
        if not win["yakuman"]:
            fu = tuple(
                view.Scored(Say(p["key"], p["params"]), Say("value.fu", {"n": p["fu"]}))
                for p in win["fu_parts"]
            )
            total.append(Say("total.han_fu", {"han": win["han"], "fu": win["fu"]}))
        if win.get("limit"):
            total.append(Say(f"limit.{win['limit']}"))
        total.append(Say("total.points", {"n": win["points"]}))
        notes = (Say("note.liable", {"seat": win["pao"]}),) if "pao" in win else ()
        indicators = [view.Indicators(Say("indicators.dora"), tuple(obs["dora_indicators"]))]
        if win.get("ura_markers"):
            indicators.append(view.Indicators(Say("indicators.ura"), tuple(win["ura_markers"])))
        tsumo = winner == target
        how = (
            Say("how.tsumo", {"seat": winner})
            if tsumo
            else Say("how.ron", {"seat": winner, "from": target})
        )
        return view.Win(
            seat=winner,
            from_seat=None if tsumo else target,
            how=how,
            tile=pai,
            groups=tuple(groups),
            value=tuple(value),
            fu=fu,
            total=tuple(total),
            notes=notes,
            indicators=tuple(indicators),
        )

    def standings(self, session: Session[Action]) -> view.Standings:
        """Rank, final score, and the result: the score less the base, plus oka and uma."""
        rows = tuple(
            view.Standing(
                rank=s["rank"],
                seat=s["seat"],
                score=s["score"],
                parts=tuple(view.Part(name, s["parts"][name]) for name in PARTS),
                result=s["points"],
                result_text=Say("result.thousands", {"n": s["points"]}),
            )
            for s in sorted(session.game.standings(), key=lambda s: s["rank"])
        )
        reason = session.game.end_reason
        return view.Standings(rows, Say("standings.uma"), Say(f"end.{reason}"))


PARTS = ("deposits", "base", "oka", "uma", "rounding")


def _meld(meld: Any) -> view.Meld:
    tiles = tuple(meld["tiles"])
    called = meld["pai"]
    return view.Meld(
        kind=meld["type"],
        tiles=tiles,
        called=tiles.index(called) if called in tiles else None,
        from_seat=meld["target"],
        concealed=meld["type"] == "ankan",
    )


def _held(hand: Sequence[str], kind: int) -> str:
    """The tile of `kind` a discard of it gives up: a plain one when the hand holds one, else
    its red five."""
    held = [t for t in hand if _kind(t) == kind]
    plain = [t for t in held if not mjai.is_red(t)]
    return (plain or held or [mjai.kind_name(kind)])[0]


def _in_sight_outside(obs: Any) -> str:
    """The tiles in sight outside the hand, in MPSZ (the engine's count less the hand)."""
    held = [0] * 34
    for t in obs["hand"]:
        held[_kind(t)] += 1
    seen = obs["seen"]
    return "".join(
        mjai.to_mpsz(mjai.kind_name(k)) * (seen[k] - held[k]) for k in range(34) if seen[k]
    )
