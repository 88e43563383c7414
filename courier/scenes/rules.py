"""Each game's rules, in our own words, rendered from its markdown document and scrollable."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from courier import resources
from courier.rules import registry
from courier.scenes import shell_keys
from courier.scenes.base import Scene
from courier.ui import draw, markdown, theme
from courier.ui.focus import Target
from courier.ui.widgets import Button, ScrollView, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

HINT = "Tab: next game  ·  Enter: open its rules  ·  ↑ ↓ Page Up/Down, Home, End: scroll  ·  Esc: back"


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
        px = theme.px
        tab_w = min(px(250), max(px(160), int(w * 0.22)))
        self.tab_w = tab_w
        self.page = pygame.Rect(tab_w + px(50), px(24), w - tab_w - px(80), h - px(48))
        self.scroll.rect = self.page.inflate(-px(20), -px(24))
        self.scroll.line = px(60)
        self.ui.clear()
        self.tabs = {}
        for i, (gid, title) in enumerate(self.docs):
            b = Button(pygame.Rect(px(24), px(110) + i * px(58), tab_w, px(48)), title, lambda g=gid: self.select(g),
                       selected=gid == self.current, size=16,
                       tooltip=f"The rules of {title} (Enter; then ↑ ↓ and Page Up/Down scroll)")
            self.tabs[gid] = b
            self.ui.add(b)
        self.back_button = Button(pygame.Rect(px(24), h - px(72), tab_w, px(48)), "Back", self._back, style="ghost",
                                  hotkey=pygame.K_ESCAPE, tooltip="Back (Esc)")
        self.ui.add(self.back_button)
        self._measure()

    def _doc_width(self) -> int:
        return min(theme.px(900), self.scroll.rect.width - theme.px(40))

    def focusables(self) -> list[Target]:
        out = []
        for gid, b in self.tabs.items():
            t = shell_keys.target(b, f"Rules of {b.text}" + (" (showing)" if gid == self.current else ""),
                                  key=("rules", gid))
            if t is not None:
                out.append(t)
        t = shell_keys.target(self.back_button, key=("rules", "back"))
        return out + ([t] if t is not None else [])

    def _hint_rect(self) -> pygame.Rect:
        px = theme.px
        top = px(110) + len(self.docs) * px(58) + px(10)
        return pygame.Rect(px(24), top, self.tab_w, self.back_button.rect.top - px(10) - top)

    def _measure(self) -> None:
        if self.current is None:
            self.scroll.set_content_height(0)
            return
        surf = markdown.render(self.text_of(self.current), self._doc_width())
        self.scroll.set_content_height(surf.get_height() + theme.px(40))

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
        px = theme.px
        draw.text(surface, "Rules", (px(24) + self.tab_w // 2, px(36)), 36, theme.INK, bold=True, serif=True,
                  anchor="midtop")
        hint = self._hint_rect()
        if draw.text_block(None, HINT, hint, 13) <= hint.height:  # else the tabs' tooltips name the keys
            draw.text_block(surface, HINT, hint, 13, theme.INK_SOFT)
        draw.panel(surface, self.page, (253, 250, 243))
        if self.current is None:
            draw.text(surface, "No rules documents were found in this installation.", self.page.center, 18,
                      theme.INK_SOFT, anchor="center")
        else:
            doc = markdown.render(self.text_of(self.current), self._doc_width())
            view = self.scroll.rect
            clip = surface.get_clip()
            surface.set_clip(view)
            x = view.left + (view.width - px(16) - doc.get_width()) // 2
            surface.blit(doc, (x, view.top + px(16) - self.scroll.offset))
            surface.set_clip(clip)
            self.scroll.draw_scrollbar(surface)
        self.ui.draw(surface)
