"""A seat change starts the next person's screen clean, in every game with hidden information.

Two people play hot-seat. Seat A hovers, clicks, opens a tooltip and acts; the device is passed;
seat B confirms with the Enter key without touching the mouse, which stays exactly where A left
it (a real pygame posts no event then; anything that asks pygame where the mouse is gets that
position). The frame B sees must be pixel-identical to the frame of a board scene built fresh
for B at the same position with the mouse in the same place, and no text drawn in that frame
(board, panel, log, tooltip, dialog) may be one of A's secrets or anything only A's screen showed.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pygame
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from courier.match import Match, SeatSpec
from courier.scenes.base import Scene
from courier.scenes.board import BoardScene
from courier.scenes.handoff import HandoffScene
from courier.ui import draw, theme

SHOTS = Path(__file__).resolve().parent.parent / "_screenshots"
ANN, BEN = "Annabel", "Benedict"


# -- seeing what is drawn -----------------------------------------------------------------------------
class _RecordingFont(pygame.font.Font):
    """The bundled font, writing down every text it renders."""

    seen: set[str] = set()

    def render(self, text, *args, **kwargs):  # type: ignore[override]
        if text:
            _RecordingFont.seen.add(str(text))
        return super().render(text, *args, **kwargs)


@dataclass
class Mouse:
    """Where the (pretend) physical mouse rests: what ``pygame.mouse`` reports."""

    pos: tuple[int, int] = (0, 0)


@dataclass
class Table:
    app: object
    drive: object
    mouse: Mouse

    def texts_of_frame(self) -> set[str]:
        """Run one frame (no input) and return every text rendered while drawing it."""
        draw._TEXT_CACHE.clear()  # cached renderings would not be seen
        _RecordingFont.seen = set()
        self.drive.frame()
        return set(_RecordingFont.seen)

    def pixels(self) -> bytes:
        return pygame.image.tobytes(self.app.screen, "RGB")


@pytest.fixture
def table(app, drive, monkeypatch):
    mouse = Mouse()
    monkeypatch.setattr(pygame.mouse, "get_pos", lambda: mouse.pos)
    monkeypatch.setattr(pygame.mouse, "get_focused", lambda: True)
    monkeypatch.setattr(pygame.time, "get_ticks", lambda: 5000)  # pulsing highlights hold still
    fonts: dict = {}

    def font(size: int, bold: bool = False, serif: bool = False):
        key = (size, bold, serif)
        if key not in fonts:
            from courier import resources

            name = {(False, False): "DejaVuSans.ttf", (True, False): "DejaVuSans-Bold.ttf",
                    (False, True): "DejaVuSerif.ttf", (True, True): "DejaVuSerif-Bold.ttf"}[(bold, serif)]
            fonts[key] = _RecordingFont(str(resources.asset("fonts", name)), size)
        return fonts[key]

    monkeypatch.setattr(theme, "font", font)
    draw._TEXT_CACHE.clear()
    return Table(app, drive, mouse)


# -- driving the table ------------------------------------------------------------------------------
def _people(n: int) -> list[SeatSpec]:
    names = [ANN, BEN, "Cordelia", "Digby"][:n]
    return [SeatSpec(name, theme.PLAYER_COLOURS[i][1], "human") for i, name in enumerate(names)]


def _move(t: Table, pos) -> None:
    t.mouse.pos = (int(pos[0]), int(pos[1]))
    t.drive.move(t.mouse.pos)


def _click(t: Table, pos) -> None:
    t.mouse.pos = (int(pos[0]), int(pos[1]))
    t.drive.click(t.mouse.pos)


def _take_device(t: Table, board: BoardScene, seat: int) -> None:
    """Run until the pass-the-device screen asks for ``seat``; that person presses Enter."""
    t.drive.run_until(lambda: isinstance(t.app.stack.top, HandoffScene), frames=400)
    assert board.handoff_for == seat, (board.handoff_for, seat)
    t.drive.key(pygame.K_RETURN)
    assert t.app.stack.top is board and board.seat == seat


def _save_pair(name: str, after: pygame.Surface, fresh: pygame.Surface) -> str:
    SHOTS.mkdir(parents=True, exist_ok=True)
    pygame.image.save(after, str(SHOTS / f"handoff-clean-{name}-after.png"))
    pygame.image.save(fresh, str(SHOTS / f"handoff-clean-{name}-fresh.png"))
    diff = [(x, y) for y in range(0, after.get_height(), 2) for x in range(0, after.get_width(), 2)
            if after.get_at((x, y)) != fresh.get_at((x, y))]
    if not diff:
        return "no difference"
    xs, ys = [p[0] for p in diff], [p[1] for p in diff]
    return f"{len(diff)} sampled pixels differ in x {min(xs)}..{max(xs)}, y {min(ys)}..{max(ys)}"


def check_clean_handoff(t: Table, name: str, match: Match, a: int, b: int,
                        play_a: Callable[[Table, BoardScene], set[str]]) -> None:
    """Seat ``a`` plays (``play_a`` returns the secrets it saw) until the device goes to ``b``;
    then B's first frame must equal a fresh board's and show nothing of A's."""
    board = BoardScene(t.app, match, autosave=False)
    t.app.stack.push(board)
    _take_device(t, board, a)
    secrets = play_a(t, board)  # ends with A's last action, the mouse left where A clicked
    a_screen = t.texts_of_frame()  # what A's screen showed last (before the handoff screen came)
    left_at = t.mouse.pos
    _take_device(t, board, b)  # B presses Enter: the mouse has not moved
    assert t.mouse.pos == left_at
    after_texts = t.texts_of_frame()
    after = t.app.screen.copy()

    fresh = BoardScene(t.app, match, autosave=False)
    t.app.stack.reset(fresh)
    _take_device(t, fresh, b)
    fresh_texts = t.texts_of_frame()
    fresh_img = t.app.screen.copy()

    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(fresh_img, "RGB"), (
        f"{name}: B's first frame after the handoff is not the fresh board's: {_save_pair(name, after, fresh_img)}")
    _save_pair(name, after, fresh_img)
    assert secrets, "the scenario must name A's secrets"
    leaked = {s for s in secrets for text in after_texts if s in text or (len(text) >= 10 and text in s)}
    assert not leaked, f"{name}: A's secrets drawn for B: {sorted(leaked)}"
    only_a = a_screen - fresh_texts
    carried = after_texts & only_a
    assert not carried, f"{name}: texts from A's screen carried over to B: {sorted(carried)}"
    assert after_texts == fresh_texts


