"""What Out For Delivery's screens ask the rules: costs in half movement points, reach, what a
parcel pays, why an action is refused (see :mod:`courier.rules.table`)."""

from __future__ import annotations

from dataclasses import dataclass

from courier.rules.base import Action
from courier.rules.out_for_delivery import costs, engine
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.checks import check
from courier.rules.out_for_delivery.config import OfdConfig
from courier.rules.out_for_delivery.state import OfdState
from courier.rules.table import Table


@dataclass(frozen=True)
class OfdTable(Table[OfdConfig, OfdState, Board]):
    """Out For Delivery asked about the position ``seen``. Costs are in half MP, as the rules
    count them (the screens halve them to show)."""

    game_id = "out-for-delivery"

    def refusal(self, action: Action) -> str | None:
        return check(self.cfg, self.board, self.seen, action)

    def dmc(self, seat: int, region: int) -> int:
        """What a step costs ``seat`` in ``region`` this turn, weather and items counted."""
        return costs.dmc(self.seen, seat, region)

    def step_cost(self, seat: int, cell: int) -> int | None:
        """What entering ``cell`` costs ``seat`` (None: it cannot be entered this round)."""
        return costs.step_cost(self.board, self.seen, seat, cell)

    def here_cost(self, seat: int) -> int:
        """What a pick-up, delivery, purchase, sale or trade costs where ``seat`` stands."""
        return costs.here_cost(self.board, self.seen, seat)

    def handling_cost(self, seat: int) -> int:
        """What picking up or delivering costs ``seat`` here (nothing on election day)."""
        return costs.handling_cost(self.board, self.seen, seat)

    def distances(self, seat: int, limit: int | None = None) -> tuple[dict[int, int], dict[int, int]]:
        """The cheapest cost from ``seat``'s tile to every tile within ``limit``, and each
        tile's predecessor on that way."""
        return costs.distances(self.board, self.seen, seat, limit)

    @staticmethod
    def path_to(prev: dict[int, int], start: int, goal: int) -> list[int]:
        """The tiles from ``start`` to ``goal`` along ``prev`` (from :meth:`distances`)."""
        return costs.path_to(prev, start, goal)

    def parcel_value(self, square: int) -> int:
        """Gold a delivery pays from ``square`` this round."""
        return costs.parcel_value(self.cfg, self.seen, square)

    def wealth(self, seat: int) -> int:
        """What ``seat`` is worth as the final scoring counts it."""
        return costs.wealth(self.cfg, self.seen.players[seat])

    def thing_words(self, thing: str) -> str:
        """A trade thing in words ("a parcel for Ayr (square 3)", "an Umbrella", "20 gold")."""
        return engine.thing_words(self.board, thing)
