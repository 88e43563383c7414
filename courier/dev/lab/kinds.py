"""Which kind of decision an action is, per game, in words a designer uses.

The rules' action classes already separate the decisions; this table only gives them names and
groups the ones a balance question is about (auctions, blockage moves, traps, items, trades, sat
nav, thefts...). An action class missing from a table is counted under its own class name, so a
new action shows up in reports without a change here.
"""

from __future__ import annotations

from typing import Any, Callable

#: game id -> action class name -> kind
KINDS: dict[str, dict[str, str]] = {
    "next-day": {
        "Pair": "set-up", "Unpair": "set-up", "AddParcel": "set-up", "RemoveParcel": "set-up",
        "ClearDrafts": "set-up", "DealRandomly": "set-up", "FinishSetup": "set-up",
        "Drive": "drive", "Collect": "collect", "Deliver": "deliver", "Transfer": "transfer",
        "StartBid": "auction: challenge", "Bid": "auction: bid", "Pass": "auction: pass",
        "MoveBlockage": "blockage move", "EndTurn": "end turn", "Declare": "declare the end",
    },
    "doorstep-dash": {
        "Keep": "opening keep", "Roll": "roll", "Move": "move", "Claim": "take cards",
        "SetTrap": "trap: set", "RemoveTrap": "trap: remove", "PlayBlue": "blue card",
        "Accept": "take the roll", "Give": "trap: pay a card", "Discard": "discard",
        "GiveUp": "give up cards", "EndTurn": "end turn",
    },
    "package-pandemonium": {
        "PlaceBase": "place base", "ChooseCompany": "company card", "PlayPriority": "priority card",
        "ChooseOrder": "choose order", "UseExpress": "express route", "Step": "route step",
        "Drive": "route", "Take": "pick up", "Drop": "drop", "PassBomb": "pass the bomb",
        "Recharge": "recharge", "EndRoute": "end route", "RogueRoute": "rogue move",
        "Defend": "theft: answer",
    },
    "out-for-delivery": {
        "StartCity": "start city", "Roll": "roll", "Move": "move", "BoatMove": "item: boat",
        "Fly": "item: plane", "Pickup": "pick up", "Deliver": "deliver", "Buy": "item: buy",
        "Sell": "item: sell", "UseItem": "item: use", "Steal": "theft", "Offer": "trade: offer",
        "Accept": "trade: accept", "Decline": "trade: decline", "EndTurn": "end turn",
    },
}


def _pp_defend(action: Any) -> str:
    return "sat nav: protect" if getattr(action, "protect", False) else "theft: let go"


def _ofd_deliver(action: Any) -> str:
    """Deliveries by how far along the parcel board they were made: a late square means a long
    wait or a long trip (the rulebook asks how to make long-distance parcels worth more)."""
    square = int(getattr(action, "square", 0)) + 1
    if square <= 3:
        return "deliver: squares 1-3"
    return "deliver: squares 4-5" if square <= 5 else "deliver: square 6 or later"


#: finer kinds that depend on the action's fields: (game, class) -> function
REFINE: dict[tuple[str, str], Callable[[Any], str]] = {
    ("package-pandemonium", "Defend"): _pp_defend,
    ("out-for-delivery", "Deliver"): _ofd_deliver,
}

#: per-seat labels worth comparing win rates by: game -> class -> (label name, field)
TAGS: dict[str, dict[str, tuple[str, str]]] = {
    "package-pandemonium": {"ChooseCompany": ("company", "company")},
    "out-for-delivery": {"StartCity": ("start city", "city")},
}


#: games without a fixed turn order (priority cards decide each round): positions are seats there
SEAT_ORDER_ONLY = {"package-pandemonium"}


def position_name(game_id: str, position: int) -> str:
    """How a report names a position: "1st to play" or, without a turn order, "seat 1"."""
    if game_id in SEAT_ORDER_ONLY:
        return f"seat {position + 1}"
    return {0: "1st", 1: "2nd", 2: "3rd"}.get(position, f"{position + 1}th") + " to play"


def kind_of(game_id: str, action: Any) -> str:
    """The decision kind of ``action`` (its class name when the game's table does not list it)."""
    cls = type(action).__name__
    refine = REFINE.get((game_id, cls))
    if refine is not None:
        return refine(action)
    return KINDS.get(game_id, {}).get(cls, cls)


def _ofd_city(board: Any, number: Any) -> str:
    return board.city(int(number)).name


#: labels the action stores as a number: (game, label name) -> function(board, value) -> its name
TAG_NAMES: dict[tuple[str, str], Callable[[Any, Any], str]] = {
    ("out-for-delivery", "start city"): _ofd_city,
}


def tag_of(game_id: str, action: Any, board: Any = None) -> tuple[str, str] | None:
    """(label name, value) when ``action`` fixes a seat's label (its company card, its start
    city...), else None. With the ``board``, a number is given its name (a city's name)."""
    spec = TAGS.get(game_id, {}).get(type(action).__name__)
    if spec is None:
        return None
    value = getattr(action, spec[1], "")
    namer = TAG_NAMES.get((game_id, spec[0]))
    if namer is not None and board is not None:
        try:
            return spec[0], namer(board, value)
        except (LookupError, ValueError, TypeError):
            pass
    return spec[0], str(value)


#: rule events that stand for several things at once: (game, event kind) -> (name, list field);
#: the report counts the list's entries (parcels lost when the board advances, packages destroyed)
EVENT_COUNTS: dict[tuple[str, str], tuple[str, str]] = {
    ("out-for-delivery", "parcels_advanced"): ("parcels lost", "lost"),
    ("package-pandemonium", "exploded"): ("packages destroyed", "kinds"),
}


def event_counts(game_id: str, kind: str, data: dict[str, Any]) -> tuple[str, int] | None:
    """(name, how many) when a rule event stands for several things at once, else None."""
    spec = EVENT_COUNTS.get((game_id, kind))
    if spec is None:
        return None
    value = data.get(spec[1])
    return (spec[0], len(value)) if isinstance(value, (list, tuple)) else None