# -- Package Pandemonium ----------------------------------------------------------------------------------
PP = "package-pandemonium"


def _pp_match() -> Match:
    from courier.rules.package_pandemonium.state import PRIORITY

    match = Match.new(PP, _people(2), seed=3, map="Riverside")
    while match.state.phase != PRIORITY:
        seat = match.to_act()[0]
        match.submit(match.legal(seat)[0])
    return match


def _pp_secrets(match: Match, seat: int, card: int) -> set[str]:
    van = match.state.vans[seat]
    cfg = match.state.config
    return ({f"Priority {card}", f"{van.name}: your priority hand", f"Secret missions ({van.name})"}
            | {cfg.missions[m][0] for m in van.missions})


def test_package_pandemonium_priority_card_leaves_no_trace(table):
    """The issue's leak: A clicks priority card 7; B takes the device with Enter, mouse untouched."""
    match = _pp_match()
    a, b = match.human_to_act(), [s for s in match.to_act() if s != match.human_to_act()][0]

    def play_a(t: Table, board: BoardScene) -> set[str]:
        view = board.view
        t.drive.frame()
        rects = {act.card: rect for rect, act in view.hand_rects}
        _move(t, rects[3].center)  # look at card 3 first (its tooltip opens)
        t.drive.frame()
        rects = {act.card: rect for rect, act in view.hand_rects}
        _move(t, rects[7].center)
        t.drive.frame()
        rects = {act.card: rect for rect, act in view.hand_rects}
        _click(t, rects[7].center)
        assert match.state.vans[a].choice == 7
        return _pp_secrets(match, a, 7)

    check_clean_handoff(table, "pp-priority", match, a, b, play_a)


