"""``mahjong play``: the textual table where you (seat 0) play against an AI in every other
seat (three, or two under three-player Riichi rules), for either family.

The game is a :class:`~mahjong.play.session.Session`; its family
(:class:`~mahjong.play.riichi.RiichiFamily`, :class:`~mahjong.play.american.AmericanFamily`)
gives the words and panels. This module lays them out, draws your tiles and the buttons, and
turns keys and clicks into the session's actions. ``python -m mahjong.play.app riichi --help``
lists the options (``--web`` serves the web table of :mod:`mahjong.play.web` instead).
"""

from __future__ import annotations

import re
import textwrap
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

from mahjong.errors import IllegalActionError, MahjongError
from mahjong.play.catalogue import Words
from mahjong.play.family import PLAY, Choice, Family, NotNow, Way
from mahjong.play.glyphs import glyph_cells, tile_glyph
from mahjong.play.session import HUMAN, Session, random_seed
from mahjong.play.snapshot import Card as CardView
from mahjong.play.snapshot import CardGroup, Say, Snapshot, build

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
TILE_KEYS = (
    ("← →", "select a tile (the drawn tile sits apart, on the right)"),
    ("Enter", "confirm it: discard it, or pick it to pass (a click selects, a second confirms)"),
    ("1-9", "pick a way when a button has several"),
)
PAGE_KEYS = {"card": "c"}  # the key that opens each page
PAGE_WIDTH = 72  # a page's lines fit an 80-column terminal (border, scrollbar)
JOKER = 35  # the joker's kind
CLAIMED = "bold reverse green"  # the discard the human may claim now
HIGHLIGHT = "bold reverse yellow"  # an exposure a joker exchange just changed
# Suit slots of the card's groups in the card's colours; other groups (no suit) bold.
SLOT_COLOURS = {"a": "bold blue", "b": "bold red", "c": "bold green", "any": "bold magenta"}


def place_of(seat: int, players: int) -> str:
    """Where `seat` sits as you (seat 0) see a table of `players`: ``right`` (the next to
    play), ``left`` (the one before you), else ``across``."""
    return "right" if seat == 1 else "left" if seat == players - 1 else "across"


