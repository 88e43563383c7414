"""The rulebook and the rulings, one focused case each."""

from __future__ import annotations

import pytest

from courier.rules.base import IllegalAction
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.config import BLUE, RED
from tests.doorstep_dash.helpers import GAME, board, config, move, play_to_entrance, rigged, set_bonus, started


# -- set-up -----------------------------------------------------------------------------------
def test_start_and_first_player():
    s = GAME.new_game(config(4), 5)
    assert all(len(p.bonus) == 3 for p in s.players)
    assert all(p.pos == board().warehouse for p in s.players)
    last = s.first_rolls[-1]
    assert last[s.first] == max(last)
    assert sum(1 for v in last if v == max(last)) == 1  # ties were rolled off


def test_opening_keep():
    s = GAME.new_game(config(2), 3)
    seat = s.current
    dealt = s.opening_draw[:]
    assert len(dealt) == 5
    legal = GAME.legal_actions(s, seat)
    assert {len(a.cards) for a in legal} == {2, 3, 4, 5}
    with pytest.raises(IllegalAction):
        GAME.apply(s, A.Keep(seat, (dealt[0],)))
    GAME.apply(s, A.Keep(seat, (dealt[0], dealt[1])))
    assert s.players[seat].hand == dealt[:2]
    assert s.deck[-3:] == dealt[2:]  # to the bottom
    assert s.current == (seat + 1) % 2 and len(s.opening_draw) == 5
    GAME.apply(s, GAME.legal_actions(s, s.current)[-1])
    assert s.phase == "turn" and s.current == s.first
    assert len(s.row) == 5


def test_opening_is_a_claim():
    s = started(2)
    me = s.players[s.current]
    me.hand = me.hand[:2]
    assert not any(isinstance(a, A.Claim) for a in GAME.legal_actions(s, s.current))


# -- the warehouse -------------------------------------------------------------------------------
def _at_warehouse_empty(s):
    p = s.me
    s.deck.extend(p.hand)
    p.hand = []
    p.pos = board().warehouse
    p.may_claim = True
    return p


def test_claim_fills_the_van():
    s = started(2)
    p = _at_warehouse_empty(s)
    p.hand = [s.deck.pop(), s.deck.pop(), s.deck.pop()]
    claims = [a for a in GAME.legal_actions(s, s.current) if isinstance(a, A.Claim)]
    assert claims and all(len(a.cards) == 2 for a in claims)
    with pytest.raises(IllegalAction, match="exactly 2"):
        GAME.apply(s, A.Claim(s.current, (s.row[0],)))


def test_row_refill_not_for_claimer():
    s = started(2)
    p = _at_warehouse_empty(s)
    s.deck = s.row[2:] + s.deck
    s.row = s.row[:2]
    taken = tuple(s.row)
    events = GAME.apply(s, A.Claim(s.current, taken))
    assert p.hand == list(taken)
    assert len(s.row) == 5 and not set(s.row) & set(taken)
    assert any(e.kind == "row" and e.reveals for e in events)
    assert not any(isinstance(a, A.Claim) for a in GAME.legal_actions(s, s.current))
    with pytest.raises(IllegalAction, match="already claimed"):
        GAME.apply(s, A.Claim(s.current, tuple(s.row[:3])))


def test_deliver_before_claiming():
    s = started(2)
    seat = s.current
    p = _at_warehouse_empty(s)
    GAME.apply(s, A.Claim(seat, tuple(s.row)))
    p.hand = p.hand[:1]  # room for more, but no delivery yet
    s.claimed = False
    with pytest.raises(IllegalAction, match="deliver at least one"):
        GAME.apply(s, A.Claim(seat, (s.row[0],)))
    house = p.hand[0]
    p.hand.append(s.deck.pop())
    play_to_entrance(s, seat, house)
    move(s, seat, board().houses[house].entrance)
    assert house in p.delivered and p.may_claim


def test_hand_limit_five():
    s = started(2)
    p = _at_warehouse_empty(s)
    p.hand = [s.deck.pop() for _ in range(5)]
    assert not any(isinstance(a, A.Claim) for a in GAME.legal_actions(s, s.current))


# -- driving ---------------------------------------------------------------------------------
def test_exact_drive_rules():
    s = started(2)
    b = board()
    seat = s.current
    s.players[seat].pos = b.warehouse
    GAME.apply(s, A.Roll(seat))
    n = s.rolled
    from courier.rules.doorstep_dash.engine import current_moves

    routes = current_moves(s, b)
    assert routes
    for end, route in routes.items():
        cells = [b.warehouse] + route
        assert len(set(cells)) == len(cells)
        assert all(c2 in b.neighbours[c1] for c1, c2 in zip(cells, cells[1:]))
        held = {b.houses[h].entrance for h in s.players[seat].hand}
        assert len(route) == n or end in held
    with pytest.raises(IllegalAction, match="exactly"):
        GAME.apply(s, A.Move(seat, b.warehouse))


