"""Package Pandemonium's end-of-game figures, counted from the events of the game as played.

Events name vans by their index; the automated vans (seat -1) are not players and count for
nobody. Missions are secret while the game goes on, so "Missions completed" is only counted once
the game is over (until then it stays 0), and the score series adds mission points at the end.
"""

from __future__ import annotations

from courier.rules.package_pandemonium import scoring
from courier.rules.package_pandemonium.state import BOMB, DRIVER, PState
from courier.rules.stats import GameStats, Played

BANKED = "Packages banked"
STEPS = "Steps driven"
CHARGES = "Sat-nav charges used"
LOST = "Lost to the Rogue"
STOLEN = "Packages stolen"
HANDED = "Exploding package handed on"
MISSIONS = "Missions completed"


#: what the score is called, for the chart's axis
SCORE = "Points"
def figure_names(players: int) -> tuple[str, ...]:
    """The figures shown: packages stolen only when a player is the Rogue (3 players), the
    exploding package handed on only when there is another player to hand it to."""
    thief = (STOLEN,) if players == 3 else ()
    handed = (HANDED,) if players >= 2 else ()
    return (BANKED, STEPS, CHARGES, LOST) + thief + handed + (MISSIONS,)


def running_scores(state: PState) -> list[float]:
    """The players' points while the game goes on: what they have banked and defused. Missions
    are secret and checked only at the end, so they join the score at the last point."""
    cfg = state.config
    out = []
    for van in state.vans:
        if van.seat >= 0:
            parts = scoring.breakdown(van, cfg)
            out.append(float(sum(parts.values()) - parts.get("missions", 0)))
    return out


def statistics(played: Played) -> GameStats:
    state = played.final
    seat_of = [v.seat for v in state.vans]
    figures = played.blank(figure_names(played.config.players))

    def add(van: int, name: str, amount: float = 1) -> None:
        seat = seat_of[van] if 0 <= van < len(seat_of) else -1
        if seat >= 0 and name in figures[seat]:
            figures[seat][name] += amount

    for ev in played.events():
        data = ev.data
        kind = ev.kind
        if kind == "deposited":
            add(data["van"], BANKED, sum(1 for k in data["kinds"] if k != BOMB))
        elif kind == "moved":
            add(data["van"], STEPS)
            add(data["van"], CHARGES, data.get("battery", 0))
        elif kind == "protected":
            add(data["victim"], CHARGES)
        elif kind == "stolen":
            add(data["victim"], LOST)
            add(data["thief"], STOLEN)
        elif kind == "bomb_passed":
            add(data["van"], HANDED)
    if played.over:
        cfg = state.config
        for vi, van in enumerate(state.vans):
            if van.role == DRIVER:
                add(vi, MISSIONS, sum(1 for m in van.missions if scoring.mission_done(van, m, cfg)))
    return played.result(figures, SCORE)
