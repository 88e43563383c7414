"""Choosing the board on the set-up screen: every board of the game, by title, with a small picture.

The set-up screen holds a :class:`BoardPick` (the boards of the chosen game and which one is
picked) and shows it as one row (:class:`BoardRow`); clicking the row opens
:class:`BoardChooserScene`, which lists them all as cards. A board that fails its checks is
listed greyed with its first problem and cannot be picked; nothing a board file holds can crash
these screens.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Callable

import pygame

from courier import boards
from courier.boards import BoardEntry
from courier.scenes import shell_keys
from courier.scenes.base import Scene
from courier.ui import draw, theme
from courier.ui.focus import Target
from courier.ui.widgets import Button, WidgetGroup, draw_tooltip

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

THUMB = (224, 126)
HINT = "Arrows or Tab: pick a board  ·  1-9: that board  ·  Enter: choose it  ·  Esc: back"
GREY = (150, 146, 140)


class BoardPick:
    """The boards of one game and the one picked; problems are checked once, when first needed."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        try:
            self.entries: list[BoardEntry] = boards.boards_for(game_id)
        except Exception:  # a catalogue failure leaves the shipped default to the rules
            log.exception("boards of %s could not be listed", game_id)
            self.entries = []
        self._problems: dict[int, str | None] = {}
        self.index = next((i for i, e in enumerate(self.entries) if e.shipped), 0)

    def problem(self, i: int) -> str | None:
        if i not in self._problems:
            self._problems[i] = boards.first_problem(self.entries[i])
        return self._problems[i]

    @property
    def chosen(self) -> BoardEntry | None:
        return self.entries[self.index] if 0 <= self.index < len(self.entries) else None

    @property
    def key(self) -> str | None:
        """The config's ``map`` for the picked board (None: the game's default)."""
        e = self.chosen
        return e.key if e is not None else None

    def choose(self, i: int) -> bool:
        if 0 <= i < len(self.entries) and self.problem(i) is None:
            self.index = i
            return True
        return False

    def playable(self) -> list[int]:
        return [i for i in range(len(self.entries)) if self.problem(i) is None]


def _draw_thumb(surface: pygame.Surface, rect: pygame.Rect, entry: BoardEntry, game_id: str, greyed: bool) -> None:
    from courier.ui import board_art, thumbnail

    img = None
    if not entry.listing_problem:
        try:
            img = board_art.thumbnail(entry.path, (rect.width - 6, rect.height - 6))
        except Exception:  # a board that cannot be drawn still gets its card
            img = None
    if img is not None and greyed:
        img = pygame.transform.grayscale(img)
    thumbnail.draw_picture(surface, rect, img, game_id, "" if img is not None else entry.title)
    if greyed:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((240, 236, 228, 120))
        surface.blit(veil, rect.topleft)


class BoardRow(Button):
    """The set-up screen's board line: the picked board's picture and title; click to choose another."""

    def __init__(self, rect: pygame.Rect, pick: BoardPick, on_click: Callable[[], None]) -> None:
        super().__init__(rect, "", on_click)
        self.pick = pick

    def _hint(self) -> str:
        more = len(self.pick.entries) - 1
        return f"{more} other board{'s' if more != 1 else ''} - click or Enter to choose" if more > 0 else \
            "click or Enter to see the boards"

    @property
    def tooltip(self) -> str:
        e = self.pick.chosen
        return f"Board: {e.title} ({self._hint()})" if e is not None else "Choose the board"

    @tooltip.setter
    def tooltip(self, _value: object) -> None:
        pass  # always worked out from the board picked

    def draw(self, surface: pygame.Surface) -> None:
        px = theme.px
        r = self.rect
        draw.rounded_rect(surface, r, theme.PAPER_DARK if self.hovered else theme.PAPER, px(10))
        draw.rounded_rect(surface, r, theme.INK if self.hovered else theme.PAPER_DARK, px(10), width=1)
        e = self.pick.chosen
        if e is None:
            draw.text(surface, "the game's own board", (r.left + px(12), r.centery), 16, theme.INK_SOFT, anchor="midleft",
                      max_width=r.width - px(20))
            return
        thumb = pygame.Rect(r.left + px(4), r.top + px(4), int((r.height - px(8)) * 16 / 9), r.height - px(8))
        _draw_thumb(surface, thumb, e, self.pick.game_id, False)
        tx = thumb.right + px(12)
        room = max(20, r.right - tx - px(10))
        h1, h2 = draw.line_height(17, True), draw.line_height(13)
        top = r.centery - (h1 + h2) // 2
        draw.text(surface, e.title, (tx, top), 17, theme.INK, bold=True, max_width=room)
        draw.text(surface, self._hint(), (tx, top + h1), 13, theme.INK_SOFT, max_width=room)


