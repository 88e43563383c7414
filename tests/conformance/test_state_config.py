"""Every game's state knows its game by one name: ``config``, typed as that game's config class.

A reader (or a screen, or a computer player) who learns one game's state can read the others':
no state carries its game as ``cfg``, ``eng`` or an ``Any``-typed field, and the back-reference
is never saved (a save is given its config when it is loaded)."""

from __future__ import annotations

import dataclasses
import typing

import pytest

from courier.rules import registry

OTHER_NAMES = ("cfg", "eng", "engine", "game", "rules")


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_state_holds_its_config_by_one_typed_name(game_id: str) -> None:
    game = registry.get(game_id)
    cfg = game.make_config(players=game.min_players)
    state = game.new_game(cfg, 1)
    fields = {f.name: f for f in dataclasses.fields(type(state))}
    assert "config" in fields, f"{game_id}: the state's back-reference is not named config"
    assert not fields["config"].init and not fields["config"].compare, "never saved, never compared"
    assert typing.get_type_hints(type(state))["config"] is game.config_model
    assert [n for n in OTHER_NAMES if n in fields] == [], f"{game_id}: a second back-reference"
    assert all(typing.get_type_hints(type(state))[n] is not typing.Any for n in fields), \
        f"{game_id}: a state field typed Any"
    for made in (state, state.clone(), game.view(state, 0),
                 game.state_from_dict(cfg, game.state_to_dict(state))):
        assert made.config is cfg, f"{game_id}: a copied, redacted or loaded state lost its config"
    assert "config" not in game.state_to_dict(state)


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_deep_copy_of_a_state_plays_on(game_id: str) -> None:
    """A deep copy of a position (as a test or a tool takes one) is played on by the same rules,
    its config a copy too, and plays as the original does."""
    import copy

    game = registry.get(game_id)
    state = game.new_game(game.make_config(players=game.min_players), 3)
    twin = copy.deepcopy(state)
    seat = game.to_act(state)[0]
    action = game.legal_actions(state, seat)[0]
    assert [e.text for e in game.apply(twin, action)] == [e.text for e in game.apply(state, action)]
