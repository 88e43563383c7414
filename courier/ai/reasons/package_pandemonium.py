"""Package Pandemonium: why a computer courier drives a route, takes a package or steers the Rogue.

Secret here: each courier's missions and the priority card chosen this round. No reason ever
speaks of a priority card (the choice gets none) or a mission; the rest (packages on tiles and
in vans, batteries, bases, the Rogue) lies open on the table, and what a route picks up or
unloads is shown by the route itself.
"""

from __future__ import annotations

from courier.ai.reasons import Facts, listed, plural
from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.board import cell_name
from courier.rules.package_pandemonium.rogue import best_stealable, stealable, tile_value
from courier.rules.package_pandemonium.state import AUTO, BOMB, DRIVER, PACKAGE_NAMES, ROGUE_PLAYER, PState

WORDS = {"L": "low-value package", "H": "high-value package", "B": "exploding package",
         "SL": "stolen low-value package", "SH": "stolen high-value package"}


def _place(s: PState, cell: int) -> str:
    name = s.locations[cell] if 0 <= cell < len(s.locations) and s.locations[cell] else ""
    return f"{name} ({cell_name(cell)})" if name else cell_name(cell)


def _kinds(kinds: list[str]) -> str:
    counts: dict[str, int] = {}
    for k in kinds:
        counts[k] = counts.get(k, 0) + 1
    return listed([plural(n, WORDS.get(k, PACKAGE_NAMES.get(k, "package"))) for k, n in counts.items()])


def _banked(v) -> int:
    return v.banked_low + v.banked_high + v.banked_stolen_low + v.banked_stolen_high


def reason(f: Facts) -> str | None:
    s: PState = f.before
    a = f.action
    eng = s.eng
    board, cfg = eng.board, eng.cfg
    me = s.vans[f.seat] if 0 <= f.seat < len(s.vans) else None
    if me is None:
        return None
    if isinstance(a, A.PlayPriority):
        # the card chosen stays secret until all are shown: only the person's own hint names it
        return _priority(f, a) if f.mine is not None else None
    if isinstance(a, A.PlaceBase):
        near = sum(1 for c in range(len(s.tiles))
                   if tile_value(s.tiles[c]) and board.dist[a.cell][c] <= cfg.route_steps)
        return f"sets up ‹its› base at {_place(s, a.cell)}: {plural(near, 'tile')} with packages within one route"
    if isinstance(a, A.ChooseCompany):
        title, text = cfg.companies.get(a.company, (a.company, ""))
        text = text.rstrip(".").replace("Your ", "‹its› ").replace("your ", "‹its› ").replace("you", "‹it›")
        return f"signs with {title}: {text}" if text else f"signs with {title}"
    if isinstance(a, A.ChooseOrder):
        return "goes first: the packages nearest ‹it› are there for the taking" if a.first else \
            "goes second: to see where the others drive first"
    if isinstance(a, A.UseExpress):
        return "uses ‹its› one express route: four steps reach more than three"
    if isinstance(a, (A.Drive, A.Step)):
        return _route(f, s)
    if isinstance(a, A.Take):
        if a.kind == BOMB:
            home = board.dist[me.pos][me.base] if me.base >= 0 else 0
            return (f"takes the exploding package: ‹its› base is {plural(home, 'step')} away, "
                    "close enough to bring it home before it goes off")
        return f"takes the {WORDS.get(a.kind, 'package')} here"
    if isinstance(a, A.Drop):
        return f"drops a {WORDS.get(a.kind, 'package')} to make room for a better one"
    if isinstance(a, A.PassBomb):
        to = s.vans[a.to_seat].name if 0 <= a.to_seat < len(s.vans) else "a rival"
        return f"passes the exploding package to {to}: ‹it› could not get it home before it goes off"
    if isinstance(a, A.Recharge):
        paid = "low-value packages" if a.kind == "L" else "a high-value package"
        return f"recharges ‹its› sat nav ({me.battery} of {me.battery_max} left), paying with {paid}"
    if isinstance(a, A.EndRoute):
        if f.mine is None:
            return None
        return f"ends ‹its› route at {_place(s, me.pos)}: nothing more on this tile is worth taking or dropping"
    if isinstance(a, A.RogueRoute):
        return _rogue(s, me, a)
    if isinstance(a, A.Defend):
        kind = best_stealable(me)
        what = WORDS.get(kind or "", "package")
        if a.protect:
            return f"spends one of ‹its› {plural(me.battery, 'sat-nav charge')} to keep ‹its› {what} from the Rogue"
        if me.company == "insured" and not me.insurance_used:
            return f"lets the Rogue take ‹its› {what}: the insurance brings it back"
        return f"lets the Rogue take ‹its› {what}: the sat-nav charge is worth more"
    return None


