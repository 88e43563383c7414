"""What Package Pandemonium's screens ask the rules: steps left on a route, what a planned
route costs and why it is refused (see :mod:`courier.rules.table`)."""

from __future__ import annotations

from dataclasses import dataclass

from courier.rules.package_pandemonium.board import Board
from courier.rules.package_pandemonium.config import PandemoniumConfig
from courier.rules.package_pandemonium.engine import engine_for
from courier.rules.package_pandemonium.state import PState, Van
from courier.rules.table import Table


@dataclass(frozen=True)
class PandemoniumTable(Table[PandemoniumConfig, PState, Board]):
    """Package Pandemonium asked about the position ``seen``."""

    game_id = "package-pandemonium"

    def steps_left(self) -> int:
        """The steps the van on its route may still take this round."""
        return engine_for(self.cfg, self.board).steps_left(self.seen)

    def driving(self) -> Van:
        """The van whose route it is."""
        return self.seen.vans[self.seen.order[self.seen.order_index]]

    def drive_problem(self, dirs: tuple[str, ...]) -> str | None:
        """Why the rules refuse a whole planned route for the driving van (None: they take it)."""
        return engine_for(self.cfg, self.board).drive_problem(self.seen, self.driving(), dirs)

    def drive_cost(self, dirs: tuple[str, ...]) -> int:
        """The sat-nav charges a planned route spends crossing the van's own route."""
        return engine_for(self.cfg, self.board).drive_cost(self.seen, self.driving(), dirs)