def test_package_pandemonium_theft_prompt_starts_clean(table):
    """A steers the Rogue (tooltips, a planned route) into B's van; B answers the theft prompt."""
    from courier.rules.package_pandemonium.board import step_cell
    from courier.rules.package_pandemonium.state import DEFEND, ROGUE
    from tests.package_pandemonium.pp_helpers import cell, clear_tiles, load, play, setup

    match = Match.new(PP, _people(2), seed=1, map="Riverside")
    s = setup(2, bases={0: "A5", 1: "E5"}, companies={0: "express", 1: "long-life"}, names=(ANN, BEN))
    play(s, "p1 priority 1", "p2 priority 2", "p1 go first")
    clear_tiles(s)
    s.phase, s.chooser, s.mover = ROGUE, 1, 2
    victim = s.vans[0]
    victim.pos, victim.cubes = cell("E2"), [cell("D1"), cell("D2"), cell("E2")]
    load(s, 0, "L", "H")
    match.state = s  # a hand-built position: the Rogue's route to B's van is one key press away
    a, b = 1, 0

    def play_a(t: Table, board: BoardScene) -> set[str]:
        view = board.view
        rogue_at = s.vans[s.mover].pos
        t.drive.key(pygame.K_RIGHT)
        assert view.plan == ["E"]
        nxt = step_cell(step_cell(rogue_at, "E"), "E")
        _move(t, view.geo.centre(nxt))  # over the next step of the plan
        t.drive.frame()
        t.drive.key(pygame.K_RIGHT)
        t.drive.key(pygame.K_RETURN)
        assert s.phase == DEFEND and match.to_act() == [b]
        return {f"{s.vans[a].name}: your priority hand", f"Secret missions ({s.vans[a].name})",
                "Send the Rogue"} | {s.config.missions[m][0] for m in s.vans[a].missions}

    check_clean_handoff(table, "pp-theft", match, a, b, play_a)


# -- Doorstep Dash ------------------------------------------------------------------------------------
def test_doorstep_dash_opening_choice_starts_clean(table):
    """A looks at their opening cards, drops one and keeps the rest with the mouse on Keep."""
    dd = "doorstep-dash"
    match = Match.new(dd, _people(2), seed=3)
    a = match.human_to_act()
    b = 1 - a

    def play_a(t: Table, board: BoardScene) -> set[str]:
        view = board.view
        drawn = list(match.view(a).opening_draw)
        rects = dict(view.row_rects())
        _move(t, rects[drawn[0]].center)
        t.drive.frame()
        _click(t, rects[drawn[-1]].center)  # put one back
        assert drawn[-1] not in view.selected
        keep = next(x for x in view.buttons if x.label.startswith("Keep"))
        _move(t, keep.rect.center)
        t.drive.frame()
        _click(t, keep.rect.center)
        assert match.to_act() == [b]
        return set(drawn)

    check_clean_handoff(table, "dd-opening", match, a, b, play_a)


