"""The board screen: the table (``table.TableScene``) laid out and drawn, and its input.

The table driver decides whose view is shown, runs the computers, the hand-offs, autosaves and
the end; this module is the screen around the game's view: the frame (top bar with
Hint/Save/Undo/Rules/Menu, side panel with the game log, status line, tooltips), where the view
draws its board and panel, the keyboard's order, the hint, and turning clicks and keys into
actions for the driver. It never decides a rule.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from courier.match import Match, RestoreError
from courier.scenes import board_frame as frame
from courier.scenes import board_hint, flow, rule_links
from courier.scenes.board_log import GameLog
from courier.scenes.board_picture import board_picture
from courier.scenes.games import make_view
from courier.scenes.table import HOLD, HOLD_MIN, TableScene, view_context
from courier.ui import draw, theme
from courier.ui.focus import Target, hover_event
from courier.ui.game_view import GameView
from courier.ui.theme import px
from courier.ui.widgets import Button, WidgetGroup, draw_tooltip
from courier.words import counted

if TYPE_CHECKING:
    from courier.app import App

#: the table's names a reader of the board screen meets (``table`` defines them)
__all__ = ["HOLD", "HOLD_MIN", "BoardScene", "view_context"]

log = logging.getLogger(__name__)

#: the top bar's and the status line's heights at the design size (``px`` scales them)
TOP_BAR = 58
STATUS_BAR = 40
#: how far (real pixels) a resting pointer may be reported off its spot and still be at rest
REST_SLACK = 3
#: the side panel: about this share of the window's width, between these design widths
SIDE_SHARE, SIDE_MIN, SIDE_MAX = 0.27, 300, 380
#: the game log's share of the side panel's height (at least ``LOG_MIN`` design pixels)
LOG_SHARE, LOG_MIN = 0.34, 170


class BoardScene(TableScene):
    #: the Menu button's tooltip
    MENU_TIP = "Back to the title screen (the game is autosaved)"

    def __init__(self, app: "App", match: Match, *, autosave: bool = True, ai_pause: float | None = None,
                 show_scoring: bool = True) -> None:
        super().__init__(app, match, autosave=autosave, ai_pause=ai_pause, show_scoring=show_scoring)
        self.ui = WidgetGroup()
        self.buttons: dict[str, Button] = {}
        self.log_box = GameLog()
        self.t = 0.0
        self.flash: tuple[str, tuple[int, int, int], float] | None = None
        #: the rules heading behind the refusal on the status line (F1 or a click opens it there)
        self.rule_link: str | None = None
        #: where the pointer was last seen moving or clicking since this seat took the device
        self._mouse: tuple[int, int] | None = None
        #: where the pointer rested when the device changed hands: motion reported there (a
        #: window regaining the pointer, a redraw) is no hover of the new person's
        self._resting: tuple[int, int] | None = None
        self.top_bar, self.status_bar = TOP_BAR, STATUS_BAR  # in real pixels once laid out
        self.board_rect = pygame.Rect(0, TOP_BAR, 960, 720 - TOP_BAR - STATUS_BAR)
        self.panel_rect = pygame.Rect(960, TOP_BAR, 320, 400)
        self._chrome_cache: pygame.Surface | None = None
        #: where the game's view draws its board and its panel (set by ``layout``)
        self._view_rects = (pygame.Rect(self.board_rect), pygame.Rect(self.panel_rect))
        #: the "What would you do?" hint being decided, and the one on show (see ``board_hint``)
        self.hint_job: board_hint.HintJob | None = None
        self.hint_pending: board_hint.Hint | None = None
        self.hint: board_hint.Hint | None = None

    # -- life cycle ------------------------------------------------------------------------------
    def enter(self) -> None:
        super().enter()
        if self.autosave_enabled and self.match.check is None:
            board_picture(self)  # the first picture is the slow one: draw it now, not after the first move
        self.log_box.sync(self.match.events, self.match.seats)

    def resume(self) -> None:
        # settings may have changed while a dialog was open
        self.view.ctx.anim_speed = self.app.settings.anim_speed
        self.view.ctx.reduced_motion = self.app.settings.reduced_motion
        self.refresh_controls()  # hints may have been turned off or on

    def layout(self, size: tuple[int, int]) -> None:
        super().layout(size)
        w, h = size
        self.top_bar, self.status_bar = px(TOP_BAR), px(STATUS_BAR)
        top, pad = self.top_bar, px(8)
        side = max(px(SIDE_MIN), min(px(SIDE_MAX), int(w * SIDE_SHARE)))
        self.board_rect = pygame.Rect(0, top, w - side, h - top - self.status_bar)
        inner = pygame.Rect(w - side + pad, top + pad, side - 2 * pad, h - top - 2 * pad)
        gap = px(10)
        # the log's share, less what the game's panel needs beyond it, never below the log's least
        log_h = max(px(LOG_MIN), min(int(inner.height * LOG_SHARE), inner.height - gap - self.view.panel_need(inner.width)))
        self.panel_rect = pygame.Rect(inner.left, inner.top, inner.width, inner.height - log_h - gap)
        self.log_box.layout(pygame.Rect(inner.left, self.panel_rect.bottom + gap, inner.width, log_h))
        self._view_rects = (self.board_rect.inflate(-2 * pad, -2 * pad), self.panel_rect.inflate(-px(12), -px(12)))
        self.view.layout(*self._view_rects)
        self._chrome_cache = None
        self.ui.clear()
        bw, bgap = px(96), px(8)
        x = w - 5 * (bw + bgap) - px(4)
        self.buttons = {}
        for i, (key, label, icon, fn, tip) in enumerate((
            ("hint", "Hint", None, self.ask_hint, "What would you do? The Normal computer's move for you, and why (H)"),
            ("save", "Save", "icon_save", self.save, "Save the game under a name (Ctrl+S)"),
            ("undo", "Undo", "icon_undo", self.undo, "Take back your last move; never past a roll, a draw, a secret or another player's move (Ctrl+Z)"),
            ("rules", "Rules", "icon_rules", self.open_rules, "How this game is played (F1; after a refused move, F1 opens the rule behind it)"),
            ("menu", "Menu", "icon_menu", self.leave, self.MENU_TIP),
        )):
            b = Button(pygame.Rect(x + i * (bw + bgap), px(10), bw, top - px(20)), label, fn, icon=icon,
                       style="secondary", tooltip=tip, size=15)
            self.buttons[key] = self.ui.add(b)
        self.refresh_controls()

    def refresh_controls(self) -> None:
        """The top bar's buttons: each greyed where it does nothing now (``may_use``), saying why
        (``why_not``)."""
        for key, button in self.buttons.items():
            button.enabled = self.may_use(key)
            button.why_not = None if button.enabled else self.why_not(key)

    def may_use(self, key: str) -> bool:
        """Whether the top bar's button ``key`` does something now."""
        m = self.match
        if key == "undo":
            return m.can_undo(by=self.seat) and not m.is_over()
        if key == "save":
            return not m.is_over() and m.check is None
        if key == "hint":
            return board_hint.why_not(self) is None
        return True

    # -- the person at the device ----------------------------------------------------------------
    def fresh_screen(self) -> None:
        """Another person has the device and the game view was made anew (``TableScene``): the
        rest of what input leaves behind goes too, the log's scroll, the buttons' hover and
        press, the hint, the focus, the pointer position and messages, all built anew; the
        pointer counts again only once it moves (a resting pointer is where the last person left
        it)."""
        self.log_box = GameLog()
        self.hint_job, self.hint_pending, self.hint = None, None, None
        self.focus_ring.clear()
        self._mouse = None
        # the pointer rests where the last person left it: it counts only once it really moves
        self._resting = pygame.mouse.get_pos() if pygame.mouse.get_focused() else None
        self.flash = None
        self.layout(self.size)
        self.log_box.sync(self.match.events, self.match.seats)

    def log_changed(self) -> None:
        self.log_box.sync(self.match.events, self.match.seats)

    def picture(self, fresh: bool = False) -> bytes | None:
        return board_picture(self, fresh=fresh)

    def make_game_view(self) -> GameView:
        """A new game view laid out as the board's own (the hint tries its controls on one)."""
        view = make_view(view_context(self.app, self.match))
        view.layout(*(pygame.Rect(r) for r in self._view_rects))
        return view

    # -- messages --------------------------------------------------------------------------------
    def say(self, text: str, colour: tuple[int, int, int] = theme.INK, seconds: float = 4.0) -> None:
        self.flash = (text, colour, seconds)
        self.rule_link = None

    # -- buttons ---------------------------------------------------------------------------------
    def ask_hint(self) -> None:
        """What would you do? (the Hint button, H): see ``board_hint.ask``; where the button is
        greyed, it says why."""
        why = self.why_not("hint") if not self.may_use("hint") else None
        if why is not None:
            self.say_refusal(why, link=False)
            return
        board_hint.ask(self)

    def current_hint(self) -> "board_hint.Hint | None":
        """The hint on show, while its position and person are still the ones on the board."""
        return board_hint.current(self)

    def open_rules(self, section: str | None = None) -> None:
        """This game's rules over the board (at ``section`` if given)."""
        flow.to_rules(self.app, self.match.game_id, section=section)

    def open_rule_link(self) -> None:
        """F1: the rules at the heading behind the refusal on the status line (else the rules)."""
        self.open_rules(self.rule_link if self.flash is not None else None)

    def escape(self) -> None:
        """Escape backs out one thing at a time: a half-made choice, then the keyboard's focus,
        then it opens the game menu; it never leaves the game by itself."""
        if self.seat is not None and self.view.cancel():
            if self.hint is not None:
                self.hint.step = 0  # the half-made move is dropped: the hint starts again too
            return
        if self.focus_ring.active:
            self.focus_ring.active = False
            return
        flow.to_game_menu(self.app, self)

    # -- keyboard --------------------------------------------------------------------------------
    def focusables(self) -> list["Target"]:
        """The game's targets (only while this person may act), then the top bar's buttons, then
        the status line when it had to shorten its hint (focused, it is shown whole)."""
        items = list(self.view.focusables()) if self.seat is not None and self.app.stack.top is self else []
        bar = self.ui.targets(zone="bar")
        menu = self.buttons.get("menu")
        for t in bar:
            t.way_out = menu is not None and t.rect == menu.rect  # the ring never falls on it by itself
        items += self.log_box.targets() + bar
        whole = frame.status_cut(self)
        if whole:
            items.append(Target(self.status_rect(), whole, key=("bar", "status line"), zone="bar",
                                activate=lambda: None))
        return items

    def _take_focus_request(self) -> None:
        """The view asked for the ring on one of its targets (a piece picked by its letter key):
        the ring shows there, so the arrows start from that piece."""
        want, self.view.focus_request = self.view.focus_request, None
        if want is None or self.seat is None:
            return
        t = next((t for t in self.focusables() if t.id == want), None)
        if t is not None:
            self.focus_ring.active = True
            self.focus_ring._set(t)
            if t.activate is None:
                self.view.handle_event(hover_event(t.click_point))  # its caption shows, as after an arrow

    def focus_origin(self) -> pygame.Rect | None:
        return self.view.focus_origin() if self.seat is not None else None

    def why_not(self, key: str) -> str | None:
        """Why a greyed top-bar button does nothing now, in the players' words."""
        m = self.match
        if key == "hint":
            return board_hint.why_not(self)
        if key == "undo":
            if m.is_over():
                return "The game is over: there is nothing to take back."
            if self.match.hot_seat():
                if self.seat is None:
                    return "Only the player whose turn it is can take back their own last move."
                return "Nothing to take back: no move of yours since another player's, a roll, a draw or a secret."
            return "Nothing to take back: no move of yours since the last roll, draw or secret."
        if key == "save":
            if m.is_over():
                return "The game is over: there is nothing more to save."
            if m.check is not None:
                return "The save is still being checked; you can save again in a moment."
            return "The game cannot be saved just now."
        return None

    def tooltip_at(self, pos: tuple[int, int]) -> str | None:
        tip = self.ui.tooltip_at(pos) or frame.frame_tooltip(self, pos)
        if tip is None and (self.board_rect.collidepoint(pos) or self.panel_rect.collidepoint(pos)):
            tip = self.view.tooltip(pos)
        tip = tip or self.log_box.tooltip(pos)
        return counted(tip) if tip else tip

    def say_refusal(self, text: str, link: bool = True) -> None:
        """Say why a move was refused; with ``link``, offer the rule behind it (``rule_links``)."""
        self.say(_sentence(text), theme.BAD)
        self.rule_link = rule_links.heading_for(self.match.game_id, text) if link else None

    def _refuse_greyed(self, event: pygame.event.Event) -> bool:
        """A click on a greyed top-bar button says why it is greyed (the click does nothing else)."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        for b in self.buttons.values():
            if not b.enabled and b.visible and b.rect.collidepoint(event.pos):
                self.say_refusal(b.why_not or "Not now.", link=False)
                return True
        return False

    # -- frame -----------------------------------------------------------------------------------
    def _pointer_at_rest(self, event: pygame.event.Event) -> bool:
        """A motion event of a pointer that has not moved since the device changed hands."""
        if self._resting is None or getattr(event, "synthetic", False):
            return False
        if event.type == pygame.MOUSEMOTION:
            x, y = event.pos
            if abs(x - self._resting[0]) <= REST_SLACK and abs(y - self._resting[1]) <= REST_SLACK:
                return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._resting = None  # it moved (or the person clicked on purpose): the pointer is theirs
        return False

    def pointer_seen(self, pos: tuple[int, int]) -> None:
        """The pointer was used at ``pos`` (a scene over the board took the event): its tooltip
        may show there once it rests."""
        self._mouse = pos

    #: keys that never answer "press a key to go on": they do what they always do (rules, the
    #: speech keys, fullscreen, the game menu) and the move still waits to be seen
    KEEP_KEYS = frozenset({pygame.K_ESCAPE, pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL,
                           pygame.K_LALT, pygame.K_RALT, pygame.K_LMETA, pygame.K_RMETA, pygame.K_CAPSLOCK,
                           pygame.K_NUMLOCK, pygame.K_TAB} | {getattr(pygame, f"K_F{i}") for i in range(1, 13)})

    def grab_event(self, event: pygame.event.Event) -> bool:
        """While a computer's move waits to be seen (Settings: wait for a key after each computer
        move), a key or a click on the board goes on, and does nothing else."""
        if self.waiting_after is None or self.app.stack.top is not self:
            return False
        if event.type == pygame.KEYDOWN and event.key not in self.KEEP_KEYS:
            self.go_on()
            return True
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
                and (self.board_rect.collidepoint(event.pos) or self.status_rect().collidepoint(event.pos))):
            self.go_on()
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self._pointer_at_rest(event):
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self._mouse = event.pos
        elif event.type == pygame.KEYDOWN:
            self._mouse = None  # playing by keys: a resting pointer's tooltip waits until it moves
        if self._refuse_greyed(event):
            self.ui.handle_event(event)  # the button's hover and press stay right
            return True
        if self.ui.handle_event(event):
            return True
        if self.log_box.handle_event(event):
            return True
        if event.type == pygame.KEYDOWN:
            ctrl = event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
            for key, name in ((pygame.K_z, "undo"), (pygame.K_s, "save")):
                if ctrl and event.key == key:
                    button = self.buttons[name]
                    if button.enabled:
                        button.click()
                    else:
                        self.say_refusal(button.why_not or "Not now.", link=False)
                    return True
            if event.key == pygame.K_ESCAPE:
                self.escape()
                return True
            if event.key == pygame.K_F1:
                self.open_rule_link()
                return True
            if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META | pygame.KMOD_ALT):
                self.ask_hint()
                return True
        if (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1 and self.flash is not None
                and self.rule_link and self.status_rect().collidepoint(event.pos)):
            self.open_rule_link()
            return True
        hint = self.current_hint()
        if hint is not None and event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            hint.pressed(self.view.focusables(), event.pos)
        action = self.view.handle_event(event)
        self._take_focus_request()
        why, self.view.refusal = self.view.refusal, None
        if why and action is None:
            if self.seat is None:
                self.say("Wait for your turn.", theme.INK_SOFT, 2.0)
            else:
                self.say_refusal(why)
            return True
        if action is not None:
            if self.seat is None or action.seat != self.seat or self.job is not None:
                self.say("Wait for your turn.", theme.INK_SOFT, 2.0)
                return True
            self.submit(action)
            return True
        return False

    def update(self, dt: float) -> None:
        self.t += dt
        self.view.update(dt)
        if self.flash is not None:
            text, colour, left = self.flash
            self.flash = (text, colour, left - dt) if left > dt else None
        if self.finished or not self.checked():
            return
        board_hint.update(self)
        self.drive(dt)

    # -- drawing (the frame's measuring and drawing is in ``board_frame``) --------------------------
    def status_rect(self) -> pygame.Rect:
        """The status line under the board."""
        return frame.status_rect(self)

    def _status(self) -> "frame.StatusLayout":
        return frame.status_layout(self)

    def _pill_rect(self) -> pygame.Rect:
        return frame.pill_rect(self)

    def draw(self, surface: pygame.Surface) -> None:
        check = self.match.check
        if check is None:
            self._draw(surface)
            return
        try:
            self._draw(surface)
        except Exception:
            # a position not yet proven that the board cannot draw: if the log check refuses the
            # save, the next update takes the player back to the save list with its message
            check.wait(None)
            try:
                check.result()
            except RestoreError:
                surface.fill(theme.PAPER)
                return
            raise

    def _draw(self, surface: pygame.Surface) -> None:
        draw.record_text(surface)  # the hint's tag keeps off the words drawn under it
        surface.blit(frame.chrome(self, surface.get_size()), (0, 0))
        clip = surface.get_clip()
        surface.set_clip(self.board_rect)
        self.view.draw_board(surface)
        surface.set_clip(clip)
        frame.draw_top_bar(self, surface)
        self.view.draw_panel(surface)
        hint = self.current_hint()
        if hint is not None and self.seat is not None:
            board_hint.draw_highlight(self, surface, hint)
        self.log_box.draw_content(surface)
        frame.draw_status_line(self, surface)
        if self.thinking() is not None:
            frame.draw_thinking(self, surface)
        self.draw_over_board(surface)
        if self.app.stack.top is not self:
            return  # a dialog is open: its own hints only
        mouse = self._mouse
        if mouse is None:
            return  # the pointer has not moved since this person took the device
        if self.focus_ring.active:
            return  # the keyboard is in use: the ring's caption says it, not a resting pointer
        tip = self.pointer_tooltip(mouse)
        if tip:
            draw_tooltip(surface, counted(tip), mouse, keep=self.keep_in_view())

    def draw_over_board(self, surface: pygame.Surface) -> None:
        """What a scene built on the board lays over it (the guided game's step card); nothing here."""

    def pointer_tooltip(self, mouse: tuple[int, int]) -> str | None:
        """The tooltip for the resting pointer at ``mouse``."""
        tip = self.ui.hovered_tooltip() or frame.frame_tooltip(self, mouse)
        if tip is None and (self.board_rect.collidepoint(mouse) or self.panel_rect.collidepoint(mouse)):
            tip = self.view.tooltip(mouse)
        return tip or self.log_box.tooltip(mouse)

    def status_text(self) -> tuple[str, tuple[int, int, int]]:
        """The status line: a message, or whose turn it is and what to do."""
        if self.flash is not None:
            if self.rule_link:
                return f"{self.flash[0]}  Rules: {rule_links.shown(self.rule_link)} (F1)", self.flash[1]
            return self.flash[0], self.flash[1]
        m = self.match
        if m.check is not None:
            return "Checking the save…", theme.INK_SOFT
        if self.waiting_after is not None:
            return self.waiting_words(), theme.INK
        ai = self.thinking()
        if ai is not None:
            return f"{m.seats[ai].name} is thinking…", theme.INK_SOFT
        if m.is_over():
            return "The game is over.", theme.INK
        if self.seat is not None:
            shown = self.current_hint()
            if shown is not None:
                return shown.words(), theme.INK
            if self.hint_job is not None or self.hint_pending is not None:
                return "Thinking what the computer would do here…", theme.INK_SOFT
            hint = self.view.status()
            name = m.seats[self.seat].name
            return (f"{name}: {hint}" if hint else f"{name}, it is your move."), theme.INK
        if self.handoff_for is not None:
            return f"Passing the device to {m.seats[self.handoff_for].name}…", theme.INK_SOFT
        acting = m.to_act()
        if acting:
            return ", ".join(m.seats[s].name for s in acting) + " to play", theme.INK_SOFT
        return "", theme.INK_SOFT


    def waiting_words(self) -> str:
        """The status line while a computer's move waits to be seen: what it did (the log's newest
        line) and how to go on."""
        seat = self.waiting_after
        name = self.match.seats[seat].name if seat is not None else "The computer"
        entries = self.log_box.entries
        did = _sentence(entries[-1].text) if entries else f"{name} has moved."
        return f"{did}  Press a key (or click the board) to go on."


def _sentence(text: str) -> str:
    """A rules message as a line of the status bar: capital first letter, full stop at the end."""
    text = counted(text.strip())
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".!?)" else text + "."
