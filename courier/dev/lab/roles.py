"""The roles the rules record in a game's final state, per seat, for the lab to judge.

A role is a label a seat holds for the whole game that may help or hurt it: Package Pandemonium's
Rogue player at 3 players (``Van.role``) and each seat's company card (``Van.company``). Turn order
(Next Day, Doorstep Dash, Out For Delivery: ``first`` in the state) is judged as positions, and Out
For Delivery's start city comes from the action that chose it (``kinds.TAGS``). Read from the
state, not from the actions, so a role the rules hand out (the Rogue seat) is found as surely as
one a player chooses.
"""

from __future__ import annotations

from typing import Any, Callable

#: how a report names a van role of Package Pandemonium
_PP_ROLE = {"rogue": "Rogue player", "driver": "courier"}


def _pp(state: Any, n: int) -> dict[str, list[str | None]]:
    roles: list[str | None] = [None] * n
    for van in getattr(state, "vans", []):
        if 0 <= van.seat < n:
            roles[van.seat] = _PP_ROLE.get(van.role, van.role)
    # a role every seat holds alike says nothing: only a game with a Rogue seat has roles to judge
    return {"role": roles} if len(set(roles)) > 1 else {}


#: game id -> function(final state, players) -> {family: value per seat (None: not held)}
READERS: dict[str, Callable[[Any, int], dict[str, list[str | None]]]] = {
    "package-pandemonium": _pp,
}


def roles_of(game_id: str, state: Any, n: int) -> dict[str, list[str | None]]:
    """The roles of the final ``state`` by family, one value per seat ({} when the game has none)."""
    reader = READERS.get(game_id)
    return reader(state, n) if reader else {}


def families(record: dict[str, Any]) -> dict[str, list[str | None]]:
    """Every per-seat label of a game record worth judging: the state's roles and the chosen
    labels (company card, start city)."""
    out = dict(record.get("tags", {}))
    out.update(record.get("roles", {}))
    return out
