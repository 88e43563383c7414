"""The wrong actions the golden harness (``tests/golden_play.py``) throws at random positions.

Two kinds, because two earlier harnesses were merged and their digests kept:

- *Hashed mutations* (Next Day, Doorstep Dash): actions built from the legal ones by changing a
  field (another seat, a longer or shorter route, a price at or below the limit ...) plus a few
  from anywhere. Each one's fate, refused or accepted and what it did, goes into the digest, so a
  rules change that starts accepting or refusing one of them changes the digest.
- *Near misses* (every game): the text of a legal action with one word changed, or a legal action
  handed to another seat. Anything not in the legal list must be refused with a readable
  ``IllegalAction`` and must leave the state exactly as it was. These are asserted, not hashed.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Callable

from courier.rules.base import Action, IllegalAction
from courier.rules.rng import Rng

#: mutated actions tried at a probed position (hashed mutations)
PROBES = 6
#: near misses tried at a probed position
NEAR_MISSES = 10

Mutator = Callable[[Any, Any, Any, int, list[Action], Rng], list[Action]]


def _other_seats(players: int, seat: int) -> list[int]:
    return [s for s in range(players) if s != seat]


def _sample(rng: Rng, items: list[Action], k: int) -> list[Action]:
    return rng.sample(items, min(k, len(items)))


# -- hashed mutations: Next Day -------------------------------------------------------------------
def next_day_mutations(game: Any, cfg: Any, state: Any, seat: int, legal: list[Action], rng: Rng) -> list[Action]:
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


# -- hashed mutations: Doorstep Dash --------------------------------------------------------------
def doorstep_dash_mutations(game: Any, cfg: Any, state: Any, seat: int, legal: list[Action], rng: Rng) -> list[Action]:
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


# -- near misses: every game ----------------------------------------------------------------------
def _near_misses(game: Any, state: Any, legal: dict[int, list[Action]], vocab: list[str], rng: Rng,
                 players: int, seat_in_text: bool) -> list[Action]:
    """Actions near the legal ones: other seats, and one word of the text changed."""
    out: list[Action] = []
    base = [a for seat in sorted(legal) for a in legal[seat]]
    if not base:
        return out
    for _ in range(NEAR_MISSES):
        a = rng.choice(base)
        if rng.randbelow(3) == 0:
            seat = rng.randbelow(players + 1)
            if seat != a.seat:
                out.append(dataclasses.replace(a, seat=seat))
            continue
        words = a.to_text().split()
        i = rng.randbelow(len(words))
        w = words[i]
        if w.isdigit():
            words[i] = str(max(0, int(w) + rng.choice((-2, -1, 1, 2, 7))))
        else:
            words[i] = rng.choice(vocab)
        try:
            b = game.parse_action(state, " ".join(words))
        except IllegalAction:
            continue
        if not seat_in_text:
            b = dataclasses.replace(b, seat=a.seat)  # the text names no seat: keep the one it came from
        out.append(b)
    return out


def near_miss_probe(game: Any, state: Any, legal: dict[int, list[Action]], vocab: list[str], rng: Rng,
                    players: int, *, seat_in_text: bool, free_form: Callable[[Action, list[Action]], bool],
                    counted: Callable[[str], bool], same: Callable[[Action], Any],
                    record: Callable[[str], None] | None = None) -> None:
    """Throw near misses at a clone; each one not in the legal list must be refused cleanly.

    ``free_form`` says which actions a ruleset accepts beyond its list on purpose (given the listed
    actions of the seat), which are let through when accepted;
    ``counted`` says which action texts take part in golden play at all; ``same`` gives what an
    action is compared with the listed ones by (its text, unless one action has several).
    """
    listed = {seat: {same(a) for a in acts} for seat, acts in legal.items()}
    for cand in _near_misses(game, state, legal, vocab, rng, players, seat_in_text):
        text = cand.to_text()
        if not counted(text) or same(cand) in listed.get(cand.seat, ()):
            continue
        trial = state.clone()
        try:
            game.apply(trial, cand)
        except IllegalAction as exc:
            assert str(exc), f"{text}: refused without a reason"
            assert trial == state, f"{text}: refused, but the state changed"
            if record:
                record(f"refused {cand.seat} {text}: {exc}")
            continue
        if free_form(cand, legal.get(cand.seat, [])):
            continue
        raise AssertionError(f"{text!r} (seat {cand.seat}) is not a legal action but was accepted")
