"""Next Day's end-of-game figures, counted from the events of the game as played.

Everything counted here is open to all at the table (credits, contracts and loads are public).
"""

from __future__ import annotations

from courier.rules.stats import GameStats, Played

DELIVERED = "Parcels delivered"
CONTRACTS = "Contracts completed"
FEES = "Fees earned"
ROADS = "Road sections driven"
AUCTIONS = "Auctions won"
BLOCKAGES = "Blockages moved"
ILLEGAL = "Illegal loads"

#: what the score is called, for the chart's axis
SCORE = "Credits"
FIGURES = (DELIVERED, CONTRACTS, FEES, ROADS, AUCTIONS, BLOCKAGES, ILLEGAL)


def statistics(played: Played) -> GameStats:
    figures = played.blank(FIGURES)
    for ev in played.events():
        data = ev.data
        kind = ev.kind
        if kind == "delivered":
            mine = figures[data["seat"]]
            mine[DELIVERED] += 1
            mine[FEES] += data["amount"]
        elif kind == "completed":
            figures[data["seat"]][CONTRACTS] += 1
        elif kind == "moved":
            figures[data["seat"]][ROADS] += len(data["path"]) - 1
        elif kind == "auction_won":
            figures[data["seat"]][AUCTIONS] += 1
        elif kind == "blockage_moved":
            figures[data["seat"]][BLOCKAGES] += 1
        elif kind == "collected" and data["illegal"]:
            figures[data["seat"]][ILLEGAL] += 1
    return played.result(figures, SCORE)
