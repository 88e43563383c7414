"""Keyboard helpers shared by the screens around the board (menu, set-up, load, save, settings...).

The shared model (``courier.ui.focus``) makes a target of every widget; these helpers let a
screen name its targets in the player's words ("Seat 2 name: Ann" rather than "Ann"), put them
in the order a person reads the screen, and give text boxes one behaviour everywhere: Tab or
Enter reaches a box and typing starts; Enter ends the typing and moves on; Escape ends it and
stays.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterable

import pygame

from courier.ui import theme
from courier.ui.focus import Target
from courier.ui.widgets import TextEntry, Widget, WidgetGroup

if TYPE_CHECKING:
    from courier.scenes.base import Scene

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def target(widget: Widget, label: str | None = None, *, zone: str = "panel",
           within: pygame.Rect | None = None, key: object = None) -> Target | None:
    """The keyboard target of one widget (None for a widget the keyboard has nothing to do with),
    named ``label`` when given."""
    if not widget.visible:
        return None
    found = WidgetGroup([widget]).targets(zone, within)
    if not found:
        return None
    t = found[0]
    if label is not None:
        t.label = label
    if key is not None:
        t.key = key
    return t


def targets(pairs: Iterable[tuple[Widget | None, str | None]], **kw) -> list[Target]:
    """Targets of ``(widget, label)`` pairs in that order (widgets that are None are skipped)."""
    out = []
    for w, label in pairs:
        if w is None:
            continue
        t = target(w, label, **kw)
        if t is not None:
            out.append(t)
    return out


def card_scroll(event: pygame.event.Event, mouse: tuple[int, int], card: pygame.Rect, view: pygame.Rect,
                scroll_by: Callable[[int], None]) -> bool:
    """A card that scrolls (the set-up's, the settings'): the wheel over it moves a row's height,
    Page Up/Page Down a view's height less a row. True when the event was used."""
    row = theme.px(58)
    if event.type == pygame.MOUSEWHEEL and card.collidepoint(mouse):
        scroll_by(-event.y * row)
        return True
    if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
        scroll_by((1 if event.key == pygame.K_PAGEDOWN else -1) * (view.height - row))
        return True
    return False


def typing_box(boxes: Iterable[TextEntry]) -> TextEntry | None:
    """The text box being typed in, if any."""
    return next((b for b in boxes if b.focused), None)


def focused_box(scene: "Scene", boxes: Iterable[TextEntry]) -> TextEntry | None:
    """The text box the focus ring is on (typing or not)."""
    ring = scene.focus_ring
    if not ring.active:
        return None
    cur = ring.focused(scene.focusables())
    if cur is None or not cur.takes_text:
        return None
    return next((b for b in boxes if b.rect == cur.rect), None)


def box_keys(scene: "Scene", boxes: list[TextEntry], event: pygame.event.Event) -> bool:
    """Enter and Escape around text boxes (see the module); True when the key was used."""
    if event.type != pygame.KEYDOWN or event.key not in (*ENTER, pygame.K_ESCAPE):
        return False
    typing = typing_box(boxes)
    if typing is not None:
        typing.focus(False)
        if event.key in ENTER and scene.focus_ring.active:
            items = scene.focusables()
            scene.focus_ring.step(items, 1)
        return True
    if event.key in ENTER:
        box = focused_box(scene, boxes)
        if box is not None and box.enabled:
            box.focus(True)
            return True
    return False
