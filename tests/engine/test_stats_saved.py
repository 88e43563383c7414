"""A finished game's statistics are kept with its save: the save holds seed and log, and the game
loaded back (whole or opened at once with its log proven in the background) gives exactly the
statistics of the game as it was played."""

from __future__ import annotations

import pytest

from courier import saves
from courier.rules import stats
from tests.stats_play import GAMES, finished


def of(match) -> stats.GameStats:
    return stats.statistics(match.game_id, match.config, match.seed, match.log)


@pytest.mark.parametrize("gid,n", [(g, counts[-1]) for g, counts in GAMES] + [("package-pandemonium", 1)])
def test_a_finished_game_saved_and_loaded_has_the_same_statistics(gid, n):
    m = finished(gid, n, 17)
    played = of(m)
    path = saves.save_match(m, saves.free_slot(f"stats {gid}"))
    back = saves.load_match(path)
    assert back.is_over() and back.log == m.log and back.seed == m.seed
    assert of(back) == played
    opened = saves.open_match(path)
    assert opened.settle_check(timeout=None)
    assert of(opened) == played
    # and the numbers are the game's, not a default: the series ends at its final scores
    assert [s[-1] for s in played.scores] == [float(v) for v in m.game.scores(m.state)]
