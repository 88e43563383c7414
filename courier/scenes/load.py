"""The save list: every game in progress and every finished one, with a picture of its board.

Each row says what the save is (its name, or Autosave), the game, who plays (and who is the
computer), the round, the date and whether the game is finished. Rows are chosen with the mouse
or the arrow keys; Enter loads, Delete asks and then deletes. Unreadable files are listed with
why. Listing only reads the files; a background check then replays each save's moves as loading
does, and a save that fails it (its moves or position damaged, though it reads well) is marked
damaged as soon as the check reaches it.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING, Callable

import pygame

from courier import saves
from courier.saves import listing as save_list
from courier.saves import verdicts as save_verdicts
from courier.replaydata import ReplayError
from courier.scenes import flow, save_rows, shell_keys
from courier.scenes.save_rows import (
    THUMB,
    cannot_load,
    game_line,
    middle_cut,
    middle_fit,
    players_text,
)
from courier.scenes.base import Scene
from courier.ui import draw, theme, thumbnail
from courier.ui.focus import Target
from courier.ui.widgets import Button, ScrollView, WidgetGroup, draw_tooltip

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

ROW_H = 116  # design pixels: see ``row_h``
HINT = "↑ ↓ or Tab: choose   ·   Enter or double-click: load   ·   W: watch   ·   Delete: remove   ·   Esc: back"


def row_h() -> int:
    """One row of the list at the interface scale."""
    return theme.px(ROW_H)
#: two clicks on one row within this many seconds load it
DOUBLE_CLICK = 0.45


def open_save(app: "App", path: Path, on_error: Callable[[str], None]) -> bool:
    """Load ``path`` and show its board; a SaveError becomes a message, never a crash."""
    try:
        match = saves.open_match(path)  # drawn at once; its log is proven while the board shows
    except saves.SaveError as exc:
        on_error(str(exc))
        return False
    if not match.is_over():
        saves.play_on_from(match, path)  # an older save of a game never replaces its autosave
    flow.to_table(app, match)
    return True


def slot_title(slot: str) -> str:
    """What a save file is called when it carries no name of its own."""
    return saves.SaveEntry(path=Path(f"{slot}.json"), slot=slot, ok=True).title


class LoadScene(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.entries: list[saves.SaveEntry] = []
        self.ui = WidgetGroup()
        self.rows = WidgetGroup()
        self.scroll = ScrollView(pygame.Rect(0, 0, 10, 10), line=ROW_H // 2)
        self.back_button: Button | None = None
        self.row_buttons: dict[int, list[Button]] = {}
        self.message: tuple[str, tuple[int, int, int]] | None = None
        self.confirm: Path | None = None
        self.selected = 0
        self.card = pygame.Rect(0, 0, 10, 10)
        self._mouse = (0, 0)
        self._pictures: dict[Path, pygame.Surface | None] = {}
        self._last_click: tuple[int, float] | None = None
        #: the whole check of the listed saves, running behind the screen
        self.check: save_verdicts.BackgroundCheck | None = None
        #: saves whose rows would read alike to the minute: their time is shown to the second
        self._to_the_second: set[Path] = set()
        #: the player has chosen a row since the screen opened (the first row is only lit for them)
        self.picked = False

    def enter(self) -> None:
        self.refresh()

    def exit(self) -> None:
        self._stop_check()

    def _stop_check(self) -> None:
        if self.check is not None:
            self.check.stop()
            self.check = None

    def _start_check(self) -> None:
        """Check, behind the screen, every save listed as readable whose verdict is not known yet."""
        self._stop_check()
        todo = [e.path for e in self.entries if e.ok]
        if todo:
            self.check = save_verdicts.BackgroundCheck(todo)

    def update(self, dt: float) -> None:
        self._take_verdicts()

    def _take_verdicts(self) -> None:
        """Mark the saves the background check has refused since the last frame."""
        check = self.check
        if check is None:
            return
        finished = check.done()
        found = check.take()
        changed = False
        for i, e in enumerate(self.entries):
            why = found.get(e.path)
            if e.ok and why:
                self.entries[i] = save_list.damaged(e, why)
                changed = True
        if finished:  # everything it found was taken above
            self.check = None
        if changed:
            self._build_rows()

    def refresh(self) -> None:
        try:
            self.entries = save_list.one_row_each(saves.list_saves())  # a position once, whatever holds it
        except Exception as exc:
            log.warning("could not list saves: %s", exc)
            self.entries = []
            self.message = ("The saves folder could not be read.", theme.BAD)
        self._pictures = {e.path: thumbnail.decode(e.thumbnail) for e in self.entries if e.ok or e.damaged}
        self._to_the_second = save_rows.alike(self.entries)
        self.selected = max(0, min(self.selected, len(self.entries) - 1))
        self.layout(self.size)
        self._start_check()

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        cw = min(px(1120), w - px(48))
        top = px(104) if h >= px(680) else px(88)
        self.card = pygame.Rect((w - cw) // 2, top, cw, h - top - px(84))
        self.scroll.rect = self.card.inflate(-px(20), -px(20))
        self.scroll.line = row_h() // 2
        self.scroll.set_content_height(len(self.entries) * row_h())
        self.ui.clear()
        self.back_button = Button(pygame.Rect(px(24), h - px(66), px(150), px(46)), "Back", self._back, style="ghost",
                                  hotkey=pygame.K_ESCAPE, tooltip="Back to the title screen (Escape)")
        self.ui.add(self.back_button)
        self._build_rows()

    def _row_rect(self, i: int) -> pygame.Rect:
        r = self.scroll.rect
        return pygame.Rect(r.left, r.top + i * row_h() - self.scroll.offset, r.width - theme.px(16),
                           row_h() - theme.px(10))

    def _buttons_w(self, e: saves.SaveEntry) -> int:
        """Room the row's buttons take at its right."""
        return theme.px(376 if e.ok and e.finished else 250)

    def _build_rows(self) -> None:
        px = theme.px
        self.rows.clear()
        self.row_buttons: dict[int, list[Button]] = {}
        for i, e in enumerate(self.entries):
            rr = self._row_rect(i)
            label, tip = ("View", "See how this finished game ended") if e.finished else ("Load", "Play on from here (Enter)")
            bh = px(44)
            load = Button(pygame.Rect(rr.right - px(236), rr.centery - bh // 2, px(116), bh), label,
                          lambda p=e.path: self._load(p), style="primary", enabled=e.ok,
                          tooltip=tip if e.ok else cannot_load(e))
            confirming = self.confirm == e.path
            delete = Button(pygame.Rect(rr.right - px(110), rr.centery - bh // 2, px(100), bh),
                            "Sure?" if confirming else "Delete", lambda p=e.path: self._delete(p),
                            style="danger" if confirming else "secondary",
                            tooltip="Click again to delete it for good" if confirming
                            else "Delete this save (Delete)" if e.ok or e.damaged else "Delete this file (Delete)")
            visible = rr.bottom > self.scroll.rect.top and rr.top < self.scroll.rect.bottom
            load.visible = delete.visible = visible
            self.rows.add(load)
            self.rows.add(delete)
            buttons = [load]
            if e.ok and e.finished:
                watch = Button(pygame.Rect(rr.right - px(362), rr.centery - bh // 2, px(116), bh), "Watch",
                               lambda p=e.path: self._watch(p), style="secondary",
                               tooltip="Watch the whole game again, move by move (W)")
                watch.visible = visible
                self.rows.add(watch)
                buttons = [watch, load]
            self.row_buttons[i] = buttons + [delete]

    def date_of(self, e: saves.SaveEntry) -> str:
        """When ``e`` was saved, to the second if another row would otherwise read the same."""
        return e.saved_at_seconds if e.path in self._to_the_second else e.saved_at_text

    # -- keyboard ----------------------------------------------------------------------------------
    def row_label(self, e: saves.SaveEntry) -> str:
        """Everything a row says, whole (its lines may be shortened on screen)."""
        if e.damaged:
            return f"Damaged save {e.title}: {game_line(e)}. {players_text(e)}. {e.error}"
        if not e.ok:
            return f"Unreadable file {e.path.name}: {e.error or 'This file cannot be read.'}"
        state = "finished" if e.finished else "in progress"
        return f"{e.title} ({state}): {game_line(e)}. {players_text(e)}. Saved {self.date_of(e)}"

    def focusables(self) -> list[Target]:
        """Each row in view, then its buttons (Watch, Load or View, Delete) when the row is wholly in
        view, then Back. A row reached with Tab is chosen (and scrolled into view), so the arrow
        keys and the ring agree."""
        out: list[Target] = []
        view = self.scroll.rect
        for i, e in enumerate(self.entries):
            rr = self._row_rect(i)
            shown = pygame.Rect(rr.left, rr.top, rr.width - self._buttons_w(e), rr.height).clip(view)
            if shown.height < theme.px(24):
                continue
            # a row half in view is a target too (its visible part); reached, it scrolls into view
            out.append(Target(shown, self.row_label(e), key=("save", str(e.path)), zone="panel",
                              activate=lambda i=i: self._enter_row(i), within=view,
                              on_focus=lambda on, i=i: self._focus_row(i) if on else None))
            if not view.contains(rr):
                continue
            for b in self.row_buttons.get(i, []):
                t = shell_keys.target(b, f"{b.text}: {e.title}", key=("save", str(e.path), b.text), within=view)
                if t is not None:
                    out.append(t)
        if self.back_button is not None:
            t = shell_keys.target(self.back_button, key=("load", "back"))
            if t is not None:
                out.append(t)
        return out

    def _focus_row(self, i: int) -> None:
        self.picked = True
        if i != self.selected:
            self.select(i)

    def _show_choice(self) -> None:
        """Enter before any row was chosen: it shows which save Enter would load (the ring comes
        onto the lit row) and loads nothing; an Enter meant for the screen before never opens a game."""
        self.picked = True
        e = self.entries[self.selected]
        self.focus_ring.active = True
        self._ring_to_selected()
        if e.ok:
            self._say(f"“{middle_cut(e.title, 48)}”: Enter again to {'see' if e.finished else 'load'} it, "
                      "or ↑ ↓ to choose another.", theme.INK)
        else:
            self._say(cannot_load(e), theme.BAD)

    def _enter_row(self, i: int) -> None:
        """Enter on a row: delete it when asked to confirm, else load it (or say why not)."""
        if not 0 <= i < len(self.entries):
            return
        self.selected = i
        e = self.entries[i]
        if self.confirm == e.path:
            self._delete(e.path)
        elif e.ok:
            self._load(e.path)
        else:
            self._say(cannot_load(e), theme.BAD)

    def _ring_to_selected(self) -> None:
        """The arrow keys chose a row: the focus ring (when showing) goes there too."""
        ring = self.focus_ring
        if not ring.active or not self.entries:
            return
        want = ("save", str(self.entries[self.selected].path))
        t = next((t for t in self.focusables() if t.id == want), None)
        if t is not None:
            ring._set(t)

    # -- acting ------------------------------------------------------------------------------------
    def _back(self) -> None:
        self.app.stack.pop()

    def _load(self, path: Path) -> None:
        open_save(self.app, path, on_error=lambda msg: self._say(msg, theme.BAD))

    def _watch(self, path: Path) -> None:
        """Step through a finished game from its first move (secrets may be shown: it is over)."""
        try:
            flow.watch_save(self.app, path)
        except ReplayError:
            self._say("This game can no longer be watched move by move; Load still shows how it ended.", theme.BAD)

    def _delete(self, path: Path) -> None:
        if self.confirm != path:
            self.confirm = path
            entry = next((e for e in self.entries if e.path == path), None)
            if entry is None:
                title = "this save"
            elif entry.ok or entry.damaged:
                title = entry.title
            else:
                title = entry.path.name  # a file that cannot be read: named by its file name
            self._say(f"Delete “{middle_cut(title, 36)}”? Press Delete again or click Sure?  Escape keeps it.", theme.BAD)
            self._build_rows()
            return
        self.confirm = None
        entry = next((e for e in self.entries if e.path == path), None)
        try:
            for each in (path, *(entry.same_as if entry is not None else ())):
                saves.delete_save(each)  # the row is gone whole: no copy of it comes back
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
        self.picked = True
        if i != self.selected and self.confirm is not None:
            self.confirm = None
            self.message = None
        self.selected = i
        top, bottom = i * row_h(), (i + 1) * row_h()
        if top < self.scroll.offset:
            self.scroll.offset = top
        elif bottom > self.scroll.offset + self.scroll.rect.height:
            self.scroll.offset = bottom - self.scroll.rect.height
        self.scroll.offset = max(0, min(self.scroll.max_offset, self.scroll.offset))
        self._build_rows()

    def _keys(self, event: pygame.event.Event) -> bool:
        n = len(self.entries)
        per_page = max(1, self.scroll.rect.height // row_h())
        moves = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: per_page, pygame.K_PAGEUP: -per_page}
        if event.key in moves and n:
            self.select(self.selected + moves[event.key])
            self._ring_to_selected()
            return True
        if event.key in (pygame.K_HOME, pygame.K_END) and n:
            self.select(0 if event.key == pygame.K_HOME else n - 1)
            self._ring_to_selected()
            return True
        if not n:
            return False
        e = self.entries[self.selected]
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and not self.picked:
            self._show_choice()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self._enter_row(self.selected)
            return True
        if event.key == pygame.K_w and e.ok and e.finished:
            self._watch(e.path)
            return True
        if event.key in (pygame.K_DELETE, pygame.K_BACKSPACE):
            self._delete(e.path)  # any row: a save, a damaged one, a file that cannot be read (asked first)
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
                    self.selected, self.picked = i, True
                else:
                    self.select(i)
                return i
        return None

    # -- drawing -----------------------------------------------------------------------------------
    def _foot_rect(self) -> pygame.Rect:
        px = theme.px
        w, h = self.size
        return pygame.Rect(px(196), h - px(76), w - px(196) - px(24), px(66))

    def _foot_text(self) -> tuple[str, tuple[int, int, int]]:
        return self.message if self.message else (HINT if self.entries else "", theme.INK_SOFT)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if self._foot_rect().collidepoint(pos):
            return self._foot_text()[0] or None
        return super().tooltip_at(pos) or self._row_tip(pos)

    def _row_tip(self, pos: tuple[int, int], only_cut: bool = False) -> str | None:
        """Over a row's words: the whole of it, its name first (a long name is cut on screen);
        with ``only_cut``, only for a row whose name is cut (the tooltip drawn on hovering)."""
        if not self.scroll.rect.collidepoint(pos):
            return None
        for i, e in enumerate(self.entries):
            rr = self._row_rect(i)
            words = pygame.Rect(rr.left + theme.px(THUMB[0] + 30), rr.top, 0, rr.height)
            words.width = max(0, rr.right - self._buttons_w(e) - words.left)
            if words.collidepoint(pos):
                if only_cut and not e.damaged and middle_fit(e.title, 18, self._title_w(e), bold=True,
                                                             serif=True) == e.title:
                    return None
                return self.row_label(e)
        return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = theme.px
        draw.paper_background(surface)
        draw.text(surface, "Load a game", (w // 2, px(20)), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        going = sum(1 for e in self.entries if e.ok and not e.finished)
        done = sum(1 for e in self.entries if e.ok and e.finished)
        damaged = sum(1 for e in self.entries if e.damaged)
        bad = sum(1 for e in self.entries if not e.ok and not e.damaged)
        parts = ([f"{going} in progress", f"{done} finished"] + ([f"{damaged} damaged"] if damaged else [])
                 + ([f"{bad} unreadable"] if bad else []))
        if self.entries:
            draw.text(surface, "   ·   ".join(parts), (w // 2, self.card.top - px(8)), 15, theme.INK_SOFT,
                      anchor="midbottom")
        draw.panel(surface, self.card)
        if not self.entries:
            draw.text_block(surface, "No saved games yet. Games are saved automatically as you play.",
                            pygame.Rect(self.card.left + px(40), self.card.centery - px(20), self.card.width - px(80),
                                        self.card.height // 2), 18, theme.INK_SOFT, align="center")
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
        text, colour = self._foot_text()
        if text:
            foot = self._foot_rect()
            used = draw.text_block(None, text, foot, 15)
            draw.text_block(surface, text, pygame.Rect(foot.left, foot.centery - used // 2, foot.width, foot.height),
                            15, colour)
        tip = self.rows.hovered_tooltip() or self.ui.hovered_tooltip() or self._row_tip(self._mouse, only_cut=True)
        if tip:
            draw_tooltip(surface, tip, self._mouse)

    def _title_w(self, e: saves.SaveEntry) -> int:
        """Room for a row's name: the words' width less its badge."""
        px = theme.px
        x = self.scroll.rect.left + px(12) + px(THUMB[0]) + px(18)
        text_w = max(px(60), self.scroll.rect.left + self.scroll.rect.width - px(16) - self._buttons_w(e) - x)
        bw = draw.font(12, True).size(save_rows.badge(e)[0])[0] + px(18)
        return max(px(40), text_w - bw - px(12))

    def _draw_row(self, surface: pygame.Surface, rr: pygame.Rect, e: saves.SaveEntry, selected: bool) -> None:
        x = rr.left + theme.px(12) + theme.px(THUMB[0]) + theme.px(18)
        save_rows.draw_row(surface, rr, e, selected, view=self.scroll.rect, picture=self._pictures.get(e.path),
                           text_w=max(theme.px(60), rr.right - self._buttons_w(e) - x), title_w=self._title_w(e),
                           date=self.date_of(e))
