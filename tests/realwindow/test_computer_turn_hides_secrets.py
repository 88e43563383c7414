"""While the computer plays, the screen shows no person's secrets (a real window, real keys).

Doorstep Dash, seed 2, two people and the computer: the computer keeps its opening cards, then
Player 1 keeps all theirs (K), the device passes, Player 2 unpicks the first two (1, 2) and keeps
the rest (K). Then the computer takes its first turn with the device lying on the table: every
screen of that turn must be the public one. An outside tester saw Player 2's van, with her
destinations, in the side panel and the board labelling those houses through the whole turn.

Which cards are secret is worked out from the rules, replaying the same seed and keeps; what is
on the screen is read back by OCR. The same reading must find those names where they rightly
show (a person's own turn), or the test proves nothing and says so.
"""

from __future__ import annotations

import sys

import pytest

from courier.cli import seat_specs
from courier.rules import registry
from tests.realwindow import reading
from tests.realwindow.xwindow import Session, Shot, fullscreen_args

pytestmark = [pytest.mark.realwindow,
              pytest.mark.skipif(sys.platform != "linux", reason="Xvfb and xdotool are Linux tools")]

GAME, SEED = "doorstep-dash", 2
SEATS = ("human", "human", "ai-normal")
#: what each person unpicks before pressing K (all dealt cards start picked; a number key unpicks)
UNPICK = {0: (), 1: (1, 2)}


def names() -> list[str]:
    """The seats' names as ``courier play`` gives them (Player 1, Player 2, then a computer name)."""
    return [s.name for s in seat_specs(GAME, None, SEATS)]


def secret_hands() -> dict[int, list[str]]:
    """Each person's destination cards after the opening keeps, from the rules alone.

    The computer's own keep is its choice; the people's cards do not depend on it (every opening
    draw comes off the top of the deck, the cards not kept go under it), and this checks that for
    every keep the computer could make rather than assuming it."""
    game = registry.get(GAME)
    cfg = game.make_config(players=len(SEATS))
    humans = [i for i, kind in enumerate(SEATS) if kind == "human"]

    def play(computer_keep: int) -> dict[int, list[str]]:
        state = game.new_game(cfg, SEED)
        for _ in SEATS:
            seat = game.to_act(state)[0]
            keeps = game.legal_actions(state, seat)
            dealt = max(keeps, key=lambda a: len(a.cards)).cards
            if seat in humans:
                want = {c for i, c in enumerate(dealt, 1) if i not in UNPICK[humans.index(seat)]}
                keep = next(a for a in keeps if set(a.cards) == want)
            else:
                keep = keeps[computer_keep % len(keeps)]
            game.apply(state, keep)
        assert game.to_act(state) == [SEATS.index("ai-normal")], "the computer moves first after the opening"
        return {seat: list(state.players[seat].hand) for seat in humans}

    first_state = game.new_game(cfg, SEED)
    first = game.to_act(first_state)[0]
    options = len(game.legal_actions(first_state, first))
    hands = play(0)
    for k in range(1, options):
        assert play(k) == hands, "a person's cards would depend on the computer's keep"
    return hands


# -- what the screen says ---------------------------------------------------------------------
def top_bar(shot: Shot) -> str:
    return reading.read(shot, reading.region(shot, 0, 0, 0.62, 0.09), scale=2)


def middle(shot: Shot) -> str:
    return reading.read(shot, reading.region(shot, 0.2, 0.25, 0.8, 0.75), scale=1.5, psm=11)


def everything(shot: Shot) -> str:
    """The side panel above the game log (enlarged, as lines) and the board (enlarged, scattered
    labels). The log is left out: it is public, and a line such as "drives to the road by Clock
    House" names a place on the board, not a card in anyone's hand."""
    panel = reading.read(shot, reading.region(shot, 0.72, 0.07, 1.0, 0.67), scale=2, psm=6)
    board = reading.read(shot, reading.region(shot, 0.0, 0.07, 0.74, 1.0), scale=3, psm=11)
    return panel + "\n" + board


