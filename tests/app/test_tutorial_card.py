"""The step card over every step of every guided game, at the smallest window, a laptop's and a
large one: it covers none of what the step is about (the places, pieces and parts the step names
or points at, the weather it speaks of, the learner's own piece) nor the control it lights; a
tooltip or the focus ring's caption never covers its sentence; and what a step names or points at
is drawn, on screen, and no larger than a part of the board ("Look here" on the whole board says
nothing; a step may still light the whole side panel with ``point = "panel"``); and "the lit Roll
button" is a button that says Roll."""

from __future__ import annotations

import re

import pytest

from courier.rules import registry
from courier.scenes import board_hint, tutorial_subjects
from courier.scenes.menu import MenuScene
from courier.scenes.scoring import ScoringScene
from courier.scenes.tutorial import TutorialScene
from tests.app import guided, layout_matrix
from tests.app.test_tutorial_layout import _settled

SIZES = ((1024, 600), (1280, 720), (1920, 1080))
GAMES = list(registry.ids())
#: a "Look here" may light at most this share of the board's area
LOOK_SHARE = 0.2


@pytest.fixture(autouse=True)
def step_files(monkeypatch):
    guided.use_step_files(monkeypatch)


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def sized_app(request, courier_home):
    app = layout_matrix.open_app(request.param)
    app.settings.anim_speed, app.settings.reduced_motion = 4.0, True
    yield app
    layout_matrix.close_app(app)


def steps_shown(app, game_id: str):
    """Play the guided game by mouse, yielding the scene once at each step, settled as the
    learner meets it (one frame drawn)."""
    app.stack.reset(MenuScene(app))
    player = guided.Player(app, keys=False)
    scene = player.open_from_menu(registry.get(game_id).title)
    seen: set[int] = set()
    while not isinstance(app.stack.top, ScoringScene):
        w = scene.walker
        step = w.step
        if step is not None and step.kind == "read" and not _computers_done(scene):
            player.frame()  # what the step tells of the computers' moves is still being played
            continue
        if w.index not in seen and _settled(scene):
            seen.add(w.index)
            app.frame(1 / 60, [])
            yield scene
        player.turn(scene)
    assert seen == set(range(len(scene.script.steps))), "some steps were never shown"


def _computers_done(scene: TutorialScene) -> bool:
    """A step to read that tells what the computers did is read once they have done it: the
    learner is to act, or the game is over."""
    m = scene.match
    return m.is_over() or 0 in m.to_act()


def _subjects(scene: TutorialScene) -> list[tutorial_subjects.Subject]:
    """What the step is about, worked out here from the view's parts (not from the card)."""
    step = scene.walker.step
    named = step if step is not None and not step.play else None
    return tutorial_subjects.subjects(named, scene.view.parts(), scene.match.seats[0].name, scene.board_rect)


def card_problems(scene: TutorialScene) -> list[str]:
    k = scene.walker.index + 1
    card = scene.card.rect
    out = [f"step {k}: the card covers {s.name} ({s.why})" for s in _subjects(scene) if card.colliderect(s.rect)]
    lit = scene.lit_target()
    if lit is not None and card.colliderect(lit.rect):
        out.append(f"step {k}: the card covers the lit control {lit.label!r}")
    return out


def tip_problems(app, scene: TutorialScene) -> list[str]:
    """The caption of each of the card's buttons when the keys reach it, and its tooltip under a
    resting pointer, each against the card's sentence."""
    from courier.ui.widgets import tooltip_lines, tooltip_place

    k = scene.walker.index + 1
    words = scene.card.words_rect
    out = []
    for t in scene.card.targets():
        scene.focus_ring.active = True
        scene.focus_ring._set(t)
        caption = app.stack.draw_focus(app.screen)
        if caption is not None and caption.colliderect(words):
            out.append(f"step {k}: the caption of {t.label!r} covers the step's sentence")
        scene.focus_ring.active = False
        tip = scene.pointer_tooltip(t.click_point)
        if tip:
            _, w, h = tooltip_lines(tip, app.screen.get_width())
            if tooltip_place(app.screen.get_size(), w, h, t.click_point, scene.keep_in_view()).colliderect(words):
                out.append(f"step {k}: the tooltip of {t.label!r} covers the step's sentence")
    return out


