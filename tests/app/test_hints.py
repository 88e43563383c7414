"""The board's "What would you do?" hint in each game, driven by synthetic input.

One person plays against computers. H (or the Hint button) shows the Normal computer's move for
them: the control that makes it is lit and focused, and the status line names it with its reason.
Nothing is played until the person presses Enter or clicks it themselves. With two people at the
table, on a computer's turn, or with hints turned off in Settings, the button is greyed and says why.
"""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from courier.ai import hints as ai_hints
from courier.match import Match, SeatSpec
from courier.scenes import board_hint
from courier.scenes.board import BoardScene
from courier.ui import theme

C = [c for _, c in theme.PLAYER_COLOURS]
GAMES = {"next-day": 3, "doorstep-dash": 2, "package-pandemonium": 2, "out-for-delivery": 2}


def _seats(*kinds: str) -> list[SeatSpec]:
    return [SeatSpec(f"P{i + 1}", C[i], k, "easy") for i, k in enumerate(kinds)]


def _key(key: int, mod: int = 0, text: str = "") -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=0)


def _click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


def _open(app: Any, game_id: str, kinds: tuple[str, ...] | None = None, seed: int = 5) -> BoardScene:
    kinds = kinds or ("human",) + ("ai",) * (GAMES[game_id] - 1)
    match = Match.new(game_id, _seats(*kinds), seed=seed)
    return app.stack.push(BoardScene(app, match, autosave=False, ai_pause=0.0))


def _to_my_turn(app: Any, board: BoardScene) -> None:
    """Frames until the person may act and nothing is moving (computers' moves play out)."""
    for _ in range(3000):
        if board.seat is not None and not board.view.animating() and board.job is None:
            return
        if board.job is not None:
            board.job.wait(5)
        app.frame(0.05, [])
    raise AssertionError("the person never got a turn")


def _ask(app: Any, board: BoardScene) -> board_hint.Hint:
    """Press H and let the hint be decided; returns the hint on show."""
    app.frame(1 / 60, [_key(pygame.K_h, text="h")])
    for _ in range(3000):
        if board.hint_job is not None:
            assert board.hint_job.wait(10)
        app.frame(1 / 60, [])
        hint = board.current_hint()
        if hint is not None:
            return hint
    raise AssertionError("no hint came")


def _to_hint_with_path(app: Any, board: BoardScene, steps: int) -> board_hint.Hint:
    """Play on (the person follows each hint) until a hint made with ``steps`` presses comes."""
    for _ in range(80):
        _to_my_turn(app, board)
        hint = _ask(app, board)
        if len(hint.path) == steps:
            return hint
        board.submit(hint.suggestion.action)
    raise AssertionError(f"no hint of {steps} presses came")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_h_shows_the_move_and_enter_plays_it_only_when_pressed(app, game_id):
    board = _open(app, game_id)
    hint = _to_hint_with_path(app, board, 1)
    m, seat = board.match, board.seat
    action = hint.suggestion.action
    assert action in m.legal(seat)
    text, _ = board.status_text()
    assert text.startswith("Hint: ")
    if hint.suggestion.reason:
        assert text.endswith(f"Why: {hint.suggestion.reason}")
    # lit and focused: the ring is on the control that makes the move
    lit = hint.target(board.view.focusables())
    assert lit is not None and lit.id == hint.path[0]
    assert board.focus_ring.active and board.focus_ring.current == lit.id
    # a hint never plays itself
    played = len(m.log)
    for _ in range(40):
        app.frame(0.05, [])
    assert len(m.log) == played and board.current_hint() is hint
    # the person chooses it: Enter makes exactly that move, and the hint is gone with the position
    app.frame(1 / 60, [_key(pygame.K_RETURN)])
    assert len(m.log) > played
    assert m.log[played] == action.to_text()
    assert board.current_hint() is None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_clicking_the_lit_control_plays_the_move(app, game_id):
    board = _open(app, game_id, seed=6)
    hint = _to_hint_with_path(app, board, 1)
    m = board.match
    played, action = len(m.log), hint.suggestion.action
    lit = hint.target(board.view.focusables())
    assert lit is not None
    app.frame(1 / 60, _click(lit.click_point))
    assert m.log[played] == action.to_text()


