"""Next Day's view in words: tooltips for what is under the pointer and the one-line guidance,
both asking the rules (reachable places, blockage refusals) rather than working anything out."""

from __future__ import annotations

from typing import Any

from courier.rules.next_day import actions as A


# -- words -------------------------------------------------------------------------------------------
def tooltip(v: Any, pos: tuple[int, int]) -> str | None:
    s = v.state
    if s is None:
        return None
    for b in v.buttons:
        if b.rect.collidepoint(pos):
            return b.tip or None
    if not v.board_rect.collidepoint(pos):
        return None
    if s.phase == "play" and v.blockage_mode and v.picked_blockage is not None and v.seat is not None:
        road = v.map.road_at(pos)
        if road is not None:
            why = v.game.blockage_refusal(s, v.seat, v.picked_blockage, road)
            blk = s.blockages[v.picked_blockage]
            r = v.board.roads[road]
            return why or f"Move the {blk.kind} to {r.a} - {r.b} for {v.cfg.blockage_move_cost[blk.kind]} credits"
    blk = v._blockage_at(pos) if s.phase != "setup" else None
    if blk is not None:
        b = s.blockages[blk]
        r = v.board.roads[b.road]
        what = {"diversion": "no vehicle may pass", "roadworks": "vans only get through as their first step, then stop",
                "checkpoint": "no vehicle with an illegal load may pass"}[b.kind]
        return f"{b.kind.capitalize()} on {r.a} - {r.b}: {what}. Moving it costs {v.cfg.blockage_move_cost[b.kind]}."
    hit = v._vehicle_at(pos) if s.phase != "setup" else None
    if hit:
        seat, kind = hit
        veh = s.players[seat].vehicle(kind)
        load = ", ".join(s.contracts[c].dropoff for c in veh.cargo) or "nothing"
        over = " (illegal load)" if len(veh.cargo) > v.cfg.capacity[kind] else ""
        return f"{v._name(seat)}'s {kind} carries {load}{over}"
    place = v.map.place_at(pos)
    if place:
        p = v.board.places[place]
        text = f"{place} ({p.kind})"
        if v.selected and s.phase == "play":
            r = v._reach(v.selected).get(place)
            if r is not None:
                text += f": drive here for {r.cost} units" + (", and the move ends" if r.ends_move else "")
            else:
                why = v.game.drive_refusal(s, v.seat, v.selected, place) if v.seat is not None else None
                text += f": {why[0].lower() + why[1:]}" if why else f": out of your {v.selected}'s reach this turn"
        for c in s.contracts:
            if not c.done and c.pickup == place and c.waiting:
                text += f" · {c.waiting} parcel(s) for {c.dropoff} ({v._name(c.owner)}, {c.price})"
        return text
    return None


def status(v: Any) -> str:
    s = v.state
    if s is None:
        return ""
    if s.phase == "over":
        return "The game is over."
    if v.seat is None:
        if s.phase == "setup":
            return "Contracts are being built."
        who = s.auction.to_bid if s.auction else s.current
        return f"{v._name(who)} is playing."
    if s.phase == "setup":
        p = s.players[v.seat]
        n, total = v.cfg.contracts(), v.cfg.parcels()
        if v.pickup:
            return f"Now pick the delivery town for parcels collected at {v.pickup}."
        if len(p.drafts) < n:
            return "Pick a collection town (a card or its town on the map), then a delivery town."
        placed = sum(d.parcels for d in p.drafts)
        if placed < total:
            return f"Spread {total - placed} more parcel(s) with the + buttons."
        return "Press Done to hand the contracts over."
    if s.auction is not None:
        return f"Bid below {s.auction.lowest} or pass."
    if v.offer:
        return "Choose your first bid: it must be below the current price."
    if v.blockage_mode:
        return "Pick a blockage, then a green road section. Red means refused: hover to see why."
    if v.selected:
        if not v._reach(v.selected):  # nothing ringed: say why rather than ask for a ringed place
            return v.game.move_over_reason(s, v.seat, v.selected) or f"Your {v.selected} cannot get anywhere from here this turn."
        return f"Click a ringed place to drive your {v.selected} there; numbers are the units it costs."
    return "Click your van or bike to drive, or use the buttons on the right."


def action_label(v: Any, a: Any) -> str:
    s = v.state
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
