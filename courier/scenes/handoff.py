"""Pass the device: hides the board until the next person says they have it.

Opaque on purpose, so nothing of the previous player's secrets is drawn underneath. Once the next
person confirms, the board builds their screen anew (see ``TableScene._new_seat_screen``), so no
hover, tooltip, selection or half-made plan of the previous person is left on it.

Under the name it lists what happened since that person's last decision (``handoff_summary``):
the public moves of everyone else, people and computers, in the game log's words, newest last,
so a computer's turn between two people is read even by someone who was looking away.

The table can also stop here without anyone revealing a turn: Esc (or the Menu button) turns the
card into a "leave the game" card (save under a name, go to the menu, quit Courier; the game is
autosaved either way), and Esc again, or Back, returns to the pass screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

import pygame

from courier.scenes import shell_keys
from courier.scenes.base import Scene
from courier.scenes.handoff_summary import Summary
from courier.ui import draw, sprites, theme
from courier.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App


#: the summary's text size, and the most lines of it the card lists (the game log has them all)
SUMMARY_SIZE = 15
MAX_LINES = 12
LOOK_AWAY = "Everyone else, look away: the next screen shows their secrets."


class HandoffScene(Scene):
    opaque = True

    def __init__(self, app: "App", name: str, colour: tuple[int, int, int], on_continue: Callable[[], None],
                 *, game_title: str = "", on_save: Callable[[], None] | None = None,
                 on_menu: Callable[[], None] | None = None, on_quit: Callable[[], None] | None = None,
                 summary: Summary | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.colour = tuple(colour)
        self.on_continue = on_continue
        self.game_title = game_title
        self.on_save, self.on_menu, self.on_quit = on_save, on_menu, on_quit
        #: what happened since this person's last decision (None: nothing)
        self.summary = summary
        #: the summary as it fits the card: wrapped lines per entry, and how many older ones are left out
        self.summary_shown: list[tuple[list[str], tuple[int, int, int] | None]] = []
        self.summary_left_out = 0
        self._summary_h = 0
        #: the "leave the game" card is showing instead of the pass card
        self.leaving = False
        self.ui = WidgetGroup()
        self.card = pygame.Rect(0, 0, 10, 10)
        self.button: Button | None = None
        self.leave_buttons: list[Button] = []
        self.menu_button: Button | None = None

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        px = theme.px
        content = (px(30) + draw.line_height(16, serif=True) + px(8) + draw.line_height(22) + px(10)
                   + max(px(64), draw.line_height(40, True, True)) + px(14) + 2 * draw.line_height(16) + px(20)
                   + px(54) + px(30))
        leave = (px(30) + draw.line_height(24, True, True) + px(10) + 2 * draw.line_height(16) + px(18)
                 + 4 * px(42) + 3 * px(8) + px(24))
        w = min(px(680 if self.summary else 620), size[0] - px(40))
        tallest, highest = size[1] - px(40), px(20)
        self._summary_h = 0
        if self.summary:
            # the note takes the lines it needs, and a card wide enough to pass under the Menu
            # button starts below it (the list gives up its oldest lines first)
            note = draw.text_block(None, LOOK_AWAY, pygame.Rect(0, 0, w - px(60), 1000), 16, align="center")
            content += note - 2 * draw.line_height(16)
            if (size[0] + w) // 2 > size[0] - px(16) - px(120):
                highest = px(16) + px(40) + px(8)
                tallest = size[1] - highest - px(20)
            self._summary_h = self._fit_summary(w - px(60), tallest - content)
        content += self._summary_h
        h = min(max(content, leave), tallest)
        self.card = pygame.Rect((size[0] - w) // 2, max(highest, (size[1] - h) // 2), w, h)
        self.ui.clear()
        label = f"I am {self.name}: show my turn"
        # wide enough for the name (16 letters at most), never wider than the card
        bw = min(w - px(60), max(px(300), theme.font(18, bold=True).size(label)[0] + px(60)))
        self.button = Button(pygame.Rect(self.card.centerx - bw // 2, self.card.bottom - px(84), bw, px(54)),
                             label, self._continue, style="primary", hotkey=pygame.K_RETURN, size=18,
                             tooltip="Only when you hold the device (Enter)")
        self.menu_button = None
        self.leave_buttons = []
        if self.on_menu is not None:
            mw, mh = px(120), px(40)
            self.menu_button = Button(pygame.Rect(size[0] - mw - px(16), px(16), mw, mh), "Menu", self._open_leave,
                                      icon="icon_menu", size=15,
                                      tooltip="Save, go to the menu or quit, without showing anyone's turn (Esc)")
            self._layout_leave(size)
        if self.leaving:
            for b in self.leave_buttons:
                self.ui.add(b)
        else:
            self.ui.add(self.button)
            if self.menu_button is not None:
                self.ui.add(self.menu_button)

    def _fit_summary(self, width: int, room: int) -> int:
        """Choose the newest summary lines that fit ``room`` pixels (at most ``MAX_LINES``);
        returns the height of the summary box (0 if not even its heading fits)."""
        px = theme.px
        assert self.summary is not None
        head = px(10) + draw.line_height(SUMMARY_SIZE + 1, bold=True) + px(4)
        lh = draw.line_height(SUMMARY_SIZE)
        room -= head + px(10) + px(14)  # the box's paddings and its gap to the note below
        entries = list(self.summary.lines)
        text_w = width - px(48)
        shown: list[tuple[list[str], tuple[int, int, int] | None]] = []
        used = 0
        for entry in reversed(entries):
            lines = draw.wrap(entry.text, text_w, SUMMARY_SIZE)
            if len(lines) > 2:  # two lines at most: the second ends with "…" when drawn
                lines = [lines[0], " ".join(lines[1:])]
            left = len(entries) - len(shown) - 1  # older entries that would still be left out
            need = len(lines) * lh + (lh if left else 0)
            if len(shown) >= MAX_LINES or used + need > room:
                break
            shown.insert(0, (lines, entry.colour))
            used += len(lines) * lh
        self.summary_shown = shown
        self.summary_left_out = len(entries) - len(shown)
        if not shown:
            return 0
        return head + used + (lh if self.summary_left_out else 0) + px(10) + px(14)

    def summary_texts(self) -> list[str]:
        """The summary's lines as drawn on the card (older ones left out are not among them)."""
        return [" ".join(lines) for lines, _ in self.summary_shown]

    def _draw_summary(self, surface: pygame.Surface, top: int) -> None:
        px = theme.px
        c = self.card
        box = pygame.Rect(c.left + px(30), top, c.width - px(60), self._summary_h - px(14))
        draw.rounded_rect(surface, box, theme.PAPER, px(10))
        assert self.summary is not None
        y = box.top + px(10)
        draw.text(surface, self.summary.heading, (box.left + px(14), y), SUMMARY_SIZE + 1, theme.INK_SOFT, bold=True,
                  max_width=box.width - px(28))
        y += draw.line_height(SUMMARY_SIZE + 1, bold=True) + px(4)
        lh = draw.line_height(SUMMARY_SIZE)
        if self.summary_left_out:
            more = f"{self.summary_left_out} earlier: see the game log"
            draw.text(surface, more, (box.left + px(34), y), SUMMARY_SIZE, theme.INK_SOFT, max_width=box.width - px(48))
            y += lh
        for lines, colour in self.summary_shown:
            dot = (box.left + px(20), y + lh // 2)
            if colour is not None:
                draw.swatch(surface, dot, px(5), colour)
            else:
                pygame.draw.circle(surface, theme.PAPER_DARK, dot, px(3))
            for line in lines:
                draw.text(surface, line, (box.left + px(34), y), SUMMARY_SIZE, theme.INK, max_width=box.width - px(48))
                y += lh

    def _layout_leave(self, size: tuple[int, int]) -> None:
        """The buttons of the "leave the game" card, stacked in the same card."""
        px = theme.px
        c = self.card
        rows = [("Back to the game", self._close_leave, "primary", "Back to passing the device (Esc)")]
        if self.on_save is not None:
            rows.append(("Save under a name", self.on_save, "secondary", "Keep this game under a name of your own"))
        rows.append(("Main menu", self.on_menu, "secondary", "Back to the title screen; the game is saved as it stands"))
        if self.on_quit is not None:
            rows.append(("Quit Courier", self.on_quit, "secondary", "Close Courier; the game is saved as it stands"))
        gap, bh = px(8), px(42)
        bw = min(c.width - px(60), px(340))
        top = c.bottom - px(24) - len(rows) * bh - (len(rows) - 1) * gap
        for i, (label, fn, style, tip) in enumerate(rows):
            rect = pygame.Rect(c.centerx - bw // 2, top + i * (bh + gap), bw, bh)
            self.leave_buttons.append(Button(rect, label, fn, style=style, size=16, tooltip=tip))

    def _open_leave(self) -> None:
        self.leaving = True
        self.focus_ring.clear()
        self.layout(self.size)

    def _close_leave(self) -> None:
        self.leaving = False
        self.focus_ring.clear()
        self.layout(self.size)

    def _continue(self) -> None:
        self.app.stack.remove(self)
        self.on_continue()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_menu is not None:
            if self.leaving:
                self._close_leave()
            else:
                self._open_leave()
            return True
        if self.leaving and event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.focus_ring.active:
                return True  # Enter reveals a turn only on the pass card, never here by accident
        return self.ui.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill((52, 46, 42))
        # a quiet pattern of parcels so the screen is clearly "not the board"
        px = theme.px
        for i, y in enumerate(range(-px(20), h, px(110))):
            for j, x in enumerate(range(-px(40) + (i % 2) * px(60), w, px(120))):
                img = sprites.scaled(sprites.parcel_name(i + j), px(40))
                img = img.copy()
                img.set_alpha(40)
                surface.blit(img, (x, y))
        px = theme.px
        draw.panel(surface, self.card, (252, 248, 238), radius=px(16))
        c = self.card
        band = pygame.Rect(c.left, c.top, c.width, px(14))
        draw.rounded_rect(surface, band, self.colour, px(8))
        pygame.draw.rect(surface, (252, 248, 238), (c.left, c.top + px(10), c.width, px(6)))
        if self.leaving:
            self._draw_leave(surface)
            return
        y = c.top + px(30)
        if self.game_title:
            draw.text(surface, self.game_title, (c.centerx, y), 16, theme.INK_SOFT, serif=True, anchor="midtop",
                      max_width=c.width - px(40))
            y += draw.line_height(16, serif=True) + px(8)
        r = draw.text(surface, "Pass the device to", (c.centerx, y), 22, theme.INK_SOFT, anchor="midtop")
        van_size = px(64)
        van = sprites.tinted("meeple", self.colour, van_size)
        name_w = min(draw.font(40, True, True).size(self.name)[0], c.width - van_size - px(60))
        x = c.centerx - (name_w + van_size + px(12)) // 2
        row = pygame.Rect(x, r.bottom + px(10), name_w + van_size + px(12), max(van_size, draw.line_height(40, True, True)))
        surface.blit(van, van.get_rect(midleft=(row.left, row.centery)))
        draw.text(surface, self.name, (row.left + van_size + px(12), row.centery), 40, theme.INK, bold=True, serif=True,
                  anchor="midleft", max_width=name_w)
        top = row.bottom + px(14)
        if self._summary_h:
            self._draw_summary(surface, top)
            top += self._summary_h
        note = pygame.Rect(c.left + px(30), top, c.width - px(60),
                           self.button.rect.top - top - px(6) if self.button else px(60))
        draw.text_block(surface, LOOK_AWAY, note, 16,
                        theme.INK_SOFT, align="center")
        self.ui.draw(surface)

    def _draw_leave(self, surface: pygame.Surface) -> None:
        px = theme.px
        c = self.card
        r = draw.text(surface, "Leave the game?", (c.centerx, c.top + px(30)), 24, theme.INK, bold=True, serif=True,
                      anchor="midtop", max_width=c.width - px(40))
        top = self.leave_buttons[0].rect.top if self.leave_buttons else c.bottom - px(60)
        note = pygame.Rect(c.left + px(30), r.bottom + px(10), c.width - px(60), max(px(20), top - r.bottom - px(20)))
        draw.text_block(surface, "Nobody's turn is shown. The game is saved as it stands: carry on later from Load.",
                        note, 16, theme.INK_SOFT, align="center")
        self.ui.draw(surface)

    def focusables(self):
        if self.leaving:
            return shell_keys.targets(((b, None) for b in self.leave_buttons), within=self.card)
        if self.button is None:
            return []
        t = shell_keys.target(self.button, f"I am {self.name}: show my turn (Enter)", key=("handoff", "go"),
                              within=self.card)
        out = [t] if t is not None else []
        if self.menu_button is not None:
            m = shell_keys.target(self.menu_button, "Menu: save, go to the menu or quit (Esc)", key=("handoff", "menu"))
            if m is not None:
                out.append(m)
        return out

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        if self.card.collidepoint(pos):  # the name may be shortened in a narrow window
            return f"Pass the device to {self.name}"
        return super().tooltip_at(pos)
