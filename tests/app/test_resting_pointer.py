"""The title screen's first frame shows no tooltip just because the pointer rests where the window
opened: the window system's motion on opening (with its window-enter) says where the pointer is,
not that the player points there. The first real move shows the tooltip."""

from __future__ import annotations

import pygame

from courier.scenes.menu import MenuScene
from courier.ui import draw


def covering_texts(app) -> list[str]:
    audit = draw.start_audit()
    try:
        app.stack.draw(app.screen)
    finally:
        draw.stop_audit()
    return [text for _, _, text in audit.covers]


def test_the_first_frame_shows_no_tooltip_under_a_resting_pointer(app, drive, monkeypatch):
    probe = MenuScene(app)
    probe.layout(app.size)
    rest = probe.buttons["continue"].rect.center  # Continue's tooltip: "No saved game yet"
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: rest)
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    menu = app.stack.push(MenuScene(app, saves_after_first_frame=True))
    # what the window system sends as the window opens under the pointer
    drive.frame([pygame.event.Event(pygame.WINDOWENTER, window=None),
                 pygame.event.Event(pygame.MOUSEMOTION, pos=rest, rel=(0, 0), buttons=(0, 0, 0))])
    drive.frame()
    assert covering_texts(app) == [] and not any(b.hovered for b in menu.buttons.values())
    # the player moves the pointer: now it points at Continue
    drive.move((rest[0] + 12, rest[1]))
    assert menu.buttons["continue"].hovered
    assert any("No saved game yet" in t for t in covering_texts(app))
