"""Every game in the registry has a guided game, and its step file holds: it loads, walking it
with the rules alone reaches the end with every asked-for move legal when its step comes (twice,
with the same log), every step says at most two sentences, and its length is honest.

These read the real files under ``docs/rules/``: a game without one fails here."""

from __future__ import annotations

import pytest

from courier.rules import registry
from courier.tutorial import load, walk
from courier.tutorial.script import MAX_SENTENCES, path_for, sentences
from courier.tutorial.walk import Walker, length

GAMES = list(registry.ids())


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_a_step_file(game_id):
    assert path_for(game_id).is_file(), f"{game_id} has no guided game ({path_for(game_id).name})"


def _walked(game_id: str) -> list[str]:
    script = load(game_id)
    walker = Walker(script)
    steps = [v.index for v in walk(script, walker=walker)]
    assert walker.finished and walker.match.is_over()
    assert steps == sorted(set(steps)) and steps[-1] == len(script.steps) - 1
    return list(walker.match.log)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_script_walks_to_its_end_the_same_way_twice(game_id):
    first = _walked(game_id)
    assert first == _walked(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_steps_are_short_and_the_length_is_honest(game_id):
    script = load(game_id)
    assert all(sentences(s.say) <= MAX_SENTENCES for s in script.steps)
    assert 10 <= script.minutes <= 15
    est = length(script).minutes
    assert abs(est - script.minutes) <= 2, f"the file says {script.minutes} minutes, a newcomer takes about {est:.1f}"
    assert script.play_index() is not None, "a guided game ends in free play"
