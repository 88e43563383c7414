"""The version rule: a change in what a log replays to raises the game's version.

Saves are proven by replaying their logs, so a rules change that a log replays differently under,
made without raising the game's version, turns every save of that version into a "damaged" one.
The recorded replays (``tests/replay_golden.py``, data in ``replay_golden.json``) catch it: each
game's fixed logs must replay to the digests recorded for every version this build replays.
"""

from __future__ import annotations

import pytest

from courier.match import Match, SeatSpec
from courier.rules import registry
from tests import replay_golden as R


@pytest.mark.parametrize("game_id", R.GAMES)
def test_every_version_of_the_game_replays_its_logs_as_recorded(game_id: str) -> None:
    problems = R.differences(R.load(), game_id)
    assert not problems, "\n".join(problems)


def test_the_recorded_replays_cover_every_game() -> None:
    assert set(R.load()) == set(R.GAMES) == set(registry.ids())


@pytest.mark.parametrize("game_id", R.GAMES)
def test_a_new_game_is_played_under_the_current_version(game_id: str) -> None:
    game = registry.get(game_id)
    config = game.make_config(players=game.min_players)
    assert game.version_of(config) == game.version
    assert game.rules_to_try(game.version, config.model_dump(mode="json")) == (game.version,)


def test_playing_again_after_a_game_of_earlier_rules_plays_by_todays() -> None:
    game = registry.get("next-day")
    old = game.make_config(players=3, **game.options_of_version({}, 1))
    options = old.model_dump()
    options.pop("players")
    seats = [SeatSpec(f"P{i}", (9, 9, 9), "ai") for i in range(3)]
    assert Match.new("next-day", seats, seed=1, **options).config.rules_version == game.version == 2


def test_a_replay_change_without_a_version_change_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # b63fb84's change undone for new games (version 2 playing by the rules of 1), the version left as it is
    game = registry.get("next-day")
    old = type(game).options_of_version
    monkeypatch.setattr(type(game), "options_of_version", lambda self, options, version: old(self, options, 1))
    problems = R.differences(R.load(), "next-day")
    assert any(p.startswith("raise next-day's version: its logs replay differently") for p in problems), problems


def test_an_earlier_version_that_no_longer_replays_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # the flag for the rules of version 1 ignored: saves of version 1 would not open as they were
    game = registry.get("next-day")
    old = type(game).options_of_version
    monkeypatch.setattr(type(game), "options_of_version", lambda self, options, version: old(self, options, 2))
    problems = R.differences(R.load(), "next-day")
    assert any("logs of version 1 no longer replay as they did" in p for p in problems), problems
