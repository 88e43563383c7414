"""The one button of the game screens: a plain record, its faces by style, and how it is drawn.

A game's panel and dialogs build ``Button`` records (a rectangle, a label, what a click gives);
the view hit-tests them, lists them for the keyboard, and draws them with ``draw_button``. A
greyed button keeps its ``why_not`` (in the rules' words, "" when there is none), said when it is
clicked or Enter is pressed on it. Every colour of a face is a palette role, read when it is drawn.

``Flow`` lays buttons in rows inside a rectangle, wrapping, with labels between the rows: the
common flow of a side panel or a dialog.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass, field
from typing import Any, Callable

import pygame

from courier.ui import draw, palette
from courier.ui.theme import px

Colour = palette.Colour
#: paints a small picture at the start of a button (a parcel chip, a card) inside the given square
Icon = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass
class Button:
    """A button of a game's screen.

    ``action`` is what a click gives: an action for the rules, or a callable of the view (Next
    Day's dialogs, Package Pandemonium's panel). ``command`` names a view command instead (open the
    trade dialog, turn a page). ``attempt`` is what a click on the greyed button tries anyway, so
    the rules can say why it is refused. ``keys`` press it while nothing else has the keyboard.
    ``zone`` is its keyboard zone (panel, cards, dialog); ``extra`` keeps what the view needs to
    know of it (``extra["key"]``: its identity for the keyboard's focus)."""

    rect: pygame.Rect
    label: str
    action: Any = None
    enabled: bool = True
    style: str = "secondary"
    tooltip: str = ""
    keys: tuple[int, ...] = ()
    attempt: Any = None
    _: KW_ONLY
    command: str = ""
    #: why it is greyed, in the rules' words ("" when it is not, or nothing is to be said)
    why_not: str = ""
    icon: Icon | None = None
    zone: str = "panel"
    extra: dict = field(default_factory=dict)

    @property
    def whole(self) -> str:
        """The button's whole meaning, its label first (a keyboard caption starts with what the
        button is called): "label: tooltip", or the label alone when it already says the tooltip."""
        if self.tooltip and self.tooltip.lower() not in self.label.lower():
            return f"{self.label}: {self.tooltip}"
        return self.label

    @property
    def words(self) -> str:
        """What a tooltip says of it: the tooltip alone when it already names the label, else
        ``whole``; and why not when it is greyed."""
        tip = self.tooltip
        said = self.label if not tip else tip if self.label.lower() in tip.lower() else f"{self.label}: {tip}"
        if not self.enabled and self.why_not:
            said += f" (not now: {self.why_not})"
        return said


# -- faces ----------------------------------------------------------------------------------------
#: each style's face as palette roles: fill, hover fill, ink, border (None: the fill darkened;
#: "" none), bold
FACES: dict[str, tuple[str, str, str, str | None, bool]] = {
    "primary": ("accent", "button_primary_hover", "on_piece", "accent_dark", True),
    "secondary": ("button_face", "button_face_hover", "ink", "paper_dark", True),
    "danger": ("bad", "button_danger_hover", "on_piece", "button_danger_edge", True),
    "good": ("good", "button_good_hover", "on_piece", "button_good_edge", True),
    "ghost": ("paper", "paper_dark", "ink", "", True),
    "selected": ("ink", "ink", "paper", "ink", True),
    # quieter faces for rows of choices (Next Day's panel and cards)
    "plain": ("button_plain", "button_plain_hover", "ink", None, False),
    "card": ("button_face", "button_card_hover", "ink", None, False),
    "chosen": ("highlight", "button_chosen_hover", "ink", None, False),
    "small": ("button_small", "button_small_hover", "ink", None, False),
}
#: the greyed face, whatever the style
GREYED = ("button_off", "button_off", "button_off_ink", "button_off_edge", True)
#: styles drawn flat (no shadow): small buttons in a row of many
FLAT = {"small"}


def face(style: str, enabled: bool = True) -> tuple[Colour, Colour, Colour, Colour | None, bool]:
    """The colours of a ``style`` button now (fill, hover fill, ink, border or None) and whether
    its words are bold; an unknown style is drawn as "secondary"."""
    fill, hover, ink, border, bold = FACES.get(style, FACES["secondary"])
    if not enabled:
        fill, hover, ink, border, _ = GREYED
    c = palette.colour
    fill_c = c(fill)
    edge = None if border == "" else c(border) if border else draw.darken(fill_c, 0.25)
    return fill_c, c(hover), c(ink), edge, bold


def draw_face(surface: pygame.Surface, rect: pygame.Rect, style: str = "secondary", *, enabled: bool = True,
              hovered: bool = False, radius: int | None = None) -> tuple[Colour, bool]:
    """The button's body (shadow, fill, border; a highlight ring while pointed at); returns the ink
    and boldness for its words. Also for things that act like buttons (a prompt's options)."""
    fill, hover, ink, border, bold = face(style, enabled)
    lit = hovered and enabled
    radius = radius if radius is not None else min(px(8), rect.height // 2)
    if enabled and style not in FLAT:
        draw.shadow(surface, rect, radius, offset=(0, px(2)), blur=px(3), alpha=50)
    draw.rounded_rect(surface, rect, hover if lit else fill, radius)
    ring = palette.colour("highlight") if lit and style not in ("chosen", "primary") else border
    if ring is not None:
        draw.rounded_rect(surface, rect, ring, radius, width=2 if lit else 1)
    return ink, bold


def draw_button(surface: pygame.Surface, b: Button, hovered: bool, size: int = 14) -> None:
    """Draw ``b``: its face, its ``icon`` at the left, and its label in type of ``size`` (a smaller
    type, then two lines, before the label is ever shortened)."""
    ink, bold = draw_face(surface, b.rect, b.style, enabled=b.enabled, hovered=hovered)
    r = b.rect
    left = r.x + px(8)
    if b.icon is not None:
        side = r.height - px(10)
        b.icon(surface, pygame.Rect(left, r.y + (r.height - side) // 2, side, side))
        left += side + px(5)
    if not b.label:
        return
    room = r.right - left - px(6) if b.icon is not None else r.width - px(10)
    cx = None if b.icon is not None else r.centerx

    def put(text: str, y: float, s: int, max_width: int | None = None) -> None:
        if cx is None:
            draw.text(surface, text, (left, y), s, ink, bold=bold, anchor="midleft", max_width=max_width)
        else:
            draw.text(surface, text, (cx, y), s, ink, bold=bold, anchor="center", max_width=max_width)

    for trial in [size] + [s for s in (12, 11) if s < size]:
        if draw.font(trial, bold).size(b.label)[0] <= room:
            put(b.label, r.centery, trial)
            return
    small = min(size, 11)
    lines = draw.wrap(b.label, room, small, bold=bold)
    lh = draw.line_height(small, bold)
    if len(lines) == 2 and 2 * lh <= r.height:
        for i, line in enumerate(lines):
            put(line, r.centery + (i - 0.5) * lh, small)
        return
    put(b.label, r.centery, size, max_width=room)


# -- the flow of a panel ----------------------------------------------------------------------------
@dataclass
class Flow:
    """Lays buttons left to right, wrapping inside ``rect`` (its height grows as they are added),
    with a label line between rows where ``label`` is called."""

    rect: pygame.Rect
    x: int = 0
    y: int = 0
    row_h: int = 30
    label_size: int = 12
    out: list[Button] = field(default_factory=list)
    labels: list[tuple[str, pygame.Rect]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.x, self.y = self.rect.x, self.rect.y

    def label(self, text: str) -> None:
        if self.x != self.rect.x:
            self.newline()
        h = draw.text_block(None, text, pygame.Rect(0, 0, self.rect.width, 10_000), self.label_size, bold=True)
        self.labels.append((text, pygame.Rect(self.rect.x, self.y, self.rect.width, h)))
        self.y += h + px(2)

    def newline(self) -> None:
        if self.x == self.rect.x:
            return
        self.x = self.rect.x
        self.y += self.row_h + px(5)

    def add(self, btn: Button, width: int) -> Button:
        width = min(width, self.rect.width)
        if self.x + width > self.rect.right:
            self.newline()
        btn.rect = pygame.Rect(self.x, self.y, width, self.row_h)
        self.x += width + px(6)
        self.out.append(btn)
        return btn

    def bottom(self) -> int:
        return self.y + (self.row_h if self.x != self.rect.x else 0)


# -- rows of buttons side by side ---------------------------------------------------------------
def button_rows(groups: list[list[Button]], left: int, width: int, bottom: int, h: int, *, gap: int | None = None,
                vgap: int | None = None, most: int = 3, size: int = 13, margin: int | None = None,
                fill_last: bool = False) -> int:
    """Lay ``groups`` of buttons in rows ending at ``bottom``, each group starting a row of its
    own: as many side by side (at most ``most``) as their labels fit in type of ``size`` with
    ``margin`` to spare, the others stacked on further rows, each row sharing out the whole
    ``width``. ``fill_last`` fills a group's last row first (the others make way above it).
    Returns the top used (``bottom + vgap`` when there is nothing to lay)."""
    gap = px(6) if gap is None else gap
    vgap = px(4) if vgap is None else vgap
    margin = px(12) if margin is None else margin
    font = draw.font(size, True)

    def fits(row: list[Button]) -> bool:
        w = (width - gap * (len(row) - 1)) // len(row)
        return all(font.size(b.label)[0] + margin <= w for b in row)

    rows: list[list[Button]] = []
    for group in groups:
        rest: list[Button] = list(group)
        mine: list[list[Button]] = []
        while rest:
            k = min(most, len(rest))
            while k > 1 and not fits(rest[-k:] if fill_last else rest[:k]):
                k -= 1
            if fill_last:
                mine.insert(0, rest[-k:])
                rest = rest[:-k]
            else:
                mine.append(rest[:k])
                rest = rest[k:]
        rows += mine
    top = bottom - len(rows) * (h + vgap) + vgap
    y = top
    for row in rows:
        n = len(row)
        w = (width - gap * (n - 1)) // n
        for i, b in enumerate(row):
            b.rect = pygame.Rect(left + i * (w + gap), y, w if i < n - 1 else width - i * (w + gap), h)
        y += h + vgap
    return top
