"""A tiny study shared by the lab's tests: 2 arms x 4 quick games of Package Pandemonium."""

from __future__ import annotations

import pytest

from courier.dev.lab.study import Study, study_from_text

TINY = """\
title = "Tiny"
game = "package-pandemonium"
players = 2
seats = ["heuristic-normal", "random"]
games = 4
seed = 11

[variants.big_vans]
van_capacity = 7
"""


@pytest.fixture
def tiny() -> Study:
    return study_from_text(TINY, "tiny.toml")
