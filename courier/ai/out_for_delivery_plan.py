"""How Out For Delivery's courier plans its next stops.

Road costs from every pick-up and delivery (``static_distances``), what the parcels aboard should
still bring (``carried_promise``, ``tour_value``), which parcels a pick-up offers and which of them
a plan may take (``_takes``, ``_choices``), and the plan itself (``make_plan``, remembered by
``plan_next_stop``): the normal courier plans one stop at a time, the hard one two together; and
what a courier starting on a city's pick-up takes at once (``opening_take``). The courier that acts
on the plans is ``courier.ai.out_for_delivery``.
"""

from __future__ import annotations

import heapq
from typing import Any, NamedTuple, Sequence

from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import OfdConfig
from courier.rules.out_for_delivery.state import OfdState, Parcel
from courier.rules.out_for_delivery.tables import terrain_cost, weather_dmc

AVG_TURN = 9  # cloudy-equivalent half MP an average turn covers (2d6 averages 7, weather averages ~1.5 MP a step)
_STATIC: dict[int, dict[int, dict[int, int]]] = {}


def static_distances(board: Board) -> dict[int, dict[int, int]]:
    """Cloudy-weather cost (half MP, no event, no items) from every pick-up and delivery tile to
    every tile; cached per board. Each step costs what the rules charge (``terrain_cost``)."""
    key = id(board)
    got = _STATIC.get(key)
    if got is not None:
        return got
    base = weather_dmc("cloudy", False, False)
    step = [terrain_cost(t, base, "none", False) for t in board.terrain]
    out: dict[int, dict[int, int]] = {}
    for city in board.cities:
        for src in (city.pickup, city.delivery):
            dist = {src: 0}
            heap = [(0, src)]
            while heap:
                d, c = heapq.heappop(heap)
                if d > dist[c]:
                    continue
                for nb in board.neighbours[c]:
                    cost = step[nb]
                    if cost is None:
                        continue
                    nd = d + cost
                    if nd < dist.get(nb, 1 << 30):
                        dist[nb] = nd
                        heapq.heappush(heap, (nd, nb))
            out[src] = dist
    _STATIC[key] = out
    return out


def carried_promise(cfg: OfdConfig, board: Board, p: Any, rounds_left: float, share: float = 1.0) -> float:
    """What a courier's parcels should still add to its wealth: delivered in nearest-first order,
    each at the square it will have slid to by the time the courier gets there (one that falls off
    first, or is still aboard when the game ends, adds nothing: its fine is already counted).

    Valuing each parcel as if it were the only one aboard made five parcels for five cities look
    as good as five for one city, and the search picked up parcels that then fell off."""
    if p.cell < 0 or not p.parcels:
        return 0.0
    sd = static_distances(board)
    left = list(p.parcels)
    cell, used, total = p.cell, 0, 0.0
    while left:
        d, dest = min((sd[board.city(x.dest).delivery].get(cell, 10_000), x.dest) for x in left)
        used += d + 2
        rounds = used // AVG_TURN
        for x in [x for x in left if x.dest == dest]:
            left.remove(x)
            sq = x.square + rounds
            if sq < len(cfg.parcel_board) and rounds <= rounds_left:
                total += share * (cfg.parcel_board[sq] + cfg.undelivered_penalty)
        cell = board.city(dest).delivery
    return total


def tour_value(cfg: OfdConfig, board: Board, cell: int, parcels: Sequence[Parcel], mp_now: int, rounds_left: float) -> float:
    """Gold plus fines saved by delivering ``parcels`` from ``cell`` in nearest-first order, this
    turn's movement points first; a parcel that falls off first or outlasts the game adds nothing."""
    sd = static_distances(board)
    left = list(parcels)
    used, total = 0, 0.0
    while left:
        d, dest = min((sd[board.city(x.dest).delivery].get(cell, 10_000), x.dest) for x in left)
        used += d + 2
        rounds = 0 if used <= mp_now else 1 + (used - mp_now) // AVG_TURN
        for x in [x for x in left if x.dest == dest]:
            left.remove(x)
            sq = x.square + rounds
            if sq < len(cfg.parcel_board) and rounds <= rounds_left:
                total += cfg.parcel_board[sq] + cfg.undelivered_penalty
        cell = board.city(dest).delivery
    return total


#: gold a courier should earn in an average round: a one-stop plan is charged this for the time it
#: takes (a longer plan is scored by what it earns a round instead, ``RATE_ROUNDS``)
GOLD_PER_ROUND = 40.0
#: the least a parcel must promise (its pay when delivered straight from its pick-up) to be taken
LEAST_PAY = 75

#: parcels still aboard when a one-stop plan ends count at this share of their nearest-first tour:
#: they are a promise, not gold, and a courier that takes parcels only where its plan stops does
#: best trusting it less (0.8 before; 0.2-0.5 won 2-3 points more against ``greedy``, docs/ai.md)
LEFTOVER_SHARE = 0.4
#: a plan of two stops or more is scored by the gold it earns a round; this many rounds are added
#: to the time it takes, so that a plan over at once is not worth without bound
RATE_ROUNDS = 1.0


