"""The layout check: does a screen fit its window?

Draws the scene stack once with the text audit on (``courier.ui.draw.start_audit``) and reports,
in plain words, every:

- control (a keyboard target that is not a board place) that leaves the window or the panel it
  belongs to (``Target.within``);
- two controls that overlap;
- line of text drawn past the window's edge, and two different texts drawn over each other
  (a tooltip or the focus ring's caption, drawn in ``draw.covering``, may cover text: that is
  what it is for; it must still stay in the window);
- text that had to be shortened (or wrapped past its box) with no way to read it whole: neither
  the screen's tooltip at that spot (``Scene.tooltip_at``) nor a keyboard target there holds the
  whole text.

Used by the layout tests over every scene of every game at 1024x600, 1280x720, 1920x1080 and
2560x1440; ``save`` keeps the picture it checked, for people to look at.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from courier.ui import draw

if TYPE_CHECKING:
    from courier.scenes.base import SceneStack

SIZES = ((1024, 600), (1280, 720), (1920, 1080), (2560, 1440))
#: zones whose targets are controls that must not overlap (board places may sit close together)
CONTROL_ZONES = ("panel", "dialog", "bar", "cards")


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().rstrip(".").lower()


def check(stack: "SceneStack", surface: pygame.Surface) -> list[str]:
    """Draw ``stack`` onto ``surface`` and return what does not fit (empty when all is well)."""
    # only the top screen is read: what lies under a dialog is dimmed and cannot be chosen
    scenes = stack.visible() if hasattr(stack, "visible") else None
    for scene in (scenes or [])[:-1]:
        scene.draw(surface)
    audit = draw.start_audit()
    try:
        if scenes is None:
            stack.draw(surface)  # a stand-in stack (tests of one view) draws as a whole
        else:
            if scenes:
                scenes[-1].draw(surface)
            stack.draw_focus(surface)
    finally:
        draw.stop_audit()
    top = stack.top
    if top is None:
        return []
    w, h = surface.get_size()
    window = pygame.Rect(0, 0, w, h)
    items = top.focusables()
    problems: list[str] = []
    for t in items:
        if t.rect.width <= 0 or t.rect.height <= 0:
            continue
        if not window.contains(t.rect):
            problems.append(f"control {t.label!r} leaves the window at {tuple(t.rect)}")
        elif t.within is not None and not pygame.Rect(t.within).contains(t.rect):
            problems.append(f"control {t.label!r} leaves its panel {tuple(t.within)} at {tuple(t.rect)}")
    controls = [t for t in items if t.zone in CONTROL_ZONES and t.rect.width > 0 and t.rect.height > 0]
    for i, a in enumerate(controls):
        for b in controls[i + 1:]:
            clip = a.rect.clip(b.rect)
            if clip.width > 1 and clip.height > 1:
                problems.append(f"controls {a.label!r} and {b.label!r} overlap at {tuple(clip)}")
    for size, rect, text in audit.lines + audit.covers:
        if size == (w, h) and text.strip() and not window.contains(rect):
            problems.append(f"text {text!r} leaves the window at {tuple(rect)}")
    drawn = [(rect, text) for size, rect, text in audit.lines if size == (w, h) and text.strip()]
    for i, (ra, ta) in enumerate(drawn):
        for rb, tb in drawn[i + 1:]:
            if ta == tb:
                continue  # a shadow or an outline drawn under its own text
            clip = ra.clip(rb)
            if clip.width * clip.height > 0.3 * min(ra.width * ra.height, rb.width * rb.height):
                problems.append(f"texts {ta!r} and {tb!r} overlap at {tuple(clip)}")
    seen: set[tuple[str, tuple[int, ...]]] = set()
    for size, rect, whole, shown in audit.cuts:
        if size != (w, h) or (whole, tuple(rect)) in seen:
            continue
        seen.add((whole, tuple(rect)))
        if not readable_whole(top, rect, whole, items):
            problems.append(f"text {whole!r} is cut ({shown!r}) with nothing there to read it whole")
    return problems


def readable_whole(scene, rect: pygame.Rect, whole: str, items) -> bool:
    """Whether pointing at (or focusing) ``rect`` shows ``whole``."""
    want = _norm(whole)
    if not want:
        return True
    spots = [rect.center, (rect.left + 4, rect.centery), (rect.right - 4, rect.centery)]
    for spot in spots:
        tip = scene.tooltip_at(spot)
        if tip and want in _norm(tip):
            return True
    for t in items:
        if t.rect.colliderect(rect) and want in _norm(t.label):
            return True
    return False


def save(surface: pygame.Surface, path: Path) -> None:
    """Keep the checked picture (for people to look at)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
