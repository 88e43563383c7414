"""Small hand-made widgets in the house style, for the scenes and the games' side panels.

Every widget has ``rect``, ``handle_event(event) -> bool`` (True when it used the event),
``update(dt)`` and ``draw(surface)`` (which changes nothing). Hover comes from mouse events, so
synthetic events in tests behave like a real mouse. Put widgets in a :class:`WidgetGroup` to pass
events and draw them together::

    from courier.ui.widgets import Button, WidgetGroup
    ui = WidgetGroup()
    ui.add(Button(pygame.Rect(20, 20, 160, 44), "Roll", on_click=self._roll, icon="die_6"))
    ...
    if ui.handle_event(event): return True        # in handle_event
    ui.draw(surface)                              # in draw

A button fires when the mouse is pressed AND released on it (or on its ``hotkey``); a click
that changes the scene therefore never also clicks the next scene's button.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

import pygame

from courier.ui import draw, theme
from courier.ui.theme import px
from courier.ui.scroll import ScrollView  # noqa: F401  (part of this module's interface)
from courier.ui.kit.button import FACES, face

if TYPE_CHECKING:
    from courier.ui.focus import Target

Colour = tuple[int, int, int]

#: button styles (primary, secondary, danger, good, ghost) are the table kit's faces, read from the
#: active palette when drawn (see :mod:`courier.ui.kit.button`)
STYLES = tuple(FACES)


#: any widget: ``WidgetGroup.add`` gives back the widget it was given, as its own type
W = TypeVar("W", bound="Widget")


class Widget:
    """Base: a rectangle that may take input. ``tooltip`` is shown by the host while hovered."""

    def __init__(self, rect: pygame.Rect, *, enabled: bool = True, tooltip: str | None = None) -> None:
        self.rect = pygame.Rect(rect)
        self.enabled = enabled
        self.visible = True
        self.hovered = False
        self.tooltip = tooltip

    def _track_hover(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.hovered = self.rect.collidepoint(event.pos)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface) -> None:
        pass


class Label(Widget):
    """Static text; ``wrap=True`` wraps it inside ``rect``."""

    def __init__(self, rect: pygame.Rect, text: str, size: int = 16, colour: Colour = theme.INK, *,
                 bold: bool = False, serif: bool = False, wrap: bool = False, align: str = "left") -> None:
        super().__init__(rect)
        self.text, self.size, self.colour = text, size, colour
        self.bold, self.serif, self.wrap, self.align = bold, serif, wrap, align

    def draw(self, surface: pygame.Surface) -> None:
        if self.wrap:
            draw.text_block(surface, self.text, self.rect, self.size, self.colour, bold=self.bold,
                            serif=self.serif, align=self.align)
            return
        anchor, x = {"left": ("midleft", self.rect.left), "center": ("center", self.rect.centerx),
                     "right": ("midright", self.rect.right)}[self.align]
        draw.text(surface, self.text, (x, self.rect.centery), self.size, self.colour, bold=self.bold,
                  serif=self.serif, anchor=anchor, max_width=self.rect.width)


class Button(Widget):
    """A rounded button with optional icon (a sprite name such as ``"icon_save"``).

    ``selected`` draws it as the chosen one of a set (tabs, lists). ``style``: primary,
    secondary, danger, good, ghost.
    """

    def __init__(
        self,
        rect: pygame.Rect,
        text: str,
        on_click: Callable[[], None] | None = None,
        *,
        icon: str | None = None,
        style: str = "secondary",
        enabled: bool = True,
        hotkey: int | None = None,
        tooltip: str | None = None,
        size: int = 17,
        selected: bool = False,
    ) -> None:
        super().__init__(rect, enabled=enabled, tooltip=tooltip)
        self.text = text
        self.on_click = on_click
        self.icon = icon
        self.style = style
        self.hotkey = hotkey
        self.size = size
        self.selected = selected
        self.pressed = False
        #: why it is greyed now, in the players' words (said when Enter is pressed on it)
        self.why_not: str | None = None

    def click(self) -> None:
        """Act as if clicked (does nothing when disabled)."""
        if self.enabled and self.visible and self.on_click is not None:
            self.on_click()

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hovered:
            self.pressed = self.enabled
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            was = self.pressed
            self.pressed = False
            if was and self.hovered:
                self.click()
                return True
            return False
        if (event.type == pygame.KEYDOWN and self.hotkey is not None and event.key == self.hotkey
                and self.enabled):
            self.click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible:
            return
        fill, hover, ink, border, _ = face("selected" if self.selected else self.style, self.enabled)
        r = self.rect.move(0, 1) if self.pressed else self.rect
        radius = min(px(12), r.height // 2)
        if self.enabled and self.style != "ghost":
            draw.shadow(surface, r, radius, offset=(0, 1 if self.pressed else px(3)), blur=px(4), alpha=55)
        draw.rounded_rect(surface, r, hover if (self.hovered and self.enabled) else fill, radius)
        if border is not None:
            draw.rounded_rect(surface, r, border, radius, width=max(1, px(1)))
        label_w = draw.font(self.size, True).size(self.text)[0] if self.text else 0
        icon_w = int(self.size * 1.25 * theme.ui_scale()) if self.icon else 0
        gap = px(8) if self.icon and self.text else 0
        total = min(label_w + icon_w + gap, r.width - px(20))
        x = r.centerx - total // 2
        if self.icon:
            draw.icon(surface, self.icon, (x + icon_w // 2, r.centery), icon_w, ink)
        if self.text:
            tx = x + icon_w + gap
            draw.text(surface, self.text, (tx, r.centery), self.size, ink, bold=True,
                      anchor="midleft", max_width=max(px(10), r.right - px(10) - tx))


class Toggle(Widget):
    """A labelled on/off switch."""

    def __init__(self, rect: pygame.Rect, label: str, value: bool,
                 on_change: Callable[[bool], None] | None = None, *, tooltip: str | None = None) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.label, self.value, self.on_change = label, value, on_change

    def _switch_rect(self) -> pygame.Rect:
        w, h = px(56), px(28)
        return pygame.Rect(self.rect.right - w, self.rect.centery - h // 2, w, h)

    def flip(self) -> None:
        if not self.enabled:
            return
        self.value = not self.value
        if self.on_change:
            self.on_change(self.value)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hovered and self.enabled:
            self.flip()
            return True
        return False

    def label_room(self) -> int:
        """The width the label may take: up to the "Off" beside the switch."""
        off = max(draw.font(15).size(t)[0] for t in ("On", "Off"))
        return max(px(20), self._switch_rect().left - px(10) - off - px(8) - self.rect.left)

    def label_cut(self) -> bool:
        return draw.font(17).size(self.label)[0] > self.label_room()

    def draw(self, surface: pygame.Surface) -> None:
        draw.text(surface, self.label, (self.rect.left, self.rect.centery), 17, theme.INK, anchor="midleft",
                  max_width=self.label_room())
        sw = self._switch_rect()
        draw.rounded_rect(surface, sw, theme.GOOD if self.value else (190, 182, 168), sw.height // 2)
        knob_x = sw.right - sw.height // 2 if self.value else sw.left + sw.height // 2
        pygame.draw.circle(surface, (255, 255, 255), (knob_x, sw.centery), px(11))
        draw.text(surface, "On" if self.value else "Off", (sw.left - px(10), sw.centery), 15, theme.INK_SOFT,
                  anchor="midright")


class Slider(Widget):
    """A labelled horizontal slider from ``lo`` to ``hi`` in steps of ``step``."""

    def __init__(self, rect: pygame.Rect, label: str, lo: float, hi: float, value: float, *,
                 step: float = 0.05, on_change: Callable[[float], None] | None = None,
                 fmt: Callable[[float], str] = lambda v: f"{v:.2f}") -> None:
        super().__init__(rect)
        self.label, self.lo, self.hi, self.step = label, lo, hi, step
        self.value = self._snap(value)
        self.on_change, self.fmt = on_change, fmt
        self.dragging = False

    def _snap(self, v: float) -> float:
        v = max(self.lo, min(self.hi, v))
        return round(round((v - self.lo) / self.step) * self.step + self.lo, 6)

    def track(self) -> pygame.Rect:
        return pygame.Rect(self.rect.left, self.rect.bottom - px(16), self.rect.width, px(8))

    def nudge(self, d: int) -> None:
        """One step left (d=-1) or right (d=1), from the keyboard."""
        v = self._snap(self.value + d * self.step)
        if v != self.value:
            self.value = v
            if self.on_change:
                self.on_change(v)

    def _set_from_x(self, x: int) -> None:
        tr = self.track()
        v = self._snap(self.lo + (self.hi - self.lo) * (x - tr.left) / max(1, tr.width))
        if v != self.value:
            self.value = v
            if self.on_change:
                self.on_change(v)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        hit = self.track().inflate(0, px(24))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit.collidepoint(event.pos):
            self.dragging = True
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def label_room(self) -> int:
        """The width the label may take: up to the value shown at the right."""
        return max(px(20), self.rect.width - draw.font(17, True).size(self.fmt(self.value))[0] - px(12))

    def label_cut(self) -> bool:
        return draw.font(17).size(self.label)[0] > self.label_room()

    def draw(self, surface: pygame.Surface) -> None:
        draw.text(surface, self.label, self.rect.topleft, 17, theme.INK, max_width=self.label_room())
        draw.text(surface, self.fmt(self.value), self.rect.topright, 17, theme.INK_SOFT, bold=True,
                  anchor="topright")
        tr = self.track()
        radius = tr.height // 2
        draw.rounded_rect(surface, tr, (214, 205, 188), radius)
        f = (self.value - self.lo) / max(1e-9, self.hi - self.lo)
        draw.rounded_rect(surface, pygame.Rect(tr.left, tr.top, max(tr.height, int(tr.width * f)), tr.height),
                          theme.ACCENT, radius)
        kx = tr.left + int(tr.width * f)
        pygame.draw.circle(surface, (255, 255, 255), (kx, tr.centery), px(11))
        pygame.draw.circle(surface, theme.ACCENT_DARK, (kx, tr.centery), px(11), max(1, px(2)))


class Stepper(Widget):
    """Choose one of ``options`` with < and > arrows (or the arrow keys while hovered)."""

    def __init__(self, rect: pygame.Rect, options: Sequence[str], index: int = 0,
                 on_change: Callable[[int], None] | None = None, *, tooltip: str | None = None) -> None:
        super().__init__(rect, tooltip=tooltip)
        self.options = list(options)
        self.index = max(0, min(index, len(self.options) - 1))
        self.on_change = on_change

    @property
    def value(self) -> str:
        return self.options[self.index]

    def _arrows(self) -> tuple[pygame.Rect, pygame.Rect]:
        h = self.rect.height
        return (pygame.Rect(self.rect.left, self.rect.top, h, h), pygame.Rect(self.rect.right - h, self.rect.top, h, h))

    def step(self, d: int) -> None:
        if not self.enabled or len(self.options) < 2:
            return
        self.index = (self.index + d) % len(self.options)
        if self.on_change:
            self.on_change(self.index)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.hovered:
            self.step(-1 if event.pos[0] < self.rect.centerx else 1)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hovered:
            self.step(-1 if event.y > 0 else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        radius = min(px(10), r.height // 2)
        draw.rounded_rect(surface, r, (255, 252, 244), radius)
        draw.rounded_rect(surface, r, theme.ACCENT if self.hovered else theme.PAPER_DARK, radius, max(1, px(1)))
        ink = theme.INK if self.enabled else theme.INK_SOFT
        left, right = self._arrows()
        for box, pts in ((left, ((0.6, 0.28), (0.35, 0.5), (0.6, 0.72))),
                         (right, ((0.4, 0.28), (0.65, 0.5), (0.4, 0.72)))):
            if len(self.options) > 1 and self.enabled:
                pygame.draw.polygon(surface, theme.ACCENT, [(box.left + box.width * a, box.top + box.height * b) for a, b in pts])
        draw.text(surface, self.value, r.center, 16, ink, bold=True, anchor="center",
                  max_width=r.width - 2 * r.height)


class TextEntry(Widget):
    """A one-line text box: click to type; Enter or a click elsewhere ends editing. Ctrl+A (Cmd+A)
    selects the whole text, so what is typed next replaces it (every text box behaves alike: a
    seat's name, a save's pre-filled name, a seed).

    ``allowed`` filters typed characters (e.g. ``str.isdigit`` for a seed).
    """

    def __init__(self, rect: pygame.Rect, text: str = "", *, max_len: int = 20, placeholder: str = "",
                 on_change: Callable[[str], None] | None = None,
                 allowed: Callable[[str], bool] | None = None) -> None:
        super().__init__(rect)
        self.text, self.max_len, self.placeholder = text, max_len, placeholder
        self.on_change, self.allowed = on_change, allowed
        self.focused = False
        self.caret = len(text)
        self._blink = 0.0
        #: the whole text is selected (Ctrl+A): typing replaces it, Backspace or Delete empties it
        self.all_selected = False

    def focus(self, on: bool = True) -> None:
        if not on:
            self.all_selected = False
        if on == self.focused:
            return
        self.focused = on
        self.caret = len(self.text)
        try:
            pygame.key.start_text_input() if on else pygame.key.stop_text_input()
        except pygame.error:
            pass

    def _changed(self) -> None:
        if self.on_change:
            self.on_change(self.text)

    def handle_event(self, event: pygame.event.Event) -> bool:
        self._track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focus(self.hovered and self.enabled)
            return self.hovered
        if not self.focused:
            return False
        if self._select_all(event):
            return True
        if event.type == pygame.TEXTINPUT:
            added = "".join(ch for ch in event.text if ch.isprintable() and (self.allowed is None or self.allowed(ch)))
            room = self.max_len - len(self.text)
            if added and room > 0:
                added = added[:room]
                self.text = self.text[: self.caret] + added + self.text[self.caret:]
                self.caret += len(added)
                self._changed()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE and self.caret > 0:
                self.text = self.text[: self.caret - 1] + self.text[self.caret:]
                self.caret -= 1
                self._changed()
            elif event.key == pygame.K_DELETE and self.caret < len(self.text):
                self.text = self.text[: self.caret] + self.text[self.caret + 1:]
                self._changed()
            elif event.key == pygame.K_LEFT:
                self.caret = max(0, self.caret - 1)
            elif event.key == pygame.K_RIGHT:
                self.caret = min(len(self.text), self.caret + 1)
            elif event.key == pygame.K_HOME:
                self.caret = 0
            elif event.key == pygame.K_END:
                self.caret = len(self.text)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_TAB):
                self.focus(False)
            return True
        return False

    def _select_all(self, event: pygame.event.Event) -> bool:
        """Ctrl+A and what a selection does to the next key; True when the event is used up."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_a and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            self.all_selected = bool(self.text)
            self.caret = len(self.text)
            return True
        if not self.all_selected:
            return False
        if event.type == pygame.TEXTINPUT or (event.type == pygame.KEYDOWN and event.key in (pygame.K_BACKSPACE, pygame.K_DELETE)):
            self.all_selected = False
            self.text, self.caret = "", 0
            self._changed()
            return event.type == pygame.KEYDOWN  # typed text goes on to replace the selection
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME,
                                                           pygame.K_END, pygame.K_UP, pygame.K_DOWN):
            # moving the caret ends the selection; a letter's own key press does not (its text,
            # which replaces the selection, comes just after it)
            self.all_selected = False
        return False

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        radius, pad = px(8), px(10)
        draw.rounded_rect(surface, r, (255, 255, 255), radius)
        edge = theme.ACCENT if self.focused else (theme.INK_SOFT if self.hovered else theme.PAPER_DARK)
        draw.rounded_rect(surface, r, edge, radius, width=max(2, px(2)) if self.focused else max(1, px(1)))
        x, cy = r.left + pad, r.centery
        if self.text:
            shown = self.text
            if self.focused and self.all_selected:
                tw = min(draw.font(16).size(shown)[0], r.width - 2 * pad)
                band = pygame.Rect(x - px(2), cy - px(12), tw + px(4), px(24))
                shade = pygame.Surface(band.size, pygame.SRCALPHA)
                shade.fill((*theme.ACCENT, 90))
                surface.blit(shade, band)
            draw.text(surface, shown, (x, cy), 16, theme.INK, anchor="midleft", max_width=r.width - 2 * pad)
        elif not self.focused:
            draw.text(surface, self.placeholder, (x, cy), 16, (160, 152, 140), anchor="midleft",
                      max_width=r.width - 2 * pad)
        if self.focused and self._blink < 0.6:
            cx = min(x + draw.font(16).size(self.text[: self.caret])[0], r.right - pad)
            half = px(10)
            pygame.draw.line(surface, theme.INK, (cx, cy - half), (cx, cy + half), max(2, px(2)))