def test_delivery_scores_by_colour():
    b = board()
    for colour, points in (("blue", 1), ("green", 2), ("yellow", 4), ("red", 6)):
        s = started(2)
        seat = s.current
        house = next(h.name for h in b.houses.values() if h.colour == colour)
        play_to_entrance(s, seat, house)
        s.rolled = 6  # stopping early at your own house is allowed
        before = len(s.players[seat].bonus)
        move(s, seat, b.houses[house].entrance)
        p = s.players[seat]
        assert p.score == points and p.delivered == [house] and house not in p.hand
        assert len(p.bonus) == before + 1


def test_only_own_cards_deliver():
    b = board()
    s = started(2)
    seat = s.current
    house = next(iter(b.houses))
    play_to_entrance(s, seat, house)
    s.players[seat].hand.remove(house)
    s.deck.append(house)
    s.rolled = 1
    move(s, seat, b.houses[house].entrance)
    assert s.players[seat].score == 0


def test_seventh_bonus_card():
    b = board()
    s = started(2)
    seat = s.current
    house = next(iter(b.houses))
    play_to_entrance(s, seat, house)
    p = s.players[seat]
    set_bonus(s, seat, [BLUE, BLUE, BLUE, RED, RED, RED])
    move(s, seat, b.houses[house].entrance)
    assert s.pending is not None and s.pending.kind == "discard" and GAME.to_act(s) == [seat]
    assert len(p.bonus) == 7
    GAME.apply(s, A.Discard(seat, RED))
    assert len(p.bonus) == 6 and p.bonus.count(RED) + p.bonus.count(BLUE) == 6


def test_seventh_card_one_kind():
    b = board()
    s = started(2, blue_cards=40, red_cards=0, start_bonus=0)
    seat = s.current
    p = s.players[seat]
    p.bonus = [s.bonus_deck.pop() for _ in range(6)]
    house = next(iter(b.houses))
    play_to_entrance(s, seat, house)
    move(s, seat, b.houses[house].entrance)
    assert s.pending is None and len(p.bonus) == 6


# -- traps -----------------------------------------------------------------------------------------
def _plain_road(b, avoid=()):
    return next(c for c in sorted(b.spaces) if b.trap_forbidden(c) is None and c not in avoid
                and all(n not in b.hazard_at for n in b.neighbours[c]))


def test_trap_forbidden_squares():
    b = board()
    s = started(2)
    seat = s.current
    p = s.players[seat]
    set_bonus(s, seat, [RED])
    cases = [
        (next(iter(b.entrance_house)), "entrance"),
        (next(iter(b.hazard_at)), "hazard"),
        (next(c for c in b.green_cells if c != b.warehouse), "green"),
        (b.warehouse, "green"),
    ]
    for cell, word in cases:
        p.pos = cell
        with pytest.raises(IllegalAction, match=word):
            GAME.apply(s, A.SetTrap(seat))
    p.pos = _plain_road(b)
    GAME.apply(s, A.SetTrap(seat))
    assert p.trap == p.pos


def test_one_trap_each():
    b = board()
    s = started(2)
    seat = s.current
    p = s.players[seat]
    set_bonus(s, seat, [RED, RED])
    first = _plain_road(b)
    p.pos = first
    GAME.apply(s, A.SetTrap(seat))
    with pytest.raises(IllegalAction, match="already"):
        GAME.apply(s, A.SetTrap(seat))
    s.trapped = False
    p.pos = _plain_road(b, avoid={first})
    GAME.apply(s, A.SetTrap(seat))
    assert p.trap == p.pos and sum(q.trap is not None for q in s.players) == 1


def _trap_victim(s, roll: int, victim_bonus: list[str]):
    """Seat 'owner' has a trap one step from the victim, whose turn it is with a 1 rolled."""
    b = board()
    victim = s.current
    owner = 1 - victim
    cell = _plain_road(b)
    s.players[owner].trap = cell
    vp = s.players[victim]
    set_bonus(s, victim, victim_bonus)
    vp.pos = b.neighbours[cell][0]
    s.rolled = 1
    s.rng = rigged(roll)
    move(s, victim, cell)
    assert s.players[owner].trap is None  # triggered traps are removed
    return victim, owner


def test_trap_fail_no_cards():
    s = started(2)
    victim, owner = _trap_victim(s, 2, [])
    assert s.players[victim].skip_next and s.pending is None
    assert s.current == owner  # turn ended by itself
    _victim_is_skipped(s, owner, victim)


