"""Learn to play: the list of guided first games, each with its length and where it stands.

One row per game that has a step file: its title, "about 12 minutes", and new / "resume at step
7 of 31" / done ✓, with Start (or Resume) and Start over, which asks before the place is lost.
Keys: Tab and Enter, Esc goes back.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from courier.rules import registry
from courier.scenes import flow
from courier.scenes.base import Scene
from courier.scenes.choice_dialog import Choice, ChoiceDialog
from courier.scenes.menu import draw_title_backdrop
from courier.tutorial import ScriptError, load, progress
from courier.tutorial.script import Script, games_with_tutorials
from courier.ui import draw, theme
from courier.ui.widgets import Button, WidgetGroup, draw_tooltip

if TYPE_CHECKING:
    from courier.app import App

log = logging.getLogger(__name__)

FOOT = "Each guided game is a short first game against an Easy computer; leave any time and come back."


def state_text(script: Script) -> str:
    """Where the learner stands in ``script``: new, resume at step k, done."""
    at = progress.place(script)
    done = progress.is_done(script.game_id)
    if at is not None:
        return f"resume at step {at + 1} of {len(script.steps)}" + (" · done ✓ before" if done else "")
    return "done ✓" if done else "new"


class TutorialChooser(Scene):
    def __init__(self, app: "App") -> None:
        super().__init__(app)
        self.ui = WidgetGroup()
        self.scripts: list[Script] = []
        for gid in games_with_tutorials(list(registry.ids())):
            try:
                self.scripts.append(load(gid))
            except ScriptError as exc:  # a broken step file leaves its game off the list
                log.warning("guided game not offered: %s", exc)
        self.rows: list[tuple[pygame.Rect, Script, str]] = []
        self.card = pygame.Rect(0, 0, 10, 10)
        self.message: str | None = None
        self._mouse = (0, 0)

    def resume(self) -> None:
        self.layout(self.size)

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        px = theme.px
        row_h, gap = px(74), px(10)
        cw = min(w - px(60), px(820))
        ch = min(h - px(130), max(1, len(self.scripts)) * (row_h + gap) + px(30) + draw.line_height(14) + px(16))
        self.card = pygame.Rect((w - cw) // 2, px(96), cw, ch)
        self.ui.clear()
        self.rows = []
        bw = min(px(150), (cw - px(80)) // 4)
        for i, script in enumerate(self.scripts):
            r = pygame.Rect(self.card.left + px(20), self.card.top + px(20) + i * (row_h + gap), cw - px(40), row_h)
            self.rows.append((r, script, state_text(script)))
            title = self._title(script)
            at = progress.place(script)
            start = Button(pygame.Rect(r.right - 2 * bw - px(22), r.centery - px(22), bw, px(44)),
                           "Resume" if at is not None else "Start", lambda s=script: self._open(s, False),
                           style="primary", size=16,
                           tooltip=(f"{title}: back to step {at + 1}" if at is not None
                                    else f"{title}: a guided first game against the computer"))
            self.ui.add(start)
            self.ui.add(Button(pygame.Rect(r.right - bw - px(12), r.centery - px(22), bw, px(44)), "Start over",
                               lambda s=script: self._ask_start_over(s), size=16, enabled=at is not None,
                               tooltip=f"{title}: from the first step again (asks first)"))
        self.back = self.ui.add(Button(pygame.Rect(px(30), h - px(74), px(160), px(50)), "Back", self.app.stack.pop,
                                       style="ghost", hotkey=pygame.K_ESCAPE, tooltip="Back to the title screen (Esc)"))

    @staticmethod
    def _title(script: Script) -> str:
        try:
            return registry.get(script.game_id).title
        except Exception:
            return script.game_id

    def _ask_start_over(self, script: Script) -> None:
        """Start over loses the kept place: ask first, as the game asks before anything final
        (Esc, and Enter at once, keep the place)."""
        at = progress.place(script)
        title = self._title(script)
        where = f"step {at + 1} of {len(script.steps)}" if at is not None else "your place"
        self.app.stack.push(ChoiceDialog(self.app, "Start over?", f"{title}: {where} will be lost.", [
            # no tooltip: the focus ring's caption would cover the line saying what would be lost
            Choice("Keep my place", lambda: None, "primary"),
            Choice("Start over", lambda: self._open(script, True), "danger", f"{title}: from the first step again"),
        ]))

    def _open(self, script: Script, fresh: bool) -> None:
        msg = flow.to_tutorial(self.app, script.game_id, fresh=fresh)
        if msg:
            self.message = msg

    def focusables(self):
        out = self.ui.targets()
        for t in out:  # every row has a Start and a Start over: their labels name the game
            for r, script, _ in self.rows:
                if r.colliderect(t.rect):
                    t.label = f"{t.label}: {self._title(script)}"
                    t.key = ("tutorial", script.game_id, t.label)
        return out

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        return self.ui.handle_event(event)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        tip = self.ui.tooltip_at(pos)
        if tip:
            return tip
        foot = pygame.Rect(self.card.left, self.card.bottom - theme.px(40), self.card.width, theme.px(40))
        if foot.collidepoint(pos):
            return self.message or FOOT
        for r, script, state in self.rows:
            if r.collidepoint(pos):
                return f"{self._title(script)}: about {script.minutes} minutes, {state}"
        return None

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        px = theme.px
        draw_title_backdrop(surface, 0.0)
        draw.text(surface, "Learn to play", (w // 2, px(26)), 36, theme.INK, bold=True, serif=True, anchor="midtop")
        draw.panel(surface, self.card)
        if not self.scripts:
            draw.text_block(surface, "No guided games are written yet.", self.card.inflate(-px(40), -px(40)), 18,
                            theme.INK_SOFT)
        bw = min(px(150), (self.card.width - px(80)) // 4)
        for r, script, state in self.rows:
            draw.rounded_rect(surface, r, theme.PAPER, px(10))
            text_w = r.width - 2 * bw - px(50)
            draw.text(surface, self._title(script), (r.left + px(16), r.top + px(12)), 19, theme.ACCENT_DARK,
                      bold=True, serif=True, max_width=text_w)
            draw.text(surface, f"about {script.minutes} minutes  ·  {state}", (r.left + px(16), r.bottom - px(12)),
                      14, theme.GOOD if state.startswith("done") else theme.INK_SOFT, anchor="bottomleft",
                      max_width=text_w)
        self.ui.draw(surface)
        text = self.message or FOOT
        draw.text(surface, text, (self.card.centerx, self.card.bottom - px(14)), 14,
                  theme.BAD if self.message else theme.INK_SOFT, anchor="midbottom", max_width=self.card.width - px(40))
        tip = self.ui.hovered_tooltip()
        if tip:
            draw_tooltip(surface, tip, self._mouse)
