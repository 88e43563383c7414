"""How a save reads in a list: who plays, the game and turn, names cut in the middle so saves of
one game still differ, and one row of the Load list drawn. Shared by Load and the save dialog."""

from __future__ import annotations

import functools
from pathlib import Path

import pygame

from courier.saves.listing import SaveEntry
from courier.ui import draw, theme, thumbnail

#: a row's picture, in design pixels
THUMB = (160, 90)


def players_text(e: SaveEntry) -> str:
    """``"Ann, Bob and Robo (computer)"``: who plays, and who is the computer."""
    names = [f"{n} (computer)" if i < len(e.computer) and e.computer[i] else n for i, n in enumerate(e.players)]
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _kept(text: str, n: int) -> str:
    """``text`` with its middle replaced by "…", keeping ``n`` characters (the start's share first)."""
    head = (n + 1) // 2
    tail = text[len(text) - (n - head):] if n > head else ""
    return text[:head].rstrip() + draw.ELLIPSIS + tail.lstrip()


@functools.lru_cache(maxsize=512)
def _middle_fit(text: str, size: int, max_width: int, bold: bool, serif: bool, scale: float) -> str:
    fnt = draw.font(size, bold, serif)
    if fnt.size(text)[0] <= max_width:
        return text
    lo, hi = 0, len(text) - 1
    while lo < hi:  # the most characters kept that still fit (a few measurements: halving)
        mid = (lo + hi + 1) // 2
        if fnt.size(_kept(text, mid))[0] <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return _kept(text, lo)


def middle_fit(text: str, size: int, max_width: int, *, bold: bool = False, serif: bool = False) -> str:
    """``text`` shortened in the middle to fit ``max_width`` pixels: two saves of one game are
    named alike up to the end (the round, a date), so the end shows as well as the start."""
    text = draw.drawable(text)
    return _middle_fit(text, size, int(max_width), bold, serif, theme.ui_scale())


def middle_cut(text: str, limit: int) -> str:
    """``text`` in at most ``limit`` characters, cut in the middle: two saves of one game differ
    at the end of their names (the round), so the end is kept as well as the start."""
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2 + (limit - 1) % 2
    return text[:head].rstrip() + draw.ELLIPSIS + text[len(text) - (limit - 1 - head):].lstrip()


def alike(entries: list[SaveEntry]) -> set[Path]:
    """The saves whose rows would read the same to the minute (same name, game, turn, players)."""
    seen: dict[tuple[str, ...], list[Path]] = {}
    for e in entries:
        seen.setdefault((e.title, game_line(e), players_text(e), e.saved_at_text), []).append(e.path)
    return {p for paths in seen.values() if len(paths) > 1 for p in paths}


def cannot_load(e: SaveEntry) -> str:
    """Why the Load button of a row is greyed."""
    if e.damaged:
        return e.error or "This save is damaged and cannot be loaded."
    return "This file cannot be read, so it cannot be loaded."


def game_line(e: SaveEntry) -> str:
    """The game and how far it went, as a row shows it."""
    return f"{e.game_title}   ·   {e.turn_label}" if e.turn_label else e.game_title


def badge(e: SaveEntry) -> tuple[str, tuple[int, int, int], tuple[int, int, int]]:
    """The badge after a row's name: its text, fill and ink."""
    if e.damaged:
        return "Damaged", (246, 214, 206), theme.BAD
    if e.finished:
        return "Finished", (226, 221, 210), theme.INK_SOFT
    return "In progress", (222, 238, 226), theme.GOOD


def draw_row(surface: pygame.Surface, rr: pygame.Rect, e: SaveEntry, selected: bool, *, view: pygame.Rect,
             picture: pygame.Surface | None, text_w: int, title_w: int, date: str) -> None:
    """One row of the Load list in ``rr`` (clipped to the list, ``view``): the board's picture,
    the name with its badge, the game and turn, the players (or why a damaged save cannot be
    loaded) and when it was saved; an unreadable file says so, with its file name."""
    px = theme.px
    fill = (250, 246, 236) if e.ok else (248, 232, 226)
    if selected:
        fill = (255, 250, 238) if e.ok else (250, 236, 230)
    draw.rounded_rect(surface, rr, fill, px(10))
    edge = theme.ACCENT if selected else (theme.PAPER_DARK if e.ok else (220, 170, 160))
    draw.rounded_rect(surface, rr, edge, px(10), width=2 if selected else 1)
    pic = pygame.Rect(0, 0, px(THUMB[0]), px(THUMB[1]))
    pic.midleft = (rr.left + px(12), rr.centery)
    x = pic.right + px(18)
    lines = [rr.top + px(10), rr.top + px(38), rr.top + px(62), rr.top + px(84)]

    def line(text: str, y: int, size: int, colour, **kw) -> None:
        """One line of the row, left out where the list's edge would cut it (it is clipped)."""
        if view.top <= y and y + draw.line_height(size) <= view.bottom:
            draw.text(surface, text, (x, y), size, colour, **kw)

    if not e.ok and not e.damaged:
        draw.rounded_rect(surface, pic, (236, 220, 212), px(8))
        draw.text(surface, "?", pic.center, 40, (200, 150, 140), bold=True, serif=True, anchor="center")
        line("Unreadable file", lines[0], 17, theme.BAD, bold=True, max_width=text_w)
        line(e.path.name, lines[1], 14, theme.INK, max_width=text_w)
        box = pygame.Rect(x, lines[2] - px(2), text_w, rr.bottom - lines[2]).clip(view)
        if box.height > 0:
            draw.text_block(surface, e.error or "This file cannot be read.", box, 13, theme.INK_SOFT)
        return
    # the placeholder's game name only on a row wholly in view (its target then tells it whole)
    thumbnail.draw_picture(surface, pic, picture, e.game_id,
                           e.game_title if view.contains(rr) else "")
    if e.damaged:
        veil = pygame.Surface(pic.size, pygame.SRCALPHA)
        veil.fill((248, 232, 226, 170))
        surface.blit(veil, pic)
    badge_text, badge_fill, badge_ink = badge(e)
    bw = draw.font(12, True).size(badge_text)[0] + px(18)
    title = middle_fit(e.title, 18, title_w, bold=True, serif=True)
    line(title, lines[0], 18, theme.INK, bold=True, serif=True, max_width=title_w)
    tw = min(title_w, draw.font(18, True, True).size(title)[0])
    box = pygame.Rect(x + tw + px(12), lines[0] + px(2), bw, px(22))
    draw.rounded_rect(surface, box, badge_fill, px(11))
    if view.contains(box):
        draw.text(surface, badge_text, box.center, 12, badge_ink, bold=True, anchor="center")
    line(game_line(e), lines[1], 15, theme.ACCENT_DARK, bold=True, max_width=text_w)
    if e.damaged:
        line(e.error or "This save cannot be loaded.", lines[2], 14, theme.BAD, max_width=text_w)
    else:
        line(players_text(e), lines[2], 14, theme.INK, max_width=text_w)
    line(f"Saved {date}", lines[3], 13, theme.INK_SOFT, max_width=text_w)
