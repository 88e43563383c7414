"""Next Day's view in words: the status line (naming the keys where they are needed), tooltips,
the whole texts of panel lines and keyboard targets, and button labels. It asks the rules
(reachable places, refusals) rather than working anything out, and draws nothing."""

from __future__ import annotations

from typing import Any

from courier.rules.next_day import actions as A
from courier.rules.next_day.state import MOVING
from courier.words import plural

BLOCKAGE_EFFECT = {"diversion": "no vehicle may pass",
                   "roadworks": "vans only get through as their first step, then stop",
                   "checkpoint": "no vehicle with an illegal load may pass"}


# -- whole lines -----------------------------------------------------------------------------------
def player_line(v: Any, i: int) -> str:
    s = v.seen
    p = s.players[i]
    if s.phase == "setup":
        return f"{v.name(i)}: {'ready' if p.built else 'building contracts'}"
    turn = " (to play)" if s.phase == "play" and s.current == i else ""
    return (f"{v.name(i)}{turn}: {p.credits} credits, {plural(p.delivered, 'parcel')} delivered, "
            f"{plural(len(s.open_contracts(i)), 'contract')} left. Choose to see their contracts and vehicles")


def contract_line(v: Any, c: Any) -> str:
    transit = v.seen.in_transit(c.id)
    more = f", {transit} on the way" if transit else ""
    return (f"{c.pickup} → {c.dropoff}: {plural(c.waiting, 'parcel')} waiting{more}, {c.price} credits each "
            f"({v.name(c.owner)}'s contract)")


def vehicle_line(v: Any, seat: int, veh: Any) -> str:
    load = ", ".join(f"a parcel for {v.seen.contracts[c].dropoff}" for c in veh.cargo) or "nothing"
    over = " (an illegal load)" if len(veh.cargo) > v.cfg.capacity[veh.kind] else ""
    return f"{v.name(seat)}'s {veh.kind} at {veh.place}, carrying {load}{over}"


def action_label(v: Any, a: Any) -> str:
    s = v.seen
    if isinstance(a, A.Deliver):
        c = s.contracts[a.contract]
        return f"{a.vehicle.capitalize()}: deliver to {c.dropoff} (+{c.price})"
    if isinstance(a, A.Collect):
        c = s.contracts[a.contract]
        veh = s.players[a.seat].vehicle(a.vehicle)
        over = len(veh.cargo) + 1 > v.cfg.capacity[a.vehicle]
        return f"{a.vehicle.capitalize()}: collect for {c.dropoff}" + (" (illegal load)" if over else "")
    if isinstance(a, A.Transfer):
        c = s.contracts[a.contract]
        other = "bike" if a.vehicle == "van" else "van"
        return f"Move {c.dropoff} parcel: {a.vehicle} → {other}"
    return ""


def hint_words(v: Any, a: Any) -> str | None:
    """A move a hint cannot light as one control, in the players' words."""
    if isinstance(a, A.Drive):
        return f"Drive the {a.vehicle}: " + " → ".join(a.path)
    if isinstance(a, A.Bid):
        return f"Bid {a.amount} credits per parcel"
    if isinstance(a, A.StartBid):
        c = v.seen.contracts[a.contract]
        return f"With the {a.vehicle}, bid {a.amount} credits per parcel for the contract to {c.dropoff}"
    if isinstance(a, A.MoveBlockage):
        return f"Move the blockage to {a.label}" if a.label else "Move a blockage"
    return None


def ends_move_note(v: Any, a: Any) -> str:
    """For an action that ends a vehicle's move (a collection, delivery, transfer or bid after it
    has moved): what is thrown away, said before the click."""
    veh = v.seen.players[a.seat].vehicle(a.vehicle)
    left = v.cfg.move_units - veh.used
    if veh.status != MOVING or left <= 0:
        return ""
    return f"Ends this {a.vehicle}'s move: {plural(left, 'unused unit')} lost"


# -- keyboard targets on the board ---------------------------------------------------------------
def vehicle_target(v: Any, kind: str) -> str:
    veh = v.seen.players[v.seat].vehicle(kind)
    if v.selected == kind:
        return f"Your {kind} at {veh.place} (picked: choose again to put it down)"
    return f"Your {kind} at {veh.place}: pick it to drive"


def place_target(v: Any, place: str, reach: Any) -> str:
    end = ", and the move ends" if reach.ends_move else ""
    return f"{place}: drive your {v.selected} here for {plural(reach.cost, 'unit')}{end}"


def card_target(v: Any, town: str) -> str:
    if v.pickup is None or v.pickup == town:
        return f"{town}: choose as the collection town"
    return f"{town}: deliver parcels collected at {v.pickup} here"


