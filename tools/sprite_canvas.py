"""Drawing helpers for tools.make_sprites: a supersampled canvas and layer utilities."""

from __future__ import annotations

import math
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sprites"
FONT = ROOT / "assets" / "fonts" / "DejaVuSans-Bold.ttf"
K = 4  # supersampling factor

OUTLINE = (44, 38, 34)
GLASS = (178, 214, 230)
GLASS_DARK = (120, 160, 182)
TYRE = (40, 38, 40)
HUB = (190, 190, 196)


class Canvas:
    """A transparent surface addressed in final-size units (scaled by K internally)."""

    def __init__(self, w: int, h: int | None = None) -> None:
        self.w, self.h = w, h or w
        self.s = pygame.Surface((self.w * K, self.h * K), pygame.SRCALPHA)

    def p(self, x: float, y: float) -> tuple[int, int]:
        return int(x * K), int(y * K)

    def rect(self, colour, x, y, w, h, radius=0, width=0) -> None:
        pygame.draw.rect(self.s, colour, (x * K, y * K, w * K, h * K), int(width * K),
                         border_radius=int(radius * K))

    def circle(self, colour, x, y, r, width=0) -> None:
        pygame.draw.circle(self.s, colour, self.p(x, y), int(r * K), int(width * K))

    def ellipse(self, colour, x, y, w, h, width=0) -> None:
        pygame.draw.ellipse(self.s, colour, (x * K, y * K, w * K, h * K), int(width * K))

    def poly(self, colour, pts, width=0) -> None:
        pygame.draw.polygon(self.s, colour, [self.p(x, y) for x, y in pts], int(width * K))

    def line(self, colour, a, b, width=1) -> None:
        pygame.draw.line(self.s, colour, self.p(*a), self.p(*b), max(1, int(width * K)))
        for end in (a, b):  # round caps
            pygame.draw.circle(self.s, colour, self.p(*end), int(width * K / 2))

    def lines(self, colour, pts, width=1) -> None:
        for a, b in zip(pts, pts[1:]):
            self.line(colour, a, b, width)

    def arc(self, colour, cx, cy, r, start, end, width) -> None:
        """A thick arc from ``start`` to ``end`` degrees (counter-clockwise, y up)."""
        steps = max(8, int(abs(end - start) / 4))
        pts = []
        for i in range(steps + 1):
            a = math.radians(start + (end - start) * i / steps)
            pts.append((cx + r * math.cos(a), cy - r * math.sin(a)))
        self.lines(colour, pts, width)

    def text(self, txt, size, colour, cx, cy) -> None:
        f = pygame.font.Font(str(FONT), int(size * K))
        img = f.render(txt, True, colour)
        self.s.blit(img, img.get_rect(center=self.p(cx, cy)))

    def result(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.s, (self.w, self.h))


def save(name: str, canvas: Canvas | pygame.Surface) -> None:
    surf = canvas.result() if isinstance(canvas, Canvas) else canvas
    pygame.image.save(surf, str(OUT / f"{name}.png"))


def shadow_blob(c: Canvas, cx, cy, w, h) -> None:
    c.ellipse((0, 0, 0, 60), cx - w / 2, cy - h / 2, w, h)


def cut(trim: Canvas, paint: Canvas) -> None:
    """Clear the trim layer wherever the body is painted, so outlines sit around the body, not
    over it (the trim is drawn on top of the paint at run time)."""
    mask = pygame.mask.from_surface(paint.s, 1)
    mask.to_surface(surface=trim.s, setcolor=(0, 0, 0, 0), unsetcolor=None)


def save_layers(name: str, paint: Canvas, trim: Canvas, preview_colour=(0, 114, 178)) -> None:
    p, t = paint.result(), trim.result()
    save(f"{name}_paint", p)
    save(f"{name}_trim", t)
    prev = p.copy()
    prev.fill((*preview_colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    prev.blit(t, (0, 0))
    save(name, prev)
