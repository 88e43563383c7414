"""The scoring screen's statistics page: each player's score round by round as a line chart (one
line per player in the player's colour, with a marker shape of its own, axis labels and a legend
by name), and the game's figures as a table (a row per figure, a column per player).

Drawn with pygame alone. The numbers come from ``courier.rules.stats`` (worked out by replaying the
game's log), so a loaded save shows the same page as the game that was just played.
"""

from __future__ import annotations

import logging
import math
from typing import Any, Sequence

import pygame

from courier.rules.stats import GameStats
from courier.ui import draw, theme

log = logging.getLogger(__name__)

#: what the page says when a game's statistics cannot be worked out
NO_STATS = "The statistics of this game could not be worked out."

GRID = (228, 220, 204)
AXIS = theme.INK_SOFT
#: marker shapes, one per seat in turn, so no line is told apart by its colour alone
SHAPES = ("circle", "square", "triangle", "diamond", "down", "plus")


def statistics_of(match: Any) -> GameStats | None:
    """The finished ``match``'s statistics, worked out from its seed and log; None (and a note in
    the program's log) if the replay fails, so the scores still show."""
    from courier.rules import stats

    try:
        return stats.statistics(match.game_id, match.config, match.seed, list(match.log))
    except Exception:  # the scoring screen never crashes over its statistics
        log.exception("statistics of a %s game could not be worked out", match.game_id)
        return None


def fmt(v: float) -> str:
    if float(v).is_integer():
        return str(int(v))
    return f"{v:.1f}"


