"""The words on the board screen, over seeded positions of every game at 1024x600, 1280x720 and
1920x1080: every line of text a frame draws is recorded (``draw.start_audit``: its rect, whether
it was shortened, its colour) and held to four promises.

- No game text in the board or the panel is shortened with an ellipsis or left below its box;
  and in Out For Delivery every courier's items show (by name, or first word where room is short)
  and so do the parcel board's printed values (on each card, or once above cards too small).
- The status line's lines (the hint or message, and the keys named beside or under it) never
  overlap one another and stay in the status bar.
- The warning colours (``theme.message_colour("warning")`` and ``("refusal")``) carry warnings
  only: an informational line, such as a planned route's cost, is never drawn in them.
- The ring's tag ("Hint", the guided game's "Here") hides no text drawn under it.

One person (seat 0) plays against computers with the Normal computer's moves; in Out For Delivery
they buy an item when they may (so the cards carry item tags), and in Package Pandemonium they
plan a route's first step before it is drawn (so the plan's message shows).
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from courier.ai.base import make_bot
from courier.match import Match, SeatSpec
from courier.rules.rng import Rng
from courier.scenes import board_frame as frame
from courier.scenes.board import BoardScene
from courier.ui import draw, theme
from tests.app import layout_matrix

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
#: Out For Delivery with three couriers: their cards and the actions share the panel (with four,
#: the cards are one line each and keep their values and items in their tooltips)
GAMES = {"next-day": 3, "doorstep-dash": 2, "package-pandemonium": 2, "out-for-delivery": 3}
#: positions looked at per game and size (the person's turns)
TURNS = 14
WARNING = {theme.ACCENT_DARK, theme.BAD}  # the warning and refusal roles (theme.MESSAGE_COLOURS)
#: lines the games draw in a warning colour on purpose: they warn (the exploding package and its fuse,
#: an illegal load, a debt, a hazard, the event of the round that hinders couriers)
WARNS = ("explod", "bomb", "illegal", "-", "hazard", "trap")


def _hindering_events() -> set[str]:
    """Out For Delivery's events that shut or hinder: their names are warnings."""
    from courier.rules.out_for_delivery.config import OBSTACLES
    from courier.scenes.games.out_for_delivery.text import event_role

    return {o.name for o in OBSTACLES.values() if event_role(o.id) == "warning"}


def _seats(n: int) -> list[SeatSpec]:
    colours = [c for _, c in theme.PLAYER_COLOURS]
    return [SeatSpec(f"P{i + 1}", colours[i], "human" if i == 0 else "ai", "easy") for i in range(n)]


def _to_my_turn(app: Any, board: BoardScene) -> bool:
    for _ in range(3000):
        if board.match.is_over():
            return False
        if board.seat is not None and not board.view.animating() and board.job is None:
            return True
        if board.job is not None:
            board.job.wait(5)
        app.frame(0.05, [])
    return False


def _persons_move(game_id: str, m: Match, bot: Any, rng: Rng) -> Any:
    legal = m.legal(0)
    if game_id == "out-for-delivery":
        buy = next((a for a in legal if type(a).__name__ == "Buy"), None)
        if buy is not None and len(m.state.players[0].items) < 3:
            return buy
    return bot.choose(m.game, m.view(0), 0, legal, Rng(rng.next_u64())) if len(legal) > 1 else legal[0]


def _plan_a_step(board: BoardScene, action: Any) -> None:
    """Package Pandemonium: the person plans the first step of the route they will drive."""
    directions = getattr(action, "directions", None) or ((action.direction,) if hasattr(action, "direction") else ())
    if directions and hasattr(board.view, "_add_step"):
        board.view._add_step(directions[0])


def _problems(game_id: str, board: BoardScene, surface: pygame.Surface) -> list[str]:
    audit = draw.start_audit()
    try:
        board.draw(surface)
        board.app.stack.draw_focus(surface)
    finally:
        draw.stop_audit()
    size = surface.get_size()
    out: list[str] = []
    view_area = [board.board_rect, board.panel_rect]
    for sz, rect, whole, shown in audit.cuts:
        if sz == size and any(a.contains(rect) for a in view_area):
            out.append(f"cut: {whole!r} shown as {shown!r}")
    status = frame.status_rect(board)
    lines = [(r, t) for sz, r, t in audit.lines if sz == size and status.colliderect(r) and t.strip()]
    for i, (ra, ta) in enumerate(lines):
        if not status.contains(ra):
            out.append(f"status line {ta!r} leaves the status bar at {tuple(ra)}")
        for rb, tb in lines[i + 1:]:
            if ra.colliderect(rb):
                out.append(f"status lines {ta!r} and {tb!r} overlap")
    said = board.status_text()[0] if board.flash is not None else ""
    refusal = getattr(board.view, "refusal", "") or ""
    for sz, rect, text, colour in audit.inks:
        if sz != size or colour not in WARNING or not text.strip():
            continue
        if text in (said, refusal) or text in said or any(w in text.lower() for w in WARNS):
            continue
        if game_id == "out-for-delivery" and text in _hindering_events():
            continue
        if any(ch.isalpha() for ch in text):
            out.append(f"{text!r} is drawn in a warning colour")
    tags = [(r, t) for sz, r, t in audit.covers if sz == size and t in ("Hint", "Here")]
    for rt, tt in tags:
        for sz, r, t in audit.lines:
            if sz == size and t.strip() and t != tt and rt.colliderect(r):
                out.append(f"the {tt!r} tag hides {t!r}")
    if game_id == "out-for-delivery":
        out += _courier_cards_problems(board, surface)
    return out


