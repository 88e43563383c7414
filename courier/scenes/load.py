"""The save list: load or delete a save; unreadable files are shown with why, and left alone."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from courier import saves
from courier.scenes.base import Scene
from courier.ui import draw, theme
from courier.ui.widgets import Button, ScrollView, WidgetGroup, draw_tooltip

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

ROW_H = 94


def open_save(app: "App", path: Path, on_error: Callable[[str], None]) -> bool:
    """Load ``path`` and show its board; a SaveError becomes a message, never a crash."""
    from courier.scenes.board import BoardScene

    try:
        match = saves.load_match(path)
    except saves.SaveError as exc:
        on_error(str(exc))
        return False
    app.stack.reset(BoardScene(app, match))
    return True


def slot_title(slot: str) -> str:
    if slot == "auto" or slot.startswith("auto-"):
        return "Autosave"
    if slot.startswith("slot-"):
        return f"Slot {slot[5:]}"
    return slot


class LoadScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.entries: list[saves.SaveEntry] = []
        self.ui = WidgetGroup()
        self.rows = WidgetGroup()
        self.scroll = ScrollView(pygame.Rect(0, 0, 10, 10), line=ROW_H // 2)
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.confirm: Path | None = None
        self.card = pygame.Rect(0, 0, 10, 10)
        self._mouse = (0, 0)

    def enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        try:
            self.entries = saves.list_saves()
        except Exception as exc:
            log.warning("could not list saves: %s", exc)
            self.entries = []
            self.message = (f"The saves folder could not be read: {exc}", theme.BAD)
        self.layout(self.size)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        cw = min(980, w - 60)
        self.card = pygame.Rect((w - cw) // 2, 96, cw, h - 96 - 90)
        self.scroll.rect = self.card.inflate(-24, -24)
        self.scroll.set_content_height(len(self.entries) * ROW_H)
        self.ui.clear()
        self.ui.add(Button(pygame.Rect(30, h - 70, 160, 48), "Back", self._back, style="ghost",
                           hotkey=pygame.K_ESCAPE))
        self._build_rows()

    def _row_rect(self, i: int) -> pygame.Rect:
        r = self.scroll.rect
        return pygame.Rect(r.left, r.top + i * ROW_H - self.scroll.offset, r.width - 16, ROW_H - 10)

    def _build_rows(self) -> None:
        self.rows.clear()
        for i, e in enumerate(self.entries):
            rr = self._row_rect(i)
            load = Button(pygame.Rect(rr.right - 250, rr.centery - 21, 120, 42), "Load",
                          lambda p=e.path: self._load(p), style="primary", enabled=e.ok,
                          tooltip=None if e.ok else "This file cannot be read, so it cannot be loaded")
            confirming = self.confirm == e.path
            delete = Button(pygame.Rect(rr.right - 120, rr.centery - 21, 110, 42),
                            "Sure?" if confirming else "Delete", lambda p=e.path: self._delete(p),
                            style="danger" if confirming else "secondary", enabled=e.ok,
                            tooltip=("Click again to delete" if confirming else "Delete this save")
                            if e.ok else "Unreadable files are never changed or deleted here")
            visible = rr.bottom > self.scroll.rect.top and rr.top < self.scroll.rect.bottom
            load.visible = delete.visible = visible
            self.rows.add(load)
            self.rows.add(delete)

    def _back(self) -> None:
        self.app.stack.pop()

    def _load(self, path: Path) -> None:
        open_save(self.app, path, on_error=lambda msg: self._say(msg, theme.BAD))

    def _delete(self, path: Path) -> None:
        if self.confirm != path:
            self.confirm = path
            self._build_rows()
            return
        self.confirm = None
        try:
            saves.delete_save(path)
        except saves.SaveError as exc:
            self._say(str(exc), theme.BAD)
            return
        self._say("Save deleted.", theme.INK_SOFT)
        self.refresh()

    def _say(self, text: str, colour: tuple[int, int, int]) -> None:
        self.message = (text, colour)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        if self.ui.handle_event(event) or self.rows.handle_event(event):
            return True
        if self.scroll.handle_event(event, keys=True):
            self._build_rows()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw.paper_background(surface)
        draw.text(surface, "Load a game", (w // 2, 28), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        draw.panel(surface, self.card)
        if not self.entries:
            draw.text(surface, "No saved games yet. Games are saved automatically as you play.",
                      self.card.center, 18, theme.INK_SOFT, anchor="center")
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        for i, e in enumerate(self.entries):
            rr = self._row_rect(i)
            if rr.bottom < self.scroll.rect.top or rr.top > self.scroll.rect.bottom:
                continue
            self._draw_row(surface, rr, e)
        self.rows.draw(surface)
        surface.set_clip(clip)
        self.scroll.draw_scrollbar(surface)
        self.ui.draw(surface)
        if self.message:
            draw.text(surface, self.message[0], (220, h - 46), 16, self.message[1], anchor="midleft",
                      max_width=w - 250)
        tip = self.rows.hovered_tooltip()
        if tip:
            draw_tooltip(surface, tip, self._mouse)

    def _draw_row(self, surface: pygame.Surface, rr: pygame.Rect, e: saves.SaveEntry) -> None:
        draw.rounded_rect(surface, rr, (250, 246, 236) if e.ok else (248, 232, 226), 10)
        draw.rounded_rect(surface, rr, theme.PAPER_DARK if e.ok else (220, 170, 160), 10, width=1)
        text_w = rr.width - 290
        draw.text(surface, slot_title(e.slot), (rr.left + 18, rr.top + 12), 15, theme.ACCENT_DARK, bold=True)
        if e.ok:
            draw.text(surface, e.game_title, (rr.left + 130, rr.top + 10), 19, theme.INK, bold=True, serif=True,
                      max_width=text_w - 120)
            draw.text(surface, e.turn_label, (rr.left + 130, rr.top + 38), 15, theme.INK, max_width=text_w - 120)
            players = ", ".join(e.players)
            draw.text(surface, f"{e.saved_at_text}   ·   {players}", (rr.left + 18, rr.bottom - 8), 13,
                      theme.INK_SOFT, anchor="bottomleft", max_width=text_w)
        else:
            draw.text(surface, f"Unreadable: {e.path.name}", (rr.left + 130, rr.top + 10), 17, theme.BAD, bold=True,
                      max_width=text_w - 120)
            draw.text_block(surface, e.error or "This file cannot be read.",
                            pygame.Rect(rr.left + 130, rr.top + 36, text_w - 120, 36), 13, theme.INK_SOFT)