def look_problems(scene: TutorialScene) -> list[str]:
    """What the step points at, and the places and pieces it names, are drawn on screen; what it
    lights to read is a thing, much smaller than the board."""
    k = scene.walker.index + 1
    step = scene.walker.step
    out = []
    parts = scene.view.parts()
    learner = scene.match.seats[0].name
    screen = scene.app.screen.get_rect()
    for name in step.look if step is not None else ():
        if not parts.get(tutorial_subjects.yours(name, learner)):
            out.append(f"step {k}: it looks at {name!r}, which is not drawn now")
    for s in _subjects(scene):
        if s.rect.width <= 0 or s.rect.height <= 0 or not screen.contains(s.rect.clip(screen)) \
                or not screen.colliderect(s.rect):
            out.append(f"step {k}: {s.name} is not on screen")
    board = scene.board_rect.width * scene.board_rect.height
    lit = scene.looked_at() if step is not None and step.kind == "read" else []
    if step is not None and step.kind == "read" and step.point == "board":
        lit.append(scene.lit_rect())  # (the side panel, lit whole, is beside the board)
    for ring, avoid in scene.look_rings():
        tag = board_hint.tag_box(scene, ring, "Look here", avoid)
        if tag is not None and any(tag.colliderect(a) for a in avoid):
            out.append(f"step {k}: a 'Look here' tag covers another thing the step is about, or the card")
    for r in lit:
        if r.width * r.height > LOOK_SHARE * board:
            out.append(f"step {k}: 'Look here' lights {r.width}x{r.height}, too much of the board")
    return out


def lit_words_problems(scene: TutorialScene) -> list[str]:
    """"Press the lit Roll button": the lit control says what the step calls it (on a step of one
    move: a step of several lights each of its controls in turn)."""
    step = scene.walker.step
    lit = scene.lit_target()
    if step is None or len(step.do) != 1 or lit is None:
        return []
    out = []
    label = {w.lower() for w in re.findall(r"[\w+]+", lit.label)}
    for name in re.findall(r"lit ([A-Z+][\w+]*(?: [\w+]+)*?) button", step.say):
        if not {w.lower() for w in name.split()} <= label:
            out.append(f"step {scene.walker.index + 1}: it names the lit {name!r} button, but the lit control says {lit.label!r}")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_every_step_shows_what_it_is_about(sized_app, game_id):
    """At each step: the card covers nothing the step is about nor the lit control; no tooltip
    or caption covers the step's sentence; what the step names or points at is on screen,
    "Look here" lights a thing, not the board, and a lit button is called what it says."""
    problems: list[str] = []
    for scene in steps_shown(sized_app, game_id):
        problems += card_problems(scene)
        problems += look_problems(scene)
        problems += tip_problems(sized_app, scene)
        problems += lit_words_problems(scene)
    assert problems == [], f"{game_id} at {sized_app.screen.get_size()}:\n" + "\n".join(problems)


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["out-for-delivery", "doorstep-dash"])
def test_the_card_keeps_clear_at_any_window_size(app, game_id):
    """Between the sizes above too: at each step the window takes three sizes drawn from 1024x600
    to 1920x1080 (a seeded draw, the same every run), and the card covers nothing the step is
    about at each."""
    import random

    import pygame

    app.settings.anim_speed, app.settings.reduced_motion = 4.0, True
    problems: list[str] = []
    for scene in steps_shown(app, game_id):
        rng = random.Random(scene.walker.index)
        for size in [(rng.randint(1024, 1920), rng.randint(600, 1080)) for _ in range(3)] + [(1280, 720)]:
            app.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
            app.resize_stack()
            app.frame(1 / 60, [])
            problems += [f"{p} at {size[0]}x{size[1]}" for p in card_problems(scene)]
    assert problems == [], f"{game_id}:\n" + "\n".join(problems)