def tooltip_lines(text: str, width: int, max_width: int | None = None) -> tuple[list[str], int, int]:
    """A tooltip's lines and its size, for a window ``width`` wide (see ``draw_tooltip``)."""
    if max_width is None:
        max_width = px(320)
    max_width = max(px(60), min(max_width, width - px(8)))
    pad_x, pad_y = px(10), px(7)
    lines = draw.wrap(text, max_width - 2 * pad_x, 15)
    w = min(max_width, max(draw.font(15).size(l)[0] for l in lines) + 2 * pad_x)
    return lines, w, draw.line_height(15) * len(lines) + 2 * pad_y


def tooltip_place(size: tuple[int, int], w: int, h: int, pos: tuple[int, int],
                  keep: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a ``w`` x ``h`` tooltip for the pointer at ``pos`` goes: below and right of it,
    kept inside the window; where that covers something in ``keep``, the first of the other
    corners round the pointer, then beside what is kept, that covers none of it."""
    sw, sh = size
    margin = px(4)

    def fitted(x: int, y: int) -> pygame.Rect:
        if x + w > sw - margin:
            x = pos[0] - w - px(8)
        if y + h > sh - margin:
            y = pos[1] - h - px(8)
        return pygame.Rect(max(margin, x), max(margin, y), w, h)

    first = fitted(pos[0] + px(16), pos[1] + px(20))
    if not any(first.colliderect(k) for k in keep):
        return first
    spots = [(pos[0] - w - px(8), pos[1] + px(20)), (pos[0] + px(16), pos[1] - h - px(8)),
             (pos[0] - w - px(8), pos[1] - h - px(8))]
    for k in keep:
        spots += [(pos[0] - w // 2, k.bottom + px(8)), (pos[0] - w // 2, k.top - h - px(8)),
                  (k.right + px(8), pos[1] - h // 2), (k.left - w - px(8), pos[1] - h // 2)]
    screen = pygame.Rect(0, 0, sw, sh).inflate(-2 * margin, -2 * margin)
    for x, y in spots:
        r = pygame.Rect(x, y, w, h)
        if screen.contains(r) and not any(r.colliderect(k) for k in keep):
            return r
    return first


def draw_tooltip(surface: pygame.Surface, text: str, pos: tuple[int, int], max_width: int | None = None,
                 keep: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """A tooltip card near ``pos``, kept inside the surface and off ``keep`` where it can be.
    ``max_width`` is in real pixels (default: 320 design pixels at the interface scale, never
    wider than the window). Returns where it went."""
    lines, w, h = tooltip_lines(text, surface.get_width(), max_width)
    rect = tooltip_place(surface.get_size(), w, h, pos, keep)
    pad_x, pad_y, lh = px(10), px(7), draw.line_height(15)
    draw.panel(surface, rect, (50, 45, 40), radius=px(8), border=None)
    with draw.covering():
        for i, line in enumerate(lines):
            draw.text(surface, line, (rect.left + pad_x, rect.top + pad_y + i * lh), 15, (250, 245, 235))
    return rect


def _tip(w: Widget) -> str | None:
    """What a widget's tooltip says: why it is greyed, when it is and knows why; a label that
    had to be shortened, whole."""
    why = getattr(w, "why_not", None)
    if why and not w.enabled:
        return why
    if isinstance(w, (Toggle, Slider)) and w.label_cut():
        return " — ".join(p for p in (w.label, w.tooltip) if p)
    return w.tooltip


class WidgetGroup:
    """A list of widgets: events go to each until one uses them; drawn in order."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)

    def add(self, widget: "W") -> "W":
        self.widgets.append(widget)
        return widget

    def clear(self) -> None:
        self.widgets.clear()

    def handle_event(self, event: pygame.event.Event) -> bool:
        used = False
        for w in list(self.widgets):
            if w.visible and w.handle_event(event):
                used = True
                # mouse motion and releases reach every widget so hover/press states stay right
                if event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
                    break
        return used

    def update(self, dt: float) -> None:
        for w in self.widgets:
            w.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            if w.visible:
                w.draw(surface)

    def hovered_tooltip(self) -> str | None:
        for w in self.widgets:
            tip = _tip(w) if w.visible and w.hovered else None
            if tip:
                return tip
        return None

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The tooltip of the widget at ``pos`` (the whole label when a button's had to be cut;
        a greyed button's reason alone, instead of its label and tooltip)."""
        for w in self.widgets:
            if w.visible and w.rect.collidepoint(pos):
                why_not: str | None = getattr(w, "why_not", None)
                if not w.enabled and why_not:
                    return why_not  # greyed: why only
                parts = [getattr(w, "text", "") if isinstance(w, Button) else "", _tip(w) or ""]
                text = " — ".join(p for p in parts if p)
                if text:
                    return text
        return None

    def targets(self, zone: str = "panel", within: pygame.Rect | None = None) -> list["Target"]:
        """The keyboard targets of these widgets (see ``courier.ui.focus``)."""
        from courier.ui.focus import Target

        out: list[Target] = []
        for w in self.widgets:
            if not w.visible:
                continue
            key = (zone, type(w).__name__, getattr(w, "text", None) or getattr(w, "label", None) or w.rect.topleft)
            if isinstance(w, Button):
                why = (w.why_not or w.tooltip) if not w.enabled else None
                out.append(Target(w.rect, w.text or w.tooltip or "", key=key, zone=zone, enabled=w.enabled,
                                  why_not=why, activate=w.click, within=within))
            elif isinstance(w, Toggle):
                out.append(Target(w.rect, w.label, key=key, zone=zone, enabled=w.enabled, activate=w.flip,
                                  within=within))
            elif isinstance(w, Slider):
                out.append(Target(w.rect, w.label, key=key, zone=zone, enabled=w.enabled, activate=lambda: None,
                                  adjust=w.nudge, within=within))
            elif isinstance(w, Stepper):
                out.append(Target(w.rect, w.value, key=(zone, "Stepper", w.rect.topleft), zone=zone,
                                  enabled=w.enabled, activate=partial(w.step, 1), adjust=w.step, within=within))
            elif isinstance(w, TextEntry):
                out.append(Target(w.rect, w.text or w.placeholder, key=(zone, "TextEntry", w.rect.topleft),
                                  zone=zone, enabled=w.enabled, activate=partial(w.focus, True),
                                  on_focus=w.focus, takes_text=True, within=within))
        return out
