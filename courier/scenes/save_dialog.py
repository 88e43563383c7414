"""Save the game in one of several slots: a dialog over the board."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from courier import saves
from courier.match import Match
from courier.scenes.base import Scene
from courier.ui import draw, theme
from courier.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App

SLOTS = [f"slot-{i}" for i in range(1, 6)]


class SaveDialog(Scene):
    opaque = False

    def __init__(self, app: "App", match: Match, on_saved: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.on_saved = on_saved
        self.ui = WidgetGroup()
        self.card = pygame.Rect(0, 0, 10, 10)
        self.entries: dict[str, saves.SaveEntry] = {}
        self.error: str | None = None

    def enter(self) -> None:
        self._read()
        self.layout(self.size)

    def _read(self) -> None:
        try:
            self.entries = {e.slot: e for e in saves.list_saves()}
        except Exception as exc:  # the dialog still works without the list
            self.entries = {}
            self.error = f"The saves folder could not be read: {exc}"

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = 640, 110 + 62 * len(SLOTS) + 80
        self.card = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.ui.clear()
        for i, slot in enumerate(SLOTS):
            r = pygame.Rect(self.card.left + 30, self.card.top + 90 + i * 62, self.card.width - 60, 52)
            entry = self.entries.get(slot)
            if entry is None:
                label = f"Slot {i + 1}  -  empty"
            elif entry.ok:
                label = f"Slot {i + 1}  -  {entry.game_title}, {entry.turn_label}  ({entry.saved_at_text})"
            else:
                label = f"Slot {i + 1}  -  unreadable file, kept as it is"
            self.ui.add(Button(r, label, lambda s=slot: self._save(s), enabled=entry is None or entry.ok,
                               size=15, tooltip="Overwrite this slot" if entry is not None else "Save here"))
        self.ui.add(Button(pygame.Rect(self.card.centerx - 90, self.card.bottom - 66, 180, 46), "Cancel",
                           self.close, style="ghost", hotkey=pygame.K_ESCAPE))

    def _save(self, slot: str) -> None:
        try:
            saves.save_match(self.match, slot)
        except saves.SaveError as exc:
            self.error = str(exc)
            return
        self.close()
        if self.on_saved:
            self.on_saved(f"Saved in slot {SLOTS.index(slot) + 1}.")

    def close(self) -> None:
        self.app.stack.remove(self)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ui.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and not self.card.collidepoint(event.pos):
            self.close()
        return True  # modal: nothing reaches the board

    def draw(self, surface: pygame.Surface) -> None:
        draw.overlay(surface, (24, 22, 20, 150))
        draw.panel(surface, self.card, (252, 248, 238), radius=16)
        draw.text(surface, "Save the game", (self.card.centerx, self.card.top + 26), 28, theme.INK, bold=True,
                  serif=True, anchor="midtop")
        self.ui.draw(surface)
        if self.error:
            draw.text_block(surface, self.error, pygame.Rect(self.card.left + 30, self.card.top + 64, self.card.width - 60, 24), 14, theme.BAD)
