"""Out For Delivery's end-of-game figures, counted from the events of the game as played
(everything in this game is on the table)."""

from __future__ import annotations

from courier.rules.stats import GameStats, Played

DELIVERED = "Parcels delivered"
GOLD = "Gold from deliveries"
LOST = "Parcels lost"
TILES = "Tiles travelled"
BOUGHT = "Items bought"
TRADES = "Trades made"

#: what the score is called, for the chart's axis
SCORE = "Wealth"
FIGURES = (DELIVERED, GOLD, LOST, TILES, BOUGHT, TRADES)


def statistics(played: Played) -> GameStats:
    figures = played.blank(FIGURES)
    for ev in played.events():
        data = ev.data
        kind = ev.kind
        if kind == "delivered":
            mine = figures[data["seat"]]
            mine[DELIVERED] += 1
            mine[GOLD] += data["gold"]
        elif kind == "parcels_advanced":
            for lost in data["lost"]:
                figures[lost["seat"]][LOST] += 1
        elif kind == "moved":  # on foot or by boat; a flight is not travel over the tiles
            figures[data["seat"]][TILES] += len(data["path"]) - 1
        elif kind == "bought":
            figures[data["seat"]][BOUGHT] += 1
        elif kind == "traded":
            figures[data["seat"]][TRADES] += 1
            figures[data["partner"]][TRADES] += 1
    return played.result(figures, SCORE)
