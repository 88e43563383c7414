"""Fuzz the save reader with real saves of every game, damaged in every way we can think of
(the corpus and the damage: ``courier.dev.save_damage``). For every file:

- ``load_match`` returns a match or raises SaveError with a short message, nothing else;
- loading and listing it takes under 2 seconds of processor time, and the file's bytes are unchanged;
- a match that loads is played on: whose turn, legal moves, one legal move per seat to act,
  each view, the turn label, the scores, a save of the result; and its board is drawn;
- the Load screen lists the folder with the file in it and draws it; a file loading refuses is
  listed as not usable once the whole check (the Load screen's background check) has read it.

``courier fuzz-saves [--seed N] [--per-base N] [--no-draw]`` runs a campaign and prints
the figures (files tried, crashes, hangs over 2 s, wrong accepts, files modified). The test
suite runs a small campaign through the same functions (tests/engine/test_save_fuzz.py).
"""

from __future__ import annotations

import argparse
import os
import re
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from courier import paths, saves
from courier.match import Match
from courier.rules.rng import Rng
from courier.dev.save_damage import Damage, build_corpus, damaged
from courier.saves import verdicts as save_verdicts

#: a load, or a listing, slower than this counts as a hang
HANG_SECONDS = 2.0
#: longest message a player may be shown for a refused file
MESSAGE_LIMIT = 200
_DEVELOPER_TEXT = re.compile(r"Error\b|Exception|Traceback|\\x[0-9a-f]{2}|\{'|<\w+ object|\bNone\b|File \"")


# -- checking -------------------------------------------------------------------------------------


@dataclass
class Outcome:
    label: str
    #: "loaded", "refused", or a problem: "crash", "hang", "wrong accept", "modified", "bad message",
    #: "listed usable"
    kind: str
    detail: str = ""
    seconds: float = 0.0

    @property
    def problem(self) -> bool:
        return self.kind not in ("loaded", "refused")


@dataclass
class Figures:
    tried: int = 0
    kinds: Counter = field(default_factory=Counter)
    problems: list[Outcome] = field(default_factory=list)
    slowest: float = 0.0

    def add(self, outcome: Outcome) -> None:
        self.tried += 1
        self.kinds[outcome.kind] += 1
        self.slowest = max(self.slowest, outcome.seconds)
        if outcome.problem:
            self.problems.append(outcome)

    def lines(self) -> list[str]:
        k = self.kinds
        return [
            f"files tried       {self.tried}",
            f"loaded            {k['loaded']}",
            f"refused           {k['refused']}",
            f"crashes           {k['crash']}",
            f"hangs over {HANG_SECONDS:g} s    {k['hang']}",
            f"wrong accepts     {k['wrong accept']}  (loaded, then broke when played or drawn)",
            f"files modified    {k['modified']}",
            f"bad messages      {k['bad message']}  (long, or developer text)",
            f"listed usable     {k['listed usable']}  (refused by loading, yet usable in the list after the check)",
            f"slowest file      {self.slowest:.2f} s",
        ]


def message_problem(message: str) -> str | None:
    """Why ``message`` may not be shown to a player (None: it may)."""
    if not message or len(message) > MESSAGE_LIMIT or "\n" in message:
        return f"{len(message)} characters"
    if _DEVELOPER_TEXT.search(message):
        return "developer text"
    return None


def exercise(m: Match) -> None:
    """Play on from a loaded match as the board would; raises if the position is broken."""
    acting = m.to_act()
    if not m.is_over() and not acting:
        raise AssertionError("nobody to act in a game that is not over")
    for seat in [None, *range(len(m.seats))]:
        m.view(seat)
    str(m.turn_label())
    list(m.game.scores(m.state))
    m.game.score_breakdown(m.state)
    for seat in acting:
        if seat in m.to_act() and not m.is_over():
            legal = m.legal(seat)
            if not legal:
                raise AssertionError(f"seat {seat} must act but has no legal move")
            m.submit(legal[0])
            str(m.turn_label())
            m.view(seat)
    saves.to_save_file(m).model_dump_json()


