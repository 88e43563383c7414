"""A small markdown renderer for the rules screen: headings, paragraphs, lists, tables, rules.

Inline ``**bold**``, ``*emphasis*`` and ```code``` are styled; links keep their text. A fenced
block whose info string is ``picture`` holds a picture's description; the caller's ``pictures``
(description, width) -> surface draws it (the How-to-play pages draw real positions so). The
document is laid out once per width into one tall surface that the rules screen scrolls.
"""

from __future__ import annotations

import functools
import logging
import re
import tomllib
from dataclasses import dataclass, field
from typing import Callable

import pygame

from courier.ui import draw, theme
from courier.ui.theme import px

log = logging.getLogger(__name__)

BODY = 17
#: draws a picture block: (its description, the page's width) -> the picture. It must be hashable
#: (a frozen dataclass with ``__call__``): the laid-out page is cached with it
Pictures = Callable[[str, int], pygame.Surface]
#: the caption under a picture
CAPTION = 15
_INLINE = re.compile(r"(\*\*[^*]+\*\*|__[^_]+__|`[^`]+`|\*[^*\s][^*]*\*|\[[^\]]+\]\([^)]+\))")


@dataclass
class Block:
    kind: str  # heading, para, item, table, rule, picture
    text: str = ""
    level: int = 0  # heading level, or list nesting
    marker: str = ""  # "•" or "3."
    rows: list[list[str]] = field(default_factory=list)


def parse(md: str) -> list[Block]:
    """Markdown text -> blocks (a forgiving subset: what our rules documents use)."""
    blocks: list[Block] = []
    para: list[str] = []
    lines = md.replace("\r\n", "\n").split("\n")

    def flush() -> None:
        if para:
            blocks.append(Block("para", " ".join(s.strip() for s in para)))
            para.clear()

    i = 0
    while i < len(lines):
        line = lines[i]
        s = line.strip()
        if not s:
            flush()
        elif s.startswith("```"):
            flush()
            info = s[3:].strip()
            body = []
            i += 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                body.append(lines[i])
                i += 1
            blocks.append(Block("picture" if info == "picture" else "para", "\n".join(body)))
        elif s.startswith("#"):
            flush()
            level = len(s) - len(s.lstrip("#"))
            blocks.append(Block("heading", s[level:].strip(), level=min(level, 4)))
        elif re.fullmatch(r"(-{3,}|\*{3,}|_{3,})", s):
            flush()
            blocks.append(Block("rule"))
        elif s.startswith("|"):
            flush()
            rows = []
            while i < len(lines) and lines[i].strip().startswith("|"):
                cells = [c.strip() for c in lines[i].strip().strip("|").split("|")]
                if not all(re.fullmatch(r":?-{2,}:?", c) for c in cells if c):
                    rows.append(cells)
                i += 1
            blocks.append(Block("table", rows=rows))
            continue
        elif re.match(r"^\s*([-*+]|\d+[.)])\s+", line):
            flush()
            m = re.match(r"^(\s*)([-*+]|\d+[.)])\s+(.*)$", line)
            assert m is not None
            indent = len(m.group(1).replace("\t", "    ")) // 2
            marker = "•" if m.group(2) in "-*+" else m.group(2).rstrip(")").rstrip(".") + "."
            text = m.group(3)
            # continuation lines of the same item
            while i + 1 < len(lines) and lines[i + 1].strip() and lines[i + 1].startswith("  ") \
                    and not re.match(r"^\s*([-*+]|\d+[.)])\s+", lines[i + 1]):
                i += 1
                text += " " + lines[i].strip()
            blocks.append(Block("item", text, level=min(indent, 3), marker=marker))
        elif s.startswith(">"):
            flush()
            blocks.append(Block("para", s.lstrip("> ").strip(), level=1))
        else:
            para.append(s)
        i += 1
    flush()
    return blocks


def _runs(text: str) -> list[tuple[str, str]]:
    """(text, style) runs; style is "", "bold", "em" or "code"."""
    out: list[tuple[str, str]] = []
    for part in _INLINE.split(text):
        if not part:
            continue
        if part.startswith("**") or part.startswith("__"):
            out.append((part[2:-2], "bold"))
        elif part.startswith("`"):
            out.append((part[1:-1], "code"))
        elif part.startswith("["):
            out.append((part[1:part.index("]")], ""))
        elif part.startswith("*") and part.endswith("*") and len(part) > 2:
            out.append((part[1:-1], "em"))
        else:
            out.append((part, ""))
    return out


def _style_font(size: int, style: str, base_bold: bool) -> pygame.font.Font:
    return draw.font(size, bold=base_bold or style == "bold", serif=style == "em")


def _style_colour(style: str, colour: tuple[int, int, int]) -> tuple[int, int, int]:
    return theme.ACCENT_DARK if style == "code" else colour


