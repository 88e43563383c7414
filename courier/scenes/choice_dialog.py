"""A small question over the screen: a title, a line, and a column of answers.

Used where Escape must not do something final at once: on the title screen it asks "Quit
Courier?", on the board it opens the game menu (back to the game, save, rules, leave). Escape
always answers with the first choice (the one that changes nothing); the focus ring starts on it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from courier.scenes import shell_keys
from courier.scenes.base import Scene
from courier.ui import draw, theme
from courier.ui.focus import Target
from courier.ui.widgets import Button, WidgetGroup

if TYPE_CHECKING:
    from courier.app import App
    from courier.scenes.board import BoardScene


@dataclass
class Choice:
    label: str
    act: Callable[[], None]
    style: str = "secondary"
    tooltip: str | None = None


class ChoiceDialog(Scene):
    """The question; each answer closes the dialog, then does what it says."""

    opaque = False

    def __init__(self, app: "App", title: str, line: str, choices: list[Choice]) -> None:
        super().__init__(app)
        self.title, self.line, self.choices = title, line, choices
        self.ui = WidgetGroup()
        self.card = pygame.Rect(0, 0, 10, 10)
        self.buttons: list[Button] = []

    def enter(self) -> None:
        # the keyboard's ring shows on the answer that changes nothing: Enter at once is safe
        items = self.focusables()
        if items:
            self.focus_ring.active = True
            self.focus_ring._set(items[0])

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        px = theme.px
        bh, gap = px(48), px(10)
        w = min(px(440), size[0] - px(40))
        h = min(px(110) + len(self.choices) * (bh + gap) + px(40), size[1] - px(40))
        self.card = pygame.Rect((size[0] - w) // 2, (size[1] - h) // 2, w, h)
        self.ui.clear()
        self.buttons = []
        y = self.card.top + px(110)
        for c in self.choices:
            b = Button(pygame.Rect(self.card.left + px(40), y, w - px(80), bh), c.label,
                       lambda c=c: self._answer(c), style=c.style, tooltip=c.tooltip, size=17)
            self.buttons.append(self.ui.add(b))
            y += bh + gap

    def _answer(self, choice: Choice) -> None:
        self.app.stack.remove(self)
        choice.act()

    def focusables(self) -> list[Target]:
        return shell_keys.targets(((b, None) for b in self.buttons), zone="dialog", within=self.card)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.choices:
            self._answer(self.choices[0])
            return True
        used = self.ui.handle_event(event)
        if event.type == pygame.KEYDOWN and not used:
            return False  # the shared keyboard model takes it: Up/Down walk the answers
        return True  # the screen under the question takes nothing while it is open

    def draw(self, surface: pygame.Surface) -> None:
        px = theme.px
        c = self.card
        draw.overlay(surface, (24, 22, 20, 150))
        draw.panel(surface, c, (252, 248, 238), radius=px(16))
        draw.text(surface, self.title, (c.centerx, c.top + px(22)), 28, theme.INK, bold=True, serif=True,
                  anchor="midtop", max_width=c.width - px(40))
        draw.text(surface, self.line, (c.centerx, c.top + px(72)), 15, theme.INK_SOFT, anchor="midtop",
                  max_width=c.width - px(40))
        self.ui.draw(surface)


def ask_quit(app: "App") -> ChoiceDialog:
    """Escape on the title screen: "Quit Courier?" (Escape again stays)."""
    dialog = ChoiceDialog(app, "Quit Courier?", "Your games in progress are saved.", [
        Choice("Stay", lambda: None, tooltip="Back to the title screen (Esc)"),
        Choice("Quit", app.quit, style="danger", tooltip="Close Courier"),
    ])
    app.stack.push(dialog)
    return dialog


def game_menu(app: "App", board: "BoardScene") -> ChoiceDialog:
    """Escape on the board: the game menu. Leaving is one of its answers, never Escape itself."""
    choices = [Choice("Back to the game", lambda: None, "primary", "Close this menu (Esc)")]
    save = board.buttons.get("save")
    if save is not None and save.enabled:
        choices.append(Choice("Save", save.click, tooltip="Save the game under a name"))
    choices += [
        Choice("Rules", board.open_rules, tooltip="How this game is played"),
        Choice("Leave to the title screen", board.leave, tooltip=board.LEAVE_TIP),
    ]
    dialog = ChoiceDialog(app, "Game menu", board.match.game.title, choices)
    app.stack.push(dialog)
    return dialog
