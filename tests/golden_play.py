"""Golden digests of seeded random play: what the rules offered and what they did, position by
position, reduced to one hash per game.

Used by ``tests/<game>/test_legal_golden.py`` and by ``tools/make_legal_golden.py``, which wrote
the stored digests with the rules as they stood. A digest changes when, at any position of those
games, the legal actions of an acting seat (as sorted text), the state after an action
(``state_to_dict``), or the fate of a mutated action (refused, or accepted and what it did)
changes. Making the rules faster must change none of these; only an intended rules change may be
followed by regenerating the data (see the tool).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from pathlib import Path
from typing import Any, Callable, Iterable

from courier.rules import registry
from courier.rules.base import Action, IllegalAction
from courier.rules.rng import Rng

#: every how many positions the mutated actions are tried (they need a clone each)
PROBE_EVERY = 5
#: mutated actions tried at a probed position
PROBES = 6

Mutator = Callable[[Any, Any, Any, int, list[Action], Rng], list[Action]]


def data_path(game_id: str) -> Path:
    return Path(__file__).resolve().parent / game_id.replace("-", "_") / "legal_golden.json"


def _state_bytes(game: Any, state: Any) -> bytes:
    return json.dumps(game.state_to_dict(state), sort_keys=True, separators=(",", ":")).encode()


def _outcome(game: Any, state: Any, action: Action) -> bytes:
    """What the rules do with ``action`` at ``state`` (tried on a copy): refused, or the result."""
    trial = state.clone()
    try:
        game.apply(trial, action)
    except IllegalAction:
        return b"refused"
    return b"accepted " + hashlib.sha256(_state_bytes(game, trial)).digest()


def play(game_id: str, players: int, seed: int, limit: int, options: dict[str, Any] | None = None) -> tuple[str, int]:
    """(digest, positions seen) of one seeded random game of at most ``limit`` actions."""
    game = registry.get(game_id)
    cfg = game.make_config(players=players, **(options or {}))
    mutate = MUTATORS[game_id]
    state = game.new_game(cfg, seed)
    pick = Rng(seed * 7919 + players)
    probe = Rng(seed * 104729 + players)
    h = hashlib.sha256(_state_bytes(game, state))
    positions = 0
    while positions < limit and not game.is_over(state):
        acting = sorted(game.to_act(state))
        h.update(repr(acting).encode())
        offered: dict[int, list[Action]] = {}
        for seat in range(players):
            legal = game.legal_actions(state, seat)
            if seat in acting:
                offered[seat] = sorted(legal, key=lambda a: a.to_text())
                h.update("\n".join(a.to_text() for a in offered[seat]).encode())
            elif legal:
                h.update(f"seat {seat} is offered actions out of turn".encode())
        seat = acting[pick.randbelow(len(acting))]
        if positions % PROBE_EVERY == 0:
            for wrong in mutate(game, cfg, state, seat, offered[seat], probe):
                h.update(wrong.to_text().encode() + b" " + repr(wrong.seat).encode())
                h.update(_outcome(game, state, wrong))
        action = offered[seat][pick.randbelow(len(offered[seat]))]
        game.apply(state, action)
        h.update(_state_bytes(game, state))
        positions += 1
    return h.hexdigest(), positions


def _other_seats(players: int, seat: int) -> list[int]:
    return [s for s in range(players) if s != seat]


def _sample(rng: Rng, items: list[Action], k: int) -> list[Action]:
    return rng.sample(items, min(k, len(items)))


# -- Next Day -------------------------------------------------------------------------------------
def _next_day_mutations(game: Any, cfg: Any, state: Any, seat: int, legal: list[Action], rng: Rng) -> list[Action]:
    from courier.rules.next_day import actions as A

    board = game.board(cfg)
    names = sorted(board.places)
    out: list[Action] = []
    for a in _sample(rng, legal, 3):
        out.append(dataclasses.replace(a, seat=rng.choice(_other_seats(cfg.players, seat))))
        if isinstance(a, A.Drive):
            last = a.path[-1]
            nxt = rng.choice([n for n, _ in board.adj[last]])
            out += [dataclasses.replace(a, path=a.path + (nxt,)),
                    dataclasses.replace(a, path=a.path[:-1]),
                    dataclasses.replace(a, path=(a.path[0], last)),
                    dataclasses.replace(a, path=a.path[:-1] + (rng.choice(names),)),
                    dataclasses.replace(a, vehicle="bike" if a.vehicle == "van" else "van")]
        elif isinstance(a, (A.Collect, A.Deliver, A.Transfer)):
            out += [dataclasses.replace(a, contract=a.contract + rng.choice((-1, 1, 5))),
                    dataclasses.replace(a, vehicle="bike" if a.vehicle == "van" else "van")]
        elif isinstance(a, A.StartBid):
            price = state.contracts[a.contract].price
            out += [dataclasses.replace(a, amount=price), dataclasses.replace(a, amount=cfg.min_bid - 1),
                    dataclasses.replace(a, contract=a.contract + 1)]
        elif isinstance(a, A.Bid):
            out += [dataclasses.replace(a, amount=state.auction.lowest), dataclasses.replace(a, amount=0)]
        elif isinstance(a, A.MoveBlockage):
            out += [dataclasses.replace(a, road=rng.randint(-1, len(board.roads))),
                    dataclasses.replace(a, blockage=rng.randint(-1, len(state.blockages)))]
    anywhere = [A.EndTurn(seat), A.Declare(seat), A.Pass(seat), A.Bid(seat, rng.randint(0, 60)),
                A.Drive(seat, rng.choice(("van", "bike")), (rng.choice(names), rng.choice(names))),
                A.Collect(seat, "van", rng.randint(0, 12)), A.Deliver(seat, "bike", rng.randint(0, 12)),
                A.StartBid(seat, "van", rng.randint(0, 12), rng.randint(1, 80)),
                A.MoveBlockage(seat, rng.randint(0, 6), rng.randint(0, len(board.roads) - 1)),
                A.FinishSetup(seat), A.DealRandomly(seat)]
    out += _sample(rng, anywhere, 3)
    return _sample(rng, out, PROBES)


# -- Doorstep Dash --------------------------------------------------------------------------------
def _doorstep_dash_mutations(game: Any, cfg: Any, state: Any, seat: int, legal: list[Action], rng: Rng) -> list[Action]:
    from courier.rules.doorstep_dash import actions as A

    board = game.board(cfg)
    spaces = sorted(board.spaces)
    houses = sorted(board.houses)
    out: list[Action] = []
    for a in _sample(rng, legal, 3):
        out.append(dataclasses.replace(a, seat=rng.choice(_other_seats(cfg.players, seat))))
        if isinstance(a, A.Move):
            out += [A.Move(seat, rng.choice(board.neighbours[a.to])), A.Move(seat, rng.choice(spaces))]
        elif isinstance(a, (A.Keep, A.Claim)):
            cards = list(a.cards)
            swapped = cards[:]
            swapped[rng.randbelow(len(cards))] = rng.choice(houses)
            out += [dataclasses.replace(a, cards=tuple(swapped)), dataclasses.replace(a, cards=tuple(cards[:-1])),
                    dataclasses.replace(a, cards=tuple(cards + [rng.choice(houses)])),
                    dataclasses.replace(a, cards=tuple(reversed(cards)))]
    me = state.players[seat]
    anywhere: list[Action] = [A.Roll(seat), A.SetTrap(seat), A.RemoveTrap(seat), A.PlayBlue(seat), A.Accept(seat),
                              A.GiveUp(seat), A.EndTurn(seat), A.Give(seat, rng.choice(("blue", "red"))),
                              A.Discard(seat, rng.choice(("blue", "red"))), A.Move(seat, me.pos),
                              A.Move(seat, rng.choice(spaces)), A.Claim(seat, tuple(rng.sample(houses, 2))),
                              A.Keep(seat, tuple(rng.sample(houses, 3)))]
    out += _sample(rng, anywhere, 3)
    return _sample(rng, out, PROBES)


MUTATORS: dict[str, Mutator] = {
    "next-day": _next_day_mutations,
    "doorstep-dash": _doorstep_dash_mutations,
}

#: the games each ruleset's golden data covers: (players, seed, action limit, options)
RUNS: dict[str, list[tuple[int, int, int, dict[str, Any]]]] = {
    "next-day": [(3, 1, 1200, {}), (4, 2, 1200, {}), (3, 3, 1000, {"quick_setup": True}),
                 (4, 4, 1000, {"quick_setup": True}), (4, 5, 2000, {"round_limit": 3}),
                 (3, 6, 2000, {"round_limit": 2, "quick_setup": True})],
    "doorstep-dash": [(2, 1, 1500, {}), (3, 2, 1500, {}), (4, 3, 1500, {}), (4, 4, 1500, {}),
                      (2, 5, 1500, {"die_sides": 8}), (3, 6, 1500, {}), (4, 7, 1500, {}), (2, 8, 1500, {})],
}


def run_all(game_id: str) -> Iterable[dict[str, Any]]:
    for players, seed, limit, options in RUNS[game_id]:
        digest, positions = play(game_id, players, seed, limit, options)
        yield {"players": players, "seed": seed, "limit": limit, "options": options,
               "positions": positions, "digest": digest}
