"""Undo belongs to the person who moved, in every game and every mix of people and computers.

With two or more people at the table, a seat may take back a move only if that move was its own
and nothing by another seat (a person or a computer) came after it: never past a hand-off, never
another person's secret. With one person against computers Undo keeps its old reach (back past the
computers' answers to the person's own last move). Random tables, random legal moves.
"""

from __future__ import annotations

import itertools

import pytest

from courier.match import Match, SeatSpec
from courier.rules import registry
from courier.rules.rng import Rng

COLOURS = [(220, 60, 60), (60, 110, 220), (60, 170, 90), (230, 170, 40)]
ACTIONS = 220


def tables(game_id: str) -> list[tuple[str, ...]]:
    """Every mix of people and computers the game allows (the seats in every order)."""
    game = registry.get(game_id)
    out: list[tuple[str, ...]] = []
    for n in range(max(1, game.min_players), game.max_players + 1):
        out += [kinds for kinds in itertools.product(("human", "ai"), repeat=n) if "human" in kinds]
    return out


def seats_of(kinds: tuple[str, ...]) -> list[SeatSpec]:
    return [SeatSpec(f"Seat {i + 1}", COLOURS[i], kind=k, level="easy") for i, k in enumerate(kinds)]


@pytest.mark.parametrize("game_id", registry.ids())
def test_undo_is_only_ever_the_movers_own_last_move(game_id: str) -> None:
    checked = undone = refused_after_other = 0
    for t, kinds in enumerate(tables(game_id)):
        m = Match.new(game_id, seats_of(kinds), seed=500 + t)
        rng = Rng(900 + t)
        people = [i for i, k in enumerate(kinds) if k == "human"]
        for _ in range(ACTIONS):
            if m.is_over():
                break
            seat = min(m.to_act())
            action = rng.choice(m.legal(seat))
            m.submit(action)
            last_seat = action.seat
            for s in [*range(len(kinds)), None]:
                if not m.can_undo(by=s):
                    if len(people) >= 2 and s != last_seat and s is not None:
                        refused_after_other += 1
                    continue
                checked += 1
                if len(people) >= 2:
                    # hot-seat: only the mover, only their own move, nothing after it
                    assert s == last_seat and kinds[s] == "human", (kinds, m.log[-3:], s)
            if len(people) >= 2 and kinds[last_seat] == "human" and rng.random() < 0.3 and m.can_undo(by=last_seat):
                n = len(m.log)
                assert m.undo(by=last_seat)
                assert len(m.log) == n - 1, "a person's Undo took back more than their own move"
                assert last_seat in m.to_act(), "after Undo the move is the same person's again"
                undone += 1
                m.redo()
    assert checked > 0 and refused_after_other > 0
    assert undone > 0, f"{game_id}: no person ever took back a move"


@pytest.mark.parametrize("game_id", registry.ids())
def test_after_a_hand_off_the_next_person_cannot_take_back_the_last(game_id: str) -> None:
    """Two people: play until the turn passes from one to the other; the newcomer may not undo."""
    game = registry.get(game_id)
    n = max(2, game.min_players)
    kinds = ("human", "human") + ("ai",) * (n - 2)
    seen = 0
    for seed in range(6):
        m = Match.new(game_id, seats_of(kinds), seed=seed)
        rng = Rng(seed)
        for _ in range(ACTIONS):
            if m.is_over():
                break
            seat = min(m.to_act())
            action = rng.choice(m.legal(seat))
            m.submit(action)
            nxt = min(m.to_act()) if m.to_act() else None
            if nxt is not None and nxt != action.seat and kinds[nxt] == "human" and kinds[action.seat] == "human":
                assert not m.can_undo(by=nxt) and not m.undo(by=nxt)
                seen += 1
    assert seen > 0
