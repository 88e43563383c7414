"""Save the game under a name the player types: a dialog over the board.

The name is kept inside the file and shown by Load; the file name is made from it safely
(``saves.free_slot``). Typing the name of an existing save asks before replacing it, and says
so plainly when that save holds another game still in progress. Once saved, the player is told
what was saved: on the board's status line, or, over a screen that hides the board (the pass
screen's menu), on this card for a moment.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from courier import saves
from courier.match import Match
from courier.saves.listing import short_turn
from courier.scenes import shell_keys
from courier.scenes.base import Scene
from courier.scenes.save_rows import middle_fit
from courier.scenes.table import TableScene
from courier.ui import draw, theme
from courier.ui.focus import Target
from courier.ui.widgets import Button, TextEntry, Widget, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App

#: at most this many existing saves are offered to replace (the newest)
MAX_LISTED = 6
ROW_H = 44


#: how long the card says "Saved" when nothing under it can (any key or click closes it sooner)
SAVED_SECONDS = 2.5


def saved_words(name: str, match: Match) -> str:
    """The confirmation of a save: its name, how far the game was, and where to find it."""
    turn = short_turn(match.turn_label())
    return f"Saved as “{name}”" + (f" ({turn})" if turn else "") + ": Load lists it."


def default_name(match: Match) -> str:
    """A name that says which game this is: ``"Next Day – Ann, Bob, Cy – Round 7"``."""
    title = match.game.title
    turn = short_turn(match.turn_label())
    players = ", ".join(s.name for s in match.seats)
    for parts in ((title, players, turn), (title, turn), (title,)):
        name = " – ".join(p for p in parts if p)
        if len(name) <= saves.MAX_NAME:
            return name
    return title[: saves.MAX_NAME]


class SaveDialog(Scene):
    opaque = False

    def __init__(self, app: "App", match: Match, on_saved: Callable[[str], None] | None = None, *,
                 thumbnail: bytes | None = None) -> None:
        super().__init__(app)
        self.match = match
        self.on_saved = on_saved
        self.thumbnail = thumbnail
        self.ui = WidgetGroup()
        self.card = pygame.Rect(0, 0, 10, 10)
        self.entries: list[saves.SaveEntry] = []
        self.error: str | None = None
        #: the existing save the typed name would replace, while the player is asked about it
        self.confirm: saves.SaveEntry | None = None
        self.entry = TextEntry(pygame.Rect(0, 0, 10, 10), default_name(match), max_len=saves.MAX_NAME,
                               placeholder="Type a name for this save", on_change=self._typed)
        self.pick = -1  # the listed save chosen with the arrow keys
        #: what was just saved, said on the card for a moment when no board under it can say it
        self.saved: str | None = None
        self.saved_left = 0.0
        self.rows: list[tuple[Button, saves.SaveEntry]] = []
        self.primary: Button | None = None
        self.secondary: Button | None = None

    def enter(self) -> None:
        self._read()
        self.layout(self.size)
        self.entry.focus(True)

    def exit(self) -> None:
        self.entry.focus(False)

    def _read(self) -> None:
        try:
            self.entries = saves.list_saves()
        except Exception as exc:  # the dialog still works without the list
            self.entries = []
            self.error = f"The saves folder could not be read: {exc}"

    @property
    def listed(self) -> list[saves.SaveEntry]:
        """Saves the player may choose to replace: readable, not autosaves, newest first."""
        return [e for e in self.entries if e.ok and not e.is_autosave][:MAX_LISTED]

    def existing(self, name: str) -> saves.SaveEntry | None:
        """The readable save (not an autosave) already called ``name``, ignoring case."""
        key = saves.clean_name(name).casefold()
        return next((e for e in self.entries if e.ok and not e.is_autosave and e.title.casefold() == key), None)

    def replaces_another_game(self) -> bool:
        """The save the player is asked about holds a different game that is not finished."""
        e = self.confirm
        return e is not None and not e.finished and not (e.match_id and e.match_id == self.match.match_id)

    # -- layout ------------------------------------------------------------------------------------
    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        px = theme.px
        w = min(px(700), size[0] - px(40))
        rows = len(self.listed)
        if self.saved is not None:
            self._layout_saved(size, w)
            return
        if self.confirm is not None:
            h = min(size[1] - px(30), px(156) + self._confirm_box(w)[0] + px(92))
        else:
            h = min(size[1] - px(30), px(266) + (px(34) + rows * px(ROW_H) if rows else 0))
        self.card = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        c = self.card
        self.ui.clear()
        self.rows: list[tuple[Button, saves.SaveEntry]] = []
        self.entry.rect = pygame.Rect(c.left + px(30), c.top + px(96), c.width - px(60), px(44))
        bottom = c.bottom - px(66)
        bw, cw, gap = px(150), px(130), px(12)
        if self.confirm is None:
            primary = ("Save", self.save, "primary", "Save under this name (Enter)")
            secondary = ("Cancel", self.close, "Back to the game (Escape)")
        else:
            primary = ("Replace", self._replace, "danger", "Replace that save with this game (Enter)")
            secondary = ("Back", self._back, "Choose another name (Escape)")
        label, fn, style, tip = primary
        self.primary = Button(pygame.Rect(c.right - px(30) - bw, bottom, bw, px(46)), label, fn, style=style, tooltip=tip)
        label, fn, tip = secondary
        self.secondary = Button(pygame.Rect(c.right - px(30) - bw - gap - cw, bottom, cw, px(46)), label, fn,
                                style="ghost", tooltip=tip)
        self.ui.add(self.primary)
        self.ui.add(self.secondary)
        if self.confirm is None:
            self.ui.add(self.entry)
            for i, e in enumerate(self.listed):
                r = self._row_rect(i)
                if r.bottom > bottom - px(8):
                    break
                b = Button(r, "", lambda e=e: self._choose(e), style="ghost",
                           tooltip=f"Use the name “{e.title}” ({self._detail(e)}): that save will be replaced "
                                   "(you are asked first)")
                self.ui.add(b)
                self.rows.append((b, e))

    def _layout_saved(self, size: tuple[int, int], w: int) -> None:
        """The card saying what was saved, with OK."""
        px = theme.px
        text_h = draw.text_block(None, self.saved or "", pygame.Rect(0, 0, w - px(60), 999), 17)
        h = min(size[1] - px(30), px(84) + text_h + px(96))
        self.card = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.ui.clear()
        self.rows = []
        bw = px(150)
        self.primary = Button(pygame.Rect(self.card.right - px(30) - bw, self.card.bottom - px(66), bw, px(46)), "OK",
                              self.close, style="primary", tooltip="Back (any key)")
        self.secondary = None
        self.ui.add(self.primary)

    def _row_rect(self, i: int) -> pygame.Rect:
        px = theme.px
        return pygame.Rect(self.card.left + px(30), self.card.top + px(222) + i * px(ROW_H), self.card.width - px(60),
                           px(ROW_H - 6))

    @staticmethod
    def _detail(e: saves.SaveEntry) -> str:
        return f"{e.game_title} · {short_turn(e.turn_label)} · {e.saved_at_text}"

    # -- keyboard ----------------------------------------------------------------------------------
    def focusables(self) -> list[Target]:
        """The name box, the saves that may be replaced, Save, Cancel (or, while asking: Replace,
        Back); all inside the card."""
        pairs: list[tuple[Widget | None, str | None]] = []
        if self.saved is not None:
            return shell_keys.targets([(self.primary, None)], zone="dialog", within=self.card)
        if self.confirm is None:
            pairs.append((self.entry, f"Name of the save: {self.entry.text or '(empty)'}"))
            pairs += [(b, f"Replace “{e.title}” ({self._detail(e)})") for b, e in self.rows]
        pairs += [(self.primary, None), (self.secondary, None)]
        return shell_keys.targets(pairs, zone="dialog", within=self.card)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if self.entry.rect.collidepoint(pos) and self.entry.text:
            return f"Name: {self.entry.text}"
        return super().tooltip_at(pos)

    def hint(self) -> str:
        if self.saved is not None:
            return "Any key: back"
        if self.confirm is not None:
            return "Enter: replace  ·  Esc: back  ·  Tab: next"
        if self.listed:
            return "Type a name  ·  Enter: save  ·  ↑ ↓: a save to replace  ·  Tab: next  ·  Esc: cancel"
        return "Type a name  ·  Enter: save  ·  Tab: next  ·  Esc: cancel"

    def _hint_rect(self) -> pygame.Rect:
        px = theme.px
        c = self.card
        beside = self.secondary or self.primary
        return pygame.Rect(c.left + px(30), c.bottom - px(70), max(px(40), beside.rect.left - px(14) - c.left - px(30)),
                           px(54))

    # -- acting ------------------------------------------------------------------------------------
    def _typed(self, text: str) -> None:
        self.error = None
        self.pick = -1

    def _choose(self, e: saves.SaveEntry) -> None:
        self.entry.text = e.title
        self.entry.caret = len(e.title)
        self.entry.focus(True)
        self.error = None
        ring = self.focus_ring
        if ring.active:  # chosen by keys: the ring goes back to the name, where typing goes
            t = next((t for t in self.focusables() if t.takes_text), None)
            if t is not None:
                ring._set(t)

    def save(self) -> None:
        """Save under the typed name; ask first if a save of that name exists."""
        name = saves.clean_name(self.entry.text)
        if not name:
            self.error = "Type a name for the save."
            return
        found = self.existing(name)
        if found is not None:
            self.confirm = found
            self.entry.focus(False)
            self.layout(self.size)
            return
        self._write(name, None)

    def _replace(self) -> None:
        target, self.confirm = self.confirm, None
        if target is not None:
            self._write(saves.clean_name(self.entry.text), target)
        self.layout(self.size)

    def _back(self) -> None:
        self.confirm = None
        self.layout(self.size)
        self.entry.focus(True)

    def _write(self, name: str, target: saves.SaveEntry | None) -> None:
        try:
            if target is not None:
                saves.save_match(self.match, target.slot, name=name, thumbnail=self.thumbnail, replace=True)
            else:
                saves.save_match(self.match, saves.free_slot(name), name=name, thumbnail=self.thumbnail,
                                 replace=False)
        except saves.SaveExists:
            # a save appeared under that file name since the list was read: ask again
            self._read()
            self.confirm = self.existing(name)
            self.error = None if self.confirm else "That name was just taken; try again."
            self.layout(self.size)
            return
        except saves.SaveError as exc:
            self.error = str(exc)
            return
        said = saved_words(name, self.match)
        if self.on_saved:
            self.on_saved(said)
        if self._said_below():
            self.close()
            return
        self._confirm_saved(said)

    def _said_below(self) -> bool:
        """The board the game is on is right under this card: its status line says what was saved.
        Over another screen (the pass-the-device card) the card itself says it, for a moment."""
        scenes = self.app.stack.scenes
        below = scenes[scenes.index(self) - 1] if self in scenes and scenes.index(self) > 0 else None
        return isinstance(below, TableScene) and below.match is self.match

    def _confirm_saved(self, said: str) -> None:
        self.saved, self.saved_left = said, SAVED_SECONDS
        self.confirm = None
        self.entry.focus(False)
        self.focus_ring.clear()
        self.layout(self.size)

    def close(self) -> None:
        self.entry.focus(False)
        self.app.stack.remove(self)

    def _step_pick(self, d: int) -> None:
        listed = self.listed
        if not listed:
            return
        self.pick = (self.pick + d) % len(listed) if self.pick >= 0 else (0 if d > 0 else len(listed) - 1)
        self._choose(listed[self.pick])

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.saved is not None:
            if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1):
                self.close()  # the key ends here: it does nothing on the screen under the card
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self._replace() if self.confirm is not None else self.save()
                return True
            if event.key == pygame.K_ESCAPE:
                self._back() if self.confirm is not None else self.close()
                return True
            if self.confirm is None and event.key in (pygame.K_DOWN, pygame.K_UP):
                self._step_pick(1 if event.key == pygame.K_DOWN else -1)
                return True
        if self.ui.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and not self.card.collidepoint(event.pos):
            self.close()
        return True  # modal: nothing reaches the board

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        if self.saved is not None:
            self.saved_left -= dt
            if self.saved_left <= 0:
                self.close()

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        px = theme.px
        c = self.card
        draw.overlay(surface, (24, 22, 20, 150))
        draw.panel(surface, c, (252, 248, 238), radius=px(16))
        if self.saved is not None:
            draw.text(surface, "Saved", (c.centerx, c.top + px(22)), 28, theme.GOOD, bold=True, serif=True,
                      anchor="midtop")
            draw.text_block(surface, self.saved, pygame.Rect(c.left + px(30), c.top + px(80), c.width - px(60),
                                                             c.height - px(160)), 17, theme.INK)
            self.ui.draw(surface)
            self._draw_hint(surface)
            return
        draw.text(surface, "Save the game", (c.centerx, c.top + px(22)), 28, theme.INK, bold=True, serif=True,
                  anchor="midtop")
        draw.text(surface, "Name", (c.left + px(32), c.top + px(90)), 14, theme.INK_SOFT, bold=True, anchor="bottomleft")
        if self.confirm is None:
            self.ui.draw(surface)
            self._draw_list(surface)
        else:
            self.entry.draw(surface)
            self._draw_confirm(surface)
            self.ui.draw(surface)
        if self.error:
            draw.text_block(surface, self.error, pygame.Rect(c.left + px(30), c.top + px(148), c.width - px(60), px(44)),
                            14, theme.BAD)
        self._draw_hint(surface)

    def _draw_hint(self, surface: pygame.Surface) -> None:
        hint = self._hint_rect()
        used = draw.text_block(None, self.hint(), hint, 13)
        draw.text_block(surface, self.hint(), pygame.Rect(hint.left, hint.centery - used // 2, hint.width, hint.height),
                        13, theme.INK_SOFT)

    def _draw_list(self, surface: pygame.Surface) -> None:
        if not self.rows:
            return
        px = theme.px
        c = self.card
        draw.text(surface, "Or replace one of your saves", (c.left + px(32), c.top + px(216)), 14, theme.INK_SOFT,
                  bold=True, anchor="bottomleft")
        typed = saves.clean_name(self.entry.text).casefold()
        for b, e in self.rows:
            r = b.rect
            chosen = e.title.casefold() == typed
            if chosen:
                draw.rounded_rect(surface, r, (255, 236, 214), px(8))
                draw.rounded_rect(surface, r, theme.ACCENT, px(8), width=1)
            # cut in the middle: saves of one game differ at the end of their names (the round)
            draw.text(surface, middle_fit(e.title, 16, r.width // 2 - px(16), bold=True), (r.left + px(12), r.centery),
                      16, theme.INK, bold=True, anchor="midleft", max_width=r.width // 2 - px(16))
            draw.text(surface, self._detail(e), (r.right - px(12), r.centery), 13, theme.INK_SOFT, anchor="midright",
                      max_width=r.width // 2 - px(8))

    def _confirm_paragraphs(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """The question about replacing ``confirm``: (text, colour, bold) per paragraph."""
        e = self.confirm
        assert e is not None
        paragraphs = [(f"A save called “{e.title}” already exists: {e.game_title}, {e.turn_label}, "
                       f"saved {e.saved_at_text}.", theme.INK, False)]
        if self.replaces_another_game():
            paragraphs.append(("It holds another game that is not finished. Replacing it loses that game.", theme.BAD, True))
        elif e.finished:
            paragraphs.append(("It holds a finished game. Replacing it loses that record.", theme.BAD, False))
        else:
            paragraphs.append(("It is an earlier save of this game.", theme.INK_SOFT, False))
        paragraphs.append(("Replace it with this game?", theme.INK, True))
        return paragraphs

    def _confirm_box(self, width: int) -> tuple[int, list[int]]:
        """Height of the question's box for a card ``width`` wide, and of each paragraph."""
        px = theme.px
        heights = [draw.text_block(None, t, pygame.Rect(0, 0, width - px(84), 999), 15, bold=b)
                   for t, _, b in self._confirm_paragraphs()]
        return sum(heights) + px(8) * (len(heights) - 1) + px(28), heights

    def _draw_confirm(self, surface: pygame.Surface) -> None:
        px = theme.px
        c = self.card
        box_h, heights = self._confirm_box(c.width)
        box = pygame.Rect(c.left + px(30), c.top + px(156), c.width - px(60), min(box_h, c.bottom - px(82) - (c.top + px(156))))
        other_game = self.replaces_another_game()
        draw.panel(surface, box, (255, 242, 232) if other_game else (250, 246, 236), radius=px(10),
                   border=theme.BAD if other_game else theme.PAPER_DARK, with_shadow=False)
        y = box.top + px(14)
        for (text, colour, bold), h in zip(self._confirm_paragraphs(), heights):
            draw.text_block(surface, text, pygame.Rect(box.left + px(12), y, box.width - px(24), h), 15, colour, bold=bold)
            y += h + px(8)
