"""Out For Delivery's worked examples of names typed at set-up: trades and the ski mask, which name a
second seat, on hand-placed positions (what holds for every game, random play with and without
names included, is in tests/conformance/test_names.py)."""

from __future__ import annotations

from tests.out_for_delivery.helpers import GAME as G
from tests.out_for_delivery.helpers import act, acting, at, board, give

NAMES = ("Ann", "Bob", "Cy")
B = board()


def _meeting():
    s = acting(players=3, names=NAMES)
    here = B.cell(5, 3)
    at(s, 0, here)
    at(s, 1, here)
    give(s, 1, (5, 6))
    s.players[0].gold = 100
    s.players[1].items = ["coffee"]
    return s


def test_trade_lines_and_label_name_both_sides():
    s = _meeting()
    [offered] = act(s, "offer p2 give gold:50 get item:coffee")
    assert offered.text == "Ann offers Bob 50 gold for a Coffee."
    assert G.turn_label(s) == f"Round {s.round} - Bob answers a trade"
    [traded] = act(s, "accept")
    assert traded.text == "Bob accepts: Ann gives 50 gold for a Coffee."
    s = _meeting()
    act(s, "offer p2 give gold:50 get item:coffee")
    [declined] = act(s, "decline")
    assert declined.text == "Bob turns the trade down."


def test_ski_mask_line_names_the_victim():
    s = _meeting()
    s.players[0].items = ["ski_mask"]
    [stole] = act(s, "steal p2 5@7")
    assert stole.text.startswith("Ann pulls on a ski mask and takes Bob's parcel for ")
