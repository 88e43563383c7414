"""What a guided game's step is about, as rectangles on screen.

A step's subjects are what its card must leave in view: the things its words name (a place, a
player's piece, a part of the panel, found among the view's ``parts`` by their names), the things
it points at (``look``), the weather when it speaks of it, the learner's own piece, and the
control it lights. The card goes where it covers none of them (``StepCard.layout``); the suite
checks it over every step of every guided game at the smallest, a middling and a large window.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

from courier.tutorial.script import Step
from courier.ui.theme import px


@dataclass(frozen=True)
class Subject:
    """One thing a step is about: its name (as the view calls it), where it is, and why."""

    name: str
    rect: pygame.Rect
    #: "named" (the words say it), "look" (the step points at it), "piece" (the learner's own)
    why: str


def named_in(words: str, names: list[str]) -> list[str]:
    """The names among ``names`` that ``words`` says, as whole words (any case); a longer name
    wins over a shorter one inside it ("Robin's van" over "Robin")."""
    text = words.lower().replace("\u2019", "'")
    found: list[str] = []
    taken: list[tuple[int, int]] = []
    for name in sorted(names, key=len, reverse=True):
        key = name.lower().replace("\u2019", "'")
        if not key.strip():
            continue
        for m in re.finditer(r"(?<![\w'])" + re.escape(key) + r"(?![\w])", text):
            if any(a <= m.start() < b for a, b in taken):
                continue
            taken.append((m.start(), m.end()))
            if name not in found:
                found.append(name)
    return found


def yours(words: str, learner: str) -> str:
    """``words`` with "your X" read as "<learner>'s X" (the view names pieces by their player)."""
    return re.sub(r"\byour\b", f"{learner}'s", words, flags=re.IGNORECASE)


def subjects(step: Step | None, parts: dict[str, list[pygame.Rect]], learner: str,
             board: pygame.Rect) -> list[Subject]:
    """What ``step`` is about, where it is: the parts its words name or it looks at, and the
    learner's own piece (always: a learner should see where they are)."""
    out: list[Subject] = []
    if step is not None:
        for name in named_in(yours(step.say, learner), list(parts)):
            out += [Subject(name, pygame.Rect(r), "named") for r in parts[name]]
        for name in step.look:
            # the ring drawn round it too (``TutorialScene.look_rings``)
            out += [Subject(name, pygame.Rect(r).inflate(px(8), px(8)), "look") for r in parts.get(yours(name, learner), [])]
    out += [Subject(learner, pygame.Rect(r), "piece") for r in parts.get(learner, []) if board.colliderect(r)]
    return out


def looked_at(step: Step | None, parts: dict[str, list[pygame.Rect]], learner: str) -> list[pygame.Rect]:
    """The rectangles a step points at by name (lit with "Look here"); "your card" is the
    learner's."""
    if step is None:
        return []
    return [pygame.Rect(r) for name in step.look for r in parts.get(yours(name, learner), [])]