def test_a_move_of_two_presses_lights_each_in_turn(app):
    """Next Day's set-up pairs two towns: the hint lights the first, then (once pressed) the second."""
    board = _open(app, "next-day")
    hint = _to_hint_with_path(app, board, 2)
    m = board.match
    played, action = len(m.log), hint.suggestion.action
    first = hint.target(board.view.focusables())
    assert first is not None and first.id == hint.path[0]
    app.frame(1 / 60, _click(first.click_point))
    assert len(m.log) == played  # half a move: nothing played yet
    second = hint.target(board.view.focusables())
    assert second is not None and second.id == hint.path[1]
    app.frame(1 / 60, _click(second.click_point))
    assert m.log[played] == action.to_text()


def test_a_route_lights_its_tiles_in_turn_and_is_named_in_words(app):
    """A Package Pandemonium route of several steps (which no hint could light before the view
    said which controls make it): the hint lights its first tile, names the whole route in the
    game's words (never the action's text form with its seat code and arrows), lights each next
    control once the lit one is pressed, and the last press drives it."""
    board = _open(app, "package-pandemonium", seed=8)
    for _ in range(80):
        _to_my_turn(app, board)
        hint = _ask(app, board)
        if len(hint.path) >= 3:
            break
        board.submit(hint.suggestion.action)
    else:
        raise AssertionError("no route of several presses was hinted")
    words = board.view.hint_words(hint.suggestion.action)
    assert words
    text = board.status_text()[0]
    assert text.startswith(f"Hint: {words}")
    assert "->" not in text and not re.search(r"\bp\d ", text)
    m = board.match
    played, action = len(m.log), hint.suggestion.action
    for i, key in enumerate(hint.path):
        lit = hint.target(board.view.focusables())
        assert lit is not None and lit.id == key, (i, hint.path)
        assert len(m.log) == played  # nothing played before the last press
        app.frame(1 / 60, _click(lit.click_point))
    assert m.log[played] == action.to_text()


def test_another_choice_is_the_persons_own(app):
    """A hint only suggests: the person may make any other move instead."""
    board = _open(app, "out-for-delivery")
    hint = _to_hint_with_path(app, board, 1)
    m = board.match
    other = next(a for a in m.legal(board.seat) if a != hint.suggestion.action)
    played = len(m.log)
    assert board.submit(other)
    assert m.log[played] == other.to_text()


def test_two_people_at_the_table_get_no_hint(app):
    board = _open(app, "out-for-delivery", kinds=("human", "human"))
    _to_my_turn(app, board)
    button = board.buttons["hint"]
    assert not button.enabled and button.why_not == board_hint.NOT_VS_COMPUTER
    app.frame(1 / 60, [_key(pygame.K_h, text="h")])
    assert board.hint_job is None and board.current_hint() is None
    assert board.status_text()[0] == board_hint.NOT_VS_COMPUTER
    # a click on the greyed button says the same
    board.flash = None
    app.frame(1 / 60, _click(button.rect.center))
    assert board.status_text()[0] == board_hint.NOT_VS_COMPUTER


def test_no_hint_on_a_computers_turn(app, monkeypatch):
    board = _open(app, "out-for-delivery", kinds=("ai", "human"))
    never = _NeverDone(0)
    monkeypatch.setattr(board.match, "start_ai", lambda seat, search=True: never)
    app.frame(1 / 60, [])
    assert board.job is never and board.seat is None
    board.refresh_controls()
    assert not board.buttons["hint"].enabled
    assert board.buttons["hint"].why_not == board_hint.NOT_YOUR_TURN
    app.frame(1 / 60, [_key(pygame.K_h, text="h")])
    assert board.hint_job is None
    assert board.status_text()[0] == board_hint.NOT_YOUR_TURN
    board.job = None