def blockage_target(v: Any, b: Any) -> str:
    r = v.board.roads[b.road]
    return (f"{b.kind.capitalize()} on {r.a} - {r.b}: pick it to move it "
            f"({v.cfg.blockage_move_cost[b.kind]} credits)")


def road_target(v: Any, road: int) -> str:
    blk = v.seen.blockages[v.picked_blockage]
    r = v.board.roads[road]
    return f"{r.a} - {r.b}: move the {blk.kind} here for {v.cfg.blockage_move_cost[blk.kind]} credits"


# -- tooltips --------------------------------------------------------------------------------------
def tooltip(v: Any, pos: tuple[int, int]) -> str | None:
    s = v.seen
    if s is None:
        return None
    for b in v.buttons:
        if b.rect.collidepoint(pos):
            if not b.enabled and b.why_not:
                return b.why_not  # a greyed control says why only, not what it would have done
            return b.whole
    for row in v.panel.rows:
        if row.rect.collidepoint(pos) and row.text:
            return row.text
    if v.dialog_text and v.dialog_rect.collidepoint(pos):
        return v.dialog_text
    if not v.board_rect.collidepoint(pos):
        return None
    if s.phase == "play" and v.blockage_mode and v.picked_blockage is not None and v.seat is not None:
        road = v.map.road_at(pos)
        if road is not None:
            why = v.table.blockage_refusal(v.seat, v.picked_blockage, road)
            return why or road_target(v, road)
    blk = v.blockage_at(pos) if s.phase != "setup" else None
    hit = v.vehicle_at(pos) if s.phase != "setup" else None
    if hit and not (blk is not None and v.blockage_mode):  # vehicles are drawn over the blockages
        seat, kind = hit
        return vehicle_line(v, seat, s.players[seat].vehicle(kind))
    if blk is not None:
        b = s.blockages[blk]
        r = v.board.roads[b.road]
        return (f"{b.kind.capitalize()} on {r.a} - {r.b}: {BLOCKAGE_EFFECT[b.kind]}. "
                f"Moving it costs {v.cfg.blockage_move_cost[b.kind]}.")
    place = v.map.place_at(pos)
    if place:
        p = v.board.places[place]
        text = f"{place} ({p.kind})"
        if v.selected and s.phase == "play":
            r = v.reach(v.selected).get(place)
            if r is not None:
                text += f": drive here for {r.cost} units" + (", and the move ends" if r.ends_move else "")
            else:
                why = v.table.drive_refusal(v.seat, v.selected, place) if v.seat is not None else None
                text += f": {why[0].lower() + why[1:]}" if why else f": out of your {v.selected}'s reach this turn"
        for c in s.contracts:
            if not c.done and c.pickup == place and c.waiting:
                text += f" · {plural(c.waiting, 'parcel')} for {c.dropoff} ({v.name(c.owner)}, {c.price})"
        return text
    return None


# -- the status line -------------------------------------------------------------------------------
def status(v: Any) -> str:
    """One short line (the host puts the player's name before it), naming the keys."""
    s = v.seen
    if s is None:
        return ""
    if s.phase == "over":
        return "The game is over."
    if v.seat is None:
        if s.phase == "setup":
            waiting = [v.name(i) for i, p in enumerate(s.players) if not p.built]
            return "Waiting for " + ", ".join(waiting) + " to build contracts."
        who = s.auction.to_bid if s.auction else s.current
        return f"{v.name(who)} is playing."
    if s.phase == "setup":
        p = s.players[v.seat]
        n, total = v.cfg.contracts(), v.cfg.parcels()
        if p.built:
            return "Your contracts are handed over."
        if v.pickup:
            return f"Now pick where parcels from {v.pickup} go (1-9 or Tab, Enter)."
        if len(p.drafts) < n:
            return f"Pick a collection town, then a delivery town (1-9 or Tab, Enter)."
        placed = sum(d.parcels for d in p.drafts)
        if placed < total:
            return f"Spread {plural(total - placed, 'more parcel')} with + (Tab, Enter)."
        return "Choose Done to hand the contracts over (Tab, Enter)."
    if s.auction is not None:
        return f"Bid below {s.auction.lowest} or pass (Left/Right, Tab, Enter)."
    if v.offer:
        return "Choose your first bid: Left/Right, Enter bids, Esc cancels."
    if v.blockage_mode:
        if v.picked_blockage is None:
            return "Pick a blockage on the map (Shift+Tab, arrows, Enter; Esc stops)."
        return "Pick a green road section for it (arrows, Enter; Esc stops)."
    if v.selected:
        if not v.reach(v.selected):  # nothing ringed: say why rather than ask for a ringed place
            return v.table.stuck_reason(v.seat, v.selected)
        return f"Arrows pick a ringed place, Enter drives the {v.selected} there."
    return "Pick your van, bike or a blockage: V, B or arrows, Enter; Tab for buttons; E ends the turn."
