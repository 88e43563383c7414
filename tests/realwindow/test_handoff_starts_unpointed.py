"""After a hand-off, a pointer that has not moved lights nothing up (a real window, real clicks).

Package Pandemonium, seed 2, two people and the computer. Bases and companies are chosen by
keys; then, in the first priority round, Player 1 clicks priority card 10 (or 12) with the mouse, the
device passes, and Player 2 presses Enter on the pass screen without touching the mouse. The
pointer still rests where Player 1 clicked, over the same card of Player 2's own. An outside tester saw
that card light up with its tooltip: input left behind by the last person showing on the next
person's screen. Here the screen right after the hand-off must equal the screen after the
pointer is really moved away to the empty top edge: nothing was lit by the resting pointer.

The same comparison must see Player 1's own hover (the card lit, its tooltip read by OCR) when
the pointer really moves onto the card, or the test proves nothing and says so.
"""

from __future__ import annotations

import sys
from typing import Iterator

import pygame
import pytest

from courier.cli import seat_specs
from tests.realwindow import reading
from tests.realwindow.xwindow import Session, Shot, fullscreen_args

pytestmark = [pytest.mark.realwindow,
              pytest.mark.skipif(sys.platform != "linux", reason="Xvfb and xdotool are Linux tools")]

GAME, SEED = "package-pandemonium", 2
SEATS = ("human", "human", "ai-normal")
#: the priority cards to point at, the first that OCR finds on the screen (card 10 has "+1 batt"
#: printed under its number, which OCR misses at some sizes; card 12 has nothing under it)
CARDS = ("10", "12")


def names() -> list[str]:
    return [s.name for s in seat_specs(GAME, None, SEATS)]


def top_bar(shot: Shot) -> str:
    return reading.read(shot, reading.region(shot, 0, 0, 0.62, 0.09), scale=2)


def status_line(shot: Shot) -> str:
    return reading.read(shot, reading.region(shot, 0, 0.92, 0.74, 1.0), scale=2)


def is_handoff(shot: Shot, name: str) -> bool:
    text = reading.read(shot, reading.region(shot, 0.2, 0.25, 0.8, 0.75), scale=1.5, psm=11)
    return reading.close_to(text, "Pass the device to") and reading.close_to(text, name)


def hand_off(s: Session, name: str, label: str) -> None:
    shot = s.wait_for(f"the pass-the-device screen for {name}", lambda f: is_handoff(f, name), timeout=40)
    s.keep(shot, label)
    s.keys("Return")


def board_says(s: Session, words: str, label: str, timeout: float = 20) -> Shot:
    """Wait until the status line (what the person at the device is to do) reads ``words``."""
    shot = s.wait_for(f'the status line to read "{words}"', lambda f: reading.close_to(status_line(f), words),
                      timeout=timeout)
    return s.keep(shot, label)


def card_candidates(shot: Shot, card: str) -> Iterator[tuple[int, int]]:
    """Places on the screen where OCR reads ``card``, most likely first (each only once); which
    one is that priority card is settled by pointing at it and reading its tooltip."""
    seen: list[tuple[int, int]] = []
    for scale, psm in ((1.0, 6), (1.0, 11), (2.0, 6), (2.0, 12), (3.0, 11), (1.5, 11)):
        for word in reading.words(shot, scale=scale, psm=psm):
            point = word.rect.center
            if word.text.strip(".,:;|") == card and all(abs(point[0] - x) + abs(point[1] - y) > 10 for x, y in seen):
                seen.append(point)
                yield point


def point_at_card(s: Session, before: Shot) -> tuple[str, tuple[int, int], Shot, pygame.Rect]:
    """Move the pointer onto one of Player 1's ``CARDS``: where the tooltip then read says
    "Priority N"; returns the card, the point, the screen and the box read."""
    tried = []
    for card in CARDS:
        tip = f"Priority {card}"
        for point in card_candidates(before, card):
            box = around(before, point)
            if reading.close_to(reading.read(before, box, scale=2), tip):
                # those words are there before pointing (the status line names the keys for the
                # cards above 9): they are not the card's tooltip
                tried.append((point, "(read there before pointing)"))
                continue
            s.move(point)
            shot = s.settled()
            text = reading.read(shot, box, scale=2)
            if reading.close_to(text, tip):
                return card, point, shot, box
            tried.append((point, " ".join(text.split())[:80]))
    raise AssertionError(f"pointing where OCR reads one of {CARDS} never showed its tooltip on Player 1's "
                         f"screen ({before.path}); tried: {tried}")


def around(shot: Shot, point: tuple[int, int]) -> pygame.Rect:
    """The card under ``point`` and the room its tooltip would take (right of and below it)."""
    w, h = shot.size
    return pygame.Rect(point[0] - int(0.08 * w), point[1] - int(0.1 * h), int(0.42 * w), int(0.3 * h))


def test_a_resting_pointer_lights_nothing_after_the_hand_off(session: Session) -> None:
    s = session
    p1, p2, _computer = names()
    w, h = s.size
    neutral = (w // 2, 1)  # the top edge of the top bar: nothing there to point at

    s.launch(*fullscreen_args(GAME, SEATS, SEED))
    for person in (p1, p2):  # bases, by keys: the first free border tile to the right
        hand_off(s, person, f"pass-to-{person.lower().replace(' ', '-')}-for-base")
        board_says(s, f"{person}: Arrows or a click", f"{person.lower().replace(' ', '-')}-base")
        s.keys("Right", "Return")
    for person in (p1, p2):  # companies, by keys: the first on offer
        hand_off(s, person, f"pass-to-{person.lower().replace(' ', '-')}-for-company")
        board_says(s, f"{person}: Pick a company", f"{person.lower().replace(' ', '-')}-company")
        s.keys("Tab", "Return")

    # Player 1's priority hand: the pointer really moves onto card 10 and lights it
    hand_off(s, p1, "pass-to-player-1-for-priority")
    board_says(s, f"{p1}: Pick a priority card", "player-1-priority-hand")
    s.move(neutral)
    before = s.keep(s.settled(), "player-1-pointer-away")
    card, point, hovered, box = point_at_card(s, before)
    hovered = s.keep(hovered, "player-1-points-at-the-card")
    assert hovered.pixels(box) != before.pixels(box), \
        f"moving the pointer onto card {card} changed nothing there ({hovered.path}): the comparison would prove nothing"
    s.click()

    # the device passes; Player 2 presses Enter and does not touch the mouse
    hand_off(s, p2, "pass-to-player-2-for-priority")
    board_says(s, f"{p2}: Pick a priority card", "player-2-priority-hand")
    resting = s.keep(s.settled(), "player-2-pointer-resting")
    assert s.pointer() == point, "the pointer stayed where Player 1 clicked"
    s.move(neutral)
    moved = s.keep(s.settled(), "player-2-pointer-moved-away")

    tip = reading.read(resting, box, scale=2)
    lit = resting.pixels(box) != moved.pixels(box)
    assert not lit and not reading.close_to(tip, f"Priority {card}"), (
        f"after the hand-off, Player 2's screen under the pointer Player 1 left on card {card} "
        f"{'differs from' if lit else 'equals'} the screen once the pointer moved away "
        f"({resting.path.name} vs {moved.path.name}); OCR there read: {' '.join(tip.split())!r}")
