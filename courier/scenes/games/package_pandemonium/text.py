"""Package Pandemonium's words on screen: status hints, button labels and their hints, tooltips,
the theft and set-up notes, the secret missions and the pops over tiles. No drawing here."""

from __future__ import annotations

from typing import Any

from courier.rules.base import Action, Event
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium import events as E
from courier.rules.package_pandemonium import scoring
from courier.rules.package_pandemonium.board import Board, cell_name
from courier.rules.package_pandemonium.config import PandemoniumConfig
from courier.rules.package_pandemonium.rogue import best_stealable
from courier.rules.package_pandemonium.state import BOMB, HIGH, LOW, PACKAGE_NAMES, PState, a_package
from courier.words import plural

PHASE_LINE = {
    "base": "Set-up: place your base", "company": "Set-up: pick a company", "priority": "Choose a priority card",
    "order": "Choose who drives first", "route": "Plan and drive a route", "rogue": "The Rogue is on the move",
    "defend": "The Rogue strikes!", "over": "The day is over",
}

STATUS = {
    "base": "Arrows or a click pick a ringed border tile for your base; Enter places it.",
    "company": "Pick a company beside the board: Tab to one, Enter takes it.",
    "priority": "Pick a priority card (keys 1-9, 0 for 10, Shift+1-6 for 11-16): lowest wins the round.",
    "order": "Lowest card: drive first or second? Tab to one, Enter chooses.",
    "route": "Arrows plan the route, Enter drives, Backspace undoes a step, Tab: buttons.",
    "rogue": "Arrows plan the Rogue's route over ringed tiles, Enter sends it.",
    "defend": "The Rogue is on your route: Tab to an answer, Enter gives it.",
}


#: the route is driven to its end: what is left to do
ROUTE_DONE = "Take or leave packages here, then End route: E (or Tab to a button, Enter presses it)."


def status_line(phase: str, seat: int | None, planning: bool = True) -> str:
    if seat is None:
        return "Watch the streets..." if phase != "over" else "The day is over."
    if phase == "route" and not planning:
        return ROUTE_DONE
    return STATUS.get(phase, "")


def action_label(v: PState, a: Action) -> tuple[str, str]:
    """A button's label and its hint for one legal action ("" when it is not a button)."""
    cfg = v.config
    if isinstance(a, A.ChooseCompany):
        name, text = cfg.companies[a.company]
        return name, text
    if isinstance(a, A.ChooseOrder):
        return ("Drive first" if a.first else "Drive second"), ""
    if isinstance(a, A.UseExpress):
        return "Express: 4 steps", "Once per game, this route may be 4 steps long."
    if isinstance(a, A.Take):
        return f"Take {A.KIND_WORDS[a.kind]}", f"Pick up {a_package(a.kind)} here."
    if isinstance(a, A.Drop):
        return f"Leave {A.KIND_WORDS[a.kind]}", f"Leave {a_package(a.kind)} on this tile."
    if isinstance(a, A.PassBomb):
        return f"Bomb to {v.vans[a.to_seat].name}", "Hand the exploding package over; its timer keeps running."
    if isinstance(a, A.Recharge):
        if a.kind == LOW:
            return f"Recharge: {cfg.recharge_low_cost} low", "Pay banked low-value packages for a full sat nav."
        return "Recharge: 1 high", "Pay one banked high-value package for a full sat nav."
    if isinstance(a, A.EndRoute):
        return "End route", ""
    if isinstance(a, A.Defend):
        return ("Protect it (1 charge)" if a.protect else "Let it go"), ""
    return "", ""


#: the compass letters of routes, as players say them
DIRECTION_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def hint_words(a: Action) -> str | None:
    """A route a hint cannot light as one control, in the players' words."""
    if isinstance(a, A.Drive):
        return "Drive " + ", ".join(DIRECTION_WORDS.get(d, d) for d in a.directions)
    if isinstance(a, A.RogueRoute):
        steps = ", ".join(DIRECTION_WORDS.get(d, d) for d in a.directions)
        return f"Steer the Rogue {steps}" if steps else "Leave the Rogue where it is"
    return None


def drive_label(steps: int, cost: int, left: int | None = None) -> str:
    """The drive button: a plan shorter than the route's steps still to go says so ("Drive 2 of
    3 steps"), since End route is refused until the rest is driven."""
    if left is not None and steps < left:
        label = f"Drive {steps} of {left} steps"
    else:
        label = f"Drive {steps} step{'s' if steps > 1 else ''}"
    return label + (f" - {cost} charge{'s' if cost > 1 else ''}" if cost else "") + " (Enter)"


def drive_rest_note(steps: int, left: int, route: int) -> str:
    """The drive button's tooltip when the plan leaves steps of the route to drive."""
    more = left - steps
    return (f"Then {more} more step{'s' if more != 1 else ''} before the route can end: a route is "
            f"{route} steps (fewer only when no step is open).")


def theft_note(v: PState) -> str:
    """What the Rogue is about to take, and how to stop it (the theft prompt's question)."""
    if v.phase != "defend" or not v.victims:
        return ""
    victim = v.vans[v.victims[0]]
    kind = best_stealable(victim)
    if not kind:
        return ""
    return (f"{v.vans[v.mover].name} is on {victim.name}'s route and will take the "
            f"{PACKAGE_NAMES[kind]} unless the sat nav steers it away.")


