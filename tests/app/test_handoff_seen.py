"""A computer's turn between two people is seen: on the board for a while, then on the pass screen.

The outside testers' table: Package Pandemonium with two people and a computer Rogue. After the
second person's route the Rogue drives and strikes at the first person, whose pass screen came
up at once, so she met "The Rogue strikes!" with only the game log to tell her what happened.

Now the computer's last move stays on the board a moment after its animation (its pops and
flashes play out), and the pass screen lists everything since that person's last decision in the
game log's words, the computer's moves among them, and nothing that is not in the public log.
"""

from __future__ import annotations

import random
import time

import pygame

from courier.match import Match, SeatSpec
from courier.scenes.board import HOLD_MIN, BoardScene
from courier.scenes.handoff import HandoffScene
from courier.ui import theme

PP = "package-pandemonium"
NAMES = ("Alice", "Bob", "Mabel")


def _table(app, seed: int) -> BoardScene:
    seats = [SeatSpec("Alice", theme.PLAYER_COLOURS[0][1]), SeatSpec("Bob", theme.PLAYER_COLOURS[1][1]),
             SeatSpec("Mabel", theme.PLAYER_COLOURS[2][1], "ai", "easy")]
    board = BoardScene(app, Match.new(PP, seats, seed=seed), autosave=False)  # the board's own pace
    app.stack.push(board)
    return board


def _after_computer(match: Match, seat: int) -> bool:
    """``seat`` has decided before, and the last move since was a computer's."""
    decided, moves = match.moves_since(seat)
    return decided and bool(moves) and match.seats[moves[-1][0]].is_ai


def _until_pass_after_computer(app, drive, board: BoardScene, rng: random.Random) -> tuple[HandoffScene, float]:
    """Play people's moves at random until a pass screen comes after a computer's move; returns
    it and the seconds of frames between the end of the board's animations and its coming."""
    m = board.match
    still_since = 0.0
    for _ in range(6000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            seat = NAMES.index(top.name)
            if _after_computer(m, seat):
                return top, still_since
            drive.key(pygame.K_RETURN)
            continue
        if board.seat is not None and not board.view.animating():
            board.submit(rng.choice(m.legal(board.seat)))
            still_since = 0.0
            continue
        drive.frame(dt=0.05)
        still_since = 0.0 if board.view.animating() or board.job is not None else still_since + 0.05
        time.sleep(0.0005)  # let the computer's thread run
    raise AssertionError("no pass screen after a computer's move")


def test_a_computers_move_stays_on_the_board_before_the_pass_screen(app, drive) -> None:
    board = _table(app, seed=5)
    _, still = _until_pass_after_computer(app, drive, board, random.Random(5))
    assert still >= HOLD_MIN, (f"the pass screen covered the computer's move {still:.2f} s after its "
                               f"animation ended (at least {HOLD_MIN} s wanted)")


def test_the_pass_screen_tells_what_the_computer_did_and_nothing_secret(app, drive) -> None:
    board = _table(app, seed=5)
    scene, _ = _until_pass_after_computer(app, drive, board, random.Random(5))
    m = board.match
    seat = NAMES.index(scene.name)
    drive.frame()  # laid out and drawn
    assert scene.summary is not None and scene.summary.heading == "Since your last turn"
    listed = [line.text for line in scene.summary.lines]
    computer = [e.text for actor, events in m.moves_since(seat)[1] if m.seats[actor].is_ai for e in events if e.text]
    assert computer and all(text in listed for text in computer), (listed, computer)
    # newest last, and what the card draws is the newest of them
    shown = scene.summary_shown
    assert shown and listed[-1].startswith(shown[-1][0][0].rstrip("…"))
    # public only: every line is one the game log shows everyone, no mission and no priority card
    # of anyone's but those the rules have revealed
    public = {entry.text for entry in board.log_box.entries}
    assert set(listed) <= public
    cfg = m.state.config
    secret = {cfg.missions[mid][0] for van in m.state.vans for mid in van.missions}
    assert not {s for s in secret for text in listed if s in text}


def test_the_list_fits_the_card_at_every_size_newest_last(app) -> None:
    """However long the list and whatever the window and interface size, the card stays in the
    window and clear of the Menu button, the list inside it above the button, and what is shown is
    the newest lines (the rest are counted as left out)."""
    from courier.scenes.handoff_summary import SinceLine, Summary

    rng = random.Random(3)
    scale = theme.ui_scale()
    try:
        for size in ((1024, 600), (1280, 720), (1920, 1080)):
            for ui in (0.8, 1.0, 1.5, 2.0):
                theme.set_ui_scale(theme.auto_scale(size) * ui)
                for n in (1, 3, 12, 40):
                    lines = tuple(SinceLine(f"Mabel drives to tile {i}" + " and on" * rng.randrange(12), None)
                                  for i in range(n))
                    scene = HandoffScene(app, "Alice", theme.PLAYER_COLOURS[0][1], lambda: None,
                                         game_title="Package Pandemonium", on_menu=lambda: None,
                                         summary=Summary("Since your last turn", lines))
                    scene.layout(size)
                    where = f"{size} x{ui}, {n} lines"
                    assert pygame.Rect((0, 0), size).contains(scene.card), where
                    assert not scene.card.colliderect(scene.menu_button.rect), where
                    shown = scene.summary_shown
                    assert len(shown) + scene.summary_left_out == n, where
                    assert [e[0][0] for e in shown] == [
                        draw_first(scene, line.text) for line in lines[n - len(shown):]], where
                    if shown:
                        assert scene.card.top + scene._summary_h < scene.button.rect.top, where
                    if ui <= 1.0:
                        assert shown, f"{where}: not even the newest line fits"
    finally:
        theme.set_ui_scale(scale)


def draw_first(scene: HandoffScene, text: str) -> str:
    """The first line ``text`` wraps to on the card."""
    from courier.scenes import handoff
    from courier.ui import draw

    return draw.wrap(text, scene.card.width - theme.px(60) - theme.px(48), handoff.SUMMARY_SIZE)[0]
