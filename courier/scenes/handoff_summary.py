"""What happened since a person's last decision, told on the pass screen before they take over.

Between two turns of one person the others move: people behind their own pass screens, and
computers in public while the device waits to be passed. The next person may have been looking
away for all of it, so the pass screen lists it in the game's own words: the lines the game log
shows for every move since that person's last decision (their own moves are not repeated).

Only public things can be in it: it is made of the events' texts, which the game log shows to
everyone at every moment, and of the seats' names and colours. Nothing is read from the state, so
it is the same whatever anyone holds in secret.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from courier.words import counted

if TYPE_CHECKING:
    from typing import Sequence

    from courier.match import Match
    from courier.rules.base import Event

Colour = tuple[int, int, int]

HEADING_AGAIN = "Since your last turn"
HEADING_FIRST = "So far in this game"


@dataclass(frozen=True)
class SinceLine:
    """One line of the summary: a game-log line and the dot colour the game log gives it."""

    text: str
    colour: Colour | None


@dataclass(frozen=True)
class Summary:
    heading: str
    lines: tuple[SinceLine, ...]


def _log_colour(ev: "Event", seats: "Sequence[object]") -> Colour | None:
    """The seat colour the game log puts beside ``ev`` (None: a line of the rules themselves)."""
    who = ev.data.get("seat") if isinstance(ev.data, dict) else None
    if isinstance(who, int) and 0 <= who < len(seats):
        return tuple(getattr(seats[who], "colour"))
    return None


def since_last_turn(match: "Match", seat: int) -> Summary | None:
    """The moves since ``seat``'s last decision (since the start if it has not decided yet), as
    the game log words them; None when nothing happened in between."""
    decided, moves = match.moves_since(seat)
    seats = match.seats
    lines: list[SinceLine] = []
    for _actor, events in moves:
        for ev in events:
            if ev.text:
                lines.append(SinceLine(counted(ev.text), _log_colour(ev, seats)))
    if not lines:
        return None
    return Summary(HEADING_AGAIN if decided else HEADING_FIRST, tuple(lines))