def _route(f: Facts, s: PState) -> str | None:
    me = s.vans[f.seat]
    board = s.eng.board
    after = f.after()
    parts: list[str] = []
    end = me.pos
    if after is not None:
        mine = after.vans[f.seat]
        end = mine.pos
        gained = list(mine.cargo)
        for k in me.cargo:
            if k in gained:
                gained.remove(k)
        banked = _banked(mine) - _banked(me)
        if banked > 0:
            parts.append(f"unloads {plural(banked, 'package')} at ‹its› base")
        if gained:
            parts.append(f"picks up {_kinds(gained)}")
        if BOMB in me.cargo and mine.defused > me.defused:
            parts.append("brings the exploding package home, where it is made safe")
    rogues = [v for v in s.vans if v.role in (AUTO, ROGUE_PLAYER) and v is not me and v.pos >= 0]
    if BOMB in me.cargo and rogues and end != me.pos:
        near_before = min(board.dist[me.pos][r.pos] for r in rogues)
        near_after = min(board.dist[end][r.pos] for r in rogues)
        if near_after > near_before:
            parts.append("plays it safe: keeps the exploding package away from the Rogue")
    if not parts and me.cargo and me.base >= 0 and board.dist[end][me.base] < board.dist[me.pos][me.base]:
        parts.append(f"heads home with {_kinds(stealable(me)) or '‹its› load'}")
    if not parts:
        best = max((tile_value(s.tiles[c]), -board.dist[end][c], c) for c in range(len(s.tiles)))
        if best[0] and board.dist[end][best[2]] < board.dist[me.pos][best[2]]:
            parts.append(f"closes in on the packages at {_place(s, best[2])}")
    if not parts and f.mine is not None:
        home = board.dist[end][me.base] if me.base >= 0 else 0
        parts.append(f"drives to {_place(s, end)}: no package lies within this route, and the van waits "
                     f"there {plural(home, 'step')} from ‹its› base for the next round")
    return "; ".join(parts) or None


def _priority(f: Facts, a: A.PlayPriority) -> str:
    """The person's own priority card, for their hint alone."""
    mine: PState = f.mine
    cfg = mine.config
    me = mine.vans[f.seat]
    if a.card in cfg.battery_cards and me.battery < me.battery_max:
        return f"plays priority card {a.card}: it gives back a sat-nav charge ({me.battery} of {me.battery_max} now)"
    if a.card in cfg.long_route_cards:
        return f"plays priority card {a.card}: its {cfg.long_route_steps}-step route reaches further this round"
    left = sorted(me.hand)
    low = not left or a.card <= left[len(left) // 2]
    if low:
        return (f"plays priority card {a.card}, a low one: packages lie where a rival can reach them "
                "too, so choosing first is worth it")
    return (f"plays priority card {a.card}, a high one: nothing this round is worth racing for, so the "
            "low cards wait for a round that is")


def _rogue(s: PState, me, a: A.RogueRoute) -> str:
    board = s.eng.board
    rogue = s.vans[s.mover] if 0 <= s.mover < len(s.vans) else None
    if rogue is None:
        return "steers the Rogue"
    pos, cells = rogue.pos, []
    for d in a.directions:
        nxt = board.move(pos, d)
        if nxt is None:
            break
        pos = nxt
        cells.append(pos)
    victims = [v.name for v in s.vans if v.role == DRIVER and v is not me and stealable(v)
               and any(c in v.cubes for c in cells)]
    if victims:
        return f"steers the Rogue across {listed(victims)}'s route, where it can steal"
    mine = any(c in me.cubes for c in cells)
    if not mine and me.cubes:
        return "steers the Rogue away from ‹its› own route"
    return "steers the Rogue where it does the least harm to ‹itself›"

