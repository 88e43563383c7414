"""Scrolling for content taller than its window (the game log, the rules, the save list)."""

from __future__ import annotations

import pygame

from courier.ui import draw, theme


class ScrollView:
    """Scroll state for content taller than its window: wheel, keys and a draggable scrollbar.

    The owner draws content shifted up by ``offset`` inside ``rect`` (clip to ``rect``) and
    calls :meth:`draw_scrollbar`. ``stick_to_bottom`` keeps the newest lines visible (a log).
    """

    def __init__(self, rect: pygame.Rect, content_height: int = 0, *, line: int = 40,
                 stick_to_bottom: bool = False) -> None:
        self.rect = pygame.Rect(rect)
        self.content_height = content_height
        self.offset = 0
        self.line = line
        self.stick_to_bottom = stick_to_bottom
        self._drag: tuple[int, int] | None = None
        self._mouse: tuple[int, int] | None = None

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.rect.height)

    def set_content_height(self, h: int) -> None:
        at_bottom = self.offset >= self.max_offset - 2
        self.content_height = h
        if self.stick_to_bottom and at_bottom:
            self.offset = self.max_offset
        self.offset = max(0, min(self.offset, self.max_offset))

    def scroll(self, dy: int) -> None:
        self.offset = max(0, min(self.max_offset, self.offset + dy))

    def _thumb(self) -> pygame.Rect | None:
        if self.max_offset <= 0:
            return None
        track = pygame.Rect(self.rect.right - 10, self.rect.top + 4, 6, self.rect.height - 8)
        h = max(30, int(track.height * self.rect.height / self.content_height))
        y = track.top + int((track.height - h) * self.offset / self.max_offset)
        return pygame.Rect(track.left, y, track.width, h)

    def handle_event(self, event: pygame.event.Event, keys: bool = False) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        if event.type == pygame.MOUSEWHEEL:
            pos = self._mouse if self._mouse is not None else pygame.mouse.get_pos()
            if self.rect.collidepoint(pos) or keys:
                self.scroll(-event.y * self.line)
                return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (4, 5) and self.rect.collidepoint(event.pos):
            self.scroll(self.line if event.button == 5 else -self.line)
            return True
        thumb = self._thumb()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and thumb is not None:
            if thumb.inflate(10, 0).collidepoint(event.pos):
                self._drag = (event.pos[1], self.offset)
                return True
        if event.type == pygame.MOUSEMOTION and self._drag is not None and thumb is not None:
            y0, off0 = self._drag
            track_h = self.rect.height - 8 - thumb.height
            self.offset = max(0, min(self.max_offset, off0 + int((event.pos[1] - y0) * self.max_offset / max(1, track_h))))
            return True
        if event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
            return True
        if keys and event.type == pygame.KEYDOWN:
            step = {pygame.K_DOWN: self.line, pygame.K_UP: -self.line,
                    pygame.K_PAGEDOWN: self.rect.height - 40, pygame.K_PAGEUP: -(self.rect.height - 40),
                    pygame.K_SPACE: self.rect.height - 40}.get(event.key)
            if event.key == pygame.K_HOME:
                self.offset = 0
                return True
            if event.key == pygame.K_END:
                self.offset = self.max_offset
                return True
            if step is not None:
                self.scroll(step)
                return True
        return False

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        thumb = self._thumb()
        if thumb is None:
            return
        track = pygame.Rect(thumb.left, self.rect.top + 4, thumb.width, self.rect.height - 8)
        draw.rounded_rect(surface, track, (0, 0, 0, 25), 3)
        draw.rounded_rect(surface, thumb, theme.INK_SOFT if self._drag else (150, 140, 126), 3)
