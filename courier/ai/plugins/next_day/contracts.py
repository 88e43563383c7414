"""Next Day's Hard builds the next seat's contracts to pay little for a lot of driving."""

from __future__ import annotations

from typing import Any

from courier.rules.next_day.setup import price_for
from courier.rules.next_day.state import Contract


class ContractBuilder:
    """Contracts for the next seat, for the Next Day plug-in (with ``RaceToDeclare``:
    ``_schedule``; ``prior_bot`` is the heuristic whose contract plan it starts from)."""

    prior_bot: Any
    #: credits one round of the next seat's driving is worth when Hard builds its contracts (of
    #: 0 to 60 tried over 600 heuristic games, 10 to 15 did best; at 40 and more the contracts
    #: pay so well for the driving that the next seat wins more, not less)
    contract_round_worth = 12.0

    def _contracts(self, board: Any, state: Any, seat: int) -> dict[tuple[str, str], int]:
        """Contracts for the next seat that pay it little for a lot of driving. The heuristic's
        plan is improved by hill-climbing (swap two towns between contracts, turn one round, move
        a parcel to another contract) on what the next seat earns less ``contract_round_worth``
        for every round it needs to finish them all: first as its greedy plan would drive them,
        then (cheap contracts that only a careless driver finds slow are no use against a good
        one) with its first stops for the van and the bike chosen well. Only this seat's own hand
        and the board go in; the same hand always gives the same contracts, remembered for the
        next step of set-up (the search runs afresh for every decision)."""
        cfg = state.config
        key = (cfg.model_dump_json(), seat, tuple(state.players[seat].hand),
               tuple((b.kind, b.road) for b in state.blockages), self.contract_round_worth)
        if key in _CONTRACTS:
            return dict(_CONTRACTS[key])
        nxt = (seat + 1) % len(state.players)
        trial = state.clone()
        trial.current = nxt

        def cost(pairs: list[list[str]], counts: list[int], first_stops: bool) -> float:
            trial.contracts = [Contract(i, nxt, a, b, price_for(board, cfg, a, b), n, n)
                               for i, ((a, b), n) in enumerate(zip(pairs, counts))]
            finish, _ = self._schedule(board, trial, nxt)
            if first_stops:
                towns = sorted({a for a, _ in pairs})
                for van in towns:
                    for bike in towns:
                        finish = min(finish, self._schedule(board, trial, nxt, {"van": van, "bike": bike})[0])
            return sum(c.price * c.parcels for c in trial.contracts) - self.contract_round_worth * finish

        start = self.prior_bot._contract_plan(board, cfg, state.players[seat].hand)
        pairs, counts = [list(ab) for ab in start], list(start.values())
        for first_stops in (False, True):
            pairs, counts = _climb(pairs, counts, lambda p, c: cost(p, c, first_stops))
        plan = {(a, b): n for (a, b), n in zip(pairs, counts)}
        if len(_CONTRACTS) >= 64:
            _CONTRACTS.clear()
        _CONTRACTS[key] = plan
        return dict(plan)


#: contracts Hard has planned, by seat, hand and blockages (a pure function, worth a second)
_CONTRACTS: dict[tuple, dict[tuple[str, str], int]] = {}


def _climb(pairs: list[list[str]], counts: list[int], cost: Any) -> tuple[list[list[str]], list[int]]:
    """Hill-climb a contract plan (town pairs and parcels on each) to a lower ``cost``: take the
    first change that improves it (turn a contract round, move a parcel, swap two towns between
    contracts), and again, until none does."""
    best = cost(pairs, counts)
    k = len(pairs)
    moves: list[tuple[str, int, int, int, int]] = []
    for i in range(k):
        moves.append(("turn", i, 0, 0, 0))
        for j in range(k):
            if i != j:
                moves.append(("parcel", i, 0, j, 0))
            if i < j:
                moves += [("swap", i, x, j, y) for x in (0, 1) for y in (0, 1)]
    for _ in range(100):
        for kind, i, x, j, y in moves:
            p2, c2 = [list(ab) for ab in pairs], list(counts)
            if kind == "turn":
                p2[i].reverse()
            elif kind == "parcel":
                if c2[i] == 1:
                    continue
                c2[i] -= 1
                c2[j] += 1
            else:
                p2[i][x], p2[j][y] = p2[j][y], p2[i][x]
            value = cost(p2, c2)
            if value < best - 1e-9:
                best, pairs, counts = value, p2, c2
                break
        else:
            break
    return pairs, counts
