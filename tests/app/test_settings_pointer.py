"""The settings screen and the pointer: a click moves the keyboard's focus to the control clicked
(Right then changes that one, never the window size the ring had been on), and the interface
size's arrow stays under the pointer after a click lays the screen out at the new size."""

from __future__ import annotations

import pygame

from courier.scenes.settings import UI_SCALES, SettingsScene
from tests.app.keys import KeyDriver


def _press(keys: KeyDriver, pos, motion: bool = True) -> None:
    events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(0, 0, 0))] if motion else []
    keys.frame(events + [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                         pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def test_after_a_click_on_the_interface_size_right_changes_it_not_the_window(app):
    settings = app.stack.push(SettingsScene(app))
    keys = KeyDriver(app)
    keys.frame()
    keys.tab_to(lambda t: t.label.startswith("Window size"))
    size = (app.settings.window_width, app.settings.window_height)
    scale = settings.widgets["scale"]
    arrow = (scale.rect.right - scale.rect.height // 2, scale.rect.centery)
    _press(keys, arrow, motion=False)  # the pointer had not moved since its last click
    assert app.settings.ui_scale == UI_SCALES[1]
    keys.key(pygame.K_RIGHT)
    assert (app.settings.window_width, app.settings.window_height) == size
    assert app.settings.ui_scale == UI_SCALES[2]


def test_the_interface_size_arrow_stays_under_the_pointer(app):
    settings = app.stack.push(SettingsScene(app))
    keys = KeyDriver(app)
    keys.frame()
    scale = settings.widgets["scale"]
    arrow = (scale.rect.right - scale.rect.height // 2, scale.rect.centery)
    for i in range(1, 4):  # 80%, 90%, 100%: the screen is laid out again after each click
        _press(keys, arrow)
        assert app.settings.ui_scale == UI_SCALES[i]
        scale = settings.widgets["scale"]
        right = pygame.Rect(scale.rect.right - scale.rect.height, scale.rect.top, scale.rect.height, scale.rect.height)
        assert right.collidepoint(arrow), (i, right, arrow)
