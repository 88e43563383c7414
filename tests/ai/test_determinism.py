"""Same seed and view, same decision; hidden information the seat cannot see changes nothing."""

from __future__ import annotations

import pytest

from courier.ai.plugins import plugin_for
from courier.ai.search import SearchBot
from courier.rules import registry
from courier.rules.rng import Rng

from .helpers import GAMES, SMALL, positions

HIDDEN_KEYS = {"rng"}


def _decide(game_id: str, view, seat: int, seed: int) -> tuple[str, list]:
    game = registry.get(game_id)
    bot = SearchBot(game_id, "hard", budget=SMALL)
    legal = game.legal_actions(view, seat)
    action = bot.choose(game, view.clone(), seat, legal, Rng(seed))
    return action.to_text(), bot.last.root


@pytest.mark.parametrize("game_id", GAMES)
def test_same_seed_and_view_give_the_same_decision(game_id: str) -> None:
    found = positions(game_id, registry.get(game_id).max_players, seed=5, every=17, limit=3)
    assert found
    for _, view, seat in found:
        first = _decide(game_id, view, seat, 99)
        again = _decide(game_id, view, seat, 99)
        assert first == again  # the action and the whole root statistics


def _clean(data: dict) -> dict:
    out = {k: v for k, v in data.items() if k not in HIDDEN_KEYS}
    if "spawn_deck" in out:  # the view shows it in a scrambled order: only its contents count
        out["spawn_deck"] = sorted(out["spawn_deck"])
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_determinizations_agree_with_what_the_seat_sees(game_id: str) -> None:
    game = registry.get(game_id)
    plugin = plugin_for(game_id)
    for state, view, seat in positions(game_id, registry.get(game_id).max_players, seed=3, every=23, limit=4):
        seen = _clean(game.state_to_dict(view))
        for k in range(3):
            det = plugin.determinize(game, view, seat, Rng(k))
            assert _clean(game.state_to_dict(game.view(det, seat))) == seen
            assert game.legal_actions(det, seat) == game.legal_actions(state, seat)
            text = str(game.state_to_dict(det))
            assert "'?'" not in text and "'hidden'" not in text, "hidden cards must be dealt"


def _hide_differently(game_id: str, state, seat: int):
    """A copy of ``state`` that differs only in what ``seat`` cannot see."""
    other = state.clone()
    for attr in ("config",):
        if hasattr(state, attr):
            setattr(other, attr, getattr(state, attr))
    other.rng = Rng(123456789)
    if game_id == "doorstep-dash":
        rivals = [p for i, p in enumerate(other.players) if i != seat and p.hand]
        if rivals and other.deck:
            rivals[0].hand[0], other.deck[-1] = other.deck[-1], rivals[0].hand[0]
        other.deck.reverse()
    elif game_id == "package-pandemonium":
        for van in other.vans:
            if van.seat not in (seat, -1) and van.missions and other.mission_deck:
                van.missions[0], other.mission_deck[0] = other.mission_deck[0], van.missions[0]
        other.mission_deck.reverse()
    return other


@pytest.mark.parametrize("game_id", GAMES)
def test_hidden_information_does_not_change_the_decision(game_id: str) -> None:
    game = registry.get(game_id)
    found = positions(game_id, registry.get(game_id).max_players, seed=8, every=29, limit=2)
    assert found
    for state, _, seat in found:
        other = _hide_differently(game_id, state, seat)
        assert game.state_to_dict(other) != game.state_to_dict(state)  # really a different game
        a, b = game.view(state, seat), game.view(other, seat)
        assert game.state_to_dict(a) == game.state_to_dict(b)
        assert _decide(game_id, a, seat, 7) == _decide(game_id, b, seat, 7)