# -- Next Day ----------------------------------------------------------------------------------------
def test_next_day_contract_building_starts_clean(table):
    """A builds contracts from a secret hand, looks at them and hands them over with the mouse."""
    nd = "next-day"
    from courier.rules.next_day import actions as NA

    match = Match.new(nd, _people(3), seed=3)
    a, b = 0, 1

    def play_a(t: Table, board: BoardScene) -> set[str]:
        view = board.view
        hand = list(match.view(a).players[a].hand)
        deal = next(x for x in match.legal(a) if isinstance(x, NA.DealRandomly))
        assert board.submit(deal)
        t.drive.frame()
        # a card of the hand under the pointer, or where the contracts leave the used cards
        # folded away (a pair of long town names takes two lines), a contract's own button
        card = next((x for x in view.buttons if x.label in hand), None) or next(x for x in view.buttons if x.label == "+")
        _move(t, card.rect.center)
        t.drive.frame()
        done = next(x for x in view.buttons if x.label == "Done")
        _move(t, done.rect.center)
        t.drive.frame()
        drafts = [f"{d.pickup} → {d.dropoff}" for d in match.view(a).players[a].drafts]
        _click(t, done.rect.center)
        assert match.state.players[a].built
        return set(drafts) | {f"parcels collected at {h}" for h in hand}

    check_clean_handoff(table, "nd-setup", match, a, b, play_a)


# -- a game without secrets: the turn passes between people with no handoff screen ----------------------
def test_out_for_delivery_next_person_starts_clean_without_a_handoff(table):
    """Nothing is hidden, so no pass-the-device screen; B's screen still starts clean."""
    ofd = "out-for-delivery"
    match = Match.new(ofd, _people(2), seed=3)
    a, b = 0, 1
    t = table
    board = BoardScene(t.app, match, autosave=False)
    t.app.stack.push(board)
    t.drive.frame()
    assert board.seat == a
    view = board.view
    first, second = [x for x in view.buttons if x.action is not None][:2]
    _move(t, second.rect.center)  # A looks at one start city (its tooltip opens) ...
    t.drive.frame()
    _move(t, first.rect.center)
    t.drive.frame()
    a_screen = t.texts_of_frame()
    _click(t, first.rect.center)  # ... and starts in another; the mouse rests there
    t.drive.run_until(lambda: board.seat == b and not board.view.animating(), frames=400)
    after_texts = t.texts_of_frame()
    after = t.app.screen.copy()

    fresh = BoardScene(t.app, match, autosave=False)
    t.app.stack.reset(fresh)
    t.drive.frame()
    assert fresh.seat == b
    fresh_texts = t.texts_of_frame()
    assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(t.app.screen, "RGB"), (
        f"ofd: B's first frame is not the fresh board's: {_save_pair('ofd-turn', after, t.app.screen.copy())}")
    assert not (after_texts & (a_screen - fresh_texts))
    assert after_texts == fresh_texts


def test_next_day_auction_answer_starts_clean(table):
    """A opens the bid dialog, tries amounts and bids with the mouse; the owner B answers."""
    nd = "next-day"
    from tests.next_day.helpers import add_contract, play_state, put

    match = Match.new(nd, _people(3), seed=1, quick_setup=True)
    s = play_state(3, names=(ANN, BEN, "Cordelia"))
    contract = add_contract(s, 1, "Ugley", "Duck Street", parcels=3, price=75)
    put(s, 0, "van", "Ugley")
    match.state = s  # a hand-built position: A's van waits at the collection town of B's contract
    a, b = 0, 1

    def play_a(t: Table, board: BoardScene) -> set[str]:
        view = board.view
        t.drive.frame()

        def button(label: str):
            return next(x for x in view.buttons if x.label.startswith(label))

        _click(t, button("Van: bid for").rect.center)  # the offer dialog opens
        assert view.offer is not None
        _click(t, button("-5").rect.center)
        _click(t, button("-5").rect.center)
        tried = view.amount
        _click(t, button("+5").rect.center)
        final = button("Bid ")
        _move(t, final.rect.center)
        t.drive.frame()
        _click(t, final.rect.center)
        assert s.auction is not None and s.auction.lowest == tried + 5 and match.to_act() == [b]
        return {f"Bid {tried}", "Choose your first bid"}

    check_clean_handoff(table, "nd-auction", match, a, b, play_a)
    assert contract.owner == b


# -- whatever A did, B starts clean ------------------------------------------------------------------

