"""The rules describe the board as it is drawn: the warehouse is named by the sign painted on it."""

from __future__ import annotations

from courier import resources
from courier.scenes.games.doorstep_dash import mapart


def test_the_rules_name_the_warehouse_as_the_board_shows_it():
    rules = resources.rules_doc("doorstep-dash").read_text(encoding="utf-8")
    start = next(line for line in rules.splitlines() if "starts at the warehouse" in line)
    assert f"**{mapart.WAREHOUSE_SIGN}**" in start, start
    assert mapart.WAREHOUSE_SIGN == "WAREHOUSE"  # the game's word, not another one ("DEPOT")
