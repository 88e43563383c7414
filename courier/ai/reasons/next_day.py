"""Next Day: why a computer courier drives, collects, bids or declares.

Once set-up is over everything on the table is public (contracts, cargo, credits, blockages), so
the reasons name places, contracts and prices. Set-up builds contracts from a hidden hand: those
moves get no reason in the log, only the final "done" one, which names nothing; a hint, read by
the person alone, may name the cards of their own hand (``Facts.mine``).
"""

from __future__ import annotations

from courier.ai.reasons import Facts, plural
from courier.rules.next_day import actions as A
from courier.rules.next_day.state import NextDayState

BLOCKAGE_WORDS = {"diversion": "diversion", "roadworks": "roadworks", "checkpoint": "police checkpoint"}


def reason(f: Facts) -> str | None:
    s: NextDayState = f.before
    a = f.action
    if isinstance(a, A.SetupAction):
        if f.mine is not None and isinstance(a, (A.Pair, A.AddParcel)):
            return _setup_hint(f, a)
        if isinstance(a, A.DealRandomly):
            return "leaves ‹its› contracts to chance"
        if isinstance(a, A.FinishSetup) and f.level != "easy":
            return "‹its› contracts are ready: short, out-of-the-way jobs that pay ‹its› neighbour little"
        return None
    board = f.game.board(s.config)
    me = s.players[f.seat]
    name = lambda seat: f.game.seat_name(s.config, seat)  # noqa: E731
    if isinstance(a, A.Drive):
        return _drive(f, s, board, a)
    if isinstance(a, A.Collect):
        c = s.contracts[a.contract]
        whose = "‹its› own" if c.owner == f.seat else f"{name(c.owner)}'s"
        return f"{c.price} credits when it reaches {c.dropoff} ({whose} contract)"
    if isinstance(a, A.Deliver):
        c = s.contracts[a.contract]
        return f"the contract pays {c.price} credits on delivery at {c.dropoff}"
    if isinstance(a, A.Transfer):
        c = s.contracts[a.contract]
        return f"hands a parcel for {c.dropoff} to ‹its› other vehicle, which is better placed for it"
    if isinstance(a, A.StartBid):
        c = s.contracts[a.contract]
        trip = board.distance(c.pickup, c.dropoff)
        return (f"bids {a.amount} for {name(c.owner)}'s contract {c.pickup} to {c.dropoff} "
                f"({plural(c.waiting, 'parcel')} waiting, {plural(trip, 'road')} of driving): "
                "‹its› van or bike is on the spot")
    if isinstance(a, (A.Bid, A.Pass)) and s.auction is not None:
        auc = s.auction
        c = s.contracts[auc.contract]
        trip = board.distance(c.pickup, c.dropoff)
        if isinstance(a, A.Bid):
            return (f"bids {a.amount}: {c.pickup} to {c.dropoff} is {plural(trip, 'road')} of driving, "
                    f"still worth it at that price")
        return f"passes: below {auc.lowest} a parcel, {plural(trip, 'road')} of driving is not worth it"
    if isinstance(a, A.MoveBlockage):
        blk = next((b for b in s.blockages if b.id == a.blockage), None)
        what = BLOCKAGE_WORDS.get(blk.kind, "blockage") if blk else "blockage"
        road = board.roads[a.road]
        cost = s.config.blockage_move_cost.get(blk.kind, 0) if blk else 0
        return f"pays {cost} to move the {what} out of ‹its› way, onto the road {road.a} to {road.b}"
    if isinstance(a, A.Declare):
        mine = me.credits + s.config.declare_bonus_per_parcel * me.delivered
        best = max((p.credits for i, p in enumerate(s.players) if i != f.seat), default=0)
        if mine >= best:
            return f"declares at {board.home}: {mine} credits with ‹its› bonus, ahead of everyone else's {best} or less"
        return f"declares at {board.home}: few rounds are left and there is no contract worth chasing"
    if isinstance(a, A.EndTurn):
        moving = [v for v in me.vehicles if v.status != "done"]
        if not moving:
            return "ends ‹its› turn: both vehicles have made their move" if f.mine is not None else None
        return "ends ‹its› turn: no drive brings ‹its› van or bike closer to a job"
    return None


def _setup_hint(f: Facts, a: A.Pair | A.AddParcel) -> str | None:
    """A set-up step for the person's own hint: the contract it builds for their neighbour."""
    mine: NextDayState = f.mine
    board = f.game.board(mine.config)
    if isinstance(a, A.Pair):
        trip = board.distance(a.pickup, a.dropoff)
        return (f"pairs {a.pickup} with {a.dropoff}: {plural(trip, 'road')} apart, a contract that pays "
                "‹its› neighbour little")
    draft = next((d for d in mine.players[f.seat].drafts if d.pickup == a.pickup), None)
    if draft is None:
        return None
    trip = board.distance(draft.pickup, draft.dropoff)
    return (f"puts another parcel on {draft.pickup} to {draft.dropoff}: every parcel must go on a "
            f"contract, and one of {plural(trip, 'road')} pays ‹its› neighbour little")


def _drive(f: Facts, s: NextDayState, board, a: A.Drive) -> str | None:
    """Where the vehicle is going and what waits there, judged by which public goal the drive
    brings nearest (or the one the search's plan goes on to)."""
    me = s.players[f.seat]
    v = me.vehicle(a.vehicle)
    dest = a.path[-1]
    kind = "van" if a.vehicle == "van" else "bike"
    goals: dict[str, str] = {}
    drops: dict[str, list[int]] = {}
    for cid in v.cargo:
        drops.setdefault(s.contracts[cid].dropoff, []).append(cid)
    for place, cids in drops.items():
        worth = sum(s.contracts[c].price for c in cids)
        goals[place] = f"{plural(len(cids), 'parcel')} aboard for it, worth {worth}"
    room = s.config.capacity[v.kind] - len(v.cargo)
    if room > 0:
        for c in s.open_contracts(f.seat):
            if c.waiting > 0 and c.pickup not in goals:
                goals[c.pickup] = f"{plural(c.waiting, 'parcel')} of ‹its› own waiting, worth {c.price} each"
        for c in s.contracts:
            if (c.owner != f.seat and not c.done and c.waiting > 0 and c.pickup not in goals
                    and s.in_transit(c.id) == 0):
                goals[c.pickup] = (f"{f.game.seat_name(s.config, c.owner)}'s contract to {c.dropoff} is waiting there "
                                   f"at {c.price} a parcel")
    later = [x.path[-1] for x in f.plan[1:] if isinstance(x, A.Drive) and x.vehicle == a.vehicle]
    target = next((p for p in reversed(later) if p in goals), None)
    if target is None and goals:
        start = v.place

        def progress(place: str) -> tuple[int, int, str]:
            return (board.distance(dest, place) - board.distance(start, place), board.distance(dest, place), place)

        target = min(goals, key=progress)
        if board.distance(dest, target) >= board.distance(start, target):
            target = None
    if target is None:
        if dest == board.home or board.distance(dest, board.home) < board.distance(v.place, board.home):
            return f"takes ‹its› {kind} home towards {board.home}: nothing worth collecting nearer"
        return None
    if dest == target:
        return f"reaches {target}: {goals[target]}"
    left = board.distance(dest, target)
    return f"heads for {target} ({plural(left, 'road')} to go): {goals[target]}"