def _victim_is_skipped(s, other: int, victim: int) -> None:
    """``other`` ends a turn at the warehouse; the victim's turn is passed over, once."""
    s.players[other].pos = board().warehouse
    events = GAME.apply(s, A.EndTurn(other))
    assert any(e.kind == "skipped" and e.data["seat"] == victim for e in events)
    assert s.current == other and not s.players[victim].skip_next
    GAME.apply(s, A.EndTurn(other))
    assert s.current == victim


def test_trap_fail_gives_card():
    s = started(2)
    victim, owner = _trap_victim(s, 1, [RED, BLUE])
    assert s.pending.kind == "test"
    GAME.apply(s, A.Accept(victim))
    assert s.pending.kind == "give" and GAME.to_act(s) == [victim]
    before = list(s.players[owner].bonus)
    GAME.apply(s, A.Give(victim, RED))
    assert s.players[victim].bonus == [BLUE]
    assert sorted(s.players[owner].bonus) == sorted(before + [RED])


def test_blue_cards_save_test():
    s = started(2)
    victim, owner = _trap_victim(s, 1, [BLUE, BLUE])
    assert s.pending.kind == "test" and s.pending.roll == 1
    GAME.apply(s, A.PlayBlue(victim))
    assert s.pending is not None and s.pending.boost == 2
    GAME.apply(s, A.PlayBlue(victim))  # 1 + 4 = 5 >= 4
    assert s.pending is None
    assert s.players[victim].bonus == [] and not s.players[victim].skip_next
    assert s.bonus_discard.count(BLUE) >= 2


def test_trap_owner_discards():
    s = started(2)
    victim, owner = s.current, 1 - s.current
    op = s.players[owner]
    set_bonus(s, owner, [BLUE, BLUE, BLUE, RED, RED, RED])
    _trap_victim(s, 1, [BLUE])
    assert s.pending is not None and s.pending.kind == "test"
    GAME.apply(s, A.Accept(victim))
    assert s.pending.kind == "discard" and GAME.to_act(s) == [owner]
    GAME.apply(s, A.Discard(owner, BLUE))
    assert len(op.bonus) == 6


def test_hazard_test():
    b = board()
    for roll, lost in ((1, True), (6, False)):
        s = started(2)
        seat = s.current
        zone = max(b.hazards, key=lambda z: z.test)
        cell = sorted(zone.cells)[0]
        start = next(n for n in b.neighbours[cell] if n not in zone.cells)
        p = s.players[seat]
        set_bonus(s, seat, [])
        p.pos = start
        s.rolled = 1
        s.rng = rigged(roll)
        move(s, seat, cell)
        assert p.skip_next is lost
        if lost:
            assert s.current == 1 - seat
            _victim_is_skipped(s, 1 - seat, seat)


# -- the end ---------------------------------------------------------------------------------------
def test_game_end():
    b = board()
    s = started(2)
    for p in s.players:
        s.returned.extend(p.hand)
        p.hand = []
        p.pos = b.warehouse
    s.returned.extend(s.deck + s.row)
    s.deck, s.row = [], []
    seat = s.current
    s.players[1 - seat].pos = b.neighbours[b.warehouse][0]
    GAME.apply(s, A.EndTurn(seat))
    assert not GAME.is_over(s)
    other = 1 - seat
    s.rolled = 1
    s.players[other].pos = b.neighbours[b.warehouse][0]
    move(s, other, b.warehouse)
    assert GAME.is_over(s) and s.ended == "done"


def test_give_up_cards():
    b = board()
    s = started(2)
    seat = s.current
    p = s.players[seat]
    p.pos = b.warehouse
    assert not any(isinstance(a, A.GiveUp) for a in GAME.legal_actions(s, seat))
    s.returned.extend(s.deck + s.row)
    s.deck, s.row = [], []
    GAME.apply(s, A.GiveUp(seat))
    assert p.hand == []


def test_tie_break():
    s = started(3)
    s.players[0].score, s.players[0].delivered = 6, ["a"]
    s.players[1].score, s.players[1].delivered = 6, ["b", "c"]
    s.players[2].score = 2
    assert GAME.winners(s) == [1]


def test_round_limit():
    s = started(2, max_rounds=2)
    n = 0
    while not GAME.is_over(s) and n < 200:
        seat = GAME.to_act(s)[0]
        legal = GAME.legal_actions(s, seat)
        end = [a for a in legal if isinstance(a, A.EndTurn)]
        GAME.apply(s, end[0] if end else legal[0])
        n += 1
    assert GAME.is_over(s) and s.ended == "rounds"


def test_turn_and_refusals():
    s = started(2)
    other = 1 - s.current
    with pytest.raises(IllegalAction, match="turn"):
        GAME.apply(s, A.Roll(other))
    s.me.pos = next(c for c in board().spaces if c != board().warehouse)
    with pytest.raises(IllegalAction, match="roll"):
        GAME.apply(s, A.EndTurn(s.current))
    with pytest.raises(IllegalAction):
        GAME.parse_action(s, "fly to the moon")
