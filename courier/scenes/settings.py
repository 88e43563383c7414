"""Settings, kept on change: the rows of ``courier.scenes.settings_rows`` in their sections (display,
sound and speech, pace and motion, help, the players' own boards), in one or two columns, the
card scrolling when a big interface size leaves too little room; every row is in the keyboard's
order, scrolled into view as the keyboard arrives."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from courier.scenes import shell_keys
from courier.scenes.base import Scene
from courier.scenes.settings_rows import (SECTIONS, SIZES, UI_SCALES, Row,  # noqa: F401  (UI_SCALES: read by tests)
                                          rows_in)
from courier.ui import draw, theme
from courier.ui.focus import Target
from courier.ui.widgets import Button, Slider, Stepper, Widget, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App

HINT = "Tab or ↑ ↓: next  ·  ← →: change  ·  Enter: switch  ·  Esc: done"
#: design heights: a section's heading, the gap above a section, the message and Done at the foot
HEADING, SECTION_GAP, FOOT = 34, 12, 112


def offered_sizes(screen: tuple[int, int] | None) -> list[tuple[int, int]]:
    """The window sizes that fit on the screen (the smallest always, so there is a choice)."""
    if screen is None:
        return list(SIZES)
    fits = [z for z in SIZES if z[0] <= screen[0] and z[1] <= screen[1]]
    return fits or [min(SIZES)]


class SettingsScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.ui = WidgetGroup()
        self.card = pygame.Rect(0, 0, 10, 10)
        #: the part of the card the rows show in (they scroll inside it)
        self.view = pygame.Rect(0, 0, 10, 10)
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.widgets: dict[str, Widget] = {}
        #: the window size's and the interface size's steppers (their values name them to the keyboard)
        self.steppers: dict[str, Stepper] = {}
        self.sizes: list[tuple[int, int]] = list(SIZES)
        #: the sections' headings as laid out: (name, left, right, y), scrolled
        self.headings: list[tuple[str, int, int, int]] = []
        #: the rows in the keyboard's order (column by column), and where each column's row spans
        self.order: list[Row] = []
        self.columns: dict[str, tuple[int, int]] = {}
        self.scroll = 0
        self.max_scroll = 0
        self._display_dirty = False
        #: while a click on the interface size lays the screen out again: (pointer, right arrow?)
        self._anchor: tuple[tuple[int, int], bool] | None = None
        self._mouse: tuple[int, int] = (0, 0)
        #: the row the keyboard was on last (which way it is going decides what to scroll into view)
        self._last_row: str | None = None

    # -- layout ------------------------------------------------------------------------------------
    def _sections(self) -> list[tuple[str, list[Row]]]:
        return [(name, rows_in(name)) for name in SECTIONS if rows_in(name)]

    @staticmethod
    def _height(rows: list[Row]) -> int:
        """A section's design height: its heading and its rows."""
        return HEADING + sum(r.height for r in rows)

    def _split(self, sections: list[tuple[str, list[Row]]]) -> list[list[tuple[str, list[Row]]]]:
        """The sections in two columns, in order, the taller column as short as it can be."""
        heights = [self._height(rows) + SECTION_GAP for _, rows in sections]
        best = min(range(1, len(sections)), key=lambda k: max(sum(heights[:k]), sum(heights[k:])))
        return [sections[:best], sections[best:]]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        top = px(80)
        sections = self._sections()
        one = sum(self._height(rows) + SECTION_GAP for _, rows in sections)
        room = h - top - px(12) - px(24 + FOOT)
        two_fit = w - px(40) >= px(2 * 380 + 120)
        columns = self._split(sections) if px(one) > room and two_fit and len(sections) > 1 else [sections]
        content = max(sum(self._height(rows) + SECTION_GAP for _, rows in col) for col in columns)
        cw = min(px(640), w - px(60)) if len(columns) == 1 else min(px(1100), w - px(40))
        ch = min(h - top - px(8), px(24 + content + FOOT))
        self.card = pygame.Rect((w - cw) // 2, max(top, (h - ch) // 2), cw, ch)
        self.view = pygame.Rect(self.card.left, self.card.top + px(12), self.card.width,
                                self.card.height - px(12) - px(FOOT))
        self.max_scroll = max(0, px(content + 12) - self.view.height)
        self.scroll = max(0, min(self.scroll, self.max_scroll))
        from courier.ui.screen import display_size

        s = self.app.settings
        sizes = offered_sizes(display_size())
        current = (s.window_width, s.window_height)
        if current not in sizes:
            sizes.append(current)
            sizes.sort()
        self.sizes = sizes
        self.ui.clear()
        self.widgets, self.headings, self.order, self.columns = {}, [], [], {}
        inner = self.card.inflate(-px(80), 0)
        gap = px(40)
        col_w = (inner.width - gap * (len(columns) - 1)) // len(columns)
        wide = len(columns) == 1
        for c, col in enumerate(columns):
            x = inner.left + c * (col_w + gap)
            y = self.view.top + px(8) - self.scroll
            for name, rows in col:
                self.headings.append((name, x, x + col_w, y))
                y += px(HEADING)
                for row in rows:
                    rect = pygame.Rect(x, y, col_w, px(row.control))
                    if row.label is not None:
                        label_w = draw.font(17).size(row.label)[0] + px(16)
                        ctl_w = min(px(260), col_w - label_w)
                        rect = pygame.Rect(rect.right - ctl_w, rect.top, ctl_w, rect.height)
                    wdg = row.build(self, rect, wide)
                    wdg.visible = self.view.contains(wdg.rect)
                    self.widgets[row.key] = self.ui.add(wdg)
                    self.columns[row.key] = (x, x + col_w)
                    self.order.append(row)
                    y += px(row.height)
                y += px(SECTION_GAP)
        self.steppers = {k: w for k, w in self.widgets.items() if k in ("size", "scale") and isinstance(w, Stepper)}
        self.done_button = Button(pygame.Rect(self.card.centerx - px(90), self.card.bottom - px(66), px(180), px(48)),
                                  "Done", self._done, style="primary", hotkey=pygame.K_ESCAPE,
                                  tooltip="Back (Esc); every change is already kept")
        self.ui.add(self.done_button)
        if self._anchor is not None:
            self._keep_under_pointer(*self._anchor)

    def _keep_under_pointer(self, pos: tuple[int, int], right: bool) -> None:
        """Move the card so the interface size's arrow just clicked is under the pointer again
        (the new size moved it): the next click lands on the same arrow. Kept on the screen."""
        step = self.widgets["scale"]
        r = step.rect
        arrow = (r.right - r.height // 2, r.centery) if right else (r.left + r.height // 2, r.centery)
        w, h = self.size
        dx = max(-self.card.left, min(w - self.card.right, pos[0] - arrow[0]))
        dy = max(theme.px(80) - self.card.top, min(h - self.card.bottom, pos[1] - arrow[1]))
        box = pygame.Rect(0, 0, r.height, r.height)
        box.center = (arrow[0] + dx, arrow[1] + dy)
        if box.collidepoint(pos):
            self.card.move_ip(dx, dy)
            self.view.move_ip(dx, dy)
            for wdg in self.ui.widgets:
                wdg.rect.move_ip(dx, dy)
            self.columns = {k: (a + dx, b + dx) for k, (a, b) in self.columns.items()}
            self.headings = [(n, a + dx, b + dx, y + dy) for n, a, b, y in self.headings]
            return
        # the card cannot move that far (it fills the window at a big size): it stays where it
        # is laid out and the pointer goes to the arrow instead, so the next click still lands on it
        box.center = arrow
        try:
            pygame.mouse.set_pos(box.center)
        except pygame.error:
            pass

    # -- scrolling -----------------------------------------------------------------------------------
    def scroll_by(self, dy: int) -> None:
        new = max(0, min(self.max_scroll, self.scroll + dy))
        if new != self.scroll:
            self.scroll = new
            self.layout(self.size)

    def _reveal(self, key: str) -> None:
        """Scroll so the row ``key`` shows, with the row the keyboard goes to next: the one after
        it (or before it, when the keyboard came from below), both when there is room, so Tab and
        Shift+Tab always find the next one showing."""
        keys = [r.key for r in self.order]
        came_from, self._last_row = self._last_row, key
        if self.max_scroll <= 0 or key not in self.widgets:
            return
        i = keys.index(key)
        back = came_from in keys and keys.index(came_from) > i

        def unscrolled(k: str) -> pygame.Rect:
            return self.widgets[k].rect.move(0, self.scroll)

        r = unscrolled(key)
        before = keys[i - 1] if i > 0 else None
        after = keys[i + 1] if i + 1 < len(keys) else None
        for k in ((after, before) if not back else (before, after)):
            if k is not None and self.columns[k] == self.columns[key]:
                span = r.union(unscrolled(k))
                if span.height <= self.view.height:
                    r = span
        new = self.scroll
        if r.bottom - new > self.view.bottom:
            new = r.bottom - self.view.bottom
        if r.top - new < self.view.top:
            new = r.top - self.view.top
        if i == 0:  # the first row: its section's heading shows too
            new = 0
        self.scroll_by(new - self.scroll)

    # -- keyboard ------------------------------------------------------------------------------------
    def focusables(self) -> list[Target]:
        """Every setting in reading order (column by column), named with its value, each with a key
        that survives a new layout (the interface size lays the screen out again while it is being
        changed); a row reached by the keyboard is scrolled into view with its neighbours."""
        out = []
        for row in self.order:
            w = self.widgets.get(row.key)
            if w is None:
                continue
            label = row.focus_label(self, w) if row.focus_label is not None else None
            if label is None and isinstance(w, Slider):
                label = f"{w.label}: {w.fmt(w.value)} (Left/Right to change)"
            hidden = not w.visible
            w.visible = True  # a row scrolled out of view is still in the order: reaching it scrolls to it
            try:
                t = shell_keys.target(w, label, key=("settings", row.key), within=self.card)
            finally:
                w.visible = not hidden
            if t is not None:
                if hidden:  # a line on the card's edge it is hidden behind; reaching it scrolls it into view
                    edge = self.view.bottom - 1 if t.rect.top >= self.view.bottom else self.view.top
                    t.rect = pygame.Rect(t.rect.left, edge, t.rect.width, 0)
                    t.point = t.rect.center
                t.on_focus = lambda on, key=row.key: self._reveal(key) if on else None
                out.append(t)
        t = shell_keys.target(self.done_button, key=("settings", "done"), within=self.card)
        if t is not None:
            t.on_focus = lambda on: self._at_done() if on else None
            out.append(t)
        return out

    def _at_done(self) -> None:
        """The keyboard reached Done (from the last row, or Shift+Tab from the top): the end of
        the card shows, so Shift+Tab finds the last row."""
        self._last_row = None
        self.scroll_by(self.max_scroll)

    # -- changes are kept at once ------------------------------------------------------------------
    def set(self, name: str, value: object) -> None:
        setattr(self.app.settings, name, value)
        msg = self.app.save_settings()
        self.message = (msg, theme.BAD) if msg else ("Saved.", theme.GOOD)

    def volume(self, v: float) -> None:
        self.set("volume", v)
        sounds = getattr(self.app, "sounds", None)
        if sounds is not None:
            sounds.volume = v
            sounds.play("tick")  # hear the new level

    def window_size(self, index: int) -> None:
        w, h = self.sizes[index]
        self.app.settings.window_width = w
        self.app.settings.window_height = h
        self.set("window_width", w)
        self._display_dirty = True

    def interface_size(self, index: int) -> None:
        """Text and controls at the new size at once (every open screen is laid out again)."""
        self.set("ui_scale", UI_SCALES[index])
        self.app.resize_stack()

    def fullscreen(self, on: bool) -> None:
        self.set("fullscreen", on)
        self._display_dirty = True

    def _boards_folder(self) -> str:
        from courier import paths

        try:
            return str(paths.boards_dir())
        except OSError as exc:
            return f"(cannot be made: {exc.strerror or exc})"

    def open_boards(self) -> None:
        from pathlib import Path

        from courier import boards, paths

        try:
            folder = paths.boards_dir()
        except OSError as exc:
            self.message = (f"The boards folder cannot be made ({exc.strerror or exc}).", theme.BAD)
            return
        problem = boards.open_folder(Path(folder))
        self.message = (problem, theme.BAD) if problem else ("The boards folder is open in your file manager.", theme.GOOD)

    def _done(self) -> None:
        self.app.stack.pop()

    def update(self, dt: float) -> None:
        if self._display_dirty:
            self._display_dirty = False
            self.app.apply_display()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        if self.max_scroll > 0 and shell_keys.card_scroll(event, self._mouse, self.card, self.view, self.scroll_by):
            return True
        step = self.widgets.get("scale")
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and step is not None
                and step.visible and step.rect.collidepoint(event.pos)):
            self._anchor = (event.pos, event.pos[0] >= step.rect.centerx)
            try:
                return self.ui.handle_event(event)
            finally:
                self._anchor = None
        return self.ui.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = theme.px
        draw.paper_background(surface)
        draw.text(surface, "Settings", (w // 2, px(22)), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        draw.panel(surface, self.card)
        rows = {r.key: r for r in self.order}
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for name, left, right, y in self.headings:
            box = pygame.Rect(left, y, right - left, px(HEADING))
            if self.view.contains(box):
                draw.text(surface, name, (left, y + px(HEADING - 8)), 15, theme.INK, bold=True, anchor="bottomleft",
                          max_width=right - left)
                pygame.draw.line(surface, theme.PAPER_DARK, (left, y + px(HEADING - 4)), (right, y + px(HEADING - 4)),
                                 max(1, px(1)))
        for key, wdg in self.widgets.items():
            row = rows.get(key)
            if row is None or row.label is None or not wdg.visible:
                continue
            lx = self.columns[key][0]
            if key == "boards":
                self._draw_boards_label(surface, lx, wdg.rect)
                continue
            draw.text(surface, row.label, (lx, wdg.rect.centery), 17, theme.INK, anchor="midleft",
                      max_width=wdg.rect.left - lx - px(8))
        surface.set_clip(clip)
        self.ui.draw(surface)
        if self.max_scroll > 0:  # a scrollbar says there is more
            track = pygame.Rect(self.card.right - px(14), self.view.top + px(6), px(6), self.view.height - px(12))
            span = self.view.height + self.max_scroll
            thumb_h = max(px(30), track.height * self.view.height // span)
            ty = track.top + (track.height - thumb_h) * self.scroll // max(1, self.max_scroll)
            draw.rounded_rect(surface, pygame.Rect(track.left, ty, track.width, thumb_h), theme.INK_SOFT, track.width // 2)
        text, colour = self.message if self.message else (HINT, theme.INK_SOFT)
        box = pygame.Rect(self.card.left + px(20), self.card.bottom - px(FOOT), self.card.width - px(40), px(40))
        used = draw.text_block(None, text, box, 14)
        draw.text_block(surface, text, pygame.Rect(box.left, box.bottom - used, box.width, used), 14, colour,
                        align="center")

    def _draw_boards_label(self, surface: pygame.Surface, left: int, button: pygame.Rect) -> None:
        """The boards row's label and the folder's path (its end, which says most, when it is long)."""
        px = theme.px
        draw.text(surface, next(r.label or '' for r in self.order if r.key == 'boards'), (left, button.top + px(8)), 17, theme.INK, anchor="midleft",
                  max_width=button.left - left - px(10))
        folder, room = self._boards_folder(), button.left - left - px(10)
        while len(folder) > 8 and draw.font(13).size(folder)[0] > room:
            folder = "…" + folder[len(folder) // 8 + 1:].lstrip("…")
        draw.text(surface, folder, (left, button.top + px(32)), 13, theme.INK_SOFT, anchor="midleft", max_width=room)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        folder_button = self.widgets.get("boards")
        if folder_button is not None:
            fb = folder_button.rect
            if folder_button.visible and pygame.Rect(self.card.left, fb.top, fb.left - self.card.left,
                                                     fb.height + theme.px(12)).collidepoint(pos):
                return f"Your boards folder: {self._boards_folder()}"
        return super().tooltip_at(pos)
