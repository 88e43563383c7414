"""States of the screens around the board, made quickly for the layout and keyboard tests:
finished matches of every game (played by the games' own rule-of-thumb players), saves with long
names, a plain backdrop for dialogs."""

from __future__ import annotations

import functools

from courier import saves
from courier.ai import base as ai_base
from courier.match import Match, SeatSpec
from courier.rules.rng import Rng
from courier.scenes.base import Scene
from courier.ui import draw, theme

#: every game with its most seats
GAMES = (("next-day", 4), ("doorstep-dash", 4), ("package-pandemonium", 3), ("out-for-delivery", 4))
LONG_NAMES = ("Bartholomew Xyz", "Wilhelmina Quay", "Maximilian Ross", "Anastasia Brook")


def seats(n: int, kind: str = "ai") -> list[SeatSpec]:
    return [SeatSpec(LONG_NAMES[i], theme.PLAYER_COLOURS[i][1], kind if i else "human", "easy") for i in range(n)]


@functools.lru_cache(maxsize=8)
def finished(game_id: str, n: int, seed: int = 5) -> Match:
    """A finished match of ``game_id`` with ``n`` seats (played once per run; screens only read it)."""
    m = Match.new(game_id, seats(n), seed=seed)
    bots = {}
    for k in range(20000):
        if m.is_over():
            break
        seat = m.to_act()[0]
        bot = bots.setdefault(seat, ai_base.heuristic_bot(game_id, "easy"))
        m.submit(bot.choose(m.game, m.view(seat), seat, m.legal(seat), Rng(k + 1)))
    assert m.is_over(), f"{game_id} did not finish"
    return m


def several_saves() -> None:
    """Two finished games and two in progress under long names, their autosaves (a move further:
    an autosave at the named save's very point is listed as one row with it), one broken file."""
    for gid, n in (("doorstep-dash", 4), ("out-for-delivery", 4)):
        saves.save_match(finished(gid, n), saves.free_slot(f"Final {gid}"),
                         name=f"The long final of {gid.replace('-', ' ')} at the kitchen table")
    for gid in ("next-day", "package-pandemonium"):
        m = Match.new(gid, seats(3), seed=3)
        saves.save_match(m, saves.free_slot(f"Going {gid}"), name=f"A very long save name that goes on: {gid}")
        m.submit(m.legal(m.to_act()[0])[0])
        saves.autosave(m)
    saves.slot_path("broken").write_bytes(b"{")


class Backdrop(Scene):
    """A plain opaque screen to open a dialog over, so the check sees the dialog alone (the board
    scene's own layout is checked by its own tests)."""

    def draw(self, surface) -> None:
        draw.paper_background(surface)