def computer_turn(frames: list[Shot], computer: str) -> list[int]:
    """The first and the last of ``frames`` whose top bar says the computer is to move (its roll
    and its drive), reading only as many top bars as it takes to find them."""
    def its_turn(i: int) -> bool:
        return reading.close_to(top_bar(frames[i]), f"{computer} to move")

    first = next((i for i in range(len(frames)) if its_turn(i)), None)
    if first is None:
        return []
    last = next(i for i in reversed(range(first, len(frames))) if i == first or its_turn(i))
    return sorted({first, last})


def is_handoff(shot: Shot, name: str) -> bool:
    text = middle(shot)
    return reading.close_to(text, "Pass the device to") and reading.close_to(text, name)


def same_backdrop(shot: Shot, other: Shot) -> bool:
    """Both screens have the pass screen's backdrop at their left edge, beside its card: the same on
    every pass screen, whatever the card lists since that person's last turn."""
    edge = reading.region(shot, 0, 0, 0.15, 1)
    return Shot(shot.surface.subsurface(edge)).like(Shot(other.surface.subsurface(edge)))


def hand_off(s: Session, name: str, label: str) -> Shot:
    """Wait for the pass-the-device screen for ``name`` and press Enter on it."""
    shot = s.wait_for(f"the pass-the-device screen for {name}", lambda f: is_handoff(f, name), timeout=40)
    s.keep(shot, label)
    s.keys("Return")
    return shot


def turn_of(s: Session, name: str, label: str) -> Shot:
    shot = s.wait_for(f"{name}'s turn on the board", lambda f: reading.close_to(top_bar(f), name), timeout=20)
    return s.keep(shot, label)


def test_the_computer_plays_with_no_secret_on_screen(session: Session) -> None:
    s = session
    p1, p2, computer = names()
    hands = secret_hands()
    secrets = sorted({c for hand in hands.values() for c in hand})
    headings = [f"{p1}'s van", f"{p2}'s van", "Your van"]

    # the computer's moves at half speed: more screens of its turn are caught on a busy machine
    s.settings(anim_speed=0.5)
    s.launch(*fullscreen_args(GAME, SEATS, SEED))
    to_p1 = hand_off(s, p1, "pass-to-player-1")
    turn_of(s, p1, "player-1-keeps")
    s.keys("k")
    hand_off(s, p2, "pass-to-player-2")
    turn_of(s, p2, "player-2-picks")
    s.keys(*(str(n) for n in UNPICK[1]))
    s.shot("player-2-unpicked")
    s.keys("k")

    # the computer's turn, screen after screen, until the device is passed to Player 1 again
    frames = s.frames_until(lambda f: same_backdrop(f, to_p1), timeout=45)
    assert is_handoff(frames[-1], p1), "after the computer's turn the device passes to Player 1"
    picked = computer_turn(frames[:-1], computer)
    assert picked, (f"no screen of {computer}'s turn was caught between Player 2's keep and the next "
                    f"pass-the-device screen ({len(frames)} screenshots)")

    # what a person rightly sees on their own turn: the same reading must find their cards there
    s.keys("Return")
    own = turn_of(s, p1, "player-1-own-turn")
    seen_own = reading.found(everything(own), hands[0])
    assert len(seen_own) >= 2, (f"OCR found only {seen_own} of Player 1's cards {hands[0]} on Player 1's own "
                                f"turn ({own.path}): a check that finds nothing would prove nothing")

    # the first and the last screen of the computer's turn are the public one
    leaks = []
    for i in picked:
        frame = s.keep(frames[i], f"{computer.lower()}-turn-screen-{i:02d}")
        text = everything(frame)
        shown = reading.found(text, secrets) + reading.found(text, headings, ratio=1)
        if shown:
            lines = [ln for ln in text.splitlines() if reading.found(ln, secrets) or reading.found(ln, headings, 1)]
            leaks.append(f"{frame.path.name}: {shown}; OCR read: {lines}")
    assert not leaks, (f"during {computer}'s turn the screen showed people's secrets ({len(leaks)} of the "
                       f"{len(picked)} screens read, of {len(frames) - 1} caught):\n" + "\n".join(leaks))