_POINT = st.tuples(st.integers(0, 1279), st.integers(0, 719))
_INPUT = st.one_of(
    st.tuples(st.just("move"), _POINT),
    st.tuples(st.just("click"), _POINT),
    st.tuples(st.just("key"), st.sampled_from([pygame.K_UP, pygame.K_LEFT, pygame.K_BACKSPACE, pygame.K_v,
                                               pygame.K_TAB])),
    st.tuples(st.just("wheel"), st.integers(-3, 3)),
)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(inputs=st.lists(_INPUT, max_size=8), card=st.integers(1, 16), rest=_POINT)
def test_any_input_of_a_before_the_handoff_leaves_b_a_fresh_board(table, inputs, card, rest):
    """A pokes at the board at random (never acting: the priority hand is only clicked last),
    picks a card and leaves the mouse anywhere; B's first frame is still a fresh board's."""
    match = _pp_match()
    a = match.human_to_act()
    b = 1 - a

    def play_a(t: Table, board: BoardScene) -> set[str]:
        t.drive.frame()
        tray = board.view.hand_rects[0][0].unionall([r for r, _ in board.view.hand_rects])
        for kind, arg in inputs:
            if kind == "move":
                _move(t, arg)
            elif kind == "click" and not tray.inflate(0, 20).collidepoint(arg) and not any(
                    w.rect.collidepoint(arg) for w in board.ui.widgets) \
                    and not board.status_rect().collidepoint(arg):
                # no card, no Save/Undo/Rules/Menu, and not the status line (after a refused click
                # it links to the rule behind it, which opens the Rules: a way out, not a poke)
                _click(t, arg)
            elif kind == "key":
                t.drive.key(arg)
            elif kind == "wheel":
                t.drive.wheel(arg)
        assert t.app.stack.top is board and match.to_act() == sorted([a, b])
        t.drive.frame()
        rect = next(r for r, act in board.view.hand_rects if act.card == card)
        _click(t, rect.center)
        assert match.state.vans[a].choice == card
        _move(t, rest)  # the mouse ends anywhere (the handoff screen gets this motion)
        return _pp_secrets(match, a, card)

    table.app.stack.reset(Scene(table.app))  # each example starts from an empty stack
    check_clean_handoff(table, "pp-any", match, a, b, play_a)


def test_a_motion_reported_where_the_pointer_rests_is_no_hover_of_the_next_person(table):
    """A real window may report the resting pointer again after the hand-off (the window gets the
    pointer back, a redraw): B's card under it must not light up nor show its tooltip until the
    pointer really moves; keys never bring that hover back."""
    match = _pp_match()
    a, b = match.human_to_act(), [s for s in match.to_act() if s != match.human_to_act()][0]
    t = table
    board = BoardScene(t.app, match, autosave=False)
    t.app.stack.push(board)
    _take_device(t, board, a)
    t.drive.frame()
    rects = {act.card: rect for rect, act in board.view.hand_rects}
    _click(t, rects[10].center)
    assert match.state.vans[a].choice == 10
    _take_device(t, board, b)
    quiet = t.app.screen.copy()
    t.drive.move(t.mouse.pos)  # the window reports the pointer where it rests: not a move
    t.drive.key(pygame.K_LSHIFT)  # a key press that picks nothing
    t.drive.frame()
    assert pygame.image.tobytes(t.app.screen, "RGB") == pygame.image.tobytes(quiet, "RGB"), \
        "a resting pointer lit something up after the hand-off"
    assert board._mouse is None
    rects = {act.card: rect for rect, act in board.view.hand_rects}
    _move(t, rects[3].center)  # B really moves the pointer: from now on it is B's
    _move(t, rects[10].center)
    t.drive.frame()
    assert board._mouse == tuple(rects[10].center)
    assert pygame.image.tobytes(t.app.screen, "RGB") != pygame.image.tobytes(quiet, "RGB")