def pays_enough(cfg: OfdConfig, board: Board, sd: dict[int, dict[int, int]], tile: int, dest: int,
                later: int = 0) -> bool:
    """Whether a parcel for ``dest`` taken at ``tile`` ``later`` rounds from now pays at least
    ``LEAST_PAY`` delivered straight from there: the take rule of plans, pick-ups and openings.
    ``sd`` is the board's :func:`static_distances` (the planner asks this in its inner loop)."""
    square = later + sd[board.city(dest).delivery].get(tile, 10_000) // AVG_TURN
    return square < len(cfg.parcel_board) and cfg.parcel_board[square] >= LEAST_PAY


#: what a plan takes at a pick-up, by everything that reads: the planner asks again for the same
#: few pick-ups at every stop of every plan
_TAKES: dict[tuple, list[int]] = {}
_MAX_TAKES = 50_000


def _takes(cfg: OfdConfig, board: Board, sd: dict[int, dict[int, int]], tile: int, waiting: Sequence[int],
           later: int) -> list[int]:
    """The parcels ``waiting`` at the pick-up ``tile`` that a plan arriving ``later`` rounds from
    now would take, nearest destinations first, before the room aboard limits them: those that
    pay enough (:func:`pays_enough`). Shared: callers must not change it."""
    key = (id(board), cfg.parcel_board, tile, tuple(waiting), later)
    got = _TAKES.get(key)
    if got is None:
        if len(_TAKES) >= _MAX_TAKES:
            _TAKES.clear()
        got = _TAKES[key] = [d for d in sorted(waiting, key=lambda d: sd[board.city(d).delivery].get(tile, 10_000))
                             if pays_enough(cfg, board, sd, tile, d, later)]
    return got


#: what a pick-up stop of a plan of two stops may take, by ``(take, room)``: few pick-ups and few
#: rooms come up, and the planner asks at every stop of every plan
_CHOICES: dict[tuple[tuple[int, ...], int], list[tuple[int, ...]]] = {}
_MAX_CHOICES = 50_000


def _choices(take: Sequence[int], room: int) -> list[tuple[int, ...]]:
    """What a pick-up stop may take of ``take`` (nearest destinations first): the parcels for any
    set of its destinations, nearest first, as many as ``room`` allows. Shared: callers must not
    change it.

    Choosing only from the nearest destinations (those of the nearest, or of the two nearest, and
    so on), the hard courier with two parcels for a city aboard took the one waiting for a nearer
    city and left the two more waiting for its own: each of those would have come with the near
    parcel's fine, which a plan of two stops never pays back (docs/ai.md, "which parcels a
    pick-up takes")."""
    key = (tuple(take), room)
    got = _CHOICES.get(key)
    if got is None:
        if len(_CHOICES) >= _MAX_CHOICES:
            _CHOICES.clear()
        dests = list(dict.fromkeys(take))
        seen: set[tuple[int, ...]] = set()
        got = []
        for mask in range(1, 1 << len(dests)):
            chosen = {d for i, d in enumerate(dests) if mask >> i & 1}
            part = tuple([d for d in take if d in chosen][:room])
            if part not in seen:
                seen.add(part)
                got.append(part)
        _CHOICES[key] = got
    return got


class Stop(NamedTuple):
    """The first stop of a plan: its tile, and at a pick-up the destinations of the parcels the plan
    takes there (nearest first; empty at a delivery)."""

    tile: int
    take: tuple[int, ...] = ()


#: plans already made, by everything a plan reads: the search asks again for the same position at
#: nearly every other step of its rollouts
_PLANS: dict[tuple, Stop | None] = {}
_MAX_PLANS = 50_000


def plan_next_stop(cfg: OfdConfig, board: Board, view: OfdState, seat: int, final_round: bool,
                   rounds_left: float, depth: int = 2) -> Stop | None:
    """:func:`make_plan`, remembered."""
    me = view.players[seat]
    key = (id(board), cfg.parcel_board, cfg.fall_off_penalty, cfg.undelivered_penalty, cfg.max_carried,
           me.cell, tuple(me.parcels), view.mp, tuple(tuple(w) for w in view.waiting), final_round,
           rounds_left, depth)
    try:
        return _PLANS[key]
    except KeyError:
        pass
    if len(_PLANS) >= _MAX_PLANS:
        _PLANS.clear()
    got = _PLANS[key] = make_plan(cfg, board, view, seat, final_round, rounds_left, depth)
    return got


