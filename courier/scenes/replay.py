"""Watch a recorded game: step through it with the board and the log in step.

The scene reuses the game's own board view read-only (it is shown a view of the position and no
legal actions, as while a computer player thinks), so a replay looks exactly like play. Controls:
First / Back / Play-Pause / Forward / Last, a speed, and whose secrets to show (nobody's, or one
seat's as that player saw the table). Clicking a log line jumps there. Keys: Left/Right step,
Home/End, Space plays or pauses, Escape closes.

    ReplayScene.from_save(app, path)          a save from the saves folder (finished or not)
    ReplayScene.from_lab(app, results, game)  a lab game (its name in the report, or its seed)
    ReplayScene.from_match(app, match)        the match just played ("watch again")
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import pygame

from courier import replaydata
from courier.replaydata import Replay
from courier.scenes import flow, shell_keys
from courier.scenes.base import Scene
from courier.scenes.games import make_view
from courier.ui import draw, theme
from courier.ui.game_view import GameView, SeatInfo, ViewContext
from courier.ui.scroll import ScrollView
from courier.ui.focus import Target
from courier.ui.widgets import Button, Stepper, Widget, WidgetGroup, draw_tooltip

if TYPE_CHECKING:
    from courier.app import App

TOP_BAR = 58
CONTROLS = 52
LOG_SIZE = 14
#: moves per second offered by the speed control
SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
HINT = "← →: step  ·  Home/End  ·  P: play/pause  ·  + -: speed  ·  Esc: close"


def _speed_label(s: float) -> str:
    return f"{s:g} move{'s' if s != 1 else ''}/s"


class ReplayScene(Scene):
    def __init__(self, app: "App", replay: Replay, *, on_close: Callable[[], None] | None = None,
                 start: int = 0) -> None:
        super().__init__(app)
        self.replay = replay
        self.on_close = on_close
        self.step = max(0, min(start, replay.steps))
        self.playing = False
        self.speed_index = 1
        self.wait = 0.0
        #: whose secrets are shown: None = public information only, else a seat
        self.viewer: int | None = None
        colours = theme.PLAYER_COLOURS
        self.seat_infos = [SeatInfo(s.name, colours[i % len(colours)][1], "ai" if s.kind == "ai" else "human",
                                    s.level or "normal") for i, s in enumerate(replay.seats)]
        settings = getattr(app, "settings", None)
        ctx = ViewContext(game=replay.game, config=replay.config, seats=self.seat_infos,
                          anim_speed=getattr(settings, "anim_speed", 1.0) if settings else 1.0,
                          reduced_motion=getattr(settings, "reduced_motion", False) if settings else False)
        self.view: GameView = make_view(ctx)
        self.ui = WidgetGroup()
        self.buttons: dict[str, Button] = {}
        self.viewer_stepper: Stepper | None = None
        self.speed_stepper: Stepper | None = None
        self.board_rect = pygame.Rect(0, TOP_BAR, 960, 720 - TOP_BAR - CONTROLS)
        self.panel_rect = pygame.Rect(960, TOP_BAR, 320, 400)
        self.log_rect = pygame.Rect(960, 470, 320, 240)
        self.log_scroll = ScrollView(self.log_rect, line=3 * draw.line_height(LOG_SIZE))
        self._log_lines: list[list[str]] = []
        self._log_tops: list[int] = []
        self._log_width = 0
        self._mouse = (0, 0)

    # -- making one --------------------------------------------------------------------------------
    @classmethod
    def from_save(cls, app: "App", path: Path | str, **kw: Any) -> "ReplayScene":
        """A save file (ReplayError with a readable message if it cannot be replayed)."""
        return cls(app, replaydata.from_save(Path(path)), **kw)

    @classmethod
    def from_lab(cls, app: "App", results_file: Path | str, game: str | int | None = None, **kw: Any) -> "ReplayScene":
        """A game of a lab results file: its name in the report (``baseline#17``) or its seed."""
        return cls(app, replaydata.from_lab(Path(results_file), None if game is None else str(game)), **kw)

    @classmethod
    def from_match(cls, app: "App", match: Any, **kw: Any) -> "ReplayScene":
        """The match in memory, e.g. from the scoring screen's "watch again"."""
        return cls(app, replaydata.from_match(match), **kw)

    # -- life cycle --------------------------------------------------------------------------------
    def enter(self) -> None:
        self._show()

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        top_bar, controls = px(TOP_BAR), px(CONTROLS)
        side = max(px(300), min(px(400), int(w * 0.28)))
        self.board_rect = pygame.Rect(0, top_bar, w - side, h - top_bar - controls)
        inner = pygame.Rect(w - side + px(8), top_bar + px(8), side - px(16), h - top_bar - px(16))
        log_h = max(px(180), int(inner.height * 0.42))
        self.panel_rect = pygame.Rect(inner.left, inner.top, inner.width, inner.height - log_h - px(10))
        self.log_rect = pygame.Rect(inner.left, self.panel_rect.bottom + px(10), inner.width, log_h)
        head = draw.line_height(15, True) + px(14)
        self.log_scroll.rect = pygame.Rect(self.log_rect.left, self.log_rect.top + head, self.log_rect.width,
                                           self.log_rect.height - head - px(6))
        self.log_scroll.line = 3 * draw.line_height(LOG_SIZE)
        self.view.layout(self.board_rect.inflate(-px(16), -px(16)), self.panel_rect.inflate(-px(12), -px(12)))
        self._log_width = 0  # wrapped again: the text size may have changed with the window
        self._wrap_log()
        self.ui.clear()
        self.buttons = {}
        bh = controls - px(16)
        y = h - controls + px(8)
        x = px(12)
        for key, label, fn, tip, width in (
            ("first", "First", self.first, "Back to the start (Home)", 74),
            ("back", "Back", self.back, "One move back (Left)", 74),
            ("play", "Play", self.toggle_play, "Play the moves one after another (P or Space)", 84),
            ("forward", "Forward", self.forward, "One move on (Right)", 92),
            ("last", "Last", self.last, "To the end (End)", 70),
        ):
            longest = "Pause" if key == "play" else label
            bw = max(px(width), draw.font(15, True).size(longest)[0] + 28)  # the button keeps 10 px each side
            b = Button(pygame.Rect(x, y, bw, bh), label, fn, tooltip=tip, size=15,
                       style="primary" if key == "play" else "secondary")
            self.buttons[key] = self.ui.add(b)
            x += bw + px(6)
        self.speed_stepper = Stepper(pygame.Rect(x + px(6), y, px(180), bh), [_speed_label(s) for s in SPEEDS],
                                     self.speed_index, self._set_speed, tooltip="How fast Play goes (+ and -)")
        self.ui.add(self.speed_stepper)
        options = ["Secrets hidden"] + [f"As {s.name} saw it" for s in self.seat_infos]
        index = 0 if self.viewer is None else self.viewer + 1
        open_ = self.replay.secrets_open
        tip = ("Whose hidden cards and plans to show" if open_
               else "This game is not finished yet: hands and plans stay hidden until it ends")
        self.viewer_stepper = Stepper(pygame.Rect(w - side - px(300), px(10), px(290), top_bar - px(20)), options, index,
                                      self._set_viewer, tooltip=tip)
        self.viewer_stepper.enabled = self.replay.game.has_hidden_info and open_
        self.ui.add(self.viewer_stepper)
        b = Button(pygame.Rect(w - side + px(8), px(10), side - px(16), top_bar - px(20)), "Close", self.close,
                   icon="icon_menu", tooltip="Stop watching (Escape)", size=15)
        self.buttons["close"] = self.ui.add(b)
        self._refresh()

    # -- keyboard ------------------------------------------------------------------------------------
    def focusables(self) -> list[Target]:
        """The controls along the bottom, the speed, whose secrets, Close; named with what they do."""
        b = self.buttons
        pairs: list[tuple[Widget | None, str | None]] = [
            (b.get("first"), "First move (Home)"), (b.get("back"), "One move back (Left)"),
            (b.get("play"), f"{b['play'].text if 'play' in b else 'Play'} (P)"),
            (b.get("forward"), "One move on (Right)"), (b.get("last"), "Last move (End)"),
            (self.speed_stepper, f"Speed: {self.speed_stepper.value} (Left/Right to change)" if self.speed_stepper else None),
            (self.viewer_stepper, f"Secrets: {self.viewer_stepper.value} (Left/Right to change)"
             if self.viewer_stepper else None),
            (b.get("close"), "Close the replay (Esc)"),
        ]
        out = []
        for w, label in pairs:
            if w is None:
                continue
            t = shell_keys.target(w, label, zone="bar", key=("replay", label.split(" (")[0].split(":")[0] if label else ""))
            if t is not None:
                out.append(t)
        return out

    def _log_heading(self) -> str:
        return f"Move {self.step} of {self.replay.steps} · click a line to go there"

    def _title_texts(self) -> tuple[str, str]:
        title = f"Replay: {self.replay.title or self.replay.game.title}"
        label = self.replay.game.turn_label(self.replay.state(self.step))
        if self.replay.subtitle:
            label = f"{self.replay.subtitle} - {label}" if label else self.replay.subtitle
        if self.replay.problem:
            label = f"Stops early: {self.replay.problem}"
        return title, label

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        tip = super().tooltip_at(pos)
        if tip:
            return tip
        w = self.size[0]
        if pos[1] < theme.px(TOP_BAR) and (self.viewer_stepper is None or pos[0] < self.viewer_stepper.rect.left):
            title, label = self._title_texts()
            return f"{title}. {label}"
        if pos[1] >= self.size[1] - theme.px(CONTROLS) and pos[0] < self.board_rect.right:
            return f"Move {self.step} of {self.replay.steps}. {HINT}"
        if self.log_rect.collidepoint(pos) and pos[1] < self.log_scroll.rect.top:
            return self._log_heading()
        if self.board_rect.collidepoint(pos) or self.panel_rect.collidepoint(pos):
            return self.view.tooltip(pos)
        return None

    # -- moving through the game --------------------------------------------------------------------
    def go(self, step: int, animate: bool = False) -> None:
        """Show the position after ``step`` actions (clamped to the game)."""
        step = max(0, min(step, self.replay.steps))
        forward_one = step == self.step + 1
        self.step = step
        if animate and forward_one:
            self.view.animate(self.replay.events[step], self.replay.view(step, self.viewer))
        self._show()
        self._scroll_to_current()

    def first(self) -> None:
        self.playing = False
        self.go(0)

    def back(self) -> None:
        self.playing = False
        self.go(self.step - 1)

    def forward(self) -> None:
        self.playing = False
        self.go(self.step + 1, animate=True)

    def last(self) -> None:
        self.playing = False
        self.go(self.replay.steps)

    def toggle_play(self) -> None:
        if not self.playing and self.step >= self.replay.steps:
            self.go(0)
        self.playing = not self.playing
        self.wait = 0.0
        self._refresh()

    def _set_speed(self, index: int) -> None:
        self.speed_index = index

    def faster(self) -> None:
        if self.speed_stepper is not None and self.speed_index < len(SPEEDS) - 1:
            self.speed_stepper.step(1)

    def slower(self) -> None:
        if self.speed_stepper is not None and self.speed_index > 0:
            self.speed_stepper.step(-1)

    def _set_viewer(self, index: int) -> None:
        self.viewer = None if index == 0 or not self.replay.secrets_open else index - 1
        self._log_lines = []  # secret moves read differently to their own seat
        self._wrap_log()
        self._show()

    def set_viewer(self, seat: int | None) -> None:
        """Show ``seat``'s secrets (None: nobody's)."""
        if self.viewer_stepper is not None:
            self.viewer_stepper.index = 0 if seat is None else seat + 1
        self._set_viewer(0 if seat is None else seat + 1)

    def close(self) -> None:
        self.playing = False
        if self.on_close is not None:
            self.on_close()
            return
        flow.leave_replay(self.app, self)

    def _show(self) -> None:
        self.view.show(self.replay.view(self.step, self.viewer), None, [])
        self._refresh()

    def _refresh(self) -> None:
        if not self.buttons:
            return
        at_start, at_end = self.step <= 0, self.step >= self.replay.steps
        self.buttons["first"].enabled = self.buttons["back"].enabled = not at_start
        self.buttons["forward"].enabled = self.buttons["last"].enabled = not at_end
        self.buttons["play"].text = "Pause" if self.playing else "Play"

    # -- the log -------------------------------------------------------------------------------------
    def _wrap_log(self) -> None:
        width = self.log_scroll.rect.width - theme.px(40)
        if width == self._log_width and self._log_lines:
            return
        if width <= 0:
            return
        self._log_width = width
        self._log_lines, self._log_tops = [], []
        y = 0
        lh = draw.line_height(LOG_SIZE)
        for k in range(self.replay.steps + 1):
            lines = draw.wrap(f"{k}. {self.replay.line(k, self.viewer)}", width, LOG_SIZE)
            self._log_tops.append(y)
            self._log_lines.append(lines)
            y += len(lines) * lh + theme.px(6)
        self.log_scroll.set_content_height(y + theme.px(6))

    def _scroll_to_current(self) -> None:
        if not self._log_tops:
            return
        top = self._log_tops[self.step]
        bottom = top + len(self._log_lines[self.step]) * draw.line_height(LOG_SIZE) + theme.px(6)
        view_h = self.log_scroll.rect.height
        if top < self.log_scroll.offset:
            self.log_scroll.offset = top
        elif bottom > self.log_scroll.offset + view_h:
            self.log_scroll.offset = min(self.log_scroll.max_offset, bottom - view_h)

    def log_step_at(self, pos: tuple[int, int]) -> int | None:
        """The step whose log line is under ``pos`` (None: not on a line)."""
        r = self.log_scroll.rect
        if not r.collidepoint(pos):
            return None
        y = pos[1] - r.top - theme.px(6) + self.log_scroll.offset
        lh = draw.line_height(LOG_SIZE)
        for k, top in enumerate(self._log_tops):
            if top <= y < top + len(self._log_lines[k]) * lh + theme.px(6):
                return k
        return None

    # -- frame ---------------------------------------------------------------------------------------
    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        if self.ui.handle_event(event):
            return True
        if self.log_scroll.handle_event(event):
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            k = self.log_step_at(event.pos)
            if k is not None:
                self.playing = False
                self.go(k)
                return True
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_LEFT: self.back, pygame.K_RIGHT: self.forward, pygame.K_HOME: self.first,
                    pygame.K_END: self.last, pygame.K_SPACE: self.toggle_play, pygame.K_p: self.toggle_play,
                    pygame.K_ESCAPE: self.close, pygame.K_PLUS: self.faster, pygame.K_EQUALS: self.faster,
                    pygame.K_KP_PLUS: self.faster, pygame.K_MINUS: self.slower, pygame.K_KP_MINUS: self.slower}
            fn = keys.get(event.key)
            if fn is not None:
                fn()
                return True
        return False

    def update(self, dt: float) -> None:
        self.view.update(dt)
        if not self.playing:
            return
        if self.step >= self.replay.steps:
            self.playing = False
            self._refresh()
            return
        self.wait -= dt
        if self.wait > 0 or self.view.animating():
            return
        self.wait = 1.0 / SPEEDS[self.speed_index]
        self.go(self.step + 1, animate=SPEEDS[self.speed_index] <= 2.0)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = theme.px
        top_bar, controls_h = px(TOP_BAR), px(CONTROLS)
        surface.fill((226, 218, 198))
        draw.gradient(surface, self.board_rect, (236, 230, 214), (222, 212, 190))
        side = pygame.Rect(self.board_rect.right, top_bar, w - self.board_rect.right, h - top_bar)
        pygame.draw.rect(surface, (236, 229, 212), side)
        draw.panel(surface, self.panel_rect, theme.PANEL, radius=px(10))
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        self.view.draw_board(surface)
        surface.set_clip(clip)
        self.view.draw_panel(surface)
        self._draw_log(surface)
        controls = pygame.Rect(0, h - controls_h, self.board_rect.width, controls_h)
        pygame.draw.rect(surface, (248, 243, 231), controls)
        pygame.draw.line(surface, theme.PAPER_DARK, controls.topleft, controls.topright, 2)
        right = self.speed_stepper.rect.right + px(16) if self.speed_stepper else px(600)
        room = controls.right - right - px(10)
        counter = f"Move {self.step} of {self.replay.steps}"
        if draw.font(16, True).size(counter)[0] <= room:  # else the log's heading tells it
            r = draw.text(surface, counter, (right, controls.centery), 16, theme.INK, bold=True, anchor="midleft")
            if controls.right - r.right - px(24) > draw.font(12).size(HINT)[0]:
                draw.text(surface, HINT, (r.right + px(14), controls.centery), 12, theme.INK_SOFT, anchor="midleft")
        draw.gradient(surface, pygame.Rect(0, 0, w, top_bar), (64, 56, 50), (44, 38, 34))
        pygame.draw.line(surface, theme.ACCENT, (0, top_bar - 2), (w, top_bar - 2), max(2, px(3)))
        title, label = self._title_texts()
        left_of = self.viewer_stepper.rect.left - px(16) if self.viewer_stepper else w - px(16)
        h1, h2 = draw.line_height(19, True, True), draw.line_height(14)
        y0 = (top_bar - h1 - h2) // 2
        draw.text(surface, title, (px(18), y0), 19, (250, 244, 230), bold=True, serif=True,
                  max_width=max(40, left_of - px(18)))
        draw.text(surface, label, (px(18), y0 + h1), 14, (236, 222, 196), max_width=max(40, left_of - px(18)))
        self.ui.draw(surface)
        tip = self.ui.hovered_tooltip()
        if tip is None and (self.board_rect.collidepoint(self._mouse) or self.panel_rect.collidepoint(self._mouse)):
            tip = self.view.tooltip(self._mouse)
        if tip and self.app is not None and self.app.stack.top is self:
            draw_tooltip(surface, tip, self._mouse)

    def _draw_log(self, surface: pygame.Surface) -> None:
        px = theme.px
        r = self.log_rect
        draw.panel(surface, r, theme.PANEL, radius=px(10))
        draw.text(surface, self._log_heading(), (r.left + px(14), r.top + px(7)), 15, theme.INK_SOFT,
                  bold=True, max_width=r.width - px(28))
        line_y = self.log_scroll.rect.top - px(4)
        pygame.draw.line(surface, theme.PAPER_DARK, (r.left + px(10), line_y), (r.right - px(10), line_y))
        view = self.log_scroll.rect
        old = surface.get_clip()
        surface.set_clip(view.clip(old) if old else view)
        lh = draw.line_height(LOG_SIZE)
        for k, lines in enumerate(self._log_lines):
            y = view.top + px(6) + self._log_tops[k] - self.log_scroll.offset
            height = len(lines) * lh + px(6)
            if y + height < view.top or y > view.bottom:
                continue
            if k == self.step:
                draw.rounded_rect(surface, pygame.Rect(view.left + px(4), y - px(3), view.width - px(16), height),
                                  (247, 226, 200), px(6))
            ink = theme.INK if k <= self.step else theme.INK_SOFT
            for j, line in enumerate(lines):
                ly = y + j * lh
                if view.top <= ly and ly + lh <= view.bottom:  # a line the edge would cut is left out
                    draw.text(surface, line, (view.left + px(12), ly), LOG_SIZE, ink)
        surface.set_clip(old)
        self.log_scroll.draw_scrollbar(surface)
