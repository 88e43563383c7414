"""The names of the houses on your cards never print over one another, however close the houses
stand (at the start of a game two neighbouring houses once read "Swan Lodge um Tree House"), nor
over the names the town map writes itself (parks, hazards)."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from courier.rules import registry
from courier.ui import draw, theme

BOARDS = ("doorstep_dash_town", "doorstep_dash_saltmarsh")
#: board areas the scene gives the town at 1024x600, 1280x720, 1920x1080 and in between
AREAS = ((0, 56, 740, 520), (0, 56, 930, 620), (0, 56, 1420, 960), (0, 56, 1000, 560))


def _town_names(board, area):
    from courier.scenes.games.doorstep_dash.mapart import BoardPainter, Geometry

    geo = Geometry.fit(board, pygame.Rect(area))
    return [b.move(geo.ox, geo.oy) for b in BoardPainter(board).name_boxes(geo.cs)]


def _boxes(board, area, names):
    from courier.scenes.games.doorstep_dash.pieces import label_boxes
    from courier.scenes.games.doorstep_dash.mapart import Geometry, fs

    rect = pygame.Rect(area)
    geo = Geometry.fit(board, rect)
    houses = [geo.area(*board.houses[n].rect).inflate(-geo.cs // 8, -geo.cs // 8) for n in names]
    sizes = [draw.render_text(n, fs(geo.cs * 0.42, 10), theme.INK, bold=True).get_size() for n in names]
    return label_boxes(houses, sizes, rect, _town_names(board, area)), rect


def test_two_names_that_would_collide_are_placed_apart():
    from courier.scenes.games.doorstep_dash.pieces import label_boxes

    clip = pygame.Rect(0, 0, 400, 300)
    houses = [pygame.Rect(100, 100, 30, 30), pygame.Rect(140, 100, 30, 30)]
    boxes = label_boxes(houses, [(90, 14), (110, 14)], clip)
    assert not boxes[0].colliderect(boxes[1])
    assert boxes[0].midtop == (115, 132)  # the first name sits under its house
    assert all(clip.contains(b) for b in boxes)
    park = pygame.Rect(90, 130, 60, 20)  # a name the town writes, just under the first house
    moved = label_boxes(houses, [(90, 14), (110, 14)], clip, [park])
    assert not moved[0].colliderect(park) and not moved[1].colliderect(park)
    assert not moved[0].colliderect(moved[1])


@pytest.mark.parametrize("map_name", BOARDS)
@pytest.mark.parametrize("area", AREAS)
def test_no_two_marked_houses_print_their_names_over_each_other(screen, map_name, area):
    game = registry.get("doorstep-dash")
    board = game.board(game.make_config(players=2, map=map_name))
    names = sorted(board.houses)
    for pair in itertools.combinations(names, 2):
        (a, b), rect = _boxes(board, area, pair)
        assert not a.colliderect(b), f"{pair} at {area}"
        assert rect.contains(a) and rect.contains(b)
    town = _town_names(board, area)
    assert town, "the map writes names of its own"
    rng = random.Random(7)
    for _ in range(150):  # a full hand of five cards
        hand = rng.sample(names, 5)
        boxes, _ = _boxes(board, area, hand)
        for a, b in itertools.combinations(boxes, 2):
            assert not a.colliderect(b), f"{hand} at {area}"
        for name, box in zip(hand, boxes):  # before: 67 of these 750 names covered a park's or hazard's
            assert box.collidelist(town) == -1, f"{name} over a name of the town at {area}"