def stacked(players: int) -> list[int]:
    """The other seats' panels top down: across, left, right."""
    order = ("across", "left", "right")
    return sorted(range(1, players), key=lambda seat: order.index(place_of(seat, players)))


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
    tests); the log is saved to `log` (by default ``<family>-seed<S>.jsonl``).

    It draws the session's table view (:func:`mahjong.play.snapshot.build`) in English and
    never asks which family it plays: keys and clicks go to the family's tiles and choices."""

    ENABLE_COMMAND_PALETTE = False
    CSS = """
    Screen { layout: vertical; }
    #status { dock: top; height: auto; background: $primary-background; padding: 0 1; }
    #body { height: 1fr; }
    #body Static { height: auto; padding: 0 1; }
    #lower { height: auto; }
    #lower > Vertical { width: 1fr; height: auto; }
    #advice { width: 50; max-height: 9; border: round $accent; padding: 0 1; }
    #advice Static { padding: 0; }
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
        Binding("enter", "tile", "Confirm", show=False),
        Binding("escape", "cancel", "Back"),
        *(Binding(str(i), f"digit({i})", "Pick", show=False) for i in range(10)),
        Binding("space", "choose('x')", "Pass", show=False),
        Binding("h", "toggle_help", "Help"),
        Binding("n", "next", "Next"),
        Binding("a", "again", "Again", show=False),
        Binding("v", "view", "View", show=False),
        Binding("s", "save", "Save"),
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
        self.view: Snapshot = build(session)
        self.words = Words(self.view)

    # -- layout ----------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with VerticalScroll(id="body"):
            yield Static(id="result")
            for seat in stacked(self.family.players):
                yield Static(id=f"player-{seat}", classes="player")
            with Horizontal(id="lower"):
                with Vertical():
                    yield Static(id="me")
                    yield Static(id="log")
                yield VerticalScroll(Static(id="advice-text"), id="advice")
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
        hand = self.view.hand
        return [*hand.tiles, *([hand.drawn] if hand.drawn else [])], hand.drawn is not None

    def _select_default(self) -> None:
        self.view = build(self.session, self.mode, self.busy)
        self._order, self._drawn = self._hand_order()
        if self._drawn and self.session.human_to_act():
            self.selected = len(self._order) - 1
        self.selected = max(min(self.selected, len(self._order) - 1), 0)

    # -- drawing ---------------------------------------------------------------------------

    def refresh_table(self) -> None:
        self.view = shown = build(self.session, self.mode, self.busy)
        self.words = words = Words(shown)
        over = shown.deal_over
        self._order, self._drawn = self._hand_order()
        self.selected = max(min(self.selected, len(self._order) - 1), 0)
        self.query_one("#status", Static).update(self._status())
        result = self.query_one("#result", Static)
        showing_result = over and not self.show_table
        result.display = showing_result
        if showing_result:
            result.update(self._result_text())
        for seat in stacked(len(shown.seats)):
            panel = self.query_one(f"#player-{seat}", Static)
            panel.display = not showing_result
            panel.update(self._panel(seat))
        self.query_one("#lower").display = not showing_result
        self.query_one("#me", Static).update(self._panel(HUMAN))
        advice = self.query_one("#advice")
        advice.display = self.show_help and not over
        if advice.display:
            lines = [self._said(line) for line in self.family.advice(self.session)]
            self.query_one("#advice-text", Static).update(Text("\n").join(lines))
        log = self.query_one("#log", Static)
        log.update(Text("\n").join(self._said(m) for m in shown.messages[-3:]))
        self.query_one("#hand").display = not showing_result
        self._draw_hand()
        self.query_one("#prompt", Static).update(Text(self._prompt()))
        self.query_one("#actions", ActionBar).show(self._draw_buttons())
        why = [words.sentence(r) for r in shown.reasons]
        self.query_one("#why", Static).display = bool(why)
        self.query_one("#why", Static).update(Text("\n".join(why)))
        if self.session.highlights and self._highlight is None:
            self._highlight = self.set_timer(HIGHLIGHT_SECONDS, self._end_highlight)
        self.refresh_bindings()

    def _tile(self, tile: str, style: str = "") -> Text:
        """A tile's label in its face's colours (red fives red, jokers magenta)."""
        face = self.view.faces.tiles.get(tile)
        colour = (
            "bold red"
            if face and face.red
            else "bold magenta"
            if face and face.kind == JOKER
            else ""
        )
        return Text(self.words.label(tile), style=f"{colour} {style}".strip())

    def _said(self, say: Say) -> Text:
        """A message as a sentence, the red fives among its tiles in red."""
        text = Text(self.words.sentence(say))
        faces = self.view.faces.tiles
        named = [v for v in say.params.values() if isinstance(v, str)]
        named += [t for v in say.params.values() if isinstance(v, list) for t in v]
        for tile in {t for t in named if isinstance(t, str) and t in faces and faces[t].red}:
            text.highlight_regex(rf"\b{re.escape(faces[tile].label)}\b", "bold red")
        return text

    def _tiles(self, tiles: Sequence[str], style: str = "") -> Text:
        return Text(" ").join(self._tile(t, style) for t in tiles)

    def _status(self) -> Text:
        """The centre in a line (its title, labelled values, dora indicators, the Charleston
        step), and the game's seed at its right end when it fits (it is always on the keys
        page and under the result)."""
        words, centre = self.words, self.view.centre
        text = Text(words(centre.title))
        for f in centre.fields:
            text.append(f" · {words(Say(f'centre.{f.name}'))} {f.value}")
        if centre.indicators:
            text.append(f" · {words(Say('centre.dora'))} ")
            text.append_text(self._tiles(centre.indicators))
        if centre.step is not None:
            text.append(f" · {words(centre.step)}")
        seed = f"seed {self.session.seed}"
        spare = self.size.width - 2 - text.cell_len - len(seed)
        if spare >= 3:
            text.append(" " * spare + seed, style="dim")
        return text

    def _panel(self, seat: int) -> Text:
        """A player's name, wind, score and marks, their discards (``[5m]`` the riichi tile,
        ``(5m)`` one someone called, the one on offer highlighted), their melds with whom
        each was called from, and their kita tiles."""
        words, side = self.words, self.view.seats[seat]
        text = Text()
        place = place_of(seat, len(self.view.seats))
        title = (
            words.name(seat)
            if seat == HUMAN
            else words(Say("seat.ai", {"name": side.name, "place": place}))
        )
        text.append(title, style="bold")
        text.append(f" · {words(Say(f'wind.{side.wind}'))} · {words(side.score_text)}")
        if side.dealer:
            text.append(f" · {words(Say('mark.dealer'))}")
        for mark in side.marks:
            text.append(f" · {words(mark).upper()}", style="bold red")
        if seat == HUMAN:
            text.append_text(self._waits())
        if side.turn:
            text.append(f"  ◀ {words(Say('seat.turn'))}", style="green")
        text.append(f"\n  {words(Say('seat.discards'))}: ")
        for d in side.pond:
            label = words.label(d.tile)
            label = f"[{label}]" if d.sideways else f"({label})" if d.called else label
            face = self.view.faces.tiles.get(d.tile)
            style = (
                CLAIMED if d.offered else "dim" if d.called else "bold yellow" if d.sideways else ""
            )
            if face is not None and face.red and not d.offered:
                style = f"{style} red".strip()
            text.append(label, style=style)
            text.append(" ")
        if side.melds:
            text.append(f"\n  {words(Say('seat.melds'))}: ")
            for meld in side.melds:
                text.append_text(self._tiles(meld.tiles, HIGHLIGHT if meld.flash else ""))
                if meld.from_seat is not None and meld.from_seat != seat:
                    text.append(
                        f" {words(Say('seat.from', {'seat': meld.from_seat}))}", style="dim"
                    )
                text.append("   ")
        if side.kita:
            text.append(f"\n  {words(Say('seat.kita'))}: ")
            text.append_text(self._tiles(side.kita))
        return text

    def _waits(self) -> Text:
        """Tenpai, each wait with how many are left, and furiten with why."""
        words, hand = self.words, self.view.hand
        text = Text()
        if hand.tenpai:
            waits = ", ".join(
                words(Say("hand.live", {"tile": w.tile, "n": w.live})) for w in hand.waits
            )
            text.append(f" · {words(Say('hand.tenpai'))}: {waits}")
        if hand.furiten is not None:
            text.append(f" · FURITEN: {words(hand.furiten)}", style="bold red")
        return text

    def _end_highlight(self) -> None:
        self._highlight = None
        self.session.highlights.clear()
        self.refresh_table()

    def _result_text(self) -> Text:
        """The result of the deal: wins with their hands and values, or the draw; the
        payments row by row; the scores; the standings once the game is over."""
        words, shown = self.words, self.view
        result = shown.result
        assert result is not None
        text = Text()
        for win in result.wins:
            text.append(words.sentence(win.how) + ": ", style="bold")
            for i, group in enumerate(win.groups):
                if i:
                    text.append(" | " if group.open else " · ", style="dim")
                for j, (tile, stands) in enumerate(zip(group.tiles, group.stands_for, strict=True)):
                    if j:
                        text.append(" ")
                    text.append_text(self._tile(tile))
                    if stands is not None:
                        text.append("=")
                        text.append_text(self._tile(stands))
            if win.tile is not None:
                text.append(" + ")
                text.append_text(self._tile(win.tile, "bold"))
            text.append("\n  " + ", ".join(f"{words(v.name)} {words(v.value)}" for v in win.value))
            text.append("\n  " + " · ".join(words(t) for t in win.total), style="bold yellow")
            if win.fu:
                fu = ", ".join(f"{words(f.name)} {f.value.params['n']}" for f in win.fu)
                text.append(f" ({fu})", style="dim")
            if win.indicators:
                text.append("\n ")
            for row in win.indicators:
                text.append(f" {words(row.label)}: ")
                text.append_text(self._tiles(row.tiles))
            for note in win.notes:
                text.append(f"\n  {words.sentence(note)}")
            text.append("\n")
        if result.draw is not None:
            text.append(words.sentence(result.draw) + "\n", style="bold")
        for seat, hand in enumerate(result.shown):
            if hand is not None:
                text.append(f"  {words(Say('hand.tenpai'))}: {words.name(seat)} ")
                text.append_text(self._tiles(hand.tiles))
                text.append("\n")
        for seat, dead in enumerate(result.dead):
            if dead is not None:
                said = Say("result.dead", {"seat": seat, "why": dead})
                text.append(f"  {words.sentence(said)}\n")
        text.append_text(self._payments())
        if shown.standings is not None:
            text.append_text(self._standings())
        else:
            scores = " · ".join(f"{words.name(s)} {v:,}" for s, v in enumerate(result.scores))
            text.append(f"Scores: {scores}")
        name = f"mahjong play {self.family.name} --seed {self.session.seed}"
        game = words(Say(shown.units[1]))
        text.append(f"\nSeed {self.session.seed} ({name} deals this {game} again)")
        if self.saved is not None:
            text.append(f"\nLog saved to {self.saved}", style="green")
        return text

    def _payments(self) -> Text:
        """The payments as a table: a row each, a column per seat and the table's."""
        words = self.words
        payments = self.view.result.payments if self.view.result else None
        text = Text()
        if payments is None:
            return text
        players = len(self.view.seats)
        names = [words.name(s)[:6] for s in range(players)] + [words(Say("pay.table"))[:6]]
        rows = [(words.sentence(r.label), r.amounts) for r in payments.rows]
        rows.append((words(Say("pay.total")), payments.total))
        width = max(len(label) for label, _ in rows)
        table = any(amounts[players] for _, amounts in rows)
        columns = players + 1 if table else players
        text.append(" " * (width + 2) + "".join(f"{n:>8}" for n in names[:columns]) + "\n")
        for label, amounts in rows:
            cells = "".join(f"{signed(a):>8}" for a in amounts[:columns])
            text.append(
                f"  {label:<{width}}{cells}\n", style="bold" if label == rows[-1][0] else ""
            )
        return text

    def _standings(self) -> Text:
        """Why the game ended; rank, name, final score, the parts of the result and the
        result; how results are counted."""
        words, standings = self.words, self.view.standings
        assert standings is not None
        text = Text()
        text.append(f"Final standings: {words(standings.ended)}\n", style="bold")
        names = [p.name for p in standings.rows[0].parts] if standings.rows else []
        heads = [words(Say(f"part.{n}")) for n in ("score", *names, "result")]
        text.append(" " * 11 + "".join(f"{h:>9}" for h in heads) + "\n", style="dim")
        for s in standings.rows:
            cells = [f"{s.score:,}", *(signed(p.amount) for p in s.parts), words(s.result_text)]
            text.append(f"  {s.rank}. {words.name(s.seat):<5}" + "".join(f"{c:>9}" for c in cells))
            text.append("\n")
        text.append(f"  {words(standings.note)}")
        return text

    def _draw_hand(self) -> None:
        order = self._order
        hand = self.view.hand
        playable = set(hand.playable) if not self.busy else set()
        active = bool(playable) and not self.ways
        picked = list(hand.picked)
        for i, tile_view in enumerate(self.query(TileView)):
            tile_view.display = i < len(order)
            if i >= len(order):
                continue
            tile = order[i]
            label = self._tile(tile)
            label.pad_left((3 - label.cell_len + 1) // 2)
            label.pad_right(3 - label.cell_len)
            face = self.view.faces.tiles.get(tile)
            if self.ascii or face is None:
                tile_view.update(label)
            else:
                glyph = Text(f" {glyph_cells(tile_glyph(face.kind))}\n", style=label.style)
                tile_view.update(glyph + label)
            is_picked = tile in picked
            if is_picked:
                picked.remove(tile)
            tile_view.set_class(is_picked, "picked")
            tile_view.set_class(active and i == self.selected, "selected")
            tile_view.set_class(active and tile not in playable, "barred")
            tile_view.set_class(self._drawn and i == len(order) - 1, "drawn")

    def _choices(self) -> list[Choice[Any]]:
        if self.busy or self.ways or not self.session.human_to_act():
            return []
        return self.family.choices(self.session, self.mode)

    def _draw_buttons(self) -> list[Button]:
        """The buttons for now; each remembers what it does in ``_buttons``."""
        session, words = self.session, self.words
        shown: list[tuple[Button, Callable[[], None]]] = []
        if self.ways:
            for i, way in enumerate(self.ways[:9]):
                label = words.sentence(way.label)
                if way.warning is not None:
                    label += f" ({words(way.warning)})"
                shown.append((Button(str(i + 1), label, f"way-{i}"), self._way(way)))
            shown.append((Button("Esc", "Back", "cancel"), self.action_cancel))
        elif not self.busy and session.human_to_act():
            verb = self.view.hand.verb
            if verb is not None:
                shown.append((Button("Enter", words(verb), "tile", "primary"), self.action_tile))
            for choice in self._choices():
                label = words.sentence(choice.label)
                if len(choice.ways) == 1 and choice.ways[0].warning is not None:
                    label += f" ({words(choice.ways[0].warning)})"
                button = Button(choice.key, label, f"choice-{choice.key}", choice.style)
                shown.append((button, self._chooser(choice.key)))
            if self.mode != PLAY:
                shown.append((Button("Esc", "Back", "cancel"), self.action_cancel))
        elif session.deal_over:
            deal, game = (words(Say(unit)) for unit in self.view.units)
            what = f"New {game}" if session.game_over else f"Next {deal}"
            shown.append((Button("n", what, "next", "primary"), self.action_next))
            if session.game_over:
                shown.append((Button("a", "Again", "again"), self.action_again))
            shown.append((Button("s", "Save", "save"), self.action_save))
            view = "Result" if self.show_table else "Table"
            shown.append((Button("v", view, "view"), self.action_view))
            shown.append((Button("q", "Quit", "quit"), self.action_quit_table))
        shown += [
            (Button(PAGE_KEYS[page], page.capitalize(), f"page-{page}"), self._opener(page))
            for page in self.view.pages
        ]
        self._buttons = {button.command: run for button, run in shown}
        return [button for button, _ in shown]

    def _way(self, way: Way[Any]) -> Callable[[], None]:
        return lambda: self._apply(way.actions)

    def _chooser(self, key: str) -> Callable[[], None]:
        return lambda: self.action_choose(key)

    def _opener(self, page: str) -> Callable[[], None]:
        return lambda: self._open(page)

    def _prompt(self) -> str:
        words = self.words
        if self.ways:
            return words.sentence(Say("prompt.ways"))
        if self.busy:
            return words.sentence(Say("prompt.ais"))
        text = words.sentence(self.view.prompt)
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
            self.notify(self.words.sentence(why.say), severity="warning")
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
        """The pages' keys and the buttons' keys."""
        key = event.character
        if not key:
            return
        for page in self.view.pages:
            if PAGE_KEYS[page] == key:
                event.stop()
                self._open(page)
                return
        if any(choice.key == key for choice in self._choices()):
            event.stop()
            self.action_choose(key)

    def _open(self, page: str) -> None:
        card = self.family.card_page(self.session)
        if card is not None:
            self.push_screen(PageScreen(card_text(card, self.words), page, PAGE_KEYS[page]))

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

    def action_view(self) -> None:
        if self.session.deal_over:
            self.show_table = not self.show_table
            self.refresh_table()

    def action_keys(self) -> None:
        words = self.words
        deal, game = (words(Say(unit)) for unit in self.view.units)
        text = Text(f"Keys (this {game}: seed {self.session.seed})\n", style="bold")
        keys = [(k, what.format(deal=deal, game=game)) for k, what in SHELL_KEYS]
        keys += [(PAGE_KEYS[page], f"the {page}") for page in self.view.pages]
        lines = [f"  {k:<10} {what}" for k, what in TILE_KEYS]
        lines += [f"  {k:<10} {words(what)}" for k, what in self.family.keys]
        cells = [f"  {k:<4} {what:<32}" for k, what in keys]
        rows = [
            cells[i] + (cells[i + 1] if i + 1 < len(cells) else "") for i in range(0, len(cells), 2)
        ]
        text.append("\n".join(lines) + "\n\n" + "\n".join(row.rstrip() for row in rows))
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

    def _unit(self, index: int) -> str:
        return self.words(Say(self.view.units[index]))

    def action_next(self) -> None:
        if not self.session.deal_over:
            return
        if self.session.game_over:
            self._unless_unsaved(f"Start a new {self._unit(1)}?", self._new_game)
            return
        self.saved = None
        self.show_table = False
        self.session.next_deal()
        self.advance()

    def action_again(self) -> None:
        if self.session.game_over:
            seed = self.session.seed
            self._unless_unsaved(f"Play this {self._unit(1)} again?", lambda: self._start(seed))

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
                f"The log is written as each {self._unit(0)} ends: save then", severity="warning"
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
        deal, game = self._unit(0), self._unit(1)
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


def card_text(card: CardView, words: Words) -> Text:
    """The card as a page: the legend, then every hand by section spelled in tiles, each
    group in the colour of its suit slot (the same colour one suit), with its value, X/C and
    note."""
    text = Text(f"{card.name}\n", style="bold")
    for said in card.legend:
        text.append("\n".join(textwrap.wrap(words.sentence(said), PAGE_WIDTH)) + "\n")
    for section in card.sections:
        text.append(f"\n{section.name}", style="bold underline")
        if section.no_jokerless_bonus:
            text.append(
                f"  ({words(Say('legend.no_bonus', {'section': section.name}))})", style="dim"
            )
        text.append("\n")
        for hand in section.hands:
            line = Text(f"  #{hand.number:<3}")
            for i, group in enumerate(hand.groups):
                if i:
                    line.append(" ")
                line.append(spelled(group, words), style=SLOT_COLOURS.get(group.slot or "", "bold"))
            line.append(" " * max(34 - line.cell_len, 1))
            line.append(f"{hand.value:>3} {words(hand.xc)[0]}")
            if hand.away is not None:
                line.append(f"  {hand.away} away", style="dim")
            if hand.note and line.cell_len + 2 + len(hand.note) <= PAGE_WIDTH:
                line.append(f"  {hand.note}", style="dim")
            elif hand.note:
                for part in textwrap.wrap(hand.note, PAGE_WIDTH - 7):
                    line.append(f"\n{' ' * 7}{part}", style="dim")
            text.append_text(line)
            text.append("\n")
    return text


def spelled(group: CardGroup, words: Words) -> str:
    """A card group as the card prints it: each tile's number or letter (``2026``, ``NNN``),
    and the suit after a group of one fixed suit (``222B``)."""
    labels = [words.label(t) for t in group.tiles]
    text = "".join(label[0] for label in labels)
    suited = group.slot is None and any(len(label) == 2 for label in labels)
    return text + labels[0][1] if suited else text


def signed(amount: int) -> str:
    """A change of score with its sign: ``+8,000``, ``-1,000``, ``0``."""
    return f"{amount:+,}" if amount else "0"
