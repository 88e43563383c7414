"""A priority card's caption ("+1 batt", "4 steps") stays inside the card at every card size the
hand takes, at every interface size."""

from __future__ import annotations

import pygame
import pytest

from courier.scenes.games.package_pandemonium import pieces
from courier.ui import draw, theme


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.25, 1.5])
@pytest.mark.parametrize("special", ["+1 batt", "4 steps"])
def test_the_caption_stays_inside_the_card(monkeypatch, scale, special):
    pygame.display.init()
    theme.set_ui_scale(scale)
    try:
        surface = pygame.Surface((400, 400))
        drawn: list[tuple[str, pygame.Rect]] = []
        real = draw.text

        def spy(surf, text, *args, **kw):
            r = real(surf, text, *args, **kw)
            drawn.append((text, pygame.Rect(r)))
            return r

        monkeypatch.setattr(pieces.draw, "text", spy)
        for w in range(28, 72, 4):
            rect = pygame.Rect(20, 20, w, int(w * 1.3))
            drawn.clear()
            pieces.draw_card(surface, rect, 14, special=special)
            words = [(t, r) for t, r in drawn if t != "14"]
            said = [t for t, _ in words]
            assert said and special.split()[:len(said)] in (said, [" ".join(said)]) or " ".join(said) == special
            if w >= 36:  # a card of a usual size says all of it
                assert " ".join(said) == special, (w, said)
            for t, r in words:
                assert rect.inflate(-8, 0).contains(r), (w, t, r, rect)  # clear of the card's edge
    finally:
        theme.set_ui_scale(1.0)