def make_plan(cfg: OfdConfig, board: Board, view: OfdState, seat: int, final_round: bool,
              rounds_left: float, depth: int = 2) -> Stop | None:
    """The first stop (a delivery or pick-up tile, and what is taken there) of the best plan of up
    to ``depth`` stops.

    A plan delivers every parcel for a city at its delivery tile, or empties a pick-up of the
    parcels that still pay at least ``LEAST_PAY`` delivered straight from there (nearest
    destinations first, as many as there is room for). It is worth the gold and fines its
    deliveries bring, plus a share of what the parcels still aboard should bring on a
    nearest-first tour, less ``GOLD_PER_ROUND`` for every round it takes: so a detour for new
    parcels pays for the squares the parcels aboard slide meanwhile, and two stops chosen together
    (fetch parcels for the city that one is bound for anyway) beat the best single target.
    Choosing one target at a time won about 65% of games against ``greedy``; this plan about 71%
    (docs/ai.md); the normal courier plans one stop (``depth`` 1), the hard one two.

    A plan of two stops is worth instead what it earns a round: its gold over the rounds it takes
    (plus ``RATE_ROUNDS``), and nothing for the parcels still aboard where it ends, which are the
    next plan's business. A fixed price of time is too dear when nothing rich waits nearby and too
    cheap when much does; a plan's own earnings set it. Against the outside rusher this won about
    80% of 1,000 games on three sets of seeds, where the fixed price won 77-78% (docs/ai.md).

    A plan of two stops or more also chooses which of a pick-up's parcels to take (those for any
    set of its destinations, :func:`_choices`) and owes each taken parcel its 50-gold fine until
    one of its stops delivers it. Taking every parcel that paid, fine-free, is
    how the hard courier lost one parcel in five it picked up (fallen off or still aboard at the
    end) where the outside rusher lost one in nine (docs/ai.md). A one-stop plan cannot see the
    delivery after its pick-up, so it would owe the fine and never be paid: it takes all, unfined.
    The pick-up the courier stands on is a stop like any other (it costs no travel), so the courier takes
    parcels there only when that is part of its best plan. None when there is nothing worth
    doing."""
    me = view.players[seat]
    sd = static_distances(board)
    pay_board = cfg.parcel_board
    mp_now = view.mp
    whole = depth >= 2

    def rounds_at(used: int) -> int:
        return 0 if used <= mp_now else 1 + (used - mp_now) // AVG_TURN

    def pay(square: int) -> float:
        return pay_board[square] if square < len(pay_board) else -cfg.fall_off_penalty

    best: list[Any] = [None, float("-inf")]

    def extend(cell: int, used: int, aboard: list[tuple[int, int]], emptied: frozenset[int],
               gain: float, stops_left: int, first: int | None) -> None:
        # aboard: (destination, square the parcel was on at the start of the plan)
        if first is not None:
            if whole:  # what the plan earns a round (see the docstring)
                score = gain / (used / AVG_TURN + RATE_ROUNDS)
            else:
                now = rounds_at(used)
                rest = [Parcel(d, sq + now) for d, sq in aboard]
                leftover = tour_value(cfg, board, cell, rest, 0, rounds_left - now) if rest else 0.0
                score = gain + LEFTOVER_SHARE * leftover - GOLD_PER_ROUND * used / AVG_TURN
            if score > best[1]:
                best[0], best[1] = first, score
        if stops_left == 0:
            return
        for dest in {d for d, _ in aboard}:
            tile = board.city(dest).delivery
            u = used + sd[tile].get(cell, 10_000) + 2
            r = rounds_at(u)
            got = sum(pay(sq + r) + cfg.undelivered_penalty for d, sq in aboard if d == dest) if r <= rounds_left else 0.0
            extend(tile, u, [x for x in aboard if x[0] != dest], emptied, gain + got, stops_left - 1,
                   Stop(tile) if first is None else first)
        room = cfg.max_carried - len(aboard)
        if room <= 0 or final_round:
            return
        for city in board.cities:
            waiting = view.waiting[city.number - 1]
            tile = city.pickup
            if not waiting or city.number in emptied:
                continue
            u = used + sd[tile].get(cell, 10_000)
            r = rounds_at(u)
            take = _takes(cfg, board, sd, tile, waiting, r)
            if not take:
                continue
            # a plan that sees past its pick-up chooses which parcels to take there and owes each
            # one's fine until it delivers it; a one-stop plan takes all (see the docstring)
            for part in (_choices(take, room) if whole else [tuple(take[:room])]):
                # a parcel taken in round r is on its first square then: its start square is -r
                extend(tile, u + 2 * len(part), aboard + [(d, -r) for d in part], emptied | {city.number},
                       gain - (cfg.undelivered_penalty * len(part) if whole else 0.0), stops_left - 1,
                       Stop(tile, part) if first is None else first)

    extend(me.cell, 0, [(x.dest, x.square) for x in me.parcels], frozenset(), 0.0, depth, None)
    return best[0]


def opening_take(cfg: OfdConfig, board: Board, view: OfdState, city: int) -> list[int]:
    """The parcels a courier starting on ``city``'s pick-up takes at once: those waiting there that
    pay at least ``LEAST_PAY`` delivered straight from it, nearest destinations first, as many as a
    courier carries (a plan's pick-up rule, :func:`_takes`, in round 0)."""
    tile = board.city(city).pickup
    return _takes(cfg, board, static_distances(board), tile, view.waiting[city - 1], 0)[:cfg.max_carried]