def test_hints_turned_off_in_settings(app):
    app.settings.hints = False
    board = _open(app, "package-pandemonium")
    _to_my_turn(app, board)
    assert not board.buttons["hint"].enabled
    assert board.buttons["hint"].why_not == board_hint.HINTS_OFF
    app.frame(1 / 60, [_key(pygame.K_h, text="h")])
    assert board.hint_job is None and board.status_text()[0] == board_hint.HINTS_OFF
    # turned on again in Settings (the toggle there), the board offers hints on return
    from courier.scenes.settings import SettingsScene

    screen = app.stack.push(SettingsScene(app))
    app.frame(1 / 60, [])
    toggle = screen.widgets["hints"]
    app.frame(1 / 60, _click(toggle.rect.center))  # type: ignore[attr-defined]
    assert app.settings.hints is True
    app.stack.pop()
    app.frame(1 / 60, [])
    assert board.buttons["hint"].enabled


def test_hints_are_on_by_default_and_kept():
    from courier.settings import Settings

    assert Settings().hints is True
    assert Settings.model_validate({"hints": False}).hints is False


def test_the_hint_is_decided_from_the_persons_own_view(app, monkeypatch):
    board = _open(app, "doorstep-dash")
    _to_my_turn(app, board)
    seen: list[Any] = []
    real = ai_hints.suggest

    def spy(game_id, game, view, seat, legal, n):
        seen.append(view)
        return real(game_id, game, view, seat, legal, n)

    monkeypatch.setattr(board_hint, "suggest", spy)
    _ask(app, board)
    m = board.match
    assert seen and seen[0] is not m.state
    assert seen[0] == m.view(board.seat)
    assert seen[0] != m.state  # the view hides what the others hold


