"""The keys a hint line names, read from its words the way a player reads them.

"V, B or arrows, Enter; Tab for buttons" names V, B, the arrows, Enter and Tab; "keys 1-9, 0 for
10, Shift+1-6 for 11-16" names sixteen number keys. Each name becomes a group of key presses: the
name is kept when one press of its group does something (an arrow named as "arrows" does
something when one of the four goes somewhere; a named number must answer on its own).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pygame

LETTER = re.compile(r"(?<![\w'+/-])([B-HJ-Z])(?![\w'/-])|\(([A-Z])\)|\b(A) accepts\b")
RANGE = re.compile(r"(?<![\w+])(\d{1,2})-(\d{1,2})(?![\w%])")
SHIFT_RANGE = re.compile(r"Shift\+(\d)-(\d)(?: for \d+-\d+)?")
ONE_OR_TWO = re.compile(r"press (\d) or (\d)")
WORDS = {
    "Shift+Tab": [(pygame.K_TAB, pygame.KMOD_SHIFT)],
    "Tab": [(pygame.K_TAB, 0)],
    "Enter": [(pygame.K_RETURN, 0)],
    "Space": [(pygame.K_SPACE, 0)],
    "Esc": [(pygame.K_ESCAPE, 0)],
    "Backspace": [(pygame.K_BACKSPACE, 0)],
    "Left/Right": [(pygame.K_LEFT, 0), (pygame.K_RIGHT, 0)],
    "Arrows": [(pygame.K_UP, 0), (pygame.K_DOWN, 0), (pygame.K_LEFT, 0), (pygame.K_RIGHT, 0)],
}


@dataclass(frozen=True)
class Named:
    """A key (or keys) a hint names, and the presses that count for it."""

    name: str
    presses: tuple[tuple[int, int, str], ...]  # (key, mod, unicode)


def _digit(n: int, shift: bool = False) -> tuple[int, int, str]:
    return (getattr(pygame, f"K_{n % 10}"), pygame.KMOD_SHIFT if shift else 0, str(n % 10))


def named_keys(text: str, numbers: list[int] | None = None) -> list[Named]:
    """Every key ``text`` names; ``numbers``: the numbers on screen ("press its number")."""
    out: list[Named] = []
    words = text
    for name in ("Shift+Tab", "Left/Right"):
        if name in words:
            out.append(Named(name, tuple((k, m, "") for k, m in WORDS[name])))
            words = words.replace(name, " ")
    for name in ("Tab", "Enter", "Space", "Esc", "Backspace"):
        if re.search(rf"\b{name}\b", words):
            out.append(Named(name, tuple((k, m, "") for k, m in WORDS[name])))
    if re.search(r"\b[Aa]rrows?\b", words):
        out.append(Named("Arrows", tuple((k, m, "") for k, m in WORDS["Arrows"])))
    for m in SHIFT_RANGE.finditer(words):
        for n in range(int(m.group(1)), int(m.group(2)) + 1):
            out.append(Named(f"Shift+{n}", (_digit(n, True),)))
    plain = SHIFT_RANGE.sub(" ", words)
    for m in RANGE.finditer(plain):
        for n in range(int(m.group(1)), int(m.group(2)) + 1):
            out.append(Named(str(n), (_digit(n),)))
    if re.search(r"\b0 for 10\b", plain):
        out.append(Named("0", (_digit(10),)))
    for m in ONE_OR_TWO.finditer(plain):
        out += [Named(m.group(i), (_digit(int(m.group(i))),)) for i in (1, 2)]
    if "its number" in plain:
        out += [Named(str(n), (_digit(n),)) for n in sorted(set(numbers or []))]
    letters = re.sub(r"Shift\+Tab|Ctrl\+\w|Tab|Enter|Space|Esc|Backspace|MP\b", " ", plain)
    for m in LETTER.finditer(letters):
        ch = next(g for g in m.groups() if g)
        out.append(Named(ch, ((getattr(pygame, f"K_{ch.lower()}"), 0, ch.lower()),)))
    seen: set[str] = set()
    return [n for n in out if not (n.name in seen or seen.add(n.name))]

