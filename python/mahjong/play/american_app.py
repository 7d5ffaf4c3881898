"""``mahjong play american``: a textual table where you (seat 0) play American Mahjong
against three ``CardAgent``\\ s.

The game itself is :class:`~mahjong.play.american_table.AmericanTable`; this module draws it and
turns keys and clicks into its actions. Run ``python -m mahjong.play.american_app --help`` for
the options (``--web`` starts this module under textual-serve).
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

from mahjong.american import AmericanAction, AmericanObservation, AmericanRules, Card
from mahjong.play import add_american_arguments
from mahjong.play.american_table import HUMAN, AmericanTable, sorted_tiles, tile_glyph
from mahjong.play.riichi_table import unicode_ok

HAND_SLOTS = 14
ACTION_SLOTS = 12

KEYS_TEXT = """\
Keys
  ← / →        select a tile of your rack
  Enter        discard the selected tile, or pass it in the Charleston
               (or click a tile, then click it again)
  b            blind pass: pass the rest of the tiles you receive, unseen
  g / t        vote: go on with the second Charleston / stop
  0 1 2 3      the courtesy pass: how many tiles to offer across
  e            expose the discard (1-9 picks how many jokers when there is a choice)
  m            Mah Jongg (on your turn or on a discard)
  j            joker exchange: give a natural tile for an exposed joker
  d            call a player's hand dead (when the rules allow it)
  x or space   pass (don't call the discard)
  Esc          cancel a choice
  h            help: the nearest card hands, how far they are, the tiles they need
  c            the card
  n            next game (when a game is over)
  s            save the session's log (JSON lines)
  ?            this screen
  q            quit

Tiles: 1C-9C craks, 1D-9D dots, 1B-9B bams, E S W N winds, R G dragons,
0 the white dragon (soap), F flower, J joker. In exposures J marks a joker.
"""


def _centre(text: str, width: int) -> str:
    spare = max(width - cell_len(text), 0)
    return " " * (spare // 2) + text + " " * ((spare + 1) // 2)


class TextScreen(ModalScreen[None]):
    """A page of text (the keys, the card); Esc, ?, c or q closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,question_mark,q,c,h", "close", "Close"),
    ]
    DEFAULT_CSS = """
    TextScreen { align: center middle; }
    TextScreen > VerticalScroll { width: 96; height: auto; max-height: 90%;
                                  border: round $accent; background: $surface; }
    TextScreen Static { padding: 0 1; }
    """

    def __init__(self, text: str, name: str) -> None:
        super().__init__()
        self.text = text
        self.page = name

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id=self.page, markup=False)

    def action_close(self) -> None:
        self.dismiss(None)


class TileView(Static):
    """One tile of your rack; clicking it selects it (or plays it when selected)."""

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


