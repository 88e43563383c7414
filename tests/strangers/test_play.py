"""Every stranger plays whole games of its game with legal actions only, the same game from the
same seed, against a random player and against itself, at every table size the game allows."""

from __future__ import annotations

import random

import pytest

from courier.rules import registry
from courier.rules.rng import Rng
from courier.strangers import LEVELS, make_stranger

#: actions a game may take before the test calls it stuck (the rules' own safety nets end
#: every game long before this)
CAP = 20_000


class RandomSeat:
    """A seat that picks any legal action (the yardstick every stranger must beat)."""

    def choose(self, game, view, seat, legal, rng):
        return legal[rng.randbelow(len(legal))]


def play(game_id: str, kinds: list[str], seed: int) -> tuple[list[str], list[float], list[int]]:
    """One whole game; the log of actions (text), the scores and the winners."""
    game = registry.get(game_id)
    state = game.new_game(game.make_config(players=len(kinds)), seed)
    seats = [RandomSeat() if k == "random" else make_stranger(game_id, k) for k in kinds]
    log: list[str] = []
    while not game.is_over(state):
        assert len(log) < CAP, f"{game_id} {kinds}: no end after {CAP} actions"
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        assert legal, f"{game_id}: seat {seat} has nothing to do in a game not over"
        action = seats[seat].choose(game, game.view(state, seat), seat, legal, Rng(seed * 100_003 + len(log)))
        assert action in legal, f"{kinds[seat]} chose {action} which is not legal"
        game.apply(state, action)
        log.append(action.to_text())
    return log, game.scores(state), game.winners(state)


def tables(game_id: str) -> list[int]:
    game = registry.get(game_id)
    return list(range(game.min_players, game.max_players + 1))


CASES = [(g, k) for g in registry.ids() for k in LEVELS]


@pytest.mark.parametrize("game_id,kind", CASES)
def test_a_stranger_plays_whole_games_against_random_and_itself(game_id: str, kind: str) -> None:
    rnd = random.Random(f"{game_id}/{kind}")
    for n in tables(game_id):
        seat = rnd.randrange(n)
        kinds = ["random"] * n
        kinds[seat] = kind
        play(game_id, kinds, rnd.randrange(1, 10_000))
        play(game_id, [kind] * n, rnd.randrange(1, 10_000))


@pytest.mark.parametrize("game_id,kind", CASES)
def test_the_same_seed_plays_the_same_game(game_id: str, kind: str) -> None:
    n = registry.get(game_id).min_players
    other = [k for k in LEVELS if k != kind][0]
    kinds = [kind] + [other, "random", kind][: max(0, n - 1)] if n > 1 else [kind]
    first = play(game_id, kinds, 31)
    assert play(game_id, kinds, 31) == first
    assert play(game_id, kinds, 32)[0] != first[0]


@pytest.mark.parametrize("game_id,kind", CASES)
def test_a_stranger_beats_random_play(game_id: str, kind: str) -> None:
    """Most of six games against random seats (the seats rotate); in practice it wins them all."""
    n = max(2, registry.get(game_id).min_players)
    wins = 0.0
    for g in range(6):
        kinds = ["random"] * n
        kinds[g % n] = kind
        _, _, winners = play(game_id, kinds, 900 + g)
        wins += 1 / len(winners) if g % n in winners else 0
    assert wins >= 4
