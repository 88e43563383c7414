"""A pointer that only rests where a screen opened over it does not point at anything.

Hover comes from pointer motion, and the window system sends one the moment a window opens
under a resting pointer (with the window-enter event, at the pointer's place). Taken as hover,
it showed the title screen's first frame with a tooltip over whatever the pointer happened to
rest on ("No saved game yet" over Load). A screen asks ``still(event)`` first and drops the
events it answers True for: motion where the pointer already was when the screen opened, or
where it came in; the first real move (or a click) makes the pointer count again.
"""

from __future__ import annotations

import pygame

#: pixels a resting pointer may wander (a trackpad's jitter) and still be resting
SLACK = 3


class RestingPointer:
    def __init__(self) -> None:
        #: where the pointer rests unmoved since the screen opened (None: it has moved, or is away)
        self.at: tuple[int, int] | None = pygame.mouse.get_pos() if pygame.mouse.get_focused() else None
        self._entering = False

    def still(self, event: pygame.event.Event) -> bool:
        """True for a motion of a pointer that has not moved since the screen opened or since it
        came into the window: it says where the pointer is, not that the player points there."""
        if event.type == pygame.WINDOWENTER:
            self._entering = True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.at, self._entering = None, False
            return False
        if event.type != pygame.MOUSEMOTION or getattr(event, "synthetic", False):
            return False
        if self._entering:
            self._entering = False
            self.at = event.pos
            return True
        if self.at is not None and abs(event.pos[0] - self.at[0]) <= SLACK and abs(event.pos[1] - self.at[1]) <= SLACK:
            return True
        self.at = None
        return False
