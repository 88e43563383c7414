"""The contract between the board scene (the host) and one game's drawing and input.

The board scene owns the window layout, the top bar, the game log, the Save/Undo/Menu/Rules
buttons, the "thinking" indicator, the pass-the-device screen and the move to the scoring screen.
A game's ``GameView`` owns everything inside two rectangles the host hands it: the board area and
the game's part of the side panel. It never decides a rule: it asks the rules (``legal`` actions
it was given, ``game.legal_actions`` on the view) and returns actions for the host to submit.

Flow, every frame:
    host.handle_event(e) -> view.handle_event(e) may return an Action -> host submits it to the
    match; the rules return events -> host calls view.animate(events, view_after) and view.show(...)
    with the new view and the legal actions of the human now to act (or seat=None while an AI
    acts or a handoff is pending). The host waits until ``view.animating()`` is False before it
    lets the next AI act, so every move is seen.

A view belongs to one person at the device. When another person takes it (after the
pass-the-device screen, for a simultaneous choice or an answer such as an auction or a theft, or
when the turn passes between people in a game with nothing hidden) the host throws the view away
and makes a new one, and tells it nothing of the pointer until the pointer moves. So a view may
keep hover, selections, half-made plans and open dialogs as plain attributes: none of it can reach
the next person. What it draws must follow from ``show`` and later input alone, and anything it
caches (painted maps) must be quick to make again.

Each game names the module of its view (with ``make_view(ctx) -> GameView``) among its parts in
``courier.rules.registry``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Hashable, Sequence

import pygame

from courier.rules.base import Action, Event, GameConfig, GameRules

if TYPE_CHECKING:
    from courier.ui.focus import Target


@dataclass
class SeatInfo:
    name: str
    colour: tuple[int, int, int]
    kind: str = "human"  # "human" or "ai"
    level: str = "normal"  # AI level when kind == "ai"


@dataclass
class ViewContext:
    game: GameRules
    config: GameConfig
    seats: list[SeatInfo]
    #: 0.25 (slow) .. 4 (fast); multiply animation speeds by it
    anim_speed: float = 1.0
    #: when True, skip travel/roll animations (show end results with a short fade at most)
    reduced_motion: bool = False
    extra: dict[str, Any] = field(default_factory=dict)


class GameView(ABC):
    """The screen object of one game: draws a seat's view and turns input into actions.

    Two words, one meaning each: a *view* is what the rules give a seat to see
    (``GameRules.view(state, seat)``, the state with others' secrets hidden); every game's
    GameView holds the latest one as ``seen``. The board modules say what they hold: the painted
    map is ``mapart``, the pieces over it ``pieces``; ``courier.rules.<game>.board`` is the rules'
    board (the plain data a map file gives the rules).
    """

    #: the latest view the rules gave for the seat looking (set by ``show``; None before it)
    seen: Any = None
    #: why the last click did nothing, in the rules' words; the host shows it in the status line
    #: and clears it (a click that is not an action still gets an answer)
    refusal: str | None = None
    #: at the end of play, draw the result over the board; the final board opened from the scores
    #: turns it off (the board itself is what the player asked to see)
    show_result: bool = True
    #: the target (``Target.id``) the keyboard's ring should go to after this input: a piece
    #: picked by its letter key, so the arrows then start from it; the host takes it and clears it
    focus_request: Hashable | None = None

    def __init__(self, ctx: ViewContext) -> None:
        self.ctx = ctx
        self.board_rect = pygame.Rect(0, 0, 960, 720)
        self.panel_rect = pygame.Rect(960, 0, 320, 720)

    def layout(self, board_rect: pygame.Rect, panel_rect: pygame.Rect) -> None:
        """Called on start and on every window resize; scale the board to fit ``board_rect``."""
        self.board_rect = pygame.Rect(board_rect)
        self.panel_rect = pygame.Rect(panel_rect)

    def panel_need(self, width: int) -> int:
        """The height the side panel needs at ``width`` for what it shows on a usual turn (0: no
        need of its own). The host takes that much from the game log, down to the log's least."""
        return 0

    @abstractmethod
    def show(self, seen: Any, seat: int | None, legal: Sequence[Action]) -> None:
        """The state as ``seat`` may see it (kept as ``self.seen``) and that seat's legal actions.

        ``seat`` is the human who may act now; None while nobody here may act (an AI is thinking,
        or the game is over): then draw the view but accept no input.
        """

    @abstractmethod
    def handle_event(self, event: pygame.event.Event) -> Action | None:
        """Turn input into at most one action (a legal one: pick it from ``legal``)."""

    def animate(self, events: Sequence[Event], view_after: Any) -> None:
        """Queue animations for what just happened (travel along paths, dice rolling, parcels
        moving, score pops). Default: none."""

    def animating(self) -> bool:
        return False

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    @abstractmethod
    def draw_board(self, surface: pygame.Surface) -> None:
        """Draw inside ``self.board_rect``; must not change any state."""

    @abstractmethod
    def draw_panel(self, surface: pygame.Surface) -> None:
        """Draw the game's side panel inside ``self.panel_rect`` (players, money, cargo, ...)."""

    def tooltip(self, pos: tuple[int, int]) -> str | None:
        """Text for what is under the mouse, or None."""
        return None

    def parts(self) -> dict[str, list[pygame.Rect]]:
        """What this view draws that words can name, where it is on screen now: each place by the
        name the map writes on it, each player's pieces by the player's name (``"Robin"``, and
        ``"Robin's van"`` where a player has several), and a few parts of the panel by a word
        (``"event"``). The guided game keeps its step card off what a step names and lights what
        a step points at (``courier.scenes.tutorial_subjects``). Default: nothing named."""
        return {}

    def cancel(self) -> bool:
        """Escape was pressed: drop a half-made choice (a planned route, a picked vehicle, an open
        dialog) and return True; False when there is none, and the host goes to the menu."""
        return False

    def focusables(self) -> list["Target"]:
        """What the keyboard can reach in this view now, in Tab order (see ``courier.ui.focus``):
        the legal places, spaces, tiles or cards on the board (zone ``board``), the cards of a
        hand (zone ``cards``, picked with the number keys), the panel's buttons (zone ``panel``)
        and, while a dialog is open, only the dialog's controls (zone ``dialog``). A target with
        no ``activate`` is chosen by a click at its point through ``handle_event``, so keys and
        mouse take one path. Empty while the view accepts no input."""
        return []

    def focus_origin(self) -> pygame.Rect | None:
        """Where the first arrow press starts from when nothing has the focus: the acting
        player's own piece (so Left picks the nearest place to its left). None: no piece."""
        return None

    def controls_for(self, action: Action) -> "list[Hashable] | None":
        """The ids (``Target.id``, as in ``focusables``) of the controls to press in turn, from the
        view as it is now (a tile already chosen, a dialog already open), so that the last press
        makes ``action``; a control may come more than once. A press is a click at the control's
        point or, the same, Enter on it. None: this view does not know how."""
        return None

    def hint_words(self, action: Action) -> str | None:
        """``action`` in the game's words, for a hint whose move the board cannot light as one
        control (a route of several steps, a few cards picked then claimed); None: the board
        names it by its text form."""
        return None

    def status(self) -> str:
        """One line of guidance for the human to act ("Click a vehicle to move it")."""
        return ""
