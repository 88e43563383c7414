"""The settings screen's rows, as data: each row names its section, its height and how its control
is built from the player's settings. The screen (``courier.scenes.settings``) lays the sections out
in order, in one or two columns, scrolling when they do not fit, and puts every row in the
keyboard's order; a new preference is one ``Row`` here (and its field in ``courier.settings``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import pygame

from courier.ui.widgets import Button, Slider, Stepper, Toggle, Widget

if TYPE_CHECKING:
    from courier.scenes.settings import SettingsScene

#: the sections, top to bottom (a section is never split between the two columns)
SECTIONS = ("Display", "Sound and speech", "Pace and motion", "Help", "Your boards")

SIZES = [(1024, 640), (1280, 720), (1366, 768), (1600, 900), (1920, 1080), (2560, 1440)]
#: the interface sizes offered: a factor on the size that follows the window (0 = automatic)
UI_SCALES = (0.0, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)


def size_label(s: tuple[int, int]) -> str:
    return f"{s[0]} × {s[1]}"


def scale_label(f: float) -> str:
    return "Automatic" if not f else f"{round(f * 100)}%"


def scale_index(f: float) -> int:
    """The offered size nearest a stored factor (a hand-edited file may hold any)."""
    if not f:
        return 0
    return min(range(1, len(UI_SCALES)), key=lambda i: abs(UI_SCALES[i] - f))


@dataclass(frozen=True)
class Row:
    """One setting. ``build(scene, rect, wide)`` makes its control in ``rect`` (``wide``: the
    column has room for the long label). A row with a ``label`` draws it at the left and gives
    its control the right-hand part (a stepper carries no words of its own)."""

    key: str
    section: str
    #: design height of the row, and of the control in it
    height: int
    control: int
    build: Callable[["SettingsScene", pygame.Rect, bool], Widget]
    label: str | None = None
    #: what the keyboard's ring says on it (default: the control's own words)
    focus_label: Callable[["SettingsScene", Widget], str | None] | None = None


def _stepper_words(name: str) -> Callable[["SettingsScene", Widget], str | None]:
    def words(scene: "SettingsScene", w: Widget) -> str | None:
        return f"{name}: {w.value} (Left/Right to change)" if isinstance(w, Stepper) else None
    return words


def _window_size(scene: "SettingsScene", rect: pygame.Rect, wide: bool) -> Widget:
    s = scene.app.settings
    return Stepper(rect, [size_label(z) for z in scene.sizes], scene.sizes.index((s.window_width, s.window_height)),
                   scene.window_size, tooltip="Window size (drag the window edge too)")


def _interface_size(scene: "SettingsScene", rect: pygame.Rect, wide: bool) -> Widget:
    return Stepper(rect, [scale_label(f) for f in UI_SCALES], scale_index(scene.app.settings.ui_scale),
                   scene.interface_size,
                   tooltip="How big text and controls are; Automatic follows the window")


def _fullscreen(scene: "SettingsScene", rect: pygame.Rect, wide: bool) -> Widget:
    return Toggle(rect, "Fullscreen (F11 switches at any time)" if wide else "Fullscreen (F11)",
                  scene.app.settings.fullscreen, scene.fullscreen,
                  tooltip="Fill the screen; F11 switches at any time")


def _volume(scene: "SettingsScene", rect: pygame.Rect, wide: bool) -> Widget:
    return Slider(rect, "Volume", 0.0, 1.0, scene.app.settings.volume, step=0.05, on_change=scene.volume,
                  fmt=lambda v: f"{round(v * 100)}%")


def _speed(scene: "SettingsScene", rect: pygame.Rect, wide: bool) -> Widget:
    return Slider(rect, "Animation speed", 0.25, 4.0, scene.app.settings.anim_speed, step=0.25,
                  on_change=lambda v: scene.set("anim_speed", v), fmt=lambda v: f"{v:g}×")


def _motion(scene: "SettingsScene", rect: pygame.Rect, wide: bool) -> Widget:
    return Toggle(rect, "Reduced motion (no travel, rolling or pulsing)" if wide else "Reduced motion",
                  scene.app.settings.reduced_motion, lambda v: scene.set("reduced_motion", v),
                  tooltip="Nothing travels, rolls or pulses: results show at once, computer moves at a calm pace")


def _pause(scene: "SettingsScene", rect: pygame.Rect, wide: bool) -> Widget:
    return Toggle(rect, "Wait for a key after each computer move" if wide else "Wait after computer moves",
                  scene.app.settings.pause_after_ai, lambda v: scene.set("pause_after_ai", v),
                  tooltip="Each computer move stays on the board until you press a key or click the board")


def _hints(scene: "SettingsScene", rect: pygame.Rect, wide: bool) -> Widget:
    return Toggle(rect, "Hints (the H key: what the computer would do)" if wide else "Hints (H)",
                  scene.app.settings.hints, lambda v: scene.set("hints", v),
                  tooltip="Playing against the computer, H or the Hint button shows the move it would make")


def _boards(scene: "SettingsScene", rect: pygame.Rect, wide: bool) -> Widget:
    return Button(rect, "Open folder", scene.open_boards,
                  tooltip="Put .tmx boards made in Tiled here; they appear on the New game screen")


ROWS: list[Row] = [
    # -- Display
    Row("size", "Display", 58, 40, _window_size, label="Window size", focus_label=_stepper_words("Window size")),
    Row("scale", "Display", 58, 40, _interface_size, label="Interface size",
        focus_label=_stepper_words("Interface size")),
    Row("fullscreen", "Display", 56, 40, _fullscreen),
    # -- Sound and speech
    Row("volume", "Sound and speech", 70, 50, _volume),
    # -- Pace and motion
    Row("speed", "Pace and motion", 70, 50, _speed),
    Row("motion", "Pace and motion", 54, 40, _motion),
    Row("pause", "Pace and motion", 54, 40, _pause),
    # -- Help
    Row("hints", "Help", 54, 40, _hints),
    # -- Your boards
    Row("boards", "Your boards", 62, 40, _boards, label="Boards made in Tiled",
        focus_label=lambda scene, w: "Open the boards folder"),
]


def rows_in(section: str) -> list[Row]:
    return [r for r in ROWS if r.section == section]