def _courier_cards_problems(board: BoardScene, surface: pygame.Surface) -> list[str]:
    """The cards as they rest (no focus ring's caption laid over one of them): every item and
    every printed value of the parcel board is drawn."""
    from courier.rules.out_for_delivery.config import ITEMS

    ring, mouse = board.focus_ring.active, board._mouse
    board.focus_ring.active, board._mouse = False, None
    audit = draw.start_audit()
    try:
        board.draw(surface)
    finally:
        draw.stop_audit()
        board.focus_ring.active, board._mouse = ring, mouse
    size = surface.get_size()
    v = board.match.view(0)
    drawn = [t for sz, r, t in audit.lines if sz == size and board.panel_rect.contains(r)]
    out = []
    for i, p in enumerate(v.players):
        for item in set(p.items):
            if ITEMS[item].name not in drawn and ITEMS[item].name.split()[0] not in drawn:
                out.append(f"P{i + 1}'s item {ITEMS[item].name!r} is not shown")
    for value in dict.fromkeys(v.config.parcel_board):
        if drawn.count(str(value)) < v.config.parcel_board.count(value):
            out.append(f"the parcel board's value {value} is not printed")
    return out


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("game_id", list(GAMES))
def test_board_text_is_whole_apart_and_in_the_colour_of_its_role(courier_home, game_id: str, size) -> None:
    app = layout_matrix.open_app(size)
    try:
        board = app.stack.push(BoardScene(app, Match.new(game_id, _seats(GAMES[game_id]), seed=7),
                                          autosave=False, ai_pause=0.0))
        m = board.match
        bot, rng = make_bot(game_id, "heuristic-normal"), Rng(7)
        problems: list[str] = []
        looked = 0
        for turn in range(TURNS * 3):
            if looked >= TURNS or not _to_my_turn(app, board):
                break
            action = _persons_move(game_id, m, bot, rng)
            if game_id == "package-pandemonium":
                _plan_a_step(board, action)
            if turn % 3 == 1:  # the hint's ring and tag on the control it lights
                app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h", scancode=0)])
                for _ in range(400):
                    if board.hint_job is not None:
                        board.hint_job.wait(10)
                    app.frame(1 / 60, [])
                    if board.current_hint() is not None:
                        break
            else:  # the keys named in the status line, as while the keyboard is in use
                app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)])
            problems += [f"turn {turn}: {p}" for p in _problems(game_id, board, app.screen)]
            looked += 1
            board.submit(action)
        assert looked >= 4, looked
        assert not problems, "\n".join(dict.fromkeys(problems))
    finally:
        layout_matrix.close_app(app)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_event_of_the_round_is_named_whole_in_the_header(courier_home, size) -> None:
    """Out For Delivery's header names the round's event beside the round: each of them, the
    longest ("Bridge Construction") too, whole at every size."""
    from courier.rules.out_for_delivery.config import OBSTACLES
    from courier.scenes.games.out_for_delivery import panel

    app = layout_matrix.open_app(size)
    try:
        board = app.stack.push(BoardScene(app, Match.new("out-for-delivery", _seats(2), seed=7),
                                          autosave=False, ai_pause=0.0))
        assert _to_my_turn(app, board)
        view = board.view
        cut = []
        for number in (1, 12):
            for oid, info in OBSTACLES.items():
                v = board.match.view(0).clone()
                v.round, v.obstacle, v.phase = number, oid, "act"
                rect = pygame.Rect(view.panel_rect.x, view.panel_rect.y, view.panel_rect.width,
                                   panel.header_h(view.panel_rect))
                audit = draw.start_audit()
                try:
                    panel.header(app.screen, rect, v, view.cfg, view.ctx.seats, 9.5)
                finally:
                    draw.stop_audit()
                cut += [f"round {number}: {whole!r} shown as {shown!r}" for _, _, whole, shown in audit.cuts]
        assert not cut, cut
    finally:
        layout_matrix.close_app(app)
