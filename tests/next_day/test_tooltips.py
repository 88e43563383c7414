"""What Next Day's panel says before a click: an action that ends a vehicle's move warns how many
units it throws away, and a greyed town card says only why it cannot be chosen."""

from __future__ import annotations

import pygame
import pytest

from courier.rules.next_day import actions as A
from courier.rules.next_day.state import MOVING
from courier.scenes.games.next_day import text as words
from tests.next_day.helpers import G, add_contract, play_state, put
from tests.next_day.test_view import button, make, show


@pytest.fixture(autouse=True)
def _display():
    pygame.display.init()
    yield


def test_collecting_after_driving_warns_that_the_move_ends_and_what_is_lost():
    s = play_state(3, 3)
    mine = add_contract(s, 0, "Ugley", "Duck Street", parcels=3, price=75)
    put(s, 0, "van", "Ugley")
    van = s.players[0].vehicle("van")
    van.status, van.used = MOVING, 3
    _, view = make(3, quick_setup=True)
    show(view, s, 0)
    assert A.Collect(0, "van", mine.id) in view.legal
    b = button(view, "Van: collect")
    tip = words.tooltip(view, b.rect.center)
    assert "ends this van's move: 7 unused units lost" in tip.lower(), tip
    # before the van moves, collecting stops nothing: no warning
    van.status, van.used = "fresh", 0
    show(view, s, 0)
    b = button(view, "Van: collect")
    assert "ends this" not in words.tooltip(view, b.rect.center).lower()


def test_a_greyed_town_card_says_only_why():
    cfg, view = make()
    s = G.new_game(cfg, 7)
    hand = s.players[0].hand
    G.apply(s, A.Pair(0, hand[0], hand[1]))
    show(view, s, 0)
    grey = [b for b in view.buttons if b.zone == "cards" and not b.enabled]
    assert grey, [b.label for b in view.buttons]
    for b in grey:
        tip = words.tooltip(view, b.rect.center)
        assert tip == b.why_not and "Choose" not in tip, tip
