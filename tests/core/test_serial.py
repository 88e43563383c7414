import json
from dataclasses import dataclass, field
from enum import Enum

import pytest

from courier.rules.rng import Rng
from courier.rules.serial import from_data, to_data


class Phase(Enum):
    SETUP = "setup"
    PLAY = "play"


@dataclass
class Player:
    name: str
    hand: list[int] = field(default_factory=list)
    pos: tuple[int, int] | None = None


@dataclass
class State:
    rng: Rng
    phase: Phase
    players: list[Player]
    owners: dict[int, str]
    seen: frozenset[str]
    money: dict[str, float]


def test_round_trip_through_json():
    s = State(Rng(5), Phase.PLAY, [Player("Ann", [1, 2], (3, 4)), Player("Bob")], {3: "Ann"},
              frozenset({"x", "y"}), {"Ann": 2.5})
    data = json.loads(json.dumps(to_data(s)))
    assert from_data(State, data) == s


def test_unsupported_value_is_refused():
    with pytest.raises(TypeError):
        to_data(object())


def test_wrong_scalar_type_is_refused():
    with pytest.raises(TypeError):
        from_data(int, "12")
