"""The save list: every game in progress and every finished one, with a picture of its board.

Each row says what the save is (its name, or Autosave), the game, who plays (and who is the
computer), the round, the date and whether the game is finished. Rows are chosen with the mouse
or the arrow keys; Enter loads, Delete asks and then deletes. Unreadable files are listed with
why, and are never changed or deleted here.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from courier import saves
from courier.scenes.base import Scene
from courier.ui import draw, theme, thumbnail
from courier.ui.widgets import Button, ScrollView, WidgetGroup, draw_tooltip

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

ROW_H = 116
THUMB = (160, 90)
HINT = "↑ ↓ choose   ·   Enter or double-click load   ·   Delete remove   ·   Esc back"
#: two clicks on one row within this many seconds load it
DOUBLE_CLICK = 0.45


def open_save(app: "App", path: Path, on_error: Callable[[str], None]) -> bool:
    """Load ``path`` and show its board; a SaveError becomes a message, never a crash."""
    from courier.scenes.board import BoardScene

    try:
        match = saves.open_match(path)  # drawn at once; its log is proven while the board shows
    except saves.SaveError as exc:
        on_error(str(exc))
        return False
    if not match.is_over():
        saves.play_on_from(match, path)  # an older save of a game never replaces its autosave
    app.stack.reset(BoardScene(app, match))
    return True


def refused(app: "App", message: str) -> None:
    """A save opened on the board failed its check: back to the save list, saying why."""
    scene = LoadScene(app)
    app.stack.reset(scene)
    scene.message = (message, theme.BAD)


def slot_title(slot: str) -> str:
    """What a save file is called when it carries no name of its own."""
    return saves.SaveEntry(path=Path(f"{slot}.json"), slot=slot, ok=True).title


def players_text(e: saves.SaveEntry) -> str:
    """``"Ann, Bob and Robo (computer)"``: who plays, and who is the computer."""
    names = [f"{n} (computer)" if i < len(e.computer) and e.computer[i] else n for i, n in enumerate(e.players)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


class LoadScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.entries: list[saves.SaveEntry] = []
        self.ui = WidgetGroup()
        self.rows = WidgetGroup()
        self.scroll = ScrollView(pygame.Rect(0, 0, 10, 10), line=ROW_H // 2)
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.confirm: Path | None = None
        self.selected = 0
        self.card = pygame.Rect(0, 0, 10, 10)
        self._mouse = (0, 0)
        self._pictures: dict[Path, pygame.Surface | None] = {}
        self._last_click: tuple[int, float] | None = None

    def enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        try:
            self.entries = saves.list_saves()
        except Exception as exc:
            log.warning("could not list saves: %s", exc)
            self.entries = []
            self.message = ("The saves folder could not be read.", theme.BAD)
        self._pictures = {e.path: thumbnail.decode(e.thumbnail) for e in self.entries if e.ok}
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self.layout(self.size)

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        cw = min(1120, w - 48)
        top = 104 if h >= 680 else 88
        self.card = pygame.Rect((w - cw) // 2, top, cw, h - top - 84)
        self.scroll.rect = self.card.inflate(-20, -20)
        self.scroll.set_content_height(len(self.entries) * ROW_H)
        self.ui.clear()
        self.ui.add(Button(pygame.Rect(24, h - 66, 150, 46), "Back", self._back, style="ghost",
                           hotkey=pygame.K_ESCAPE, tooltip="Back to the title screen (Escape)"))
        self._build_rows()

    def _row_rect(self, i: int) -> pygame.Rect:
        r = self.scroll.rect
        return pygame.Rect(r.left, r.top + i * ROW_H - self.scroll.offset, r.width - 16, ROW_H - 10)

    def _build_rows(self) -> None:
        self.rows.clear()
        for i, e in enumerate(self.entries):
            rr = self._row_rect(i)
            label, tip = ("View", "See how this finished game ended") if e.finished else ("Load", "Play on from here (Enter)")
            load = Button(pygame.Rect(rr.right - 236, rr.centery - 22, 116, 44), label,
                          lambda p=e.path: self._load(p), style="primary", enabled=e.ok,
                          tooltip=tip if e.ok else "This file cannot be read, so it cannot be loaded")
            confirming = self.confirm == e.path
            delete = Button(pygame.Rect(rr.right - 110, rr.centery - 22, 100, 44),
                            "Sure?" if confirming else "Delete", lambda p=e.path: self._delete(p),
                            style="danger" if confirming else "secondary", enabled=e.ok,
                            tooltip=("Click again to delete it for good" if confirming else "Delete this save (Delete)")
                            if e.ok else "Unreadable files are never changed or deleted here")
            visible = rr.bottom > self.scroll.rect.top and rr.top < self.scroll.rect.bottom
            load.visible = delete.visible = visible
            self.rows.add(load)
            self.rows.add(delete)
            if e.ok and e.finished:
                watch = Button(pygame.Rect(rr.right - 362, rr.centery - 22, 116, 44), "Watch",
                               lambda p=e.path: self._watch(p), style="secondary",
                               tooltip="Watch the whole game again, move by move (W)")
                watch.visible = visible
                self.rows.add(watch)

    # -- acting ------------------------------------------------------------------------------------
    def _back(self) -> None:
        self.app.stack.pop()

    def _load(self, path: Path) -> None:
        open_save(self.app, path, on_error=lambda msg: self._say(msg, theme.BAD))

    def _watch(self, path: Path) -> None:
        """Step through a finished game from its first move (secrets may be shown: it is over)."""
        from courier.lab.replaydata import ReplayError
        from courier.scenes.replay import ReplayScene

        try:
            scene = ReplayScene.from_save(self.app, path)
        except ReplayError:
            self._say("This game can no longer be watched move by move; Load still shows how it ended.", theme.BAD)
            return
        self.app.stack.push(scene)

    def _delete(self, path: Path) -> None:
        if self.confirm != path:
            self.confirm = path
            entry = next((e for e in self.entries if e.path == path), None)
            title = entry.title if entry is not None else "this save"
            title = title if len(title) <= 36 else title[:35].rstrip() + "…"
            self._say(f"Delete “{title}”? Press Delete again or click Sure?  Escape keeps it.", theme.BAD)
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

    def select(self, i: int) -> None:
        """Choose row ``i`` and scroll so that it is in view."""
        if not self.entries:
            return
        i = max(0, min(len(self.entries) - 1, i))
        if i != self.selected and self.confirm is not None:
            self.confirm = None
            self.message = None
        self.selected = i
        top, bottom = i * ROW_H, (i + 1) * ROW_H
        if top < self.scroll.offset:
            self.scroll.offset = top
        elif bottom > self.scroll.offset + self.scroll.rect.height:
            self.scroll.offset = bottom - self.scroll.rect.height
        self.scroll.offset = max(0, min(self.scroll.max_offset, self.scroll.offset))
        self._build_rows()

    def _keys(self, event: pygame.event.Event) -> bool:
        n = len(self.entries)
        per_page = max(1, self.scroll.rect.height // ROW_H)
        moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: per_page, pygame.K_PAGEUP: -per_page}
        if event.key in moves and n:
            self.select(self.selected + moves[event.key])
            return True
        if event.key in (pygame.K_HOME, pygame.K_END) and n:
            self.select(0 if event.key == pygame.K_HOME else n - 1)
            return True
        if not n:
            return False
        e = self.entries[self.selected]
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.confirm == e.path:
                self._delete(e.path)
            elif e.ok:
                self._load(e.path)
            else:
                self._say("This file cannot be read, so it cannot be loaded.", theme.BAD)
            return True
        if event.key == pygame.K_w and e.ok and e.finished:
            self._watch(e.path)
            return True
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            if e.ok:
                self._delete(e.path)
            else:
                self._say("Unreadable files are never changed or deleted here.", theme.BAD)
            return True
        if event.key == pygame.K_ESCAPE and self.confirm is not None:
            self.confirm = None
            self._say("Nothing was deleted.", theme.INK_SOFT)
            self._build_rows()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        if event.type == pygame.KEYDOWN and self._keys(event):
            return True
        if self.ui.handle_event(event) or self.rows.handle_event(event):
            if event.type == pygame.MOUSEBUTTONDOWN:
                self._select_at(event.pos, keep_confirm=True)
            return True
        if self.scroll.handle_event(event, keys=True):
            self._build_rows()
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            i = self._select_at(event.pos)
            if i is not None:
                now = time.monotonic()
                again = self._last_click is not None and self._last_click[0] == i and now - self._last_click[1] <= DOUBLE_CLICK
                self._last_click = None if again else (i, now)
                if again and self.entries[i].ok:
                    self._load(self.entries[i].path)
                return True
        return False

    def _select_at(self, pos: tuple[int, int], keep_confirm: bool = False) -> int | None:
        """Choose the row under ``pos``; its index, or None if there is none."""
        if not self.scroll.rect.collidepoint(pos):
            return None
        for i in range(len(self.entries)):
            if self._row_rect(i).collidepoint(pos):
                if keep_confirm:
                    self.selected = i
                else:
                    self.select(i)
                return i
        return None

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        draw.paper_background(surface)
        draw.text(surface, "Load a game", (w // 2, 20), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        going = sum(1 for e in self.entries if e.ok and not e.finished)
        done = sum(1 for e in self.entries if e.ok and e.finished)
        bad = sum(1 for e in self.entries if not e.ok)
        parts = [f"{going} in progress", f"{done} finished"] + ([f"{bad} unreadable"] if bad else [])
        if self.entries:
            draw.text(surface, "   ·   ".join(parts), (w // 2, self.card.top - 10), 15, theme.INK_SOFT,
                      anchor="midbottom")
        draw.panel(surface, self.card)
        if not self.entries:
            draw.text(surface, "No saved games yet. Games are saved automatically as you play.",
                      self.card.center, 18, theme.INK_SOFT, anchor="center", max_width=self.card.width - 40)
        clip = surface.get_clip()
        surface.set_clip(self.scroll.rect)
        for i, e in enumerate(self.entries):
            rr = self._row_rect(i)
            if rr.bottom < self.scroll.rect.top or rr.top > self.scroll.rect.bottom:
                continue
            self._draw_row(surface, rr, e, i == self.selected)
        self.rows.draw(surface)
        surface.set_clip(clip)
        self.scroll.draw_scrollbar(surface)
        self.ui.draw(surface)
        text, colour = self.message if self.message else (HINT if self.entries else "", theme.INK_SOFT)
        draw.text(surface, text, (196, h - 43), 15, colour, anchor="midleft", max_width=w - 220)
        tip = self.rows.hovered_tooltip() or self.ui.hovered_tooltip()
        if tip:
            draw_tooltip(surface, tip, self._mouse)

    def _draw_row(self, surface: pygame.Surface, rr: pygame.Rect, e: saves.SaveEntry, selected: bool) -> None:
        fill = (250, 246, 236) if e.ok else (248, 232, 226)
        if selected:
            fill = (255, 250, 238) if e.ok else (250, 236, 230)
        draw.rounded_rect(surface, rr, fill, 10)
        edge = theme.ACCENT if selected else (theme.PAPER_DARK if e.ok else (220, 170, 160))
        draw.rounded_rect(surface, rr, edge, 10, width=2 if selected else 1)
        pic = pygame.Rect(0, 0, *THUMB)
        pic.midleft = (rr.left + 12, rr.centery)
        x = pic.right + 18
        text_w = max(60, rr.right - (376 if e.ok and e.finished else 250) - x)
        if not e.ok:
            draw.rounded_rect(surface, pic, (236, 220, 212), 8)
            draw.text(surface, "?", pic.center, 40, (200, 150, 140), bold=True, serif=True, anchor="center")
            draw.text(surface, "Unreadable file", (x, rr.top + 12), 17, theme.BAD, bold=True, max_width=text_w)
            draw.text(surface, e.path.name, (x, rr.top + 38), 14, theme.INK, max_width=text_w)
            draw.text_block(surface, e.error or "This file cannot be read.",
                            pygame.Rect(x, rr.top + 60, text_w, rr.height - 62), 13, theme.INK_SOFT)
            return
        thumbnail.draw_picture(surface, pic, self._pictures.get(e.path), e.game_id, e.game_title)
        badge_text, badge_fill, badge_ink = (("Finished", (226, 221, 210), theme.INK_SOFT) if e.finished
                                             else ("In progress", (222, 238, 226), theme.GOOD))
        bw = draw.font(12, True).size(badge_text)[0] + 18
        title_w = max(40, text_w - bw - 12)
        draw.text(surface, e.title, (x, rr.top + 10), 18, theme.INK, bold=True, serif=True, max_width=title_w)
        tw = min(title_w, draw.font(18, True, True).size(e.title)[0])
        badge = pygame.Rect(x + tw + 12, rr.top + 12, bw, 22)
        draw.rounded_rect(surface, badge, badge_fill, 11)
        draw.text(surface, badge_text, badge.center, 12, badge_ink, bold=True, anchor="center")
        game_line = f"{e.game_title}   ·   {e.turn_label}" if e.turn_label else e.game_title
        draw.text(surface, game_line, (x, rr.top + 40), 15, theme.ACCENT_DARK, bold=True, max_width=text_w)
        draw.text(surface, players_text(e), (x, rr.top + 64), 14, theme.INK, max_width=text_w)
        draw.text(surface, f"Saved {e.saved_at_text}", (x, rr.top + 86), 13, theme.INK_SOFT, max_width=text_w)
