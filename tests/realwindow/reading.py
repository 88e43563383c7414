"""Reading a screenshot as a person would: tesseract on a part of the screen, enlarged.

OCR misreads a letter here and there ("Clock" as "Block"), so names are found by a close match
of the whole name, letters only, rather than by an exact substring; the test that uses it also
checks that the same reading finds the names where they rightly show (a reading that finds
nothing proves nothing).
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable

import pygame

from tests.realwindow.xwindow import Shot


def region(shot: Shot, left: float, top: float, right: float, bottom: float) -> pygame.Rect:
    """A part of the screen given as shares of its width and height."""
    w, h = shot.size
    return pygame.Rect(int(left * w), int(top * h), int((right - left) * w), int((bottom - top) * h))


#: the screen height the ``scale`` arguments are given for: the game's letters grow with the
#: window, so a taller screen is enlarged less to give tesseract letters of the same size
DESIGN_HEIGHT = 600


def _enlarged(shot: Shot, box: pygame.Rect | None, scale: float) -> tuple[Path, float]:
    """``box`` of the screenshot cut out and enlarged by ImageMagick (its filter keeps small
    letters readable where a plain smooth scale blurs them); the file and the scale used."""
    box = shot.surface.get_rect() if box is None else box.clip(shot.surface.get_rect())
    scale = scale * DESIGN_HEIGHT / shot.size[1]
    folder = Path(tempfile.mkdtemp(prefix="courier-ocr-"))
    cut, big = folder / "cut.bmp", folder / "big.png"
    pygame.image.save(shot.surface.subsurface(box), str(cut))
    subprocess.run(["convert", str(cut), "-resize", f"{scale * 100:.1f}%", str(big)],
                   check=True, capture_output=True, timeout=60)
    cut.unlink()
    return big, scale


def _tesseract(image: Path, psm: int, *extra: str) -> str:
    # one thread: its default of one per core only makes tesseract slower on a busy machine
    done = subprocess.run(["tesseract", str(image), "stdout", "--psm", str(psm), *extra],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "OMP_THREAD_LIMIT": "1"})
    if done.returncode != 0:
        raise RuntimeError(f"tesseract failed: {done.stderr.strip()}")
    return done.stdout


def read(shot: Shot, box: pygame.Rect | None = None, *, scale: float = 2.0, psm: int = 6) -> str:
    """The text tesseract reads in ``box`` of the screen (all of it if None), enlarged ``scale``
    times on a screen 600 pixels high (proportionately less on a taller one)."""
    image, _ = _enlarged(shot, box, scale)
    try:
        return _tesseract(image, psm)
    finally:
        shutil.rmtree(image.parent, ignore_errors=True)


@dataclass(frozen=True)
class Word:
    text: str
    rect: pygame.Rect  # in screen pixels


def words(shot: Shot, box: pygame.Rect | None = None, *, scale: float = 2.0, psm: int = 11) -> list[Word]:
    """The words tesseract finds in ``box``, each with where it is on the screen."""
    image, scale = _enlarged(shot, box, scale)
    try:
        out = _tesseract(image, psm, "tsv")
    finally:
        shutil.rmtree(image.parent, ignore_errors=True)
    ox, oy = (box.x, box.y) if box is not None else (0, 0)
    found = []
    for line in out.splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) < 12 or not cols[11].strip():
            continue
        x, y, w, h = (int(int(c) / scale) for c in cols[6:10])
        found.append(Word(cols[11].strip(), pygame.Rect(ox + x, oy + y, max(1, w), max(1, h))))
    return found


def letters(text: str) -> str:
    """Lower-case letters and digits only: what survives OCR's spacing and punctuation slips."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def close_to(text: str, phrase: str, ratio: float = 0.8) -> bool:
    """True if ``text`` holds ``phrase``, or a run of words that reads very like it (a letter or
    two off, or words run together or split apart)."""
    needle = letters(phrase)
    if not needle:
        return False
    if needle in letters(text):
        return True
    tokens = [t for t in (letters(w) for w in text.split()) if t]
    k = len(phrase.split())
    for size in {max(1, k - 1), k, k + 1}:
        for i in range(len(tokens) - size + 1):
            if difflib.SequenceMatcher(None, "".join(tokens[i:i + size]), needle).ratio() >= ratio:
                return True
    return False


def found(text: str, phrases: Iterable[str], ratio: float = 0.8) -> list[str]:
    """The ``phrases`` that ``text`` holds (as ``close_to`` reads them; ``ratio=1``: letter for letter)."""
    return [p for p in phrases if close_to(text, p, ratio)]