class Checker:
    """Loads, lists and (optionally) draws one file at a time in the saves folder."""

    def __init__(self, draw: bool = True) -> None:
        self.app = None
        if draw:
            from courier.app import App
            from courier.settings import Settings

            self.app = App(Settings(), size=(1280, 720), fullscreen=False, persist_settings=False)

    def close(self) -> None:
        if self.app is not None:
            import pygame

            while self.app.stack.top is not None:
                self.app.stack.pop()
            pygame.display.quit()
            self.app = None

    def check(self, label: str, content: bytes) -> Outcome:
        """Put ``content`` alone in the saves folder, then load it, list it, play on and draw."""
        folder = paths.saves_dir()
        for old in folder.iterdir():
            old.unlink()
        path = folder / "fuzz.json"
        path.write_bytes(content)
        settled = time.time() - 60  # a file on disk since an earlier run, as the damaged saves were
        os.utime(path, (settled, settled))
        before = path.stat()
        outcome = self._check(label, path)
        if path.read_bytes() != content or path.stat().st_mtime_ns != before.st_mtime_ns:
            return Outcome(label, "modified", "the file was changed", outcome.seconds)
        if [p.name for p in folder.iterdir()] != [path.name]:
            return Outcome(label, "modified", "a file appeared in the saves folder", outcome.seconds)
        return outcome

    def _check(self, label: str, path: Path) -> Outcome:
        # processor time, not the clock: a busy machine (other programs, parallel tests) makes a
        # load wait longer without making it any more work, and only more work is a hang
        start = time.process_time()
        match = None
        try:
            match = saves.load_match(path)
        except saves.SaveError as exc:
            bad = message_problem(str(exc))
            if bad:
                return Outcome(label, "bad message", f"{bad}: {str(exc)[:120]!r}")
        except BaseException as exc:  # noqa: BLE001 - the point is to catch anything
            return Outcome(label, "crash", _brief(exc))
        loading = time.process_time() - start
        try:
            if match is None:  # what the Load screen's background check does before it marks the row
                save_verdicts.verdict(path)
            start = time.process_time()
            [entry] = saves.list_saves()
            listing = time.process_time() - start
            if match is None and entry.ok:
                return Outcome(label, "listed usable", "refused by loading, yet listed as usable after the check")
            texts = [entry.turn_label, entry.error or "", *entry.players]
            if any(len(t) > MESSAGE_LIMIT or "\x00" in t for t in texts):
                return Outcome(label, "crash", "the save list holds an unbounded or undrawable text")
            if entry.error is not None and message_problem(entry.error):
                return Outcome(label, "bad message", f"list: {entry.error[:120]!r}")
            if self.app is not None:
                self._draw_load_screen()
        except BaseException as exc:  # noqa: BLE001
            return Outcome(label, "crash", f"listing: {_brief(exc)}")
        seconds = max(loading, listing)
        if seconds > HANG_SECONDS:
            return Outcome(label, "hang", f"load {loading:.1f} s, list {listing:.1f} s", seconds)
        if match is not None:
            try:
                if self.app is not None:
                    self._draw_board(match)
                exercise(match)
                if self.app is not None:
                    self._draw_board(match)
            except BaseException as exc:  # noqa: BLE001
                return Outcome(label, "wrong accept", _brief(exc), seconds)
        return Outcome(label, "refused" if match is None else "loaded", "", seconds)

    def _draw_load_screen(self) -> None:
        from courier.scenes.load import LoadScene

        app = self.app
        app.stack.push(LoadScene(app))
        try:
            app.stack.draw(app.screen)
        finally:
            app.stack.pop()

    def _draw_board(self, match: Match) -> None:
        from courier.scenes.board import BoardScene

        app = self.app
        app.stack.push(BoardScene(app, match, autosave=False))
        try:
            app.stack.draw(app.screen)
        finally:
            app.stack.pop()


def _brief(exc: BaseException) -> str:
    where = traceback.extract_tb(exc.__traceback__)[-1:] if exc.__traceback__ else []
    at = f" at {Path(where[0].filename).name}:{where[0].lineno}" if where else ""
    return f"{type(exc).__name__}: {str(exc)[:160]}{at}"


def campaign(items: Iterator[Damage], checker: Checker, on_problem: Callable[[Outcome], None] | None = None) -> Figures:
    figures = Figures()
    for label, content in items:
        outcome = checker.check(label, content)
        figures.add(outcome)
        if outcome.problem and on_problem is not None:
            on_problem(outcome)
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="courier fuzz-saves", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of the random damage")
    parser.add_argument("--per-base", type=int, default=20, help="cuts, bit flips and state edits per save")
    parser.add_argument("--no-draw", action="store_true", help="do not draw the board and the Load screen")
    parser.add_argument("--games", nargs="*", help="only these games")
    args = parser.parse_args(argv)
    for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy")):
        os.environ.setdefault(name, value)  # the board and the Load screen are drawn off screen

    import logging
    import tempfile

    from courier.ai import base as ai_base

    logging.getLogger().addHandler(logging.NullHandler())  # the reader's log lines are expected here

    ai_base.LEVELS_USE_SEARCH = False  # the board would start the search worker for computer seats
    with tempfile.TemporaryDirectory() as home:
        os.environ["COURIER_HOME"] = home
        t0 = time.perf_counter()
        bases = build_corpus(args.games)
        print(f"corpus: {len(bases)} real saves in {time.perf_counter() - t0:.1f} s", flush=True)
        checker = Checker(draw=not args.no_draw)
        try:
            figures = campaign(damaged(bases, Rng(args.seed), args.per_base), checker,
                               on_problem=lambda o: print(f"  {o.kind}: {o.label}: {o.detail}", flush=True))
        finally:
            checker.close()
        print("\n".join(figures.lines()))
        print(f"time              {time.perf_counter() - t0:.0f} s")
    return 1 if figures.problems else 0

