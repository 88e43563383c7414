"""Playing whole games between outside players and a uniformly random one, for the gauntlet tests."""

from __future__ import annotations

from typing import Any, Sequence

from courier.dev.gauntlet import make_outsider
from courier.rules import registry
from courier.rules.rng import Rng

#: every game, with the table sizes it is played at and options that keep a test game short
GAMES: dict[str, tuple[tuple[int, ...], dict[str, Any]]] = {
    "next-day": ((3, 4), {"quick_setup": True, "round_limit": 25}),
    "doorstep-dash": ((2, 3, 4), {}),
    "package-pandemonium": ((1, 2, 3), {}),
    "out-for-delivery": ((2, 3, 4), {}),
}


class RandomPlayer:
    """Any legal action, drawn uniformly from the player's own generator."""

    level = "random"

    def choose(self, game, view, seat, legal, rng):
        return legal[rng.randbelow(len(legal))]


def player(game_id: str, name: str, strict: bool = True):
    if name == "random":
        return RandomPlayer()
    p = make_outsider(game_id, name)
    p.strict = strict
    return p


def play(game_id: str, names: Sequence[str], seed: int, options: dict[str, Any] | None = None,
         limit: int = 100_000, on_choice=None):
    """Play one game seat by seat through views; every choice must be on offer.

    Returns (game, final state, decisions made).
    """
    game = registry.get(game_id)
    cfg = game.make_config(players=len(names), **(options or {}))
    state = game.new_game(cfg, seed)
    players = [player(game_id, n) for n in names]
    rngs = [Rng(seed * 101 + i) for i in range(len(names))]
    made = 0
    while not game.is_over(state) and made < limit:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        action = players[seat].choose(game, view, seat, legal, rngs[seat])
        assert action in legal, f"{names[seat]} chose {action} in {game_id}, not on offer"
        if on_choice is not None:
            on_choice(names[seat], action)
        game.apply(state, action)
        made += 1
    return game, state, made
