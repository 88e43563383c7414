"""One place per game names its parts (courier.rules.registry.PARTS), and every table that used
to map a game to its modules reads it: each named module exists and offers what its reader calls."""

from __future__ import annotations

import dataclasses
import importlib
import importlib.util

import pytest

from courier.ai import base as ai_base
from courier.ai import plugins, yardsticks
from courier.rules import registry
from courier.scenes import games as scene_games

#: part -> the function its reader calls in it
ENTRY = {"rules": "GAME", "players": "make_bot", "plugin": "make_plugin", "reasons": "reason",
         "yardsticks": "make", "view": "make_view"}


def test_the_parts_are_the_ones_the_readers_know() -> None:
    assert [f.name for f in dataclasses.fields(registry.GameParts)] == list(ENTRY)
    assert registry.ids() == list(registry.PARTS)


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_named_part_exists_and_offers_its_entry(game_id: str) -> None:
    parts = registry.parts(game_id)
    assert registry.package(game_id) == parts.rules
    for name, entry in ENTRY.items():
        module = getattr(parts, name)
        if name == "plugin":  # a class, named "module:Class"
            module, _, entry = module.partition(":")
        assert module and importlib.util.find_spec(module) is not None, f"{game_id}: {name} {module!r}"
        assert hasattr(importlib.import_module(module), entry), f"{module} has no {entry}"


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_readers_find_the_parts_through_the_registry(game_id: str) -> None:
    parts = registry.parts(game_id)
    assert ai_base.has_player(game_id)
    assert type(ai_base.heuristic_bot(game_id)).__module__ == parts.players
    plugin = plugins.plugin_for(game_id)
    assert f"{type(plugin).__module__}:{type(plugin).__name__}" == parts.plugin
    assert type(yardsticks.make_yardstick(game_id, "greedy")).__module__.startswith("courier.ai.yardsticks")
    assert scene_games.VIEWS[game_id] == parts.view


def test_an_unknown_game_has_no_parts() -> None:
    assert registry.part("no-such-game", "players") is None
    assert not ai_base.has_player("no-such-game")
    with pytest.raises(KeyError, match="no game called"):
        registry.parts("no-such-game")
    with pytest.raises(ValueError, match="no yardsticks"):
        yardsticks.make_yardstick("no-such-game", "greedy")