class _BoardCard(Button):
    def __init__(self, rect: pygame.Rect, scene: "BoardChooserScene", index: int) -> None:
        super().__init__(rect, "", lambda: scene.choose(index))
        self.scene = scene
        self.index = index
        pick = scene.pick
        problem = pick.problem(index)
        self.enabled = problem is None
        self.tooltip = problem or f"Play on {pick.entries[index].title}"

    def draw(self, surface: pygame.Surface) -> None:
        px = theme.px
        pick = self.scene.pick
        e = pick.entries[self.index]
        problem = pick.problem(self.index)
        r = self.rect
        chosen = self.index == pick.index
        focused = self.index == self.scene.cursor
        fill = theme.PAPER if problem is None else (228, 224, 216)
        draw.rounded_rect(surface, r, fill, px(12))
        edge = theme.ACCENT if chosen else (theme.INK if (self.hovered or focused) and problem is None else theme.PAPER_DARK)
        draw.rounded_rect(surface, r, edge, px(12), width=max(2, px(3)) if chosen or focused else 1)
        thumb = pygame.Rect(r.left + px(8), r.top + px(8), r.width - px(16), int((r.width - px(16)) * 9 / 16))
        _draw_thumb(surface, thumb, e, pick.game_id, problem is not None)
        ink = theme.INK if problem is None else GREY
        t = draw.text(surface, e.title, (r.left + px(10), thumb.bottom + px(8)), 16, ink, bold=True,
                      max_width=r.width - px(20))
        if problem is None:
            draw.text(surface, e.origin, (r.left + px(10), t.bottom + px(4)), 13, theme.INK_SOFT,
                      max_width=r.width - px(20))
        else:
            box = pygame.Rect(r.left + px(10), t.bottom + px(4), r.width - px(20), r.bottom - t.bottom - px(8))
            draw.text_block(surface, f"Cannot be played: {problem}", box, 12, theme.BAD)

    def label(self) -> str:
        e = self.scene.pick.entries[self.index]
        problem = self.scene.pick.problem(self.index)
        if problem is not None:
            return f"{e.title}: cannot be played: {problem}"
        chosen = " (chosen)" if self.index == self.scene.pick.index else ""
        return f"{e.title}, {e.origin}{chosen}"


