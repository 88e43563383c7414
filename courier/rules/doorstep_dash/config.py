"""Doorstep Dash content and options: every number a designer may want to change lives here."""

from __future__ import annotations

from pydantic import Field

from courier.rules.base import GameConfig

#: Points for delivering to a house of each colour.
COLOUR_POINTS: dict[str, int] = {"blue": 1, "green": 2, "yellow": 4, "red": 6}
#: The kinds of bonus card.
BLUE = "blue"
RED = "red"
BONUS_KINDS = (BLUE, RED)
#: What a board must offer (checked when a board is read).
MIN_HOUSES = 24
MIN_HAZARDS = 5
MIN_PARKS = 2
HAZARD_SPACES = (2, 5)
HAZARD_TESTS = (3, 6)


class DoorstepConfig(GameConfig):
    """Options of one Doorstep Dash game; defaults follow the rulebook and our rulings."""

    map: str = "town"
    die_sides: int = Field(6, ge=4, le=12)
    #: destination cards a van can carry
    hand_limit: int = Field(5, ge=2, le=8)
    #: cards looked at before the first turn, and how many must be kept
    opening_draw: int = Field(5, ge=2, le=8)
    opening_keep_min: int = Field(2, ge=1, le=8)
    #: the opening keep counts as a claim: deliver once before taking more cards
    opening_is_claim: bool = True
    row_size: int = Field(5, ge=1, le=8)
    start_bonus: int = Field(3, ge=0, le=6)
    bonus_limit: int = Field(6, ge=1, le=12)
    blue_cards: int = Field(24, ge=0, le=60)
    red_cards: int = Field(12, ge=0, le=60)
    #: what one blue card adds to a test roll
    blue_bonus: int = Field(2, ge=1, le=6)
    #: a trap test is passed with a roll of at least this
    trap_test: int = Field(4, ge=1, le=12)
    colour_points: dict[str, int] = Field(default_factory=lambda: dict(COLOUR_POINTS))
    #: safety net: the game stops after this many rounds even if vans are still out
    max_rounds: int = Field(150, ge=1, le=1000)
