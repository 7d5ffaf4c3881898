"""``mahjong play riichi``: a textual table where you (seat 0) play against three AIs.

The game itself is :class:`~mahjong.play.riichi_table.Table`; this module draws it and turns
keys and clicks into its actions. Run ``python -m mahjong.play.riichi_app --help`` for the
options (``--web`` starts this module under textual-serve).
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Button, Footer, Static

from mahjong.play import add_riichi_arguments
from mahjong.play.riichi_table import (
    HUMAN,
    WIND_NAMES,
    Table,
    action_label,
    tile_glyph,
    tile_label,
    unicode_ok,
)
from mahjong.riichi import Action, Observation, Ruleset, mjai

HAND_SLOTS = 14
ACTION_SLOTS = 12

KEYS_TEXT = """\
Keys
  ← / →        select a tile in your hand
  Enter        discard the selected tile (or click a tile, then click it again)
  w            win: tsumo on your turn, ron on a discard
  r            riichi: then pick the tile to discard with Enter
  c  p  k      chi, pon, kan (1-9 picks the tiles when there is more than one way)
  x or space   pass (don't call)
  y            abortive draw with nine different terminals and honours
  Esc          cancel riichi or a choice
  h            help with your hand: shanten, waits, ukeire per discard
  n            next deal (when a deal is over)
  s            save the game's log (mjai JSON lines)
  ?            this screen
  q            quit

Discards read left to right, oldest first: [5m] is a riichi tile, (5m) a tile
someone called. Tiles: 1m-9m characters, 1p-9p circles, 1s-9s bamboo, 0 = red five,
E S W N winds, Wh Gr Rd dragons.
"""


def _centre(text: str, width: int) -> str:
    """`text` padded to `width` cells, as centred as whole cells allow."""
    spare = max(width - cell_len(text), 0)
    return " " * (spare // 2) + text + " " * ((spare + 1) // 2)


class KeysScreen(ModalScreen[None]):
    """The list of keys; any of Esc, ? or q closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,h", "close", "Close"),
    ]
    DEFAULT_CSS = """
    KeysScreen { align: center middle; }
    KeysScreen > Static { width: 84; height: auto; border: round $accent; padding: 0 1;
                          background: $surface; }
    """

    def compose(self) -> ComposeResult:
        yield Static(KEYS_TEXT, id="keys", markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class TileView(Static):
    """One tile of your hand; clicking it selects it (or discards it when selected)."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__("", id=f"tile-{index}", classes="tile")
        self.index = index

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Clicked(self.index))


class RiichiApp(App[None]):
    """The table. ``delay`` is how long each AI action stays on screen (0 in tests)."""

    TITLE = "mahjong play riichi"
    CSS = """
    Screen { layout: vertical; }
    #body { height: 1fr; }
    #status { height: 1; background: $primary-background; padding: 0 1; }
    .player { height: auto; padding: 0 1; }
    #me { height: auto; padding: 0 1; }
    #hand { height: 4; padding: 0 1; }
    .tile { width: 5; height: 4; border: round $panel-lighten-2; content-align: center middle; }
    #hand.ascii { height: 3; }
    #hand.ascii .tile { height: 3; }
    .tile.selected { border: heavy $warning; background: $warning 30%; text-style: bold; }
    .tile.barred { color: $text-muted; }
    .tile.drawn { margin-left: 2; }
    .tile.claim { border: heavy $success; }
    #actions { height: auto; padding: 0 1; }
    #actions Button { height: 1; min-width: 8; border: none; margin-right: 1; }
    #prompt { height: auto; padding: 0 1; color: $text; text-style: bold; }
    #why { height: auto; padding: 0 1; color: $warning; }
    #advice { height: auto; padding: 0 1; border: round $accent; display: none; }
    #advice.shown { display: block; }
    #result { height: auto; padding: 0 1; border: double $success; display: none; }
    #result.shown { display: block; }
    #log { height: auto; padding: 0 1; color: $text-muted; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Select", show=False),
        Binding("right", "move(1)", "Select", show=False),
        Binding("enter", "confirm", "Discard"),
        Binding("w", "call('w')", "Win"),
        Binding("r", "riichi", "Riichi"),
        Binding("c", "call('c')", "Chi"),
        Binding("p", "call('p')", "Pon"),
        Binding("k", "call('k')", "Kan"),
        Binding("x,space", "call('x')", "Pass"),
        Binding("y", "call('y')", "Abortive draw"),
        *(Binding(str(i + 1), f"pick({i})", "Pick", show=False) for i in range(9)),
        Binding("escape", "cancel", "Cancel"),
        Binding("h", "toggle_help", "Help"),
        Binding("n", "next_deal", "Next deal"),
        Binding("s", "save", "Save log"),
        Binding("question_mark,f1", "keys", "Keys"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        table: Table | None = None,
        *,
        seed: int = 0,
        rules: Ruleset | None = None,
        delay: float = 0.6,
        ascii_tiles: bool | None = None,
        log_path: str | Path | None = None,
    ) -> None:
        super().__init__()
        self.table = table if table is not None else Table(seed=seed, rules=rules)
        self.delay = delay
        self.ascii = (not unicode_ok()) if ascii_tiles is None else ascii_tiles
        self.log_path = Path(log_path or f"riichi-seed{self.table.seed}.jsonl")
        self.selected = 0
        self.mode = "play"  # or "riichi" (picking the riichi tile), "choose" (among calls)
        self.options: list[Action] = []
        self.show_help = False
        self.saved: Path | None = None
        self._timer: Timer | None = None
        self._commands: list[str] = []  # what each shown button does
        self._order: list[str] = []  # the hand as shown: sorted, the drawn tile last

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with VerticalScroll(id="body"):
            for seat in (2, 3, 1):
                yield Static(id=f"player-{seat}", classes="player")
            yield Static(id="me")
            with Horizontal(id="hand"):
                for i in range(HAND_SLOTS):
                    yield TileView(i)
            yield Static(id="prompt")
            with Horizontal(id="actions"):
                for i in range(ACTION_SLOTS):
                    yield Button("", id=f"button-{i}")
            yield Static(id="why")
            yield Static(id="result")
            yield Static(id="advice")
            yield Static(id="log")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#hand").set_class(self.ascii, "ascii")
        self.advance()

    # -- the game loop -------------------------------------------------------------------

    def advance(self) -> None:
        """Lets the AIs act until it is the human's turn (one action per `delay` seconds)."""
        self._timer = None
        table = self.table
        while not table.deal_over:
            auto = table.auto_action()
            if auto is not None:  # a riichi hand discards what it draws
                table.act(auto)
                if self.delay > 0:
                    self.refresh_table()
                    self._timer = self.set_timer(self.delay, self.advance)
                    return
                continue
            if table.next_agent_seat() is None:
                break
            action = table.step_agent()
            if self.delay > 0 and action is not None and action.type != "pass":
                self.refresh_table()
                self._timer = self.set_timer(self.delay, self.advance)
                return
        self.mode = "play"
        self.options = []
        self._select_default()
        self.refresh_table()

    @property
    def busy(self) -> bool:
        return self._timer is not None

    def _select_default(self) -> None:
        self._order = self._hand_order()
        if self.selected >= len(self._order):
            self.selected = len(self._order) - 1
        obs = self.table.observation()
        if obs["drawn"] is not None and self.table.human_to_act():
            self.selected = len(self._order) - 1

    def _hand_order(self) -> list[str]:
        obs = self.table.observation()
        hand: list[str] = list(obs["hand"])
        drawn = obs["drawn"]
        if drawn is not None and drawn in hand:
            hand.remove(drawn)
            return [*mjai.sorted_tiles(hand), drawn]
        return mjai.sorted_tiles(hand)

    def _apply(self, action: Action) -> None:
        self.mode = "play"
        self.options = []
        self.table.act(action)
        self.advance()

    # -- drawing -------------------------------------------------------------------------

    def label(self, pai: str) -> str:
        return tile_label(pai)

    def refresh_table(self) -> None:
        table = self.table
        obs = table.observation()
        self._order = self._hand_order()
        status = (
            f"{WIND_NAMES[obs['round_wind']]} {obs['dealer'] + 1}"
            f" · honba {obs['honba']} · riichi sticks {obs['riichi_sticks']}"
            f" · tiles left {obs['tiles_left']}"
            f" · dora indicators {' '.join(self.label(t) for t in obs['dora_indicators'])}"
        )
        self.query_one("#status", Static).update(Text(status))
        for seat in (1, 2, 3):
            self.query_one(f"#player-{seat}", Static).update(self._player_text(seat, obs))
        self.query_one("#me", Static).update(self._player_text(HUMAN, obs))
        self._draw_hand(obs)
        self._draw_actions()
        self.query_one("#prompt", Static).update(Text(self._prompt(obs)))
        why = table.why_not()
        self.query_one("#why", Static).update(Text("\n".join(why)))
        advice = self.query_one("#advice", Static)
        advice.set_class(self.show_help and not table.deal_over, "shown")
        if self.show_help and not table.deal_over:
            advice.update(Text("\n".join(table.advice())))
        result = self.query_one("#result", Static)
        if table.deal_over and not result.has_class("shown"):
            self.call_after_refresh(result.scroll_visible)  # the result may be below the fold
        result.set_class(table.deal_over, "shown")
        if table.deal_over:
            lines = table.result_lines()
            if table.game_over:
                lines += [
                    "",
                    "Game over. Final standings (leftover riichi sticks settled by the rules):",
                ]
                lines += table.standings_lines()
                lines.append("s: save the log · q: quit")
            else:
                lines.append("n: next deal · s: save the log · q: quit")
            if self.saved is not None:
                lines.append(f"Log saved to {self.saved}")
            result.update(Text("\n".join(lines)))
        self.query_one("#log", Static).update(Text("\n".join(table.messages[-4:])))
        self.refresh_bindings()

    def _player_text(self, seat: int, obs: Observation) -> Text:
        player = obs["players"][seat]
        text = Text()
        text.append(self.table.seat_name(seat), style="bold")
        text.append(f" · {obs['scores'][seat]:,}")
        if seat == obs["dealer"]:
            text.append(" · dealer")
        if player["riichi"]:
            text.append(" · RIICHI", style="bold red")
        if seat == HUMAN and obs["waits"]:
            text.append(" · tenpai")
            if obs["furiten"]:
                text.append(" · FURITEN", style="bold red")
        if obs["turn"] == seat and not self.table.deal_over:
            text.append("  ◀ to play" if not self.ascii else "  < to play", style="green")
        text.append("\n  discards: ")
        for d in player["pond"]:
            label = self.label(d["pai"])
            if d["riichi"]:
                label = f"[{label}]"
            if d["called"]:
                label = f"({label})"
            style = "dim" if d["called"] else ("bold yellow" if d["riichi"] else "")
            claim = obs["claim"]
            if claim is not None and claim[1] == seat and d is player["pond"][-1]:
                style = "bold reverse green"
            text.append(label, style=style)
            text.append(" ")
        if player["melds"]:
            text.append("\n  melds: ")
            for m in player["melds"]:
                tiles = " ".join(self.label(t) for t in m["tiles"])
                source = ""
                if m["target"] is not None and m["target"] != seat:
                    source = f" from {self.table.short_name(m['target'])}"
                text.append(f"{m['type']} {tiles}{source}   ")
        return text

    def _draw_hand(self, obs: Observation) -> None:
        order = self._order
        legal = self.table.legal()
        discardable = {a.tile for a in legal if a.type == "discard"}
        riichi_tiles = {a.tile for a in legal if a.type == "riichi"}
        my_turn = self.table.human_to_act() and obs["claim"] is None
        has_drawn = obs["drawn"] is not None
        for i, view in enumerate(self.query(TileView)):
            if i >= len(order):
                view.display = False
                continue
            view.display = True
            pai = order[i]
            label = self.label(pai)
            style = "bold red" if mjai.is_red(pai) else ""
            lines = [label] if self.ascii else [tile_glyph(pai), label]
            content = Text("\n".join(_centre(line, 3) for line in lines), style=style)
            view.update(content)
            view.set_class(my_turn and i == self.selected, "selected")
            allowed = riichi_tiles if self.mode == "riichi" else discardable
            view.set_class(my_turn and pai not in allowed, "barred")
            view.set_class(has_drawn and i == len(order) - 1, "drawn")

    def _draw_actions(self) -> None:
        """Fills the fixed row of buttons: ``(command, label, variant)`` per shown button."""
        shown: list[tuple[str, str, str]] = []
        if self.mode == "choose":
            for i, action in enumerate(self.options[:9]):
                shown.append((f"opt-{i}", f"{i + 1} {action_label(action)}", "default"))
            shown.append(("cancel", "Esc cancel", "default"))
        elif self.table.human_to_act():
            if self.table.observation()["claim"] is None:
                word = "Riichi discard" if self.mode == "riichi" else "Discard"
                shown.append(("discard", f"Enter {word}", "primary"))
            for choice in self.table.choices():
                if self.mode == "riichi" and choice.key != "r":
                    continue
                variant = "success" if choice.key == "w" else "default"
                shown.append((f"act-{choice.key}", f"{choice.key} {choice.label}", variant))
        elif self.table.deal_over:
            if not self.table.game_over:
                shown.append(("next", "n Next deal", "primary"))
            shown.append(("save", "s Save log", "default"))
            shown.append(("quit", "q Quit", "default"))
        self._commands = [command for command, _, _ in shown]
        for i, button in enumerate(self.query("#actions Button").results(Button)):
            if i < len(shown):
                _, label, variant = shown[i]
                button.label = label
                button.variant = variant
                button.display = True
            else:
                button.display = False

    def _prompt(self, obs: Observation) -> str:
        table = self.table
        if table.deal_over:
            return "Game over" if table.game_over else "The deal is over"
        if self.mode == "choose":
            return "Choose which tiles (1-9 or click), Esc to go back"
        if not table.human_to_act():
            return "The AIs are playing…" if not self.ascii else "The AIs are playing..."
        if obs["claim"] is not None:
            pai, seat = obs["claim"]
            calls = ", ".join(f"{c.label} ({c.key})" for c in table.choices())
            return f"{table.short_name(seat)} discarded {self.label(pai)}: {calls}"
        if self.mode == "riichi":
            return "Riichi: pick the tile to discard and press Enter (Esc cancels)"
        return "Your turn: pick a tile (←/→ or click) and press Enter (or click it again)"

    # -- input ---------------------------------------------------------------------------

    def _selectable(self) -> list[int]:
        legal = self.table.legal()
        kinds = "riichi" if self.mode == "riichi" else "discard"
        allowed = {a.tile for a in legal if a.type == kinds}
        return [i for i, pai in enumerate(self._order) if pai in allowed]

    def action_move(self, step: int) -> None:
        options = self._selectable()
        if not options:
            return
        later = [i for i in options if (i - self.selected) * step > 0]
        if later:
            self.selected = min(later, key=lambda i: abs(i - self.selected))
        else:
            self.selected = options[0] if step > 0 else options[-1]
        self.refresh_table()

    def action_confirm(self) -> None:
        if self.busy or not self.table.human_to_act() or self.mode == "choose":
            return
        if not 0 <= self.selected < len(self._order):
            return
        pai = self._order[self.selected]
        if self.mode == "riichi":
            action = self.table.riichi_for(pai)
        else:
            action = self.table.discard_for(pai)
        if action is None:
            self.notify(f"You can't discard {self.label(pai)} now", severity="warning")
            return
        self._apply(action)

    def action_riichi(self) -> None:
        if self.busy or self.mode == "choose":
            return
        if self.mode == "riichi":
            self.action_cancel()
            return
        if not any(a.type == "riichi" for a in self.table.legal()):
            self.notify("Riichi is not possible now", severity="warning")
            return
        self.mode = "riichi"
        options = self._selectable()
        if options and self.selected not in options:
            self.selected = options[-1]
        self.refresh_table()

    def action_call(self, key: str) -> None:
        if self.busy or self.mode == "choose":
            return
        for choice in self.table.choices():
            if choice.key == key:
                if key == "r":
                    self.action_riichi()
                elif len(choice.actions) == 1:
                    self._apply(choice.actions[0])
                else:
                    self.mode = "choose"
                    self.options = choice.actions
                    self.refresh_table()
                return
        if self.table.human_to_act():
            self.notify("That is not possible now", severity="warning")

    def action_pick(self, index: int) -> None:
        """A digit picks one of several ways to call."""
        if self.mode == "choose" and 0 <= index < len(self.options):
            self._apply(self.options[index])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys (and the footer) offer only what can be done now."""
        table = self.table
        ready = not self.busy and table.human_to_act()
        if action in ("move", "confirm"):
            return ready and self.mode != "choose" and table.observation()["claim"] is None
        if action in ("call", "riichi"):
            key = "r" if action == "riichi" else parameters[0]
            return ready and self.mode != "choose" and any(c.key == key for c in table.choices())
        if action == "pick":
            return self.mode == "choose"
        if action == "cancel":
            return self.mode in ("riichi", "choose")
        if action == "next_deal":
            return table.deal_over and not table.game_over
        if action == "save":
            return table.deal_over
        return True

    def action_cancel(self) -> None:
        self.mode = "play"
        self.options = []
        self.refresh_table()

    def action_toggle_help(self) -> None:
        self.show_help = not self.show_help
        self.refresh_table()

    def action_keys(self) -> None:
        self.push_screen(KeysScreen())

    def action_next_deal(self) -> None:
        if not self.table.deal_over or self.table.game_over:
            return
        self.saved = None
        self.table.next_deal()
        if not self.table.game_over:
            self.selected = 0
            self.advance()
        else:
            self.refresh_table()

    def action_save(self) -> None:
        if not self.table.deal_over:
            self.notify("The log can be saved once the deal is over", severity="warning")
            return
        count = self.table.save_log(self.log_path)
        self.saved = self.log_path
        self.notify(f"Saved {count} events to {self.log_path}")
        self.refresh_table()

    def on_tile_view_clicked(self, message: TileView.Clicked) -> None:
        if self.busy or not self.table.human_to_act() or self.mode == "choose":
            return
        if message.index == self.selected:
            self.action_confirm()
            return
        if message.index in self._selectable():
            self.selected = message.index
            self.refresh_table()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        index = int((event.button.id or "button-99").split("-")[1])
        button = self._commands[index] if index < len(self._commands) else ""
        if button == "discard":
            self.action_confirm()
        elif button.startswith("act-"):
            self.action_call(button[4:])
        elif button.startswith("opt-"):
            index = int(button[4:])
            if 0 <= index < len(self.options):
                self._apply(self.options[index])
        elif button == "cancel":
            self.action_cancel()
        elif button == "next":
            self.action_next_deal()
        elif button == "save":
            self.action_save()
        elif button == "quit":
            self.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m mahjong.play.riichi_app")
    add_riichi_arguments(parser)
    return parser


def app_from_args(args: argparse.Namespace) -> RiichiApp:
    return RiichiApp(
        seed=args.seed,
        rules=Ruleset.preset(args.rules),
        delay=args.delay,
        ascii_tiles=True if args.ascii else None,
        log_path=args.log,
    )


def main(argv: Sequence[str] | None = None) -> int:
    app_from_args(build_parser().parse_args(argv)).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
