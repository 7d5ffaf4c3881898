"""``mahjong play``: the textual table where you (seat 0) play against three AIs, for either
family.

The game is a :class:`~mahjong.play.session.Session`; its family
(:class:`~mahjong.play.riichi.RiichiFamily`, :class:`~mahjong.play.american.AmericanFamily`)
gives the words and panels. This module lays them out, draws your tiles and the buttons, and
turns keys and clicks into the session's actions. ``python -m mahjong.play.app riichi --help``
lists the options (``--web`` serves the web table of :mod:`mahjong.play.web` instead).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.geometry import Size
from textual.message import Message
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Footer, Static

from mahjong.arguments import random_seed
from mahjong.errors import IllegalActionError, MahjongError
from mahjong.play.command import family_from, table_parser
from mahjong.play.family import PLAY, Choice, Family, NotNow, Page, Way
from mahjong.play.glyphs import glyph_cells, unicode_ok
from mahjong.play.session import HUMAN, Session
from mahjong.play.words import sentence
from mahjong.riichi.mjai_host import Hosting

HAND_SLOTS = 14
HIGHLIGHT_SECONDS = 2.0
BUTTON_STYLES = {
    "primary": "bold white on #1f5fa8",
    "success": "bold white on #2e7d32",
    "default": "white on #444444",
}

SHELL_KEYS = (
    ("h", "help with your hand"),
    ("?", "this page"),
    ("n", "next {deal}, or a new {game}"),
    ("a", "the same {game} again"),
    ("v", "the table / the result"),
    ("s", "save the log"),
    ("Esc", "go back"),
    ("q", "quit (asks if not saved)"),
)


def _centre(text: str, width: int) -> str:
    """`text` padded to `width` cells, as centred as whole cells allow."""
    spare = max(width - cell_len(text), 0)
    return " " * (spare // 2) + text + " " * ((spare + 1) // 2)


@dataclass(frozen=True)
class Button:
    """One button of the action bar: its key, words, style and what it does."""

    key: str
    label: str
    command: str
    style: str = "default"

    @property
    def text(self) -> str:
        return f" {self.key} {self.label} "


class ActionBar(Widget):
    """The buttons, in as many rows as they need: a label is never cut or left blank."""

    DEFAULT_CSS = "ActionBar { height: auto; padding: 0 1; }"

    class Pressed(Message):
        """A button was clicked."""

        def __init__(self, command: str) -> None:
            super().__init__()
            self.command = command

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.buttons: list[Button] = []

    def show(self, buttons: list[Button]) -> None:
        if buttons != self.buttons:
            self.buttons = buttons
            self.refresh(layout=True)

    def rows(self, width: int) -> list[list[tuple[int, Button]]]:
        """The buttons packed into rows of `width` cells: each with its starting column."""
        rows: list[list[tuple[int, Button]]] = []
        x = width
        for button in self.buttons:
            size = cell_len(button.text)
            if not rows or x + 1 + size > width:
                rows.append([])
                x = -1
            rows[-1].append((x + 1, button))
            x += 1 + size
        return rows

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return len(self.rows(width))

    def render(self) -> Text:
        text = Text()
        for i, row in enumerate(self.rows(self.content_region.width)):
            if i:
                text.append("\n")
            for j, (_, button) in enumerate(row):
                if j:
                    text.append(" ")
                text.append(button.text, style=BUTTON_STYLES[button.style])
        return text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        rows = self.rows(self.content_region.width)
        if offset.y >= len(rows):
            return
        for x, button in rows[offset.y]:
            if x <= offset.x < x + cell_len(button.text):
                event.stop()
                self.post_message(self.Pressed(button.command))


class TileView(Static):
    """One tile of your hand; clicking it selects it (or plays it when selected)."""

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


class PageScreen(ModalScreen[None]):
    """A page over the table (the keys, the card); Esc, q or its own key closes it."""

    DEFAULT_CSS = """
    PageScreen { align: center middle; }
    PageScreen > VerticalScroll { width: 100%; max-width: 84; height: auto; max-height: 100%;
                                  border: round $accent; background: $surface; }
    PageScreen Static { padding: 0 1; }
    """

    def __init__(self, text: Text, name: str, keys: str) -> None:
        super().__init__()
        self.text = text
        self.page = name
        self.keys = keys

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield Static(self.text, id=self.page)

    def on_key(self, event: events.Key) -> None:
        if event.key in ("escape", "q") or (event.character or "\0") in self.keys:
            event.stop()
            self.dismiss(None)


class ConfirmScreen(ModalScreen[str]):
    """A question with keyed answers; Esc (or any other key) answers ``""``."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Static { width: 100%; max-width: 64; height: auto; border: heavy $warning;
                             background: $surface; padding: 0 1; }
    """

    def __init__(self, question: str, answers: dict[str, str]) -> None:
        super().__init__()
        self.question = question
        self.answers = answers

    def compose(self) -> ComposeResult:
        lines = [self.question, ""] + [f"{k}  {words}" for k, words in self.answers.items()]
        yield Static("\n".join([*lines, "Esc  go back"]), id="question", markup=False)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(event.character if event.character in self.answers else "")


class PlayApp(App[None]):
    """The table for `session`. ``delay`` is how long each AI action stays on screen (0 in
    tests); the log is saved to `log` (by default ``<family>-seed<S>.jsonl``)."""

    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #status { dock: top; height: auto; background: $primary-background; padding: 0 1; }
    #body { height: 1fr; }
    #body > Static { height: auto; padding: 0 1; }
    #advice { border: round $accent; }
    #result { border: double $success; }
    #log { color: $text-muted; }
    #bottom { height: auto; }
    #hand { height: 4; padding: 0 1; }
    #hand.ascii { height: 3; }
    .tile { width: 5; height: 4; border: round $panel-lighten-2; }
    #hand.ascii .tile { height: 3; }
    .tile.selected { border: heavy $warning; background: $warning 30%; text-style: bold; }
    .tile.picked { border: double $success; background: $success 25%; }
    .tile.picked.selected { border: heavy $success; }
    .tile.barred { color: $text-muted; }
    .tile.drawn { margin-left: 2; }
    #prompt { height: auto; padding: 0 1; text-style: bold; }
    #why { height: auto; padding: 0 1; color: $warning; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "Select", show=False),
        Binding("right", "move(1)", "Select", show=False),
        Binding("enter", "tile", "Play tile"),
        Binding("escape", "cancel", "Back"),
        *(Binding(str(i), f"digit({i})", "Pick", show=False) for i in range(10)),
        Binding("space", "choose('x')", "Pass", show=False),
        Binding("h", "toggle_help", "Help"),
        Binding("n", "next", "Next"),
        Binding("a", "again", "Same again", show=False),
        Binding("v", "view", "Table/result", show=False),
        Binding("s", "save", "Save log"),
        Binding("question_mark,f1", "keys", "Keys"),
        Binding("q", "quit_table", "Quit"),
    ]

    def __init__(
        self,
        session: Session[Any],
        *,
        delay: float = 0.6,
        ascii_tiles: bool = False,
        log: str | Path | None = None,
        new_seed: Callable[[], int] = random_seed,
    ) -> None:
        super().__init__()
        self.session = session
        self.family: Family[Any] = session.family
        self.title = f"mahjong play {self.family.name}"
        self.delay = delay
        self.ascii = ascii_tiles
        self.log_file = Path(log) if log else None
        self.new_seed = new_seed
        self.selected = 0
        self.mode = PLAY  # or a family's tile mode (riichi)
        self.ways: list[Way[Any]] = []  # the ways of the choice being picked among
        self.show_help = False
        self.show_table = False  # at the end of a deal: the table instead of the result
        self.saved: Path | None = None
        self._timer: Timer | None = None
        self._highlight: Timer | None = None
        self._order: list[str] = []
        self._drawn = False
        self._buttons: dict[str, Callable[[], None]] = {}

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with VerticalScroll(id="body"):
            yield Static(id="result")
            for seat in (2, 3, 1):
                yield Static(id=f"player-{seat}", classes="player")
            yield Static(id="me")
            yield Static(id="advice")
            yield Static(id="log")
        with Vertical(id="bottom"):
            with Horizontal(id="hand"):
                for i in range(HAND_SLOTS):
                    yield TileView(i)
            yield Static(id="prompt")
            yield ActionBar(id="actions")
            yield Static(id="why")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#hand").set_class(self.ascii, "ascii")
        self.advance()

    # -- moving on -------------------------------------------------------------------------

    @property
    def busy(self) -> bool:
        """Whether the AIs are still playing (keys wait)."""
        return self._timer is not None

    def advance(self) -> None:
        """Lets the AIs play until the human must decide (one action per `delay`)."""
        self._timer = None
        while (moved := self.session.step()) is not None:
            seat, action = moved
            if self.delay > 0 and (seat == HUMAN or self.family.pauses(action)):
                self._timer = self.set_timer(self.delay, self.advance)
                self.refresh_table()
                return
        self.mode = PLAY
        self.ways = []
        self._select_default()
        self.refresh_table()

    def _apply(self, actions: Sequence[Any]) -> None:
        self.mode = PLAY
        self.ways = []
        try:
            self.session.act(list(actions))
        except IllegalActionError as error:  # the engine says why; nothing changed
            self.notify(str(error.reason.message if error.reason else error), severity="warning")
        self.advance()

    def _hand_order(self) -> tuple[list[str], bool]:
        """The human's tiles as shown: sorted, the drawn tile apart at the end."""
        obs = self.session.observation()
        hand = list(obs["hand"])
        drawn = obs["drawn"]
        if drawn is not None and drawn in hand:
            hand.remove(drawn)
            return [*sorted(hand, key=self.family.sort_key), drawn], True
        return sorted(hand, key=self.family.sort_key), False

    def _select_default(self) -> None:
        self._order, self._drawn = self._hand_order()
        if self._drawn and self.session.human_to_act():
            self.selected = len(self._order) - 1
        self.selected = max(min(self.selected, len(self._order) - 1), 0)

    # -- drawing ---------------------------------------------------------------------------

    def refresh_table(self) -> None:
        session, family = self.session, self.family
        over = session.deal_over
        self._order, self._drawn = self._hand_order()
        self.selected = max(min(self.selected, len(self._order) - 1), 0)
        self.query_one("#status", Static).update(self._status())
        result = self.query_one("#result", Static)
        showing_result = over and not self.show_table
        result.display = showing_result
        if showing_result:
            result.update(self._result_text())
        for seat in (1, 2, 3):
            panel = self.query_one(f"#player-{seat}", Static)
            panel.display = not showing_result
            panel.update(family.panel(session, seat))
        me = self.query_one("#me", Static)
        me.display = not showing_result
        me.update(family.panel(session, HUMAN))
        advice = self.query_one("#advice", Static)
        advice.display = self.show_help and not over
        if advice.display:
            advice.update(family.advice(session))
        log = self.query_one("#log", Static)
        log.display = not showing_result
        log.update(Text("\n".join(session.messages[-3:])))
        self.query_one("#hand").display = not showing_result
        self._draw_hand()
        self.query_one("#prompt", Static).update(Text(self._prompt()))
        self.query_one("#actions", ActionBar).show(self._draw_buttons())
        why = family.why_not(session)
        self.query_one("#why", Static).display = bool(why)
        self.query_one("#why", Static).update(Text("\n".join(why)))
        if session.highlights and self._highlight is None:
            self._highlight = self.set_timer(HIGHLIGHT_SECONDS, self._end_highlight)
        self.refresh_bindings()

    def _status(self) -> Text:
        """The family's status line, and the game's seed at its right end when it fits (it
        is always on the keys page and under the result)."""
        text = Text(self.family.status(self.session))
        seed = f"seed {self.session.seed}"
        spare = self.size.width - 2 - text.cell_len - len(seed)
        if spare >= 3:
            text.append(" " * spare + seed, style="dim")
        return text

    def _end_highlight(self) -> None:
        self._highlight = None
        self.session.highlights.clear()
        self.refresh_table()

    def _result_text(self) -> Text:
        session, family = self.session, self.family
        text = family.result(session)
        if session.game_over:
            text.append("\n\n")
            text.append_text(family.standings(session))
        name = f"mahjong play {family.name} --seed {session.seed}"
        text.append(f"\nSeed {session.seed} ({name} deals this {family.game_word} again)")
        if self.saved is not None:
            text.append(f"\nLog saved to {self.saved}", style="green")
        return text

    def _draw_hand(self) -> None:
        session, family = self.session, self.family
        order = self._order
        playable = family.playable(session, self.mode) if not self.busy else set()
        active = bool(playable) and not self.ways
        picked = family.picked(session)
        for i, view in enumerate(self.query(TileView)):
            view.display = i < len(order)
            if i >= len(order):
                continue
            tile = order[i]
            label = _centre(family.label(tile), 3)
            face = label if self.ascii else f" {glyph_cells(family.glyph(tile))}\n{label}"
            view.update(Text(face, style=family.tile_style(tile)))
            is_picked = tile in picked
            if is_picked:
                picked.remove(tile)
            view.set_class(is_picked, "picked")
            view.set_class(active and i == self.selected, "selected")
            view.set_class(active and tile not in playable, "barred")
            view.set_class(self._drawn and i == len(order) - 1, "drawn")

    def _choices(self) -> list[Choice[Any]]:
        if self.busy or self.ways:
            return []
        return self.family.choices(self.session, self.mode)

    def _draw_buttons(self) -> list[Button]:
        """The buttons for now; each remembers what it does in ``_buttons``."""
        session = self.session
        shown: list[tuple[Button, Callable[[], None]]] = []
        if self.ways:
            for i, way in enumerate(self.ways[:9]):
                shown.append((Button(str(i + 1), way.label, f"way-{i}"), self._way(way)))
            shown.append((Button("Esc", "Back", "cancel"), self.action_cancel))
        elif not self.busy and session.human_to_act():
            verb = self.family.tile_verb(session, self.mode)
            if verb is not None:
                shown.append((Button("Enter", verb, "tile", "primary"), self.action_tile))
            for choice in self._choices():
                shown.append(
                    (
                        Button(choice.key, choice.label, f"choice-{choice.key}", choice.style),
                        self._chooser(choice.key),
                    )
                )
            if self.mode != PLAY:
                shown.append((Button("Esc", "Back", "cancel"), self.action_cancel))
        elif session.deal_over:
            what = (
                f"New {self.family.game_word}"
                if session.game_over
                else (f"Next {self.family.deal_word}")
            )
            shown.append((Button("n", what, "next", "primary"), self.action_next))
            if session.game_over:
                shown.append((Button("a", "Same again", "again"), self.action_again))
            shown.append((Button("s", "Save log", "save"), self.action_save))
            view = "Result" if self.show_table else "Table"
            shown.append((Button("v", view, "view"), self.action_view))
            shown.append((Button("q", "Quit", "quit"), self.action_quit_table))
        shown += [
            (Button(page.key, sentence(page.name), f"page-{page.key}"), self._opener(page))
            for page in self.family.pages()
        ]
        self._buttons = {button.command: run for button, run in shown}
        return [button for button, _ in shown]

    def _way(self, way: Way[Any]) -> Callable[[], None]:
        return lambda: self._apply(way.actions)

    def _chooser(self, key: str) -> Callable[[], None]:
        return lambda: self.action_choose(key)

    def _opener(self, page: Page) -> Callable[[], None]:
        return lambda: self._open(page)

    def _prompt(self) -> str:
        if self.ways:
            return "Choose one (1-9 or click); Esc goes back"
        if self.busy:
            return "The AIs are playing…"
        text = self.family.prompt(self.session, self.mode)
        if self.session.deal_over:
            text += " (v: the table)" if not self.show_table else " (v: the result)"
        return text

    # -- input -----------------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        """Moves the selection one tile; it stops at either end."""
        if self._order:
            self.selected = max(min(self.selected + step, len(self._order) - 1), 0)
            self._draw_hand()

    def _press(self, index: int) -> None:
        """Plays (or picks) the tile at `index` of the hand as shown."""
        if self.busy or self.ways or not 0 <= index < len(self._order):
            return
        tile = self._order[index]
        picked = self.family.picked(self.session)
        shown_picked = tile in picked and self._order[: index + 1].count(tile) <= picked.count(tile)
        try:
            actions = self.family.press(self.session, tile, self.mode, shown_picked)
        except NotNow as why:
            self.notify(str(why), severity="warning")
            return
        if actions:
            self._apply(actions)
        else:
            self.refresh_table()

    def action_tile(self) -> None:
        if self.session.human_to_act():
            self._press(self.selected)

    def action_choose(self, key: str) -> None:
        """The button of `key`: applies its one way, lists its ways, or opens its mode."""
        if self.busy or self.ways:
            return
        for choice in self._choices():
            if choice.key != key:
                continue
            if choice.mode is not None:
                self.mode = choice.mode
                self.refresh_table()
            elif len(choice.ways) == 1:
                self._apply(choice.ways[0].actions)
            else:
                self.ways = list(choice.ways)
                self.refresh_table()
            return

    def action_digit(self, digit: int) -> None:
        """1-9 picks one of the ways listed; otherwise a digit is a button's key (0-3: the
        American courtesy offer)."""
        if self.ways:
            if 1 <= digit <= len(self.ways):
                self._apply(self.ways[digit - 1].actions)
            return
        self.action_choose(str(digit))

    def action_cancel(self) -> None:
        self.mode = PLAY
        self.ways = []
        self.refresh_table()

    def on_key(self, event: events.Key) -> None:
        """A family's keys: its buttons and its pages."""
        key = event.character
        if not key:
            return
        for page in self.family.pages():
            if page.key == key:
                event.stop()
                self._open(page)
                return
        if any(choice.key == key for choice in self._choices()):
            event.stop()
            self.action_choose(key)

    def _open(self, page: Page) -> None:
        self.push_screen(PageScreen(page.text(self.session), page.key, page.key))

    def on_tile_view_clicked(self, message: TileView.Clicked) -> None:
        if not self.session.human_to_act():
            return
        if message.index == self.selected:
            self._press(message.index)
        elif message.index < len(self._order):
            self.selected = message.index
            self.refresh_table()

    def on_action_bar_pressed(self, message: ActionBar.Pressed) -> None:
        run = self._buttons.get(message.command)
        if run is not None:
            run()

    def action_toggle_help(self) -> None:
        self.show_help = not self.show_help
        self.refresh_table()
        if self.show_help:
            self.call_after_refresh(self.query_one("#advice").scroll_visible, animate=False)

    def action_view(self) -> None:
        if self.session.deal_over:
            self.show_table = not self.show_table
            self.refresh_table()

    def action_keys(self) -> None:
        words = {"deal": self.family.deal_word, "game": self.family.game_word}
        text = Text(
            f"Keys (this {self.family.game_word}: seed {self.session.seed})\n", style="bold"
        )
        keys = [(k, what.format(**words)) for k, what in SHELL_KEYS]
        keys += [(page.key, f"the {page.name}") for page in self.family.pages()]
        cells = [f"  {k:<4} {what:<32}" for k, what in keys]
        rows = [
            cells[i] + (cells[i + 1] if i + 1 < len(cells) else "") for i in range(0, len(cells), 2)
        ]
        text.append(self.family.keys_help + "\n\n" + "\n".join(row.rstrip() for row in rows))
        self.push_screen(PageScreen(text, "keys", "?"))

    # -- deals, games and the log ----------------------------------------------------------

    def log_path(self) -> Path:
        """Where the log of the current game goes: ``--log`` (numbered after the first
        game), or ``<family>-seed<S>.jsonl``."""
        games = len(self.session.seeds)
        if self.log_file is None:
            return Path(f"{self.family.name}-seed{self.session.seed}.jsonl")
        if games == 1:
            return self.log_file
        return self.log_file.with_name(f"{self.log_file.stem}-{games}{self.log_file.suffix}")

    def action_next(self) -> None:
        if not self.session.deal_over:
            return
        if self.session.game_over:
            self._unless_unsaved(f"Start a new {self.family.game_word}?", self._new_game)
            return
        self.saved = None
        self.show_table = False
        self.session.next_deal()
        self.advance()

    def action_again(self) -> None:
        if self.session.game_over:
            seed = self.session.seed
            self._unless_unsaved(
                f"Play this {self.family.game_word} again?", lambda: self._start(seed)
            )

    def _new_game(self) -> None:
        self._start(self.new_seed())

    def _start(self, seed: int) -> None:
        self.saved = None
        self.show_table = False
        self.session.start(seed)
        self.selected = 0
        self.advance()

    def action_save(self) -> None:
        if not self.session.deal_over:
            self.notify(
                f"The log is written as each {self.family.deal_word} ends: save then",
                severity="warning",
            )
            return
        path = self.log_path()
        try:
            count = self.session.save(path)
        except (MahjongError, OSError) as error:
            self.notify(f"Not saved: {error}", severity="error")
            return
        self.saved = path
        self.notify(f"Saved {count} lines to {path}")
        self.refresh_table()

    def action_quit_table(self) -> None:
        self._unless_unsaved("Quit?", self.exit)

    def _unless_unsaved(self, question: str, then: Callable[[], None]) -> None:
        """Runs `then` at once when the game is saved, else after asking."""
        if not self.session.changed:
            then()
            return
        game, deal = self.family.game_word, self.family.deal_word
        question += f"\nThis {game} is not saved."
        answers = {"y": f"yes, without saving this {game}"}
        if self.session.deal_over:
            answers["s"] = f"save the log to {self.log_path()} first"
        else:
            question += f"\nThe {deal} being played is not in the log yet."

        def answered(answer: str | None) -> None:
            if answer == "s":
                self.action_save()
            if answer in ("y", "s"):
                then()

        self.push_screen(ConfirmScreen(question, answers), answered)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys (and the footer) offer only what can be done now."""
        session = self.session
        if action in ("tile", "move"):
            return not self.busy and session.human_to_act()
        if action == "cancel":
            return bool(self.ways) or self.mode != PLAY
        if action in ("next", "save", "view"):
            return session.deal_over
        if action == "again":
            return session.game_over
        if action == "toggle_help":
            return not session.deal_over
        return True


def table_app(args: argparse.Namespace, hosting: Hosting | None = None) -> PlayApp:
    """The table the options of :func:`mahjong.play.command.table_parser` describe (a random
    seed unless ``--seed`` is given), its ``mjai:COMMAND`` AIs hosted by `hosting`."""
    seed = args.seed if args.seed is not None else random_seed()
    return PlayApp(
        Session(family_from(args, hosting), seed),
        delay=args.delay,
        ascii_tiles=args.ascii or not unicode_ok(),
        log=args.log,
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m mahjong.play.app riichi|american [options]``: the table in this terminal
    (as ``mahjong play`` opens it)."""
    table = table_app(table_parser("python -m mahjong.play.app").parse_args(argv))
    try:
        table.run()
    finally:
        table.session.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
