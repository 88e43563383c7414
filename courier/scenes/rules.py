"""Each game's rules, in our own words, rendered from its markdown document and scrollable."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from courier import resources
from courier.rules import registry
from courier.scenes.base import Scene
from courier.ui import draw, markdown, theme
from courier.ui.widgets import Button, ScrollView, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)


def available_docs() -> list[tuple[str, str]]:
    """(game id, title) of every registered game that has a rules document."""
    out = []
    for gid in registry.ids():
        if not resources.rules_doc(gid).is_file():
            continue
        try:
            title = registry.get(gid).title
        except Exception:  # a game still being written: name it from its id
            title = gid.replace("-", " ").title()
        out.append((gid, title))
    return out


class RulesScene(Scene):
    def __init__(self, app: "App", game_id: str | None = None) -> None:
        super().__init__(app)
        self.docs = available_docs()
        ids = [g for g, _ in self.docs]
        self.current = game_id if game_id in ids else (ids[0] if ids else None)
        self.ui = WidgetGroup()
        self.tabs: dict[str, Button] = {}
        self.scroll = ScrollView(pygame.Rect(0, 0, 10, 10), line=60)
        self.page = pygame.Rect(0, 0, 10, 10)
        self._text: dict[str, str] = {}

    def text_of(self, gid: str) -> str:
        if gid not in self._text:
            try:
                self._text[gid] = resources.rules_doc(gid).read_text(encoding="utf-8")
            except OSError as exc:
                log.warning("rules for %s unreadable: %s", gid, exc)
                self._text[gid] = f"# Rules\n\nThe rules document could not be read ({exc})."
        return self._text[gid]

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        tab_w = 250
        self.page = pygame.Rect(tab_w + 50, 24, w - tab_w - 80, h - 48)
        self.scroll.rect = self.page.inflate(-20, -24)
        self.ui.clear()
        self.tabs = {}
        for i, (gid, title) in enumerate(self.docs):
            b = Button(pygame.Rect(24, 110 + i * 58, tab_w, 48), title, lambda g=gid: self.select(g),
                       selected=gid == self.current, size=16)
            self.tabs[gid] = b
            self.ui.add(b)
        self.ui.add(Button(pygame.Rect(24, h - 72, tab_w, 48), "Back", self._back, style="ghost",
                           hotkey=pygame.K_ESCAPE))
        self._measure()

    def _doc_width(self) -> int:
        return min(900, self.scroll.rect.width - 40)

    def _measure(self) -> None:
        if self.current is None:
            self.scroll.set_content_height(0)
            return
        surf = markdown.render(self.text_of(self.current), self._doc_width())
        self.scroll.set_content_height(surf.get_height() + 40)

    def select(self, gid: str) -> None:
        self.current = gid
        for g, b in self.tabs.items():
            b.selected = g == gid
        self.scroll.offset = 0
        self._measure()

    def _back(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ui.handle_event(event):
            return True
        return self.scroll.handle_event(event, keys=True)

    def draw(self, surface: pygame.Surface) -> None:
        draw.paper_background(surface)
        draw.text(surface, "Rules", (24 + 125, 36), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        draw.panel(surface, self.page, (253, 250, 243))
        if self.current is None:
            draw.text(surface, "No rules documents were found in this installation.", self.page.center, 18,
                      theme.INK_SOFT, anchor="center")
        else:
            doc = markdown.render(self.text_of(self.current), self._doc_width())
            view = self.scroll.rect
            clip = surface.get_clip()
            surface.set_clip(view)
            x = view.left + (view.width - 16 - doc.get_width()) // 2
            surface.blit(doc, (x, view.top + 16 - self.scroll.offset))
            surface.set_clip(clip)
            self.scroll.draw_scrollbar(surface)
        self.ui.draw(surface)
