"""Scenes and the scene stack: the screens of the app and how they cover one another.

A scene gets everything it needs passed in (the app, a match, a game): there is no
module-level session. Only the top scene receives events and updates; drawing starts at the
top-most opaque scene so dialogs can show the screen under them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from courier.ui import focus
from courier.ui.widgets import WidgetGroup

if TYPE_CHECKING:
    from courier.app import App
    from courier.ui.focus import FocusRing, Target


class Scene:
    """One screen. Override what you need; every hook has a harmless default."""

    #: an opaque scene covers everything below it (nothing under it is drawn)
    opaque: bool = True

    def __init__(self, app: "App") -> None:
        self.app = app
        self.size: tuple[int, int] = app.size if app is not None else (1280, 720)

    # -- life cycle ---------------------------------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack (after ``layout``)."""

    def exit(self) -> None:
        """Removed from the stack for good."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene over this one was popped; this one is on top again."""

    def layout(self, size: tuple[int, int]) -> None:
        """The window is ``size`` (on push and on every resize): place widgets here."""
        self.size = size

    # -- every frame --------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        """Return True when the event was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change anything."""

    # -- keyboard and layout (see ``courier.ui.focus``) -----------------------------------------
    @property
    def focus_ring(self) -> "FocusRing":
        ring = self.__dict__.get("_focus_ring")
        if ring is None:
            from courier.ui.focus import FocusRing

            ring = self.__dict__["_focus_ring"] = FocusRing()
        return ring

    def focusables(self) -> list["Target"]:
        """What the keyboard can reach now, in Tab order. Default: the enabled-or-not controls of
        every widget group the scene holds, in the order the groups were made."""
        out: list[Target] = []
        for value in list(vars(self).values()):
            if isinstance(value, WidgetGroup):
                out.extend(value.targets())
        return out

    def focus_origin(self) -> pygame.Rect | None:
        """Where the first arrow press starts from when nothing has the focus (the player's own
        piece on a board); None: the first board target."""
        return None

    def keep_in_view(self) -> list[pygame.Rect]:
        """What a tooltip or the focus ring's caption must never cover (the guided game's step
        sentence); they go beside it. Default: nothing."""
        return []

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        """The whole text the player can read at ``pos`` by pointing there (a tooltip), if any."""
        for value in list(vars(self).values()):
            if isinstance(value, WidgetGroup):
                tip = value.tooltip_at(pos)
                if tip:
                    return tip
        return None

    def say_refusal(self, text: str) -> None:
        """Enter was pressed on something that cannot be used now: say why (screens with a hint
        line show it there)."""
        self.__dict__["refusal_text"] = text


class SceneStack:
    """push / pop / replace scenes; events and updates go to the top, drawing from the top-most
    opaque scene upward."""

    def __init__(self, size: tuple[int, int] = (1280, 720)) -> None:
        self.size = size
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def __len__(self) -> int:
        return len(self.scenes)

    def __contains__(self, scene: object) -> bool:
        return scene in self.scenes

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        scene.layout(self.size)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        """Remove the top scene; the one under it resumes."""
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return scene

    def remove(self, scene: Scene) -> None:
        """Take ``scene`` out wherever it is (a dialog closing itself after another opened)."""
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.exit()

    def replace(self, scene: Scene) -> Scene:
        """Swap the top scene for ``scene`` (the one below is not resumed in between)."""
        if self.scenes:
            self.scenes.pop().exit()
        self.scenes.append(scene)
        scene.layout(self.size)
        scene.enter()
        return scene

    def reset(self, scene: Scene) -> Scene:
        """Empty the stack (every scene exits, top first) and start again from ``scene``."""
        while self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        for scene in self.scenes:
            scene.layout(size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Events go to the top scene through the shared keyboard model (``courier.ui.focus``)."""
        top = self.top
        return bool(top and focus.route(top, event))

    def update(self, dt: float) -> None:
        top = self.top
        if top is not None:
            top.update(dt)

    def visible(self) -> list[Scene]:
        """The scenes drawn this frame, bottom first."""
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def draw(self, surface: pygame.Surface) -> None:
        for scene in self.visible():
            scene.draw(surface)
        self.draw_focus(surface)

    def draw_focus(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The top screen's focus ring and caption, over everything; where the caption went."""
        top = self.top
        if top is not None and top.focus_ring.active:
            items = top.focusables()
            cur = top.focus_ring.focused(items)
            caption = top.tooltip_at(cur.click_point) if cur is not None else None
            return top.focus_ring.draw(surface, items, caption, keep=top.keep_in_view())
        return None
