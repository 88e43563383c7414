"""Each game's rules, in our own words, rendered from its markdown documents and scrollable.

A game's rules open on its one-page "How to play" (``docs/rules/<id>-howto.md``, with pictures
the game's own view draws from real positions); the "Full rules" page follows. Opened with a
``section`` (a refused move's "Rules: ..." link), the full rules open scrolled to that heading.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from courier import resources
from courier.rules import registry
from courier.scenes import shell_keys
from courier.scenes.base import Scene
from courier.scenes.rules_pictures import GamePictures
from courier.ui import draw, markdown, theme
from courier.ui.focus import Target
from courier.ui.widgets import Button, ScrollView, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

HINT = ("Tab: next game or page  ·  Enter: open it  ·  H: how to play  ·  F: full rules  ·  "
        "↑ ↓ Page Up/Down, Home, End: scroll  ·  Esc: back")
#: the two pages of a game's rules: (key, tab label)
PAGES = (("howto", "How to play"), ("rules", "Full rules"))


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
    def __init__(self, app: "App", game_id: str | None = None, section: str | None = None) -> None:
        super().__init__(app)
        self.docs = available_docs()
        ids = [g for g, _ in self.docs]
        self.current = game_id if game_id in ids else (ids[0] if ids else None)
        #: which page of the current game shows: "howto" (first, when the game has one) or "rules"
        self.page_kind = "rules" if section or not self._has_howto(self.current) else "howto"
        #: the full rules' heading to scroll to once laid out (a refused move's link)
        self.section = section
        self.ui = WidgetGroup()
        self.tabs: dict[str, Button] = {}
        self.page_tabs: dict[str, Button] = {}
        self.scroll = ScrollView(pygame.Rect(0, 0, 10, 10), line=60)
        self.page = pygame.Rect(0, 0, 10, 10)
        self._text: dict[tuple[str, str], str] = {}

    @staticmethod
    def _has_howto(gid: str | None) -> bool:
        return gid is not None and resources.howto_doc(gid).is_file()

    def text_of(self, gid: str, kind: str = "rules") -> str:
        """The markdown of ``gid``'s page ``kind`` ("rules" or "howto")."""
        if (gid, kind) not in self._text:
            path = resources.howto_doc(gid) if kind == "howto" else resources.rules_doc(gid)
            try:
                self._text[gid, kind] = path.read_text(encoding="utf-8")
            except OSError as exc:
                log.warning("rules for %s unreadable: %s", gid, exc)
                self._text[gid, kind] = f"# Rules\n\nThe rules document could not be read ({exc})."
        return self._text[gid, kind]

    def _shown(self) -> tuple[str, GamePictures | None]:
        """The markdown on the page now and its picture maker."""
        assert self.current is not None
        pictures = GamePictures(self.current) if self.page_kind == "howto" else None
        return self.text_of(self.current, self.page_kind), pictures

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        tab_w = min(px(250), max(px(160), int(w * 0.22)))
        self.tab_w = tab_w
        strip = px(50)  # the page tabs above the page
        left = tab_w + px(50)
        self.page = pygame.Rect(left, px(24) + strip, w - tab_w - px(80), h - px(48) - strip)
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
        self.page_tabs = {}
        x = left
        for key, label in PAGES:
            bw = max(px(150), draw.font(16, bold=True).size(label)[0] + px(40))
            b = Button(pygame.Rect(x, px(24), bw, px(42)), label, lambda k=key: self.show_page(k),
                       selected=key == self.page_kind, size=16,
                       hotkey=pygame.K_h if key == "howto" else pygame.K_f,
                       enabled=key == "rules" or self._has_howto(self.current),
                       tooltip=f"{label} ({'H' if key == 'howto' else 'F'})")
            self.page_tabs[key] = b
            self.ui.add(b)
            x += bw + px(10)
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
        for key, b in self.page_tabs.items():
            t = shell_keys.target(b, b.text + (" (showing)" if key == self.page_kind else ""), key=("page", key))
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
        text, pictures = self._shown()
        surf = markdown.render(text, self._doc_width(), pictures)
        self.scroll.set_content_height(surf.get_height() + theme.px(40))
        if self.section is not None and self.page_kind == "rules":
            top = self.heading_top(self.section)
            if top is not None:
                self.scroll.offset = max(0, min(self.scroll.max_offset, top))

    def heading_top(self, heading: str) -> int | None:
        """Where ``heading`` of the full rules starts on the page (None: no such heading)."""
        found = self._heading(heading)
        return found[0] if found is not None else None

    def _heading(self, heading: str) -> tuple[int, int] | None:
        """(top, height) of ``heading`` on the full rules page."""
        if self.current is None:
            return None
        for text, y, h in markdown.headings(self.text_of(self.current), self._doc_width()):
            if text.strip().lower() == heading.strip().lower():
                return y, h
        return None

    def select(self, gid: str) -> None:
        self.current = gid
        for g, b in self.tabs.items():
            b.selected = g == gid
        self.section = None
        self.page_kind = "howto" if self._has_howto(gid) else "rules"
        self._sync_page_tabs()
        self.scroll.offset = 0
        self._measure()

    def show_page(self, kind: str) -> None:
        """Show the current game's "howto" or "rules" page, from its top."""
        if kind == "howto" and not self._has_howto(self.current):
            return
        self.page_kind = kind
        self.section = None
        self._sync_page_tabs()
        self.scroll.offset = 0
        self._measure()

    def _sync_page_tabs(self) -> None:
        for key, b in self.page_tabs.items():
            b.selected = key == self.page_kind
            b.enabled = key == "rules" or self._has_howto(self.current)

    def _back(self) -> None:
        self.app.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.ui.handle_event(event):
            return True
        if self.scroll.handle_event(event, keys=True):
            self.section = None  # the reader scrolls on: a resize keeps their place, not the link's
            return True
        return False

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
            text, pictures = self._shown()
            doc = markdown.render(text, self._doc_width(), pictures)
            view = self.scroll.rect
            clip = surface.get_clip()
            surface.set_clip(view)
            x = view.left + (view.width - px(16) - doc.get_width()) // 2
            top = view.top + px(16) - self.scroll.offset
            mark = self._heading(self.section) if self.section and self.page_kind == "rules" else None
            if mark is not None:  # the rule a refused move was sent here for: a tint and a bar
                band = pygame.Rect(x - px(12), top + mark[0] - px(5), doc.get_width() + px(20), mark[1] + px(8))
                pygame.draw.rect(surface, (246, 232, 206), band, border_radius=px(6))
                pygame.draw.rect(surface, theme.ACCENT, (band.left, band.top, px(5), band.height),
                                 border_radius=px(3))
            surface.blit(doc, (x, top))
            surface.set_clip(clip)
            self.scroll.draw_scrollbar(surface)
        self.ui.draw(surface)
