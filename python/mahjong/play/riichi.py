"""The Riichi family at a table: its words, panels and tiles (:class:`RiichiFamily`).

Everything it says comes from the engine: legal actions, the reasons an action is missing
(:meth:`~mahjong.riichi.Deal.blocked`), the events with their payments, and the final
standings after oka and uma.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text

from mahjong.agents import Agent
from mahjong.play.family import PLAY, SEAT_WINDS, Choice, Family, NotNow, Way
from mahjong.play.glyphs import riichi_glyph
from mahjong.play.session import HUMAN, Session
from mahjong.play.words import sentence, thousands
from mahjong.riichi import YAKU_NAMES, Action, Game, Ruleset, mjai, shanten, ukeire
from mahjong.riichi.game import EfficiencyAgent

RIICHI = "riichi"  # the tile mode in which the tile to discard with riichi is picked

_HONOUR_LABELS = {"E": "E", "S": "S", "W": "W", "N": "N", "P": "Wh", "F": "Gr", "C": "Rd"}
WINDS = dict(zip("ESWN", SEAT_WINDS, strict=True))  # round winds by mjai name
DRAWS = {
    "exhaustive": "the wall is used up",
    "kyuushu_kyuuhai": "{who} shows nine different terminals and honours (abortive draw)",
    "suufon_renda": "the same wind discarded by all four (abortive draw)",
    "suucha_riichi": "all four players in riichi (abortive draw)",
    "suukaikan": "four kans by more than one player (abortive draw)",
    "sanchahou": "three players won on one discard (abortive draw)",
    "nagashi_mangan": "nagashi mangan",
}
KEYS = {
    "tsumo": ("w", "Tsumo"),
    "ron": ("w", "Ron"),
    "riichi": ("r", "Riichi"),
    "chi": ("c", "Chi"),
    "pon": ("p", "Pon"),
    "daiminkan": ("k", "Kan"),
    "ankan": ("k", "Kan"),
    "kakan": ("k", "Kan"),
    "kyuushu": ("y", "Nine terminals: abortive draw"),
    "pass": ("x", "Pass"),
}
ORDER = "wrcpkyx"
ADVICE_ROWS = 6

KEYS_HELP = """\
  ← →         select a tile (the drawn tile sits apart, on the right)
  Enter       discard it (or click a tile, then click it again)
  w           win: tsumo on your turn, ron on a discard
  r           riichi: pick the tile to discard with it, then Enter
  c  p  k     chi, pon, kan (1-9 picks the way when there are several)
  x  space    pass (don't call)
  y           abortive draw with nine different terminals and honours

Ponds read oldest first: [5m] a riichi tile, (5m) a tile someone called.
Tiles: 1m-9m characters, 1p-9p circles, 1s-9s bamboo, 0m 0p 0s red fives,
E S W N winds, Wh Gr Rd dragons."""


def tile_label(pai: str) -> str:
    """Short text for an mjai tile: ``5m``, ``0p`` (a red five), ``E``, ``Wh``/``Gr``/``Rd``."""
    return _HONOUR_LABELS.get(pai) or mjai.to_mpsz(pai)


def tiles_text(tiles: Sequence[str]) -> str:
    return " ".join(tile_label(t) for t in tiles)


def draw_words(session: Session[Action], draw: dict[str, Any]) -> str:
    """A draw (its ryukyoku event) in words; a kyuushu kyuuhai names its declarer."""
    who = session.name(draw["actor"]) if "actor" in draw else ""
    return DRAWS.get(draw["reason"], words(draw["reason"])).format(who=who)


def words(romaji: str) -> str:
    """A yaku's id as the words of its romaji name: ``yakuhai_haku`` → ``yakuhai haku``."""
    return romaji.replace("_", " ")


def way_label(action: Action, claimed: str | None) -> str:
    """A call with its tiles, the `claimed` discard among them: ``Chi 3m 4m 5m``, or a kan
    of the hand's own tiles: ``Kan 5m``."""
    name = KEYS[action.type][1]
    if action.type in ("chi", "pon", "daiminkan") and claimed is not None:
        return f"{name} {tiles_text(mjai.sorted_tiles([claimed, *action.consumed]))}"
    return f"{name} {tile_label(action.tile)}" if action.tile else name


class RiichiFamily(Family[Action]):
    """Riichi under `rules`, against three EfficiencyAgents."""

    name = "riichi"
    deal_word = "deal"
    game_word = "game"
    keys_help = KEYS_HELP

    def __init__(self, rules: Ruleset | None = None) -> None:
        self.rules = rules if rules is not None else Ruleset.preset("seed")
        self.kyoku = 1  # the deal's number in its round, from its start_kyoku event

    def new_game(self, seed: int, names: Sequence[str]) -> Game:
        return Game(seed=seed, rules=self.rules, names=list(names))

    def default_agents(self) -> list[Agent[Action]]:
        return [EfficiencyAgent() for _ in range(3)]

    def forced(self, session: Session[Action]) -> Action | None:
        """After riichi a draw that only allows discarding it is discarded for the human."""
        legal = session.legal()
        riichi = session.observation()["players"][HUMAN]["riichi"]
        return legal[0] if riichi and len(legal) == 1 and legal[0].type == "discard" else None

    def pauses(self, action: Action) -> bool:
        return action.type != "pass"

    # -- tiles -----------------------------------------------------------------------------

    def sort_key(self, tile: str) -> int:
        kind, red = mjai.sort_key(tile)
        return 2 * kind + red

    def label(self, tile: str) -> str:
        return tile_label(tile)

    def glyph(self, tile: str) -> str:
        return riichi_glyph(tile)

    def tile_style(self, tile: str) -> str:
        return "bold red" if mjai.is_red(tile) else ""

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
        reasons = [r.message for r in session.deal.blocked(HUMAN) if r.action == "discard"]
        raise NotNow(sentence("; ".join(reasons) or f"{tile_label(tile)} can't be discarded now"))

    def tile_verb(self, session: Session[Action], mode: str) -> str | None:
        if not any(a.type == "discard" for a in session.legal()):
            return None
        return "Riichi discard" if mode == RIICHI else "Discard"

    # -- the message log -------------------------------------------------------------------

    def describe(self, session: Session[Action], event: dict[str, Any]) -> str | None:
        kind = event["type"]
        actor = event.get("actor")
        who = session.name(actor) if actor is not None else ""
        s = "" if actor == HUMAN else "s"
        if kind == "start_kyoku":
            self.kyoku = int(event["kyoku"])
            return None
        if kind == "dahai":
            text = f"{who} discard{s} {tile_label(event['pai'])}"
            if actor != HUMAN:  # a ron the human may have expected: why not
                notes = [r.message for r in session.deal.blocked(HUMAN) if r.action == "ron"]
                text += "".join(f" — {note}" for note in notes)
            return text
        if kind in ("chi", "pon", "daiminkan"):
            tiles = tiles_text(mjai.sorted_tiles([event["pai"], *event["consumed"]]))
            call = "kan" if kind == "daiminkan" else kind
            return f"{who} call{s} {call} {tiles} from {session.name(event['target'])}"
        if kind in ("ankan", "kakan"):
            return f"{who} declare{s} a kan of {tile_label(event['consumed'][0])}"
        if kind == "reach":
            return f"{who} declare{s} riichi"
        if kind == "dora":
            return f"New dora indicator: {tile_label(event['dora_marker'])}"
        if kind == "hora":
            target = event["target"]
            how = "tsumo" if target == actor else f"ron off {session.name(target)}"
            return f"{who} win{s} by {how}"
        if kind == "ryukyoku":
            return f"Draw: {draw_words(session, event)}"
        return None

    # -- what the human may do -------------------------------------------------------------

    def choices(self, session: Session[Action], mode: str) -> list[Choice[Action]]:
        if mode != PLAY:
            return []
        grouped: dict[str, list[Action]] = {}
        for action in session.legal():
            if action.type != "discard":
                grouped.setdefault(KEYS[action.type][0], []).append(action)
        shown: list[Choice[Action]] = []
        for key in ORDER:
            actions = grouped.get(key, [])
            if not actions:
                continue
            name = KEYS[actions[0].type][1]
            if key == "r":
                shown.append(Choice(key, name, mode=RIICHI))
                continue
            claim = session.observation()["claim"]
            ways = tuple(Way(way_label(a, claim and claim[0]), (a,)) for a in actions)
            label = ways[0].label if len(ways) == 1 and key in "cpk" else name
            if len(ways) > 1:
                label = f"{name} ({len(ways)} ways)"
            style = "success" if key == "w" else "default"
            shown.append(Choice(key, label, ways, style=style))
        return shown

    def prompt(self, session: Session[Action], mode: str) -> str:
        if session.deal_over:
            return "Game over" if session.game_over else "The deal is over"
        if not session.human_to_act():
            return "The AIs are playing…"
        claim = session.observation()["claim"]
        if claim is not None:
            pai, seat = claim
            return f"{session.name(seat)} discarded {tile_label(pai)}: call it, or x to pass"
        if mode == RIICHI:
            return "Riichi: pick the tile to discard with it and press Enter (Esc cancels)"
        return "Your turn: pick a tile (←/→ or click) and press Enter (or click it again)"

    # -- panels ----------------------------------------------------------------------------

    def status(self, session: Session[Action]) -> str:
        obs = session.observation()
        dora = tiles_text(obs["dora_indicators"])
        return (
            f"{WINDS[obs['round_wind']]} {self.kyoku} · honba {obs['honba']} · sticks "
            f"{obs['riichi_sticks']} · {obs['tiles_left']} left · dora ind. {dora}"
        )

    def marks(self, session: Session[Action], seat: int) -> Text:
        obs = session.observation()
        text = Text(f"{obs['scores'][seat]:,}")
        if seat == obs["dealer"]:
            text.append(" · dealer")
        if obs["players"][seat]["riichi"]:
            text.append(" · RIICHI", style="bold red")
        if seat == HUMAN and obs["waits"]:
            text.append(" · tenpai")
            if obs["furiten"]:
                text.append(" · FURITEN", style="bold red")
        return text

    def pond(self, session: Session[Action], seat: int) -> list[tuple[str, str]]:
        """``[5m]`` a riichi tile, ``(5m)`` one someone called."""
        shown = []
        for d in session.observation()["players"][seat]["pond"]:
            label = tile_label(d["pai"])
            if d["riichi"]:
                label = f"[{label}]"
            if d["called"]:
                label = f"({label})"
            shown.append((label, "dim" if d["called"] else "bold yellow" if d["riichi"] else ""))
        return shown

    def melds(self, session: Session[Action], seat: int) -> tuple[str, list[tuple[Text, Any]]]:
        melds = session.observation()["players"][seat]["melds"]
        return "melds", [
            (Text(f"{m['type']} {tiles_text(m['tiles'])}"), m["target"]) for m in melds
        ]

    def advice(self, session: Session[Action]) -> Text:
        """Shanten, waits and, per discard, the tiles that improve the hand."""
        obs = session.observation()
        hand = "".join(mjai.to_mpsz(t) for t in obs["hand"])
        steps = shanten(hand)
        lines = [
            {-1: "Shanten: complete hand", 0: "Shanten: 0 (tenpai)"}.get(steps, f"Shanten: {steps}")
        ]
        if obs["waits"]:
            furiten = " (furiten)" if obs["furiten"] else ""
            lines.append(f"Waits: {tiles_text(obs['waits'])}{furiten}")
        seen = list(obs["dora_indicators"])
        for player in obs["players"]:
            seen += [d["pai"] for d in player["pond"] if not d["called"]]
            seen += [t for m in player["melds"] for t in m["tiles"]]
        visible = "".join(mjai.to_mpsz(t) for t in seen) or None
        result = ukeire(hand, visible=visible)
        if isinstance(result, list):
            lines.append("Discard: shanten after it, and the tiles that improve it (how many left)")
            for u in [u for u in result if u.discard is not None][:ADVICE_ROWS]:
                lines.append(
                    f"  {_kind_label(u.discard or 0):<2}  {u.shanten}  {u.total:>2} left: "
                    f"{kinds_text(u.kinds)}"
                )
        elif steps >= 0:
            lines.append(f"Tiles that improve: {kinds_text(result.kinds)} ({result.total} left)")
        return Text("\n".join(lines))

    # -- the end ---------------------------------------------------------------------------

    def result(self, session: Session[Action]) -> Text:
        """Each win with its hand, yaku, limit, dora and ura indicators, or the draw; then
        each seat's change over the deal: the sum of the log's ``deltas`` (riichi deposits,
        honba and sticks included), which the scores show."""
        deal = session.deal
        events = deal.events(0)
        text = Text()
        for event in events:
            if event["type"] == "hora":
                self._win(session, event, text)
            elif event["type"] == "ryukyoku":
                self._draw(session, event, text)
        net = [0, 0, 0, 0]
        for event in events:
            for seat, delta in enumerate(event.get("deltas") or ()):
                net[seat] += delta
        text.append("Change this deal (the log's deltas; riichi deposits included):\n")
        text.append(f"  {session.by_seat(net)}")
        text.append(f"\nScores: {session.by_seat(deal.scores, '{:,}'.format)}")
        return text

    def _win(self, session: Session[Action], win: dict[str, Any], text: Text) -> None:
        winner, target, pai = win["actor"], win["target"], win["pai"]
        obs = session.deal.observation(winner)
        hand = list(obs["hand"])
        if winner == target and pai in hand:
            hand.remove(pai)
        how = "tsumo" if winner == target else f"ron off {session.name(target)}"
        text.append(f"{session.name(winner)} won by {how} on {tile_label(pai)}\n", style="bold")
        text.append(f"  Hand: {tiles_text(mjai.sorted_tiles(hand))} + {tile_label(pai)}")
        for meld in obs["players"][winner]["melds"]:
            text.append(f" | {meld['type']} {tiles_text(meld['tiles'])}")
        yaku = [f"{YAKU_NAMES.get(y, words(y))} {han}" for y, han in win["yaku"]]
        yaku += [f"{YAKU_NAMES.get(y, words(y))} (yakuman x{units})" for y, units in win["yakuman"]]
        text.append("\n  Yaku: " + ", ".join(yaku) + "\n  ")
        if not win["yakuman"]:
            text.append(f"{win['han']} han {win['fu']} fu · ")
        if win.get("limit"):
            text.append(f"{win['limit']} · ", style="bold yellow")
        text.append(f"{win['points']:,} points\n")
        text.append(f"  Dora indicators: {tiles_text(obs['dora_indicators'])}")
        if win.get("ura_markers"):
            text.append(f" · ura indicators: {tiles_text(win['ura_markers'])}")
        text.append("\n")

    def _draw(self, session: Session[Action], draw: dict[str, Any], text: Text) -> None:
        reason = draw["reason"]
        text.append(f"Draw: {draw_words(session, draw)}\n", style="bold")
        tenpai = [s for s, t in enumerate(draw.get("tenpai") or ()) if t]
        if tenpai or reason == "exhaustive":
            names = ", ".join(session.name(s) for s in tenpai) or "nobody"
            text.append(f"  Tenpai: {names}\n")
        for seat in tenpai:
            hand = mjai.sorted_tiles(session.deal.observation(seat)["hand"])
            text.append(f"  {session.name(seat)}: {tiles_text(hand)}\n")

    def standings(self, session: Session[Action]) -> Text:
        """Rank, final score and the result after oka and uma (in thousands, summing to 0)."""
        text = Text()
        text.append("Final standings: score, and the result after oka and uma\n", style="bold")
        for s in sorted(session.game.standings(), key=lambda s: s["rank"]):
            text.append(
                f"  {s['rank']}. {session.name(s['seat']):<5} {s['score']:>7,}"
                f"  {thousands(s['points']):>6}\n"
            )
        text.append("  (results in thousands of points; they sum to 0)")
        return text


def _kind_label(kind: int) -> str:
    return tile_label(mjai.kind_name(kind))


def kinds_text(kinds: Sequence[int]) -> str:
    """Kinds in short MPSZ by suit, honours by name: ``3467m 12p E Rd``."""
    suits = {
        suit: "".join(str(k % 9 + 1) for k in kinds if k // 9 == i) for i, suit in enumerate("mps")
    }
    parts = [digits + suit for suit, digits in suits.items() if digits]
    return " ".join(parts + [_kind_label(k) for k in kinds if k >= 27])
