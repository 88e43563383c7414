"""One gate, for every game in the registry: in random positions, every action thrown at ``apply``
is refused cleanly (``IllegalAction``, the state unchanged) or is allowed (a legal action, or what
the game's oracle says the rules allow for a free-form family such as Next Day's routes), and
``parse_action`` refuses any text only with ``IllegalAction``.

The machinery is tests/gate_check.py; what differs per game is its entry in tests/conformance/games.py;
each game's worked examples stay in tests/<game>/test_gate.py.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.rules import registry
from tests import gate_check
from tests.conformance.games import GATE, game_ids


def test_every_game_has_gate_hooks() -> None:
    assert sorted(GATE) == sorted(registry.ids())


@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_every_action_is_refused_cleanly_or_allowed(game_id: str, seed: int, data: st.DataObject) -> None:
    game, hooks = registry.get(game_id), GATE[game_id]
    players = data.draw(st.sampled_from(hooks.players), label="players")
    depth = data.draw(st.integers(0, hooks.depth), label="depth")
    options: tuple = ()
    if hooks.maps:
        board = data.draw(st.sampled_from(hooks.maps), label="map")
        options = (("map", board),)
    cfg = hooks.config(players, **dict(options))
    state = gate_check.random_position(game, cfg, seed, depth, chooser=hooks.chooser)
    rng = random.Random(seed)
    hooks.prepare(state, players, rng, data.draw)
    pool = gate_check.action_pool(game_id, players, options=options)
    gate_check.check_position(game, state, players, rng, pool, oracle=hooks.oracle, same=hooks.same,
                              extra=hooks.extra(state, rng))


@pytest.mark.parametrize("game_id", game_ids())
@settings(max_examples=150, deadline=None)
@given(text=st.text(max_size=40))
def test_parse_action_refuses_any_text_only_with_illegal_action(game_id: str, text: str) -> None:
    game, hooks = registry.get(game_id), GATE[game_id]
    state = hooks.parse_state()
    for prefix in hooks.prefixes:
        gate_check.parse_safely(game, state, prefix + text)