class _NeverDone:
    """A computer's decision that never finishes (its turn lasts while the test looks)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.position = 0

    def done(self) -> bool:
        return False

    def wait(self, timeout: float | None = None) -> bool:
        return False

    def cancel(self) -> None:
        pass


def test_moves_no_control_makes_are_named_in_each_games_words():
    from types import SimpleNamespace

    from courier.rules.doorstep_dash import actions as DD
    from courier.rules.next_day import actions as ND
    from courier.rules.package_pandemonium import actions as PP
    from courier.scenes.games.doorstep_dash import text as dd_text
    from courier.scenes.games.next_day import text as nd_text
    from courier.scenes.games.package_pandemonium import text as pp_text

    v = SimpleNamespace(seen=SimpleNamespace(contracts={3: SimpleNamespace(dropoff="Wig")}))
    assert nd_text.hint_words(v, ND.Drive(seat=0, vehicle="van", path=("Ugley", "Loose", "Wig"))) == \
        "Drive the van: Ugley → Loose → Wig"
    assert nd_text.hint_words(v, ND.Bid(seat=0, amount=35)) == "Bid 35 credits per parcel"
    assert nd_text.hint_words(v, ND.StartBid(seat=0, vehicle="bike", contract=3, amount=20)) == \
        "With the bike, bid 20 credits per parcel for the contract to Wig"
    assert pp_text.hint_words(PP.Drive(seat=0, directions=("N", "W"))) == "Drive north, west"
    assert pp_text.hint_words(PP.RogueRoute(seat=0, directions=())) == "Leave the Rogue where it is"
    assert dd_text.hint_words(DD.Claim(seat=0, cards=("Pinecroft", "Willow End"))) == \
        "Claim Pinecroft, Willow End from the row"


# -- the hint's sentence is a promise ------------------------------------------------------------
HOUSE_WORDS = re.compile(r"#\d+ ")


def _hint_sentence(board: BoardScene, suggestion: ai_hints.Suggestion) -> str:
    """The status line the board would show for ``suggestion``: the view's words for the move, or
    the words of the control that makes it."""
    m, seat = board.match, 0
    view, legal = m.view(seat), m.legal(seat)

    def fresh():
        probe = board.make_game_view()
        probe.show(view.clone() if hasattr(view, "clone") else view, seat, legal)
        return probe

    plain = fresh().hint_words(suggestion.action)
    hint = board_hint.Hint(m.position, seat, suggestion, plain=plain)
    if plain is None:
        hint.path, hint.label = board_hint.find_path(fresh, suggestion.action)
    return hint.words()


def _broken_promises(game_id: str, board: BoardScene, suggestion: ai_hints.Suggestion, text: str) -> list[str]:
    """What the hint's sentence ``text`` says that it must not: no reason at all, a house the
    person holds no card for, "the road" as where to go, a travel that both says the job there is
    out of reach and goes there as if to do it."""
    m = board.match
    view = m.view(0)
    out: list[str] = []
    if "Why: " not in text:
        out.append("no reason")
    if re.search(r"\byou (already |still )?(carries|needs|holds|has|gives|keeps|is)\b", text):
        out.append("speaks to the person as about someone else")
    from courier.ai import reasons as ai_reasons

    for clause in ai_reasons._CLAUSE.finditer(suggestion.reason or ""):
        if clause.group(2) in ai_reasons._YOU_VERBS or clause.group(2) in ("pairs", "puts"):
            out.append(f"tells the person what someone else {clause.group(2)}")
    if game_id == "doorstep-dash":
        game_board = m.game.board(view.config)
        own = set(view.players[0].hand) | set(view.row) | set(view.opening_draw)
        for name in game_board.houses:
            if re.search(rf"(^|[^\w]){re.escape(name)}($|[^\w])", text) and name not in own:
                out.append(f"names {name}, on none of the person's cards")
    if game_id == "out-for-delivery":
        if "the road" in text.lower():
            out.append("names the road as a place")
        from courier.rules.out_for_delivery import actions as OA
        from courier.rules.out_for_delivery.preview import preview_move

        a = suggestion.action
        if isinstance(a, OA.Move):
            pv = preview_move(view.config, m.game.board(view.config), view, 0, a.cell)
            why = suggestion.reason or ""
            if pv is not None and pv.warning and why.startswith("go to") and "next turn" not in why:
                out.append("goes to do a job the move leaves too few MP for")
    return out


@pytest.mark.parametrize("game_id", list(GAMES))
def test_every_hint_has_a_reason_that_names_only_the_persons_own_and_keeps_to_its_move(app, game_id):
    """Over seeded positions of each game, the person's hint as the status line would say it:
    it has a reason; it names only what the person's own view holds (in Doorstep Dash the houses
    on their cards, in the row or just dealt to them; in Out For Delivery places by their names,
    never "the road"); and a travel whose arrival leaves too few movement points for the job there
    says the job is for next turn."""
    from courier.ai.base import make_bot
    from courier.rules.rng import Rng

    broken: list[str] = []
    asked = 0
    for seed in (3, 4):
        board = _open(app, game_id, seed=seed)
        m = board.match
        bot = make_bot(game_id, "heuristic-normal")
        rng = Rng(seed)
        for _ in range(260):
            if m.is_over():
                break
            seat = m.to_act()[0]
            legal = m.legal(seat)
            if seat == 0 and len(legal) > 1:
                suggestion = ai_hints.suggest(game_id, m.game, m.view(0), 0, legal, len(m.log))
                text = _hint_sentence(board, suggestion)
                broken += [f"{suggestion.action.to_text()}: {text!r}: {p}"
                           for p in _broken_promises(game_id, board, suggestion, text)]
                asked += 1
                action = suggestion.action
            else:
                action = bot.choose(m.game, m.view(seat), seat, legal, Rng(rng.next_u64())) if len(legal) > 1 else legal[0]
            m.submit(action)
        app.stack.pop()
    assert asked >= 20, asked
    assert not broken, "\n".join(broken[:12]) + f"\n({len(broken)} in all)"
