"""The settings screen is its rows (``courier.scenes.settings_rows``): every row, whatever the window
and the interface size, is reached by Tab and by Shift+Tab, shows whole when the keyboard is on
it, and the screen passes the layout check while the card scrolls; a row added to the list is on
the screen and in the keyboard's order with nothing else to change."""

from __future__ import annotations

import pygame
import pytest

from courier.scenes import settings_rows
from courier.scenes.settings import SettingsScene
from courier.ui.widgets import Toggle
from tests.app import layout_matrix
from tests.app.keys import KeyDriver

SIZES = ((1024, 600), (1280, 720), (1920, 1080))
SCALES = (0.0, 1.0, 1.5, 2.0)


def _app(size, factor):
    from courier.app import App
    from courier.settings import Settings

    return App(Settings(ui_scale=factor), size=size, fullscreen=False)


def _walk(keys: KeyDriver, scene: SettingsScene, mod: int) -> list[str]:
    """The rows the keyboard lands on, once round, each checked to show whole."""
    seen: list[str] = []
    for _ in range(len(scene.order) + 2):
        keys.key(pygame.K_TAB, mod=mod)
        t = keys.focused()
        assert t is not None
        key = t.key[1]
        if key == "done":
            continue
        wdg = scene.widgets[key]
        assert wdg.visible and scene.view.contains(wdg.rect), (key, wdg.rect, scene.view)
        seen.append(key)
    return seen


@pytest.mark.parametrize("factor", SCALES, ids=lambda f: f"at-{round(f * 100) or 'auto'}")
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_row_is_reached_both_ways_and_shows_whole(courier_home, size, factor):
    app = _app(size, factor)
    try:
        scene = app.stack.push(SettingsScene(app))
        keys = KeyDriver(app)
        keys.frame()
        rows = [r.key for r in scene.order]
        assert set(rows) == {r.key for r in settings_rows.ROWS}
        assert set(_walk(keys, scene, 0)) == set(rows)
        assert set(_walk(keys, scene, pygame.KMOD_SHIFT)) == set(rows)
        problems = layout_matrix.check(app, f"settings-{size[0]}x{size[1]}-at-{factor}")
        scene.scroll_by(10_000)
        keys.frame()
        problems += layout_matrix.check(app, f"settings-{size[0]}x{size[1]}-at-{factor}-end")
        assert problems == [], "\n".join(problems)
    finally:
        layout_matrix.close_app(app)


def test_a_row_added_to_the_list_is_on_the_screen_and_in_the_order(app, monkeypatch):
    def build(scene, rect, wide):
        return Toggle(rect, "A new preference", False, lambda v: None)

    extra = settings_rows.Row("extra", "Help", 54, 40, build)
    monkeypatch.setattr(settings_rows, "ROWS", settings_rows.ROWS + [extra])
    scene = app.stack.push(SettingsScene(app))
    keys = KeyDriver(app)
    keys.frame()
    assert "extra" in scene.widgets
    assert "A new preference" in [t.label for t in scene.focusables()]


def test_the_wheel_and_page_keys_scroll_a_card_that_does_not_fit(courier_home):
    app = _app((1280, 720), 2.0)
    try:
        scene = app.stack.push(SettingsScene(app))
        keys = KeyDriver(app)
        keys.frame()
        assert scene.max_scroll > 0
        keys.key(pygame.K_PAGEDOWN)
        assert scene.scroll > 0
        keys.key(pygame.K_PAGEUP)
        assert scene.scroll == 0
        keys.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=scene.card.center, rel=(1, 0), buttons=(0, 0, 0)),
                    pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
        assert scene.scroll > 0
    finally:
        layout_matrix.close_app(app)