def _pieces(word: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """A word too long for a whole line, cut into pieces that fit: after a ``/ : _ . -`` when
    one is near the end of the piece, else anywhere, so nothing runs off the page."""
    out: list[str] = []
    while len(word) > 1 and fnt.size(word)[0] > width:
        n = len(word) - 1
        while n > 1 and fnt.size(word[:n])[0] > width:
            n -= 1
        cut = max(word.rfind(c, 0, n) + 1 for c in "/:_.-")
        if cut < n // 2:
            cut = n
        out.append(word[:cut])
        word = word[cut:]
    out.append(word)
    return out


def layout_inline(text: str, width: int, size: int, bold: bool = False) -> list[list[tuple[int, str, str]]]:
    """Lines of (x, word, style) for styled text wrapped at ``width``."""
    lines: list[list[tuple[int, str, str]]] = [[]]
    x = 0
    for run, style in _runs(text):
        fnt = _style_font(size, style, bold)
        space = fnt.size(" ")[0]
        words = run.split(" ")
        for k, word in enumerate(words):
            if word == "":
                if k > 0:
                    x += space
                continue
            if k > 0 and x > 0:
                x += space
            ww = fnt.size(word)[0]
            if ww > width:  # longer than a line (a path, a long name): break it up
                if lines[-1]:
                    lines.append([])
                for j, piece in enumerate(_pieces(word, fnt, width)):
                    if j:
                        lines.append([])
                    lines[-1].append((0, piece, style))
                    x = fnt.size(piece)[0]
                continue
            if x + ww > width and lines[-1]:
                lines.append([])
                x = 0
            lines[-1].append((x, word, style))
            x += ww
    return lines


def draw_inline(surface: pygame.Surface, text: str, x: int, y: int, width: int, size: int,
                colour: tuple[int, int, int] = theme.INK, bold: bool = False, spacing: float = 1.25) -> int:
    """Draw styled text wrapped at ``width``; returns the height used."""
    lh = int(draw.line_height(size) * spacing)
    lines = layout_inline(text, width, size, bold)
    for n, line in enumerate(lines):
        for wx, word, style in line:
            img = _style_font(size, style, bold).render(word, True, _style_colour(style, colour))
            surface.blit(img, (x + wx, y + n * lh))
    return lh * len(lines)


def _table_height_and_draw(surface: pygame.Surface | None, rows: list[list[str]], x: int, y: int, width: int) -> int:
    if not rows:
        return 0
    ncol = max(len(r) for r in rows)
    rows = [r + [""] * (ncol - len(r)) for r in rows]
    size = BODY - 2
    # column widths from content length, at least a share each
    longest = [max(8, max(draw.font(size).size(r[c])[0] for r in rows)) for c in range(ncol)]
    total = sum(longest)
    widths = [max(px(70), int(width * l / total)) for l in longest]
    scale = width / sum(widths)
    widths = [int(wd * scale) for wd in widths]
    ty = y
    for n, row in enumerate(rows):
        heights = [len(layout_inline(cell, widths[c] - px(16), size, n == 0)) for c, cell in enumerate(row)]
        rh = max(heights) * int(draw.line_height(size) * 1.2) + px(12)
        if surface is not None:
            bg = (236, 226, 204) if n == 0 else ((250, 246, 236) if n % 2 else (244, 238, 224))
            pygame.draw.rect(surface, bg, (x, ty, width, rh))
            cx = x
            for c, cell in enumerate(row):
                draw_inline(surface, cell, cx + px(8), ty + px(6), widths[c] - px(16), size, bold=(n == 0), spacing=1.2)
                cx += widths[c]
                if c < ncol - 1:
                    pygame.draw.line(surface, theme.PAPER_DARK, (cx, ty), (cx, ty + rh))
        ty += rh
    if surface is not None:
        pygame.draw.rect(surface, theme.PAPER_DARK, (x, y, width, ty - y), 1)
    return ty - y


def _picture(surface: pygame.Surface | None, b: Block, y: int, width: int, pictures: Pictures | None) -> int:
    """Draw a picture block centred, framed, with its caption under it; returns the height used."""
    if pictures is None:
        return 0
    try:
        img = pictures(b.text, min(width - px(8), px(760)))
    except Exception as exc:  # a picture is an illustration: the page still reads without it
        log.warning("a rules picture could not be drawn: %s", exc)
        return 0
    caption = _caption(b.text)
    top = y
    y += px(6)
    x = (width - img.get_width()) // 2
    if surface is not None:
        frame = pygame.Rect(x, y, img.get_width(), img.get_height()).inflate(px(8), px(8))
        pygame.draw.rect(surface, theme.PAPER_DARK, frame, border_radius=px(6))
        surface.blit(img, (x, y))
    h = img.get_height() + px(10)
    if caption:
        cw = min(width, max(img.get_width(), px(320)))
        cx = (width - cw) // 2
        if surface is not None:
            h += draw_inline(surface, f"*{caption}*", cx, y + h, cw, CAPTION, theme.INK_SOFT, spacing=1.2)
        else:
            h += len(layout_inline(f"*{caption}*", cw, CAPTION)) * int(draw.line_height(CAPTION) * 1.2)
    return y - top + h + px(18)


def _caption(spec: str) -> str:
    """The ``caption`` of a picture's description (TOML), or ""."""
    try:
        return str(tomllib.loads(spec).get("caption", ""))
    except tomllib.TOMLDecodeError:
        return ""


def _render(surface: pygame.Surface | None, blocks: list[Block], width: int,
            pictures: Pictures | None = None, headings: list[tuple[str, int, int]] | None = None) -> int:
    y = 0
    for n, b in enumerate(blocks):
        if b.kind == "picture":
            y += _picture(surface, b, y, width, pictures)
        elif b.kind == "heading":
            size = {1: 32, 2: 25, 3: 20, 4: 18}[b.level]
            y += px(18) if n > 0 and b.level <= 2 else px(10) if n > 0 else 0
            colour = theme.ACCENT_DARK if b.level <= 2 else theme.INK
            h = draw_inline(surface, b.text, 0, y, width, size, colour, bold=True, spacing=1.1) if surface else \
                len(layout_inline(b.text, width, size, True)) * int(draw.line_height(size) * 1.1)
            if headings is not None:
                headings.append((b.text, y, h))
            y += h
            if b.level == 1 and surface is not None:
                pygame.draw.line(surface, theme.ACCENT, (0, y + px(4)), (min(width, px(220)), y + px(4)), max(2, px(3)))
            y += px(12) if b.level == 1 else px(6)
        elif b.kind == "para":
            indent = px(18) * b.level
            if surface is not None and b.level:
                pygame.draw.rect(surface, theme.PAPER_DARK, (px(4), y, px(4), px(10)))
            h = draw_inline(surface, b.text, indent, y, width - indent, BODY) if surface else \
                len(layout_inline(b.text, width - indent, BODY)) * int(draw.line_height(BODY) * 1.25)
            if surface is not None and b.level:
                pygame.draw.rect(surface, theme.PAPER_DARK, (px(4), y, px(4), h))
            y += h + px(10)
        elif b.kind == "item":
            indent = px(10) + px(26) * b.level
            if surface is not None:
                if b.marker == "•":
                    pygame.draw.circle(surface, theme.ACCENT, (indent + px(5), y + draw.line_height(BODY) // 2 + 1), px(4))
                else:
                    draw.text(surface, b.marker, (indent + px(14), y), BODY, theme.ACCENT_DARK, bold=True, anchor="topright")
            h = draw_inline(surface, b.text, indent + px(22), y, width - indent - px(22), BODY) if surface else \
                len(layout_inline(b.text, width - indent - px(22), BODY)) * int(draw.line_height(BODY) * 1.25)
            nxt = blocks[n + 1] if n + 1 < len(blocks) else None
            y += h + (px(4) if nxt is not None and nxt.kind == "item" else px(12))
        elif b.kind == "table":
            y += _table_height_and_draw(surface, b.rows, 0, y, width) + px(14)
        elif b.kind == "rule":
            if surface is not None:
                pygame.draw.line(surface, theme.PAPER_DARK, (0, y + px(8)), (width, y + px(8)), 2)
            y += px(18)
    return y + px(10)


def render(md: str, width: int, pictures: Pictures | None = None) -> pygame.Surface:
    """The whole document laid out at ``width`` pixels, on a transparent surface (cached per
    width and interface scale: the text grows with the scale)."""
    return _render_cached(md, width, theme.ui_scale(), pictures)


def headings(md: str, width: int, pictures: Pictures | None = None) -> list[tuple[str, int, int]]:
    """(heading text, its top on the rendered page, its height) for every heading, in order."""
    return list(_headings_cached(md, width, theme.ui_scale(), pictures))


@functools.lru_cache(maxsize=16)
def _headings_cached(md: str, width: int, scale: float, pictures: Pictures | None) -> tuple[tuple[str, int, int], ...]:
    out: list[tuple[str, int, int]] = []
    _render(None, parse(md), width, pictures, out)
    return tuple(out)


@functools.lru_cache(maxsize=16)
def _render_cached(md: str, width: int, scale: float, pictures: Pictures | None = None) -> pygame.Surface:
    blocks = parse(md)
    height = _render(None, blocks, width, pictures)
    surf = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)
    _render(surf, blocks, width, pictures)
    return surf
