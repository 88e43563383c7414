"""The board scene's frame around the game's view: the top bar (title, turn label, buttons),
the side panel's cards, the status line under the board and the "thinking" pill.

Functions of the scene, so the scene keeps its match-and-turn logic and this module keeps the
measuring and drawing: every size is in ``theme.px``, so the frame grows with the interface scale,
and anything the frame has to shorten (the title, the turn label, a long hint, a long computer
name) is offered whole by ``frame_tooltip`` on hover and on focus.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from courier.scenes.board_status import StatusLayout, draw_status, lay_out
from courier.ui import draw, theme
from courier.ui.theme import px

if TYPE_CHECKING:
    from courier.scenes.board import BoardScene


def chrome(scene: "BoardScene", size: tuple[int, int]) -> pygame.Surface:
    """Everything around the board that only changes with the layout, drawn once per size:
    backgrounds, cards, shadows, the top bar and the game's title."""
    if scene._chrome_cache is not None and scene._chrome_cache.get_size() == size:
        return scene._chrome_cache
    w, h = size
    top, line = scene.top_bar, max(2, px(2))
    surf = pygame.Surface(size)
    surf.fill((226, 218, 198))
    draw.gradient(surf, scene.board_rect, (236, 230, 214), (222, 212, 190))
    side = pygame.Rect(scene.board_rect.right, top, w - scene.board_rect.right, h - top)
    pygame.draw.rect(surf, (236, 229, 212), side)
    pygame.draw.line(surf, theme.PAPER_DARK, side.topleft, side.bottomleft, line)
    draw.panel(surf, scene.panel_rect, theme.PANEL, radius=px(10))
    scene.log_box.draw_frame(surf)
    status = status_rect(scene)
    pygame.draw.rect(surf, (248, 243, 231), status)
    pygame.draw.line(surf, theme.PAPER_DARK, status.topleft, status.topright, line)
    draw.gradient(surf, pygame.Rect(0, 0, w, top), (64, 56, 50), (44, 38, 34))
    pygame.draw.line(surf, theme.ACCENT, (0, top - line), (w, top - line), max(3, px(3)))
    draw.text(surf, scene.match.game.title, (px(18), top // 2), 24, (250, 244, 230), bold=True,
              serif=True, anchor="midleft", max_width=title_room(scene))
    scene._chrome_cache = surf
    return surf


def status_rect(scene: "BoardScene") -> pygame.Rect:
    """The status line under the board."""
    return pygame.Rect(0, scene.size[1] - scene.status_bar, scene.board_rect.width, scene.status_bar)


def bar_right(scene: "BoardScene") -> int:
    """Where the top bar's text must stop: before the buttons."""
    return min(b.rect.left for b in scene.buttons.values()) - px(16) if scene.buttons else scene.size[0] - px(16)


def title_room(scene: "BoardScene") -> int:
    """The game's title keeps at least its own width, unless a big interface scale on a
    narrow window leaves less before the buttons (then it is shortened, whole on hover)."""
    return max(px(40), bar_right(scene) - px(18) - px(64))


def turn_label_box(scene: "BoardScene") -> tuple[str, pygame.Rect]:
    """The turn label and the room it has in the top bar, between the title and the buttons."""
    tw = min(draw.font(24, True, True).size(scene.match.game.title)[0], title_room(scene))
    left = px(18) + tw + px(24)
    right = bar_right(scene)
    return scene.match.turn_label(), pygame.Rect(left, 0, max(px(40), right - left), scene.top_bar)


def turn_label_cut(scene: "BoardScene") -> str | None:
    """The whole turn label when the top bar has no room for it."""
    label, box = turn_label_box(scene)
    return label if label and draw.font(17).size(label)[0] > box.width else None


def status_layout(scene: "BoardScene") -> StatusLayout:
    """Where the status line's text goes (see ``board_status``): beside the player's colour,
    left of the thinking pill, naming the keys while the focus ring shows."""
    r = status_rect(scene)
    text, colour = scene.status_text()
    if scene.thinking() is not None and scene.flash is None:
        return StatusLayout()  # the thinking pill says it
    right = r.right - px(14)
    if scene.thinking() is not None:
        right = pill_rect(scene).left - px(10)
    box = pygame.Rect(r.left + px(36), r.top, max(px(40), right - r.left - px(36)), r.height)
    keys = scene.focus_ring.active and scene.app.stack.top is scene
    return lay_out(text, colour, box, keys)


def status_cut(scene: "BoardScene") -> str | None:
    """The whole status text when the line had to shorten it."""
    return scene.status_text()[0] if status_layout(scene).cut else None


def frame_tooltip(scene: "BoardScene", pos: tuple[int, int]) -> str | None:
    """The whole turn label, status line or thinking pill where the frame had to shorten it."""
    if scene.thinking() is not None and pill_rect(scene).collidepoint(pos):
        text = pill_text(scene)
        return text if draw.font(17, True).size(text)[0] > pill_rect(scene).width - px(100) else None
    if status_rect(scene).collidepoint(pos):
        return status_cut(scene)
    label, box = turn_label_box(scene)
    if box.collidepoint(pos):
        return turn_label_cut(scene)
    title = scene.match.game.title
    if (pos[1] < scene.top_bar and px(18) <= pos[0] < box.left
            and draw.font(24, True, True).size(title)[0] > title_room(scene)):
        return title
    return None


def draw_top_bar(scene: "BoardScene", surface: pygame.Surface) -> None:
    """The turn label (shortened to its room, whole on hover) and the buttons."""
    label, box = turn_label_box(scene)
    if label:
        draw.text(surface, label, (box.left, box.centery), 17, (236, 222, 196), anchor="midleft",
                  max_width=box.width)
    scene.ui.draw(surface)


def draw_status_line(scene: "BoardScene", surface: pygame.Surface) -> None:
    """The acting player's colour and the hint, message or keys (see ``status_layout``)."""
    layout = status_layout(scene)
    if not layout.lines:
        return
    r = status_rect(scene)
    if scene.seat is not None:
        draw.swatch(surface, (r.left + px(20), r.centery), px(8), scene.match.seats[scene.seat].colour)
    draw_status(surface, layout)


def pill_text(scene: "BoardScene") -> str:
    """What the pill says, whole."""
    seat = scene.thinking()
    return f"{scene.match.seats[seat].name} is thinking" if seat is not None else ""


def pill_rect(scene: "BoardScene") -> pygame.Rect:
    """The thinking pill: in the status bar, right-aligned, never over the board's labels."""
    tw = draw.font(17, True).size(pill_text(scene))[0]
    r = status_rect(scene)
    # a very long name gives way: the pill keeps at most about half the line for itself
    pill = pygame.Rect(0, 0, min(tw + px(100), max(px(180), int(r.width * 0.55))), r.height - px(8))
    pill.midright = (r.right - px(10), r.centery + 1)
    return pill


def draw_thinking(scene: "BoardScene", surface: pygame.Surface) -> None:
    """The pill: the computer's colour, its name, "is thinking" and three pulsing dots."""
    thinking = scene.thinking()
    if thinking is None:
        return
    seat = scene.match.seats[thinking]
    pill = pill_rect(scene)
    draw.panel(surface, pill, (255, 252, 244), radius=pill.height // 2, border=seat.colour, with_shadow=False)
    draw.swatch(surface, (pill.left + px(24), pill.centery), px(9), seat.colour)
    # a name too long for the pill is shortened; "is thinking" always shows
    tail = " is thinking"
    room = pill.width - px(100) - draw.font(17, True).size(tail)[0]
    name = draw.text(surface, seat.name, (pill.left + px(42), pill.centery), 17, theme.INK, bold=True,
                     anchor="midleft", max_width=max(px(20), room))
    draw.text(surface, tail, (name.right, pill.centery), 17, theme.INK, bold=True, anchor="midleft")
    for i in range(3):
        phase = (scene.t * 3 - i * 0.35) % 1.0
        r = px(3) + int(px(2) * max(0.0, 1 - abs(phase - 0.5) * 2))
        pygame.draw.circle(surface, theme.ACCENT, (pill.right - px(40) + i * px(12), pill.centery), r)
