"""The trade dialog's gold picker: any whole amount from 1 to the giver's purse, by +/- steps."""

from __future__ import annotations

from courier.rules.out_for_delivery import actions as A
from tests.out_for_delivery.helpers import GAME, at, board, give
from tests.out_for_delivery.test_view import Table

B = board()


def _meeting() -> Table:
    t = Table(players=2)
    s = t.s
    for i in range(2):
        GAME.apply(s, A.StartCity(i, i + 1))
    GAME.apply(s, A.Roll(0))
    s.mp = 12
    here = B.cell(5, 3)
    at(s, 0, here)
    at(s, 1, here)
    give(s, 0)
    give(s, 1, (3, 0))  # worth 200 if delivered this round
    s.players[0].gold, s.players[1].gold = 150, 20
    s.players[0].items = s.players[1].items = []
    t.refresh()
    t.click(t.button("Trade…").rect.center)
    return t


def _dialog(t: Table, cmd: str):
    return next(b for b in t.view.dialog if b.command == cmd)


def test_the_gold_picker_reaches_any_amount_and_offers_it(screen) -> None:
    t = _meeting()
    t.click(_dialog(t, "trade:give:gold:50").rect.center)
    assert t.view.trade["give"] == "gold:50"
    for text in ("+10", "+10", "+10", "+1", "-1", "-1"):
        t.click(t.button(text, dialog=True).rect.center)
    assert t.view.trade["give"] == "gold:79"
    t.click(t.button("All", dialog=True).rect.center)
    assert t.view.trade["give"] == "gold:150"
    assert not any(b.label == "+1" and b.enabled for b in t.view.dialog), "no more than the purse"
    t.click(_dialog(t, "trade:get:parcel:3@1").rect.center)
    t.shot(screen, "trade-gold-picker")
    offer = t.click(t.button("Make the offer (1 MP)", dialog=True).rect.center)
    assert offer == A.Offer(0, 1, "gold:150", "parcel:3@1")
    GAME.apply(t.s, offer)
    GAME.apply(t.s, A.Accept(1))
    assert (t.s.players[0].gold, t.s.players[1].gold) == (0, 170)


def test_the_partner_purse_limits_what_can_be_asked(screen) -> None:
    t = _meeting()
    t.click(_dialog(t, "trade:get:gold:20").rect.center)
    for _ in range(3):
        t.click(t.button("-10", dialog=True).rect.center)
        if t.view.trade["get"] == "gold:1":
            break
    assert t.view.trade["get"] == "gold:1"
    assert not any(b.label in ("-1", "-10") and b.enabled for b in t.view.dialog), "at least 1"
    make = next(b for b in t.view.dialog if b.label.startswith("Make the offer"))
    assert not make.enabled, "nothing chosen to give yet"
    t.click(_dialog(t, "trade:give:gold:50").rect.center)
    make = next(b for b in t.view.dialog if b.label.startswith("Make the offer"))
    assert not make.enabled and "gold for gold" in make.why_not and "gold for gold" in make.words, "the rules' reason is shown"