def plan_note(steps: int, cost: int, left: int) -> str:
    parts = [f"Planned {plural(steps, 'step')}", f"costs {plural(cost, 'sat-nav charge')}" if cost else "no battery needed"]
    if left:
        parts.append(f"{left} more to plan")
    return ", ".join(parts) + "."


def priority_tip(card: int, cfg: PandemoniumConfig) -> str:
    extra = (" +1 sat-nav charge when revealed." if card in cfg.battery_cards else
             " A 4-step route this round." if card in cfg.long_route_cards else "")
    return f"Priority {card}: the lowest card wins the round.{extra}"


def card_special(card: int, cfg: PandemoniumConfig) -> str:
    return "+1 batt" if card in cfg.battery_cards else ("4 steps" if card in cfg.long_route_cards else "")


def tile_bits(v: PState, board: Board, cell: int) -> list[str]:
    """What a tile holds, for its tooltip: name, packages, charger, bases and routes."""
    bits = [f"{v.locations[cell]} ({cell_name(cell)})"]
    tile = v.tiles[cell]
    if tile:
        bits.append(", ".join(f"{tile.count(k)} {PACKAGE_NAMES[k]}" for k in (HIGH, LOW, BOMB) if k in tile))
    if cell in board.electric:
        bits.append("charging point: +1 sat-nav charge once a round")
    for van in v.vans:
        if van.base == cell:
            bits.append(f"{van.name}'s base")
        if cell in van.cubes:
            bits.append(f"{van.name}'s route")
    return bits


def tile_name(v: PState, cell: int) -> str:
    return f"{v.locations[cell]} ({cell_name(cell)})" if v.locations else cell_name(cell)


#: the word that rises over the tile where each of these happens
POP_WORDS: dict[type[Event], str] = {E.Deposited: "banked!", E.Stolen: "stolen!", E.Protected: "saved!",
                                     E.Insured: "insured!", E.Exploded: "BOOM!", E.Defused: "defused +10",
                                     E.Charged: "+1 charge", E.Recharged: "full charge"}


def pop_text(e: Event) -> str:
    if isinstance(e, E.Moved):
        return "-1 charge" if e.battery else ""
    if isinstance(e, E.Picked):
        return "+" + " ".join("*" if k == HIGH else ("bomb" if k == BOMB else "1") for k in e.kinds)
    return POP_WORDS.get(type(e), "")


def mission_lines(view: PState, van) -> tuple[list[tuple[str, str, bool]], str]:
    """Each secret mission as (text, mark, met now) and a line saying what already counts.

    A mission the rules find met counts in the van's points at once, even at set-up (a full
    battery, nothing lost yet), so it is shown as points: "+3 now", with a line saying so.
    """
    cfg = view.config
    out = []
    met = 0
    for m in van.missions:
        text, pts = cfg.missions.get(m, ("?", 0))
        done = scoring.mission_done(van, m, cfg)
        met += pts if done else 0
        out.append((text, f"+{pts} now" if done else f"+{pts}", done))
    if not met:
        return out, ""
    when = "Already met at set-up" if view.phase in ("base", "company") else "Met so far"
    return out, f"{when}: +{met} in your score."


def van_tip(v: PState, vi: int) -> str:
    """A van card's whole text: name, company, points, battery, cargo and priority card."""
    van = v.vans[vi]
    cfg = v.config
    pts = scoring.score(van, cfg)
    bits = [van.name]
    if van.company:
        bits.append(cfg.companies.get(van.company, (van.company, ""))[0])
    bits.append(f"{pts} points" if van.role != "auto" else f"haul {pts}")
    bits.append(f"sat nav {van.battery} of {van.battery_max}")
    cargo = ", ".join(f"{van.cargo.count(k)} {PACKAGE_NAMES.get(k, k)}" for k in dict.fromkeys(van.cargo))
    bits.append(f"carrying {cargo} ({len(van.cargo)} of {van.capacity})" if cargo else f"empty (room for {van.capacity})")
    if van.revealed:
        bits.append(f"priority card {van.revealed}")
    if van.role == "auto":
        bits.append("hunts your route" if v.players == 1 else "steered by round winner")
    return " - ".join(bits)


def bomb_line(view: PState) -> str:
    for v in view.vans:
        if BOMB in v.cargo:
            return f"Bomb in {v.name}'s van: {v.bomb_timer} round{'s' if v.bomb_timer != 1 else ''} left"
    for cell, tile in enumerate(view.tiles):
        if BOMB in tile:
            return f"Bomb waiting at {view.locations[cell]}"
    return ""


def winner_line(v: PState, game: Any) -> tuple[str, str]:
    """The end banner's headline and the scores under it."""
    winners = game.winners(v)
    if v.players == 1:
        head = "You beat the Rogues!" if winners else "The Rogues out-hauled you."
    else:
        head = " and ".join(v.vans[w].name for w in winners) + (" win!" if len(winners) > 1 else " wins!")
    scores = ", ".join(f"{v.vans[i].name} {int(s)}" for i, s in enumerate(game.scores(v)))
    return head, scores