class AmericanApp(App[None]):
    """The table. ``delay`` is how long each AI action stays on screen (0 in tests)."""

    TITLE = "mahjong play american"
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
    .tile.picked { border: heavy $success; background: $success 20%; }
    .tile.barred { color: $text-muted; }
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
        Binding("enter", "confirm", "Play tile"),
        Binding("m", "call('m')", "Mah Jongg"),
        Binding("e", "call('e')", "Expose"),
        Binding("j", "call('j')", "Joker exchange"),
        Binding("d", "call('d')", "Call dead"),
        Binding("b", "call('b')", "Blind pass"),
        Binding("g", "call('g')", "Go on"),
        Binding("t", "call('t')", "Stop"),
        Binding("x,space", "call('x')", "Pass"),
        *(Binding(str(i), f"digit({i})", "Pick", show=False) for i in range(10)),
        Binding("escape", "cancel", "Cancel"),
        Binding("h", "toggle_help", "Help"),
        Binding("c", "card", "Card"),
        Binding("n", "next_game", "Next game"),
        Binding("s", "save", "Save log"),
        Binding("question_mark,f1", "keys", "Keys"),
        Binding("q", "quit", "Quit"),
    ]

    def __init__(
        self,
        table: AmericanTable | None = None,
        *,
        seed: int = 0,
        card_name: str = "house-2026",
        rules: AmericanRules | None = None,
        games: int = 4,
        delay: float = 0.6,
        ascii_tiles: bool | None = None,
        log_path: str | Path | None = None,
    ) -> None:
        super().__init__()
        if table is None:
            table = AmericanTable(Card.load(card_name), seed=seed, rules=rules, games=games)
        self.table = table
        self.delay = delay
        self.ascii = (not unicode_ok()) if ascii_tiles is None else ascii_tiles
        self.log_path = Path(log_path or f"american-seed{self.table.seed}.jsonl")
        self.selected = 0
        self.mode = "play"  # or "choose" (among several ways of one call)
        self.options: list[AmericanAction] = []
        self.show_help = False
        self.saved: Path | None = None
        self._timer: Timer | None = None
        self._commands: list[str] = []
        self._order: list[str] = []

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
        for button in self.query("#actions Button").results(Button):
            # the same button often means "pass" several times in a row: no dead time
            button.active_effect_duration = 0
        self.advance()

    # -- the game loop -------------------------------------------------------------------

    def advance(self) -> None:
        """Lets the AIs act until the human must act (one action per `delay` seconds)."""
        self._timer = None
        table = self.table
        while not table.deal_over and table.next_agent_seat() is not None:
            action = table.step_agent()
            if (
                self.delay > 0
                and action is not None
                and action.type in ("discard", "expose", "joker_exchange", "mahjongg")
            ):
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
        options = self._selectable()
        if options and self.selected not in options:
            self.selected = options[-1]
        if self.selected >= len(self._order):
            self.selected = max(len(self._order) - 1, 0)

    def _hand_order(self) -> list[str]:
        return sorted_tiles(self.table.observation()["hand"])

    def _apply(self, action: AmericanAction) -> None:
        self.mode = "play"
        self.options = []
        self.table.act(action)
        self.advance()

    # -- drawing -------------------------------------------------------------------------

    def refresh_table(self) -> None:
        table = self.table
        obs = table.observation()
        self._order = self._hand_order()
        step = obs["step"]
        status = (
            f"Game {table.game_number} of {table.games} · {table.card.name}"
            f" · tiles left {obs['tiles_left']}"
            + (f" · Charleston: {step.replace('_', ' ')}" if step else "")
        )
        self.query_one("#status", Static).update(Text(status))
        for seat in (1, 2, 3):
            self.query_one(f"#player-{seat}", Static).update(self._player_text(seat, obs))
        self.query_one("#me", Static).update(self._player_text(HUMAN, obs))
        self._draw_hand(obs)
        self._draw_actions()
        prompt = table.prompt()
        if self.mode == "choose":
            prompt = "Choose one (1-9 or click), Esc to go back"
        elif self.ascii:
            prompt = prompt.replace("…", "...").replace("←/→", "left/right")
        self.query_one("#prompt", Static).update(Text(prompt))
        self.query_one("#why", Static).update(Text("\n".join(table.why_not())))
        advice = self.query_one("#advice", Static)
        advice.set_class(self.show_help and not table.deal_over, "shown")
        if self.show_help and not table.deal_over:
            advice.update(Text("\n".join(table.advice())))
        result = self.query_one("#result", Static)
        if table.deal_over and not result.has_class("shown"):
            self.call_after_refresh(result.scroll_visible)
        result.set_class(table.deal_over, "shown")
        if table.deal_over:
            lines = table.result_lines()
            if table.session_over:
                lines += ["", "Session over. s: save the log · q: quit"]
            else:
                lines.append("n: next game · s: save the log · q: quit")
            if self.saved is not None:
                lines.append(f"Log saved to {self.saved}")
            result.update(Text("\n".join(lines)))
        self.query_one("#log", Static).update(Text("\n".join(table.messages[-4:])))
        self.refresh_bindings()

    def _player_text(self, seat: int, obs: AmericanObservation) -> Text:
        player = obs["players"][seat]
        text = Text()
        text.append(self.table.seat_name(seat), style="bold")
        text.append(f" · score {obs['scores'][seat]:+}")
        if seat != HUMAN:
            text.append(f" · {player['tile_count']} tiles")
        if player["dead"]:
            text.append(f" · DEAD HAND ({str(player['dead']).replace('_', ' ')})", style="red")
        if obs["turn"] == seat and not self.table.deal_over:
            text.append("  ◀ to play" if not self.ascii else "  < to play", style="green")
        text.append("\n  discards: ")
        claim = obs["claim"]
        for d in player["discards"]:
            label = f"({d['pai']})" if d["claimed"] else d["pai"]
            style = "dim" if d["claimed"] else ""
            if claim is not None and claim[1] == seat and d is player["discards"][-1]:
                style = "bold reverse green"
            text.append(label, style=style)
            text.append(" ")
        if player["exposures"]:
            text.append("\n  exposed: ")
            for e in player["exposures"]:
                for t in e["tiles"]:
                    text.append(t, style="bold magenta" if t == "J" else "")
                    text.append(" ")
                if e["target"] is not None and e["target"] != seat:
                    text.append(f"(from {self.table.short_name(e['target'])})", style="dim")
                text.append("   ")
        return text

    def _draw_hand(self, obs: AmericanObservation) -> None:
        order = self._order
        allowed = set(self._allowed_tiles())
        active = self.table.phase() in ("turn", "charleston") and self.mode == "play"
        picked = list(obs["picked"])
        for i, view in enumerate(self.query(TileView)):
            if i >= len(order):
                view.display = False
                continue
            view.display = True
            tile = order[i]
            lines = [tile] if self.ascii else [tile_glyph(tile), tile]
            style = "bold magenta" if tile == "J" else ""
            view.update(Text("\n".join(_centre(line, 3) for line in lines), style=style))
            is_picked = tile in picked
            if is_picked:
                picked.remove(tile)
            view.set_class(is_picked, "picked")
            view.set_class(active and i == self.selected, "selected")
            view.set_class(active and tile not in allowed, "barred")

    def _draw_actions(self) -> None:
        shown: list[tuple[str, str, str]] = []
        table = self.table
        phase = table.phase()
        if self.mode == "choose":
            for i, action in enumerate(self.options[:9]):
                shown.append((f"opt-{i}", f"{i + 1} {table.action_label(action)}", "default"))
            shown.append(("cancel", "Esc cancel", "default"))
        elif phase in ("turn", "charleston", "claim", "vote", "courtesy"):
            if phase == "turn":
                shown.append(("play", "Enter Discard", "primary"))
            elif phase == "charleston":
                shown.append(("play", "Enter Pass tile", "primary"))
            for choice in table.choices():
                variant = "success" if choice.key == "m" else "default"
                shown.append((f"act-{choice.key}", f"{choice.key} {choice.label}", variant))
        elif table.deal_over:
            if not table.session_over:
                shown.append(("next", "n Next game", "primary"))
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

    # -- input ---------------------------------------------------------------------------

    def _allowed_tiles(self) -> list[str]:
        return [
            a.tile
            for a in self.table.legal()
            if a.type in ("discard", "pass_tile") and a.tile is not None
        ]

    def _selectable(self) -> list[int]:
        allowed = set(self._allowed_tiles())
        return [i for i, tile in enumerate(self._order) if tile in allowed]

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
        if self.busy or self.mode == "choose":
            return
        if self.table.phase() not in ("turn", "charleston"):
            return
        if not 0 <= self.selected < len(self._order):
            return
        tile = self._order[self.selected]
        action = self.table.tile_action(tile)
        if action is None:
            self.notify(f"You can't play {tile} now", severity="warning")
            return
        self._apply(action)

    def action_call(self, key: str) -> None:
        if self.busy or self.mode == "choose":
            return
        for choice in self.table.choices():
            if choice.key == key:
                if len(choice.actions) == 1:
                    self._apply(choice.actions[0])
                else:
                    self.mode = "choose"
                    self.options = choice.actions
                    self.refresh_table()
                return
        if self.table.human_to_act():
            self.notify("That is not possible now", severity="warning")

    def action_digit(self, digit: int) -> None:
        """In a choice, 1-9 picks an option; in the courtesy vote, 0-3 is the offer."""
        if self.mode == "choose":
            if 1 <= digit <= len(self.options):
                self._apply(self.options[digit - 1])
            return
        self.action_call(str(digit))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        table = self.table
        ready = not self.busy and table.human_to_act()
        if action in ("move", "confirm"):
            return ready and self.mode != "choose" and table.phase() in ("turn", "charleston")
        if action == "call":
            key = parameters[0]
            return ready and self.mode != "choose" and any(c.key == key for c in table.choices())
        if action == "cancel":
            return self.mode == "choose"
        if action == "next_game":
            return table.deal_over and not table.session_over
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

    def action_card(self) -> None:
        self.push_screen(TextScreen("\n".join(self.table.card_lines()), "card"))

    def action_keys(self) -> None:
        self.push_screen(TextScreen(KEYS_TEXT, "keys"))

    def action_next_game(self) -> None:
        if not self.table.deal_over or self.table.session_over:
            return
        self.saved = None
        if self.table.next_game():
            self.selected = 0
            self.advance()
        else:
            self.refresh_table()

    def action_save(self) -> None:
        if not self.table.deal_over:
            self.notify("The log can be saved once the game is over", severity="warning")
            return
        count = self.table.save_log(self.log_path)
        self.saved = self.log_path
        self.notify(f"Saved {count} events to {self.log_path}")
        self.refresh_table()

    def on_tile_view_clicked(self, message: TileView.Clicked) -> None:
        if self.busy or self.mode == "choose":
            return
        if self.table.phase() not in ("turn", "charleston"):
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
        if button == "play":
            self.action_confirm()
        elif button.startswith("act-"):
            self.action_call(button[4:])
        elif button.startswith("opt-"):
            option = int(button[4:])
            if 0 <= option < len(self.options):
                self._apply(self.options[option])
        elif button == "cancel":
            self.action_cancel()
        elif button == "next":
            self.action_next_game()
        elif button == "save":
            self.action_save()
        elif button == "quit":
            self.exit()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m mahjong.play.american_app")
    add_american_arguments(parser)
    return parser


def app_from_args(args: argparse.Namespace) -> AmericanApp:
    return AmericanApp(
        seed=args.seed,
        card_name=args.card,
        rules=AmericanRules.preset(args.rules),
        games=args.games,
        delay=args.delay,
        ascii_tiles=True if args.ascii else None,
        log_path=args.log,
    )


def main(argv: Sequence[str] | None = None) -> int:
    app_from_args(build_parser().parse_args(argv)).run()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
