"""A person playing Package Pandemonium with the keyboard alone: reads what the keyboard can
reach (``focusables``) the way a player reads the screen and answers with keys only: the
number keys for priority cards, Tab and Enter for prompts, tiles and buttons, the arrows to
plan a route a tile at a time (the label of the route's end names the ways on) and Enter to
drive it."""

from __future__ import annotations

import random
from typing import Callable

import pygame

from courier.scenes.board import BoardScene
from courier.ui.focus import DIGITS, Target
from tests.app.keys import KeyDriver, forbid_mouse

ARROW = {"north": pygame.K_UP, "south": pygame.K_DOWN, "east": pygame.K_RIGHT, "west": pygame.K_LEFT}
DIGIT_KEY = {n: k for k, n in DIGITS.items() if pygame.key.name(k).isdigit()}


class NoMouse(KeyDriver):
    """A key driver that also proves it: any mouse event handed to the app fails the test."""

    def __init__(self, app) -> None:
        super().__init__(app)
        forbid_mouse(app)


def open_ways(t: Target) -> list[str]:
    """The directions the route's end label says the arrows may go on."""
    if "Arrows go on: " not in t.label:
        return []
    return [w.strip(" .") for w in t.label.split("Arrows go on: ", 1)[1].split(",")]


def same(pick: Target) -> "Callable[[Target], bool]":
    """Matches ``pick`` as the person sees it: by its key, or by its place and name. A key can
    change under the ring: the screen lends the key of a target that just went away to the next
    main choice (so the ring lands there) and takes it back once the ring moves on."""
    return lambda t: t.id == pick.id or (t.zone == pick.zone and t.label == pick.label and t.rect == pick.rect)


def take_turn(d: KeyDriver, board: BoardScene, rng: random.Random) -> str:
    """Make one choice of the person at the device with keys; returns what kind of choice."""
    items = [t for t in d.targets() if t.zone != "bar"]
    cards = [t for t in items if t.zone == "cards"]
    if cards:
        n = rng.randrange(min(len(cards), 9)) + 1 if rng.random() < 0.7 else 0
        if n:
            d.key(DIGIT_KEY[n])
        else:
            pick = rng.choice(cards)
            d.choose(same(pick), pick.label)
        return "card"
    dialog = [t for t in items if t.zone == "dialog" and t.enabled]
    if dialog:
        pick = rng.choice(dialog)
        d.choose(same(pick), pick.label)
        return "prompt"
    places = [t for t in items if t.zone == "board" and t.id != board.view.route_end_key]
    if places:
        pick = rng.choice(places)
        d.choose(same(pick), pick.label)
        return "base"
    end = next((t for t in items if t.id == board.view.route_end_key), None)
    if end is not None:
        ways = open_ways(end)
        if ways and (not board.view.plan or rng.random() < 0.8):
            d.tab_to(lambda t: t.id == board.view.route_end_key, "the route's end")
            d.key(ARROW[rng.choice(ways)])
            return "step"
        if board.view.plan:
            d.choose(lambda t: t.id == board.view.route_end_key, "the route's end")  # Enter there drives the route
            return "drive"
    buttons = [t for t in items if t.zone == "panel" and t.enabled]
    if buttons:
        ends = [t for t in buttons if t.label.startswith(("End route", "Leave the Rogue", "Drive", "Send"))]
        pick = ends[0] if ends and rng.random() < 0.7 else rng.choice(buttons)
        d.choose(same(pick), pick.label)
        return "button"
    raise AssertionError(f"nothing to do by keys: {[t.label for t in d.targets()]}")
