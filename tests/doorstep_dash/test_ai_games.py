"""The heuristic drivers play whole games at mixed levels, and play them well enough to finish."""

from __future__ import annotations

import time

import pytest

from courier.ai.base import make_bot
from courier.rules.doorstep_dash import actions as A
from courier.rules.rng import Rng
from tests.doorstep_dash.helpers import GAME, check_invariants, config

LEVELS = ("easy", "normal", "hard")


def play_ai(seed: int, players: int, levels: list[str]):
    s = GAME.new_game(config(players), seed)
    bots = [make_bot("doorstep-dash", lv) for lv in levels]
    rng = Rng(seed)
    n, slowest = 0, 0.0
    while not GAME.is_over(s):
        seat = GAME.to_act(s)[0]
        view = GAME.view(s, seat)
        legal = GAME.legal_actions(view, seat)
        assert legal == GAME.legal_actions(s, seat), "the view must give the same choices"
        t0 = time.perf_counter()
        act = bots[seat].choose(GAME, view, seat, legal, rng)
        slowest = max(slowest, time.perf_counter() - t0)
        assert act in legal
        GAME.apply(s, act)
        n += 1
        if n % 25 == 0:
            check_invariants(s)
    check_invariants(s)
    return s, slowest


@pytest.mark.parametrize("chunk", range(5))
def test_ai_games_finish(chunk: int) -> None:
    finished = 0
    for seed in range(chunk * 10, chunk * 10 + 10):
        players = 2 + seed % 3
        levels = [LEVELS[(seed + i) % 3] for i in range(players)]
        s, _ = play_ai(seed, players, levels)
        assert s.phase == "over"
        finished += s.ended == "done"
        assert sum(len(p.delivered) for p in s.players) > 0
    assert finished >= 9, "heuristic drivers should finish the deck, not hit the round limit"


def test_normal_beats_easy_more_often_than_not() -> None:
    wins = 0
    games = 12
    for seed in range(100, 100 + games):
        levels = ["normal", "easy"] if seed % 2 else ["easy", "normal"]
        s, _ = play_ai(seed, 2, levels)
        normal = levels.index("normal")
        wins += normal in GAME.winners(s)
    assert wins >= games // 2


def test_bot_keeps_claims_and_plays_blue_sensibly() -> None:
    from tests.doorstep_dash.helpers import set_bonus, started

    bot = make_bot("doorstep-dash", "normal")
    s = GAME.new_game(config(2), 9)
    seat = GAME.to_act(s)[0]
    act = bot.choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), Rng(1))
    # the opening keeps what pays its driving: never fewer than it may, never a rich roof left
    board = GAME.board(s.config)
    rich = {h for h in s.opening_draw if s.config.colour_points[board.houses[h].colour] >= 4}
    assert isinstance(act, A.Keep) and len(act.cards) >= 3 and rich <= set(act.cards)
    s = started(2)
    seat = s.current
    from courier.rules.doorstep_dash.state import Pending

    set_bonus(s, seat, ["blue"])
    s.pending = Pending("test", seat, roll=2, target=4, source="Ford")
    act = bot.choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), Rng(1))
    assert isinstance(act, A.PlayBlue)  # one card turns a lost turn into a pass
    s.pending = Pending("test", seat, roll=1, target=6, source="Ford")
    act = bot.choose(GAME, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), Rng(1))
    assert isinstance(act, A.Accept)  # one card cannot make 6 from 1: keep it