def nice_ticks(lo: float, hi: float, most: int = 6, whole: bool = True) -> list[float]:
    """Round numbers from at or below ``lo`` to at or above ``hi``, at most ``most`` of them
    (steps of 1, 2, 2.5 or 5 times a power of ten; ``whole``: never a step with a fraction, for
    scores that are whole numbers)."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / max(1, most - 1)
    mag = 10 ** math.floor(math.log10(raw))
    step = mag * 10
    for m in (1, 2, 2.5, 5, 10):
        step = m * mag
        if whole and step < 1 or whole and not float(step).is_integer():
            continue
        first, last = math.floor(lo / step), math.ceil(hi / step)
        if last - first + 1 <= most:
            break
    first, last = math.floor(lo / step), math.ceil(hi / step)
    return [round(k * step, 6) for k in range(first, last + 1)]


def shown_labels(count: int, slot: float, widest: int) -> list[int]:
    """Which of ``count`` evenly spaced axis labels (``slot`` pixels apart, the widest ``widest``
    pixels) to write so that none touches the next: every k-th, and always the last."""
    if count <= 0:
        return []
    if count == 1:
        return [0]
    step = max(1, math.ceil(widest / max(1.0, slot)))
    picked = list(range(0, count, step))
    if picked[-1] != count - 1:
        if (count - 1 - picked[-1]) * slot >= widest:
            picked.append(count - 1)
        elif len(picked) > 1:
            picked[-1] = count - 1
    return picked


def marker(surface: pygame.Surface, shape: str, center: tuple[int, int], r: int, colour: tuple[int, int, int]) -> None:
    x, y = center
    rim = draw.darken(colour, 0.45)
    if shape == "square":
        rect = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        pygame.draw.rect(surface, colour, rect)
        pygame.draw.rect(surface, rim, rect, 1)
        return
    polys = {
        "triangle": [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)],
        "down": [(x, y + r + 1), (x + r + 1, y - r), (x - r - 1, y - r)],
        "diamond": [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)],
    }
    if shape in polys:
        pygame.draw.polygon(surface, colour, polys[shape])
        pygame.draw.polygon(surface, rim, polys[shape], 1)
    elif shape == "plus":
        t = max(2, r // 2)
        pygame.draw.rect(surface, colour, (x - r, y - t // 2 - 1, 2 * r, t + 1))
        pygame.draw.rect(surface, colour, (x - t // 2 - 1, y - r, t + 1, 2 * r))
    else:
        draw.swatch(surface, (x, y), r, colour)


class StatsPage:
    """The chart and the figures table in one rectangle of the scoring card."""

    def __init__(self, stats: GameStats | None, seats: Sequence[Any]) -> None:
        self.stats = stats
        self.seats = list(seats)
        self.area = pygame.Rect(0, 0, 10, 10)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.plot = pygame.Rect(0, 0, 0, 0)
        self.table = pygame.Rect(0, 0, 0, 0)
        self.ticks: list[float] = []
        self.legend: list[tuple[pygame.Rect, int, str]] = []  # (rect, seat, name shown)
        self.x_labels: list[int] = []
        self.y_label_w = 0

    # -- what is shown -------------------------------------------------------------------------
    @property
    def count(self) -> int:
        """Players with a line (and a column)."""
        return len(self.stats.scores) if self.stats else 0

    def name(self, seat: int) -> str:
        spec = self.seats[seat] if 0 <= seat < len(self.seats) else None
        return spec.name if spec is not None else f"Player {seat + 1}"

    def colour(self, seat: int) -> tuple[int, int, int]:
        spec = self.seats[seat] if 0 <= seat < len(self.seats) else None
        return tuple(spec.colour) if spec is not None else theme.INK_SOFT

    # -- layout --------------------------------------------------------------------------------
    def layout(self, area: pygame.Rect) -> None:
        px = theme.px
        self.area = pygame.Rect(area)
        st = self.stats
        if st is None:
            return
        names = st.names()
        if names:
            # the table asks for room for its names and a fair column per player; the chart keeps
            # at least 45% of the width
            # a player's column is wide enough for the longest word of their name when it can be
            want = self._names_width() + max(1, self.count) * max(px(100), self._name_word_w(12) + px(10)) + px(20)
            table_w = int(min(area.width * 0.6, max(area.width * 0.45, want)))
            chart_w = area.width - table_w
            self.chart = pygame.Rect(area.left, area.top, chart_w, area.height)
            self.table = pygame.Rect(area.left + chart_w + px(20), area.top, table_w - px(20), area.height)
        else:
            self.chart, self.table = pygame.Rect(area), pygame.Rect(area.left, area.top, 0, 0)
        c = self.chart
        values = [v for seat in st.scores for v in seat]
        self.ticks = nice_ticks(min([0.0] + values), max([0.0] + values),
                                whole=all(float(v).is_integer() for v in values))
        self.y_label_w = max(draw.font(12).size(fmt(t))[0] for t in self.ticks) + px(8)
        self._layout_legend()
        legend_h = (max(r.bottom for r, _, _ in self.legend) - c.top) if self.legend else 0
        lh12, lh13 = draw.line_height(12), draw.line_height(13, True)
        top = c.top + lh13 + px(8)
        # under the plot: the round numbers, the axis name, then the legend (laid out at the top,
        # moved down below)
        below = px(8) + lh12 + px(4) + lh13 + px(8) + legend_h
        self.plot = pygame.Rect(c.left + self.y_label_w, top, c.width - self.y_label_w - px(16),
                                max(px(40), c.bottom - below - top))
        shift = self.plot.bottom + px(8) + lh12 + px(4) + lh13 + px(8) - c.top
        self.legend = [(r.move(0, shift), seat, text) for r, seat, text in self.legend]
        n = len(st.rounds)
        slot = self.plot.width / max(1, n - 1)
        widest = max(draw.font(12).size(r)[0] for r in st.rounds) + px(10)
        self.x_labels = shown_labels(n, slot, widest)

    def _layout_legend(self) -> None:
        """Legend entries flowed into rows across the chart's width (from the chart's top; moved
        under the plot by ``layout``)."""
        px = theme.px
        c = self.chart
        lh = draw.line_height(13)
        x, y = c.left + px(4), c.top
        self.legend = []
        for seat in range(self.count):
            name = self.name(seat)
            room = c.width - px(34)
            shown = draw.ellipsize(name, draw.font(13), room)
            w = px(22) + draw.font(13).size(shown)[0] + px(16)
            if x > c.left + px(4) and x + w > c.right:
                x, y = c.left + px(4), y + lh + px(4)
            self.legend.append((pygame.Rect(x, y, w - px(10), lh), seat, shown))
            x += w

    def x_at(self, k: int) -> float:
        n = len(self.stats.rounds) if self.stats else 1
        if n <= 1:
            return float(self.plot.centerx)
        return self.plot.left + k * self.plot.width / (n - 1)

    def y_at(self, v: float) -> float:
        lo, hi = self.ticks[0], self.ticks[-1]
        return self.plot.bottom - (v - lo) / (hi - lo or 1) * self.plot.height

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self.stats is None:
            draw.text_block(surface, NO_STATS, self.area.inflate(-theme.px(40), 0), 16, theme.INK_SOFT, align="center")
            return
        self._draw_chart(surface)
        if self.table.width > 0:
            self._draw_table(surface)

    def _draw_chart(self, surface: pygame.Surface) -> None:
        px = theme.px
        st = self.stats
        assert st is not None
        p, c = self.plot, self.chart
        draw.text(surface, st.score_name, (c.left, c.top), 13, theme.INK_SOFT, bold=True)
        for t in self.ticks:
            y = int(self.y_at(t))
            pygame.draw.line(surface, GRID if t else AXIS, (p.left, y), (p.right, y), 1)
            draw.text(surface, fmt(t), (p.left - px(8), y), 12, theme.INK_SOFT, anchor="midright")
        pygame.draw.line(surface, AXIS, (p.left, p.top), (p.left, p.bottom), max(1, px(1)))
        lh12 = draw.line_height(12)
        for k in self.x_labels:
            x = int(self.x_at(k))
            pygame.draw.line(surface, AXIS, (x, p.bottom), (x, p.bottom + px(4)), 1)
            draw.text(surface, st.rounds[k], (x, p.bottom + px(8)), 12, theme.INK_SOFT, anchor="midtop")
        draw.text(surface, "Round", (p.centerx, p.bottom + px(8) + lh12 + px(4)), 13, theme.INK_SOFT, bold=True,
                  anchor="midtop")
        n = len(st.rounds)
        r = max(3, px(4))
        width = max(2, px(3))
        for seat, series in enumerate(st.scores):
            pts = [(int(self.x_at(k)), int(self.y_at(v))) for k, v in enumerate(series)]
            colour = self.colour(seat)
            if len(pts) > 1:
                pygame.draw.lines(surface, colour, False, pts, width)
            every = n <= 24
            for k, pt in enumerate(pts):
                if every or k == len(pts) - 1:
                    marker(surface, SHAPES[seat % len(SHAPES)], pt, r, colour)
        for rect, seat, shown in self.legend:
            marker(surface, SHAPES[seat % len(SHAPES)], (rect.left + px(8), rect.centery), r, self.colour(seat))
            draw.text(surface, shown, (rect.left + px(22), rect.centery), 13, theme.INK, anchor="midleft",
                      max_width=rect.width - px(22) + px(2))

    def _columns(self) -> tuple[int, int]:
        """(width of the figures' names column, width of each player's column): the names of the
        figures get their room first, the players share the rest."""
        px = theme.px
        t = self.table
        n = max(1, self.count)
        need = self._names_width()
        col_w = max(px(44), min(px(140), (t.width - need) // n))
        return t.width - col_w * n, col_w

    def _names_width(self) -> int:
        """Room for the figures' names, the widest one whole."""
        names = self.stats.names() if self.stats else []
        return max([draw.font(14).size(f)[0] for f in names] + [theme.px(60)]) + theme.px(20)

    def _name_word_w(self, size: int) -> int:
        """The longest word of any player's name, in bold at ``size``."""
        fnt = draw.font(size, True)
        return max([fnt.size(w)[0] for seat in range(self.count) for w in self.name(seat).split()] + [0])

    def header_size(self) -> int:
        """The players' names over their columns at 12 points, smaller (down to 10) rather than
        cut inside a word."""
        _, col_w = self._columns()
        return next((size for size in (12, 11) if self._name_word_w(size) <= col_w - theme.px(6)), 10)

    def header_lines(self, seat: int) -> list[str]:
        """A player's name over their column: word by word on two lines at most, a word too long
        for the column even at the smallest size cut short with "…" (the tooltip there gives the
        whole name)."""
        _, col_w = self._columns()
        room = col_w - theme.px(6)
        fnt = draw.font(self.header_size(), True)
        lines: list[str] = []
        for word in self.name(seat).split() or [""]:
            if lines and len(lines) < 3 and fnt.size(f"{lines[-1]} {word}")[0] <= room:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        if len(lines) > 2:
            lines = [lines[0], " ".join(lines[1:])]
        return [draw.ellipsize(line, fnt, room) for line in lines]

    def _row_height(self) -> int:
        st = self.stats
        rows = len(st.names()) if st else 0
        head = self._header_height()
        return max(draw.line_height(14) + theme.px(4), min(theme.px(36), (self.table.height - head) // max(1, rows)))

    def _header_height(self) -> int:
        lines = max([len(self.header_lines(i)) for i in range(self.count)] + [1])
        return theme.px(22) + draw.line_height(self.header_size(), True) * lines + theme.px(6)

    def row_rects(self) -> list[tuple[pygame.Rect, str]]:
        st = self.stats
        if st is None:
            return []
        t = self.table
        y = t.top + self._header_height()
        rh = self._row_height()
        return [(pygame.Rect(t.left, y + i * rh, t.width, rh), name) for i, name in enumerate(st.names())]

    def header_rects(self) -> list[tuple[pygame.Rect, int]]:
        name_w, col_w = self._columns()
        t = self.table
        return [(pygame.Rect(t.left + name_w + i * col_w, t.top, col_w, self._header_height()), i)
                for i in range(self.count)]

    def _draw_table(self, surface: pygame.Surface) -> None:
        px = theme.px
        st = self.stats
        assert st is not None
        name_w, col_w = self._columns()
        head = self.header_size()
        lh = draw.line_height(head, True)
        for rect, seat in self.header_rects():
            shape = SHAPES[seat % len(SHAPES)]
            marker(surface, shape, (rect.centerx, rect.top + px(9)), max(4, px(6)), self.colour(seat))
            for k, line in enumerate(self.header_lines(seat)):
                draw.text(surface, line, (rect.centerx, rect.top + px(20) + lh * k), head, theme.INK, bold=True,
                          anchor="midtop", max_width=col_w - px(4))
        clip = surface.get_clip()
        surface.set_clip(self.table)
        for i, (rect, figure) in enumerate(self.row_rects()):
            if rect.top >= self.table.bottom:
                break
            shade = (246, 240, 226) if i % 2 == 0 else (251, 247, 238)
            draw.rounded_rect(surface, rect.inflate(0, -px(2)), shade, px(6))
            draw.text(surface, figure, (rect.left + px(8), rect.centery), 14, theme.INK, anchor="midleft",
                      max_width=name_w - px(12))
            for seat, figs in enumerate(st.figures):
                x = rect.left + name_w + seat * col_w + col_w // 2
                v = figs[figure]
                draw.text(surface, fmt(v), (x, rect.centery), 15, theme.INK, anchor="center",
                          max_width=col_w - px(6))
        surface.set_clip(clip)

    # -- reading it whole ----------------------------------------------------------------------
    def row_text(self, figure: str) -> str:
        st = self.stats
        assert st is not None
        return f"{figure}: " + ", ".join(f"{self.name(i)} {fmt(f[figure])}" for i, f in enumerate(st.figures))

    def round_text(self, k: int) -> str:
        st = self.stats
        assert st is not None
        when = "At the start" if k == 0 else f"After round {st.rounds[k]}"
        return f"{when}, {st.score_name.lower()}: " + ", ".join(
            f"{self.name(i)} {fmt(s[k])}" for i, s in enumerate(st.scores))

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The whole text at ``pos``: a player's name, a figure's row, or the scores at the round
        nearest the pointer on the chart."""
        st = self.stats
        if st is None:
            return None
        for rect, seat, _ in self.legend:
            if rect.collidepoint(pos):
                return self.name(seat)
        for rect, seat in self.header_rects():
            if rect.collidepoint(pos):
                spec = self.seats[seat] if seat < len(self.seats) else None
                return self.name(seat) + (" (computer)" if spec is not None and spec.is_ai else "")
        for rect, figure in self.row_rects():
            if rect.collidepoint(pos) and rect.bottom <= self.table.bottom + rect.height:
                return self.row_text(figure)
        p = self.plot.inflate(theme.px(16), theme.px(16))
        if p.collidepoint(pos) and st.rounds:
            n = len(st.rounds)
            k = 0 if n <= 1 else round((pos[0] - self.plot.left) / (self.plot.width / (n - 1)))
            return self.round_text(min(n - 1, max(0, k)))
        return None