class BoardChooserScene(Scene):
    """All the boards of a game as cards; pick one, or see why a board cannot be played."""

    def __init__(self, app: "App", pick: BoardPick, title: str, on_done: Callable[[], None] | None = None) -> None:
        super().__init__(app)
        self.pick = pick
        self.title = title
        self.on_done = on_done
        self.ui = WidgetGroup()
        self.scroll = 0
        self.cursor = pick.index
        self.columns = 1
        self.rows_shown = 1
        self._mouse = (0, 0)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        self.ui.clear()
        card_w = px(250)
        card_h = int((card_w - px(16)) * 9 / 16) + draw.line_height(16, True) + draw.line_height(13) * 2 + px(24)
        gap = px(18)
        n = len(self.pick.entries)
        top, foot = px(96), px(96)
        self.columns = max(1, min(max(1, n), (w - px(60) + gap) // (card_w + gap)))  # a short list stays centred
        self.rows_shown = max(1, (h - top - foot + gap) // (card_h + gap))
        rows = (n + self.columns - 1) // self.columns
        self.scroll = max(0, min(self.scroll, rows - self.rows_shown))
        total_w = self.columns * card_w + (self.columns - 1) * gap
        x0 = (w - total_w) // 2
        self.cards: list[_BoardCard] = []
        for i in range(n):
            row, col = divmod(i, self.columns)
            if not self.scroll <= row < self.scroll + self.rows_shown:
                continue
            rect = pygame.Rect(x0 + col * (card_w + gap), top + (row - self.scroll) * (card_h + gap), card_w, card_h)
            self.cards.append(self.ui.add(_BoardCard(rect, self, i)))
        self.back_button = self.ui.add(Button(pygame.Rect(px(30), h - px(74), px(160), px(50)), "Back", self.close,
                                              style="ghost", hotkey=pygame.K_ESCAPE, tooltip="Keep the board (Esc)"))
        self.folder_button = self.ui.add(Button(pygame.Rect(w - px(250), h - px(74), px(220), px(50)),
                                                "Open boards folder", self._open_folder,
                                                tooltip="Boards (.tmx) put here appear in this list"))
        self.more = rows > self.rows_shown
        self.message: str | None = getattr(self, "message", None)

    def focusables(self) -> list[Target]:
        """The boards as cards (their number keys pick them), then the buttons. A card reached with
        Tab becomes the arrow keys' cursor too, so the two never disagree."""
        out = []
        for c in self.cards:
            t = shell_keys.target(c, c.label(), zone="cards", key=("board", c.index))
            if t is not None:
                t.on_focus = lambda on, i=c.index: self._cursor_to(i) if on else None
                out.append(t)
        for b in (self.back_button, self.folder_button):
            t = shell_keys.target(b, key=("chooser", b.text))
            if t is not None:
                out.append(t)
        return out

    def _cursor_to(self, index: int) -> None:
        self.cursor = index

    def _foot_rect(self) -> pygame.Rect:
        px = theme.px
        w, h = self.size
        return pygame.Rect(px(30 + 160 + 20), h - px(84), max(40, w - px(250 + 20) - px(30 + 160 + 20)), px(72))

    def _foot_text(self) -> str:
        note = self.message or ("Scroll for more boards" if self.more else
                                "Boards made in Tiled go in your boards folder; they appear here")
        return f"{note}\n{HINT}"

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if self._foot_rect().collidepoint(pos):
            return self._foot_text()
        return super().tooltip_at(pos)

    def _open_folder(self) -> None:
        from courier import paths

        try:
            self.message = boards.open_folder(paths.boards_dir())
        except OSError as exc:
            self.message = f"The boards folder cannot be made ({exc.strerror or exc})."

    def choose(self, index: int) -> None:
        if self.pick.choose(index):
            self.close()

    def close(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
        if self.on_done is not None:
            self.on_done()

    def _move(self, step: int) -> None:
        n = len(self.pick.entries)
        if n:
            self.cursor = max(0, min(n - 1, self.cursor + step))
            row = self.cursor // self.columns
            if row < self.scroll:
                self.scroll = row
            elif row >= self.scroll + self.rows_shown:
                self.scroll = row - self.rows_shown + 1
            self.layout(self.size)
            ring = self.focus_ring
            if ring.active:  # the ring follows the cursor
                ring._set(next(t for t in self.focusables() if t.id == ("board", self.cursor)))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll - event.y)
            self.layout(self.size)
            return True
        if event.type == pygame.KEYDOWN:
            steps = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -self.columns, pygame.K_DOWN: self.columns}
            if event.key in steps:
                self._move(steps[event.key])
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.choose(self.cursor)
                return True
        return self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw.paper_background(surface)
        draw.text(surface, self.title, (w // 2, theme.px(26)), 32, theme.INK, bold=True, serif=True, anchor="midtop")
        self.ui.draw(surface)
        foot = self._foot_rect()
        text = self._foot_text()
        used = draw.text_block(None, text, foot, 14)
        draw.text_block(surface, text, pygame.Rect(foot.left, foot.centery - used // 2, foot.width, foot.height), 14,
                        theme.INK_SOFT, align="center")
        tip = self.ui.hovered_tooltip()
        if tip:
            draw_tooltip(surface, tip, self._mouse)


def open_chooser(app: "App", pick: BoardPick, game_title: str, on_done: Callable[[], None] | None = None) -> Scene:
    """Show the boards of ``pick`` over the current screen."""
    return app.stack.push(BoardChooserScene(app, pick, f"Boards for {game_title}", on_done))


__all__ = ["BoardChooserScene", "BoardPick", "BoardRow", "open_chooser"]
