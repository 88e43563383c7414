"""Decisions off the UI thread: the worker process answers, can be cancelled, and recovers."""

from __future__ import annotations

import time

import pytest

from courier.ai import worker
from courier.ai.search import Budget, SearchBot
from courier.rules import registry
from courier.rules.rng import Rng

GAME = "doorstep-dash"


def _position():
    """A Doorstep Dash position where the search has drives to weigh (its other choices are the
    heuristic's and take no thinking), reached by playing the first legal move until then."""
    from courier.ai.search import SearchBot

    game = registry.get(GAME)
    config = game.make_config(players=2)
    state = game.new_game(config, 4)
    plugin = SearchBot(GAME, "hard").plugin
    for _ in range(200):
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        plans = plugin.plans(game, game.view(state, seat), seat, legal, Rng(1), 8)
        if len({p[0].to_text() for p, _ in plans if p}) > 1:
            return game, config, game.view(state, seat), seat, legal
        game.apply(state, legal[0])
    raise AssertionError("no position with drives to weigh")


@pytest.fixture(scope="module", autouse=True)
def _stop_worker():
    yield
    worker.shutdown()


def test_worker_process_returns_a_legal_decision() -> None:
    game, config, view, seat, legal = _position()
    job = worker.start_decision(game, GAME, "search-easy", config, view, seat, legal, Rng(3), n_actions=5, position=2)
    assert isinstance(job, worker.ProcessJob)
    assert job.wait(120)
    action = job.result()
    assert action in legal
    assert job.seat == seat and job.n_actions == 5 and job.position == 2 and job.think_ms is not None
    # what the process runs, called directly, answers with the text of a legal action
    direct = worker.decide(GAME, "search-easy", config.model_dump(), game.state_to_dict(view), seat,
                           [a.to_text() for a in legal], Rng(3).state)
    assert direct in {a.to_text() for a in legal}


def test_cancelled_process_job_refuses_its_result_and_the_next_job_still_works() -> None:
    game, config, view, seat, legal = _position()
    job = worker.start_decision(game, GAME, "search-hard", config, view, seat, legal, Rng(1))
    job.cancel()
    assert job.cancelled
    with pytest.raises(RuntimeError):
        job.result()
    assert job.wait(30)  # a cancelled job is finished at once (with no result)
    again = worker.start_decision(game, GAME, "search-easy", config, view, seat, legal, Rng(2))
    assert again.wait(120)
    assert again.result() in legal


def test_a_worker_that_dies_mid_thought_ends_the_job_with_an_error() -> None:
    game, config, view, seat, legal = _position()
    job = worker.start_decision(game, GAME, "search-hard", config, view, seat, legal, Rng(6))
    assert isinstance(job, worker.ProcessJob)
    job._server.proc.kill()  # as if the system ended it
    assert job.wait(30)
    with pytest.raises(RuntimeError, match="stopped without an answer"):
        job.result()
    again = worker.start_decision(game, GAME, "search-easy", config, view, seat, legal, Rng(2))
    assert again.wait(120) and again.result() in legal


def test_thread_fallback_answers_and_stops_when_cancelled() -> None:
    game, config, view, seat, legal = _position()
    job = worker.start_decision(game, GAME, "search-easy", config, view, seat, legal, Rng(3), use_process=False)
    assert isinstance(job, worker.ThreadJob)
    assert job.wait(60)
    assert job.result() in legal

    started = []

    def endless(cancelled) -> object:
        started.append(True)
        while not cancelled():
            time.sleep(0.001)
        return legal[0]

    slow = worker.ThreadJob(seat, 0, endless)
    assert not slow.done()
    slow.cancel()
    assert slow.wait(10) and started
    with pytest.raises(RuntimeError):
        slow.result()


def test_search_checks_the_cancel_flag_inside_its_loop() -> None:
    game, _, view, seat, legal = _position()
    bot = SearchBot(GAME, "hard", budget=Budget(iterations=10_000, time_cap=600.0, rollout_steps=5, depth=1, width=3))
    calls = []

    def cancelled() -> bool:
        calls.append(1)
        return len(calls) > 3

    bot.cancelled = cancelled
    action = bot.choose(game, view, seat, legal, Rng(1))
    assert action in legal
    assert bot.last.cut_short and bot.last.iterations == 3


def test_the_main_thread_keeps_running_while_the_worker_thinks() -> None:
    """Stands in for the frame loop: pure-Python work goes on while a hard decision is made."""
    game, config, view, seat, legal = _position()
    job = worker.start_decision(game, GAME, "search-hard", config, view, seat, legal, Rng(5))
    frames = 0
    while not job.done():
        sum(i * i for i in range(2000))  # a frame's worth of Python
        frames += 1
        time.sleep(0.001)
    assert job.result() in legal
    assert frames >= 3


@pytest.mark.parametrize("game_id", registry.ids())
def test_a_view_survives_the_trip_to_the_worker_in_every_game(game_id: str) -> None:
    from .helpers import positions

    game = registry.get(game_id)
    for state, view, seat in positions(game_id, game.max_players, seed=6, every=31, limit=2):
        legal = game.legal_actions(state, seat)
        text = worker.decide(game_id, "search-easy", _config_of(state).model_dump(), game.state_to_dict(view),
                             seat, [a.to_text() for a in legal], 77)
        assert text in {a.to_text() for a in legal}


def _config_of(state):
    return state.config
