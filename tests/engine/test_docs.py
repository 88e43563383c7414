"""The examples in docs/api.md run and give what the page says."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from courier.rules import registry

DOC = Path(__file__).resolve().parents[2] / "docs" / "api.md"


def test_api_examples_run() -> None:
    registry.get("next-day")
    result = doctest.testfile(
        str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False
    )
    assert result.attempted > 20
    assert result.failed == 0


def test_api_page_names_every_public_call() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in (
        "registry.get", "registry.ids", "make_config", "new_game", "to_act", "legal_actions", "apply",
        "IllegalAction", "to_text", "parse_action", "view", "is_over", "scores", "winners", "clone",
        "SeatSpec", "Match.new", "submit", "undo", "start_ai", "save_match", "load_match", "list_saves",
        "FORMAT_VERSION", "UPGRADES", "COURIER_HOME",
    ):
        assert name in text, name
