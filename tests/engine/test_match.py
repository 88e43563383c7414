"""The match controller: seats, log, undo limits, redo, and computer players in a worker thread."""

from __future__ import annotations

import threading

import pytest

from courier import match as match_mod
from courier.match import Match, SeatSpec, bot_rng
from courier.rules.base import IllegalAction
from courier.rules.rng import Rng

from fakegame import GAME, GAME_ID, Draw, Pass, Play, Roll

ANN = SeatSpec("Ann", (200, 40, 40))
BEN = SeatSpec("Ben", (40, 40, 200))
BOT = SeatSpec("Robo", (40, 200, 40), kind="ai", level="random")


def dump(m: Match) -> dict:
    return GAME.state_to_dict(m.state)


def cards(m: Match, seat: int) -> list[int]:
    return sorted(m.state.hands[seat])


def test_new_match_uses_seat_count_and_options() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=11, rounds=5)
    assert m.config.players == 2 and m.config.rounds == 5
    assert m.seed == 11 and m.log == [] and m.events == []
    assert m.to_act() == [0]
    assert m.human_to_act() == 0 and m.ai_to_act() is None


def test_random_seed_when_none_given() -> None:
    seeds = {Match.new(GAME_ID, [ANN, BEN]).seed for _ in range(5)}
    assert len(seeds) > 1


def test_seat_count_must_match_config() -> None:
    cfg = GAME.make_config(players=2)
    with pytest.raises(ValueError):
        Match(GAME_ID, cfg, [ANN], seed=1)
    with pytest.raises(ValueError):
        SeatSpec("X", (0, 0, 0), kind="robot")


def test_submit_logs_text_and_events() -> None:
    m = Match.new(GAME_ID, [ANN, BEN], seed=3)
    card = cards(m, 0)[0]
    events = m.submit(Play(0, card))
    assert m.log == [f"play {card}"]
    assert [e.kind for e in events] == ["played"] and m.events == events
    m.submit(Roll(0))
    assert m.log[-1] == "roll" and m.events[-1].kind == "rolled"


def test_illegal_action_passes_through_and_changes_nothing() -> None:
    m = Match.new(GAME_ID, [ANN, BEN], seed=3)
    before = dump(m)
    with pytest.raises(IllegalAction):
        m.submit(Play(0, 99))
    with pytest.raises(IllegalAction):
        m.submit(Pass(1))
    assert dump(m) == before and m.log == [] and not m.can_undo()


def test_undo_back_to_before_last_human_action_and_redo_gives_same_state() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=4)
    start = dump(m)
    a, b = cards(m, 0)[:2]
    m.submit(Play(0, a))
    after_a = dump(m)
    m.submit(Play(0, b))
    after_b = dump(m)
    assert m.can_undo()
    assert m.undo() and dump(m) == after_a and m.log == [f"play {a}"]
    assert m.undo() and dump(m) == start and m.log == [] and m.events == []
    assert not m.can_undo() and not m.undo()
    assert m.redo() and dump(m) == after_a
    assert m.redo() and dump(m) == after_b and len(m.events) == 2
    assert not m.can_redo()


def test_undo_takes_back_the_ai_answers_too() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=4)
    m.submit(Play(0, cards(m, 0)[0]))
    before_pass = dump(m)
    m.submit(Pass(0))
    m.submit(Pass(1))  # the computer seat passes: nothing revealed
    assert m.to_act() == [0]
    assert m.undo()
    assert dump(m) == before_pass and len(m.log) == 1 and m.to_act() == [0]


def test_undo_never_goes_past_a_reveal() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=4)
    m.submit(Play(0, cards(m, 0)[0]))
    m.submit(Roll(0))  # the die shows a number: no taking it back
    assert not m.can_undo() and not m.undo()
    m.submit(Pass(1))
    m.submit(Play(0, cards(m, 0)[0]))
    after_roll_round = len(m.log)
    assert m.can_undo() and m.undo()
    assert len(m.log) == after_roll_round - 1
    assert not m.can_undo()


def test_reveal_by_the_ai_blocks_undo_of_the_human_move_before_it() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=8)
    m.submit(Pass(0))
    m.submit(Draw(1))  # the computer draws a hidden card
    assert not m.can_undo()


def test_undo_stops_where_another_human_took_the_device() -> None:
    m = Match.new(GAME_ID, [ANN, BEN], seed=5)
    m.submit(Play(0, cards(m, 0)[0]))
    m.submit(Pass(0))
    m.submit(Play(1, cards(m, 1)[0]))
    assert m.can_undo(by=1) and m.undo(by=1)
    assert m.log[-1] == "pass" and m.to_act() == [1]
    assert not m.can_undo(by=1)  # Ben may not take back Ann's turn
    assert not m.can_undo(by=0)  # nor may Ann, once the device has gone round


def test_in_hot_seat_the_next_person_cannot_undo_before_acting() -> None:
    m = Match.new(GAME_ID, [ANN, BEN], seed=5)
    m.submit(Play(0, cards(m, 0)[0]))
    m.submit(Pass(0))  # Ann's turn ends: the device passes to Ben
    assert m.to_act() == [1]
    assert not m.can_undo(by=1) and not m.undo(by=1)  # Ann's secret play stays hers
    assert not m.can_undo() and not m.undo()  # nobody named: nobody may take back
    assert m.can_undo(by=0)  # only Ann herself could


def test_alone_against_computers_undo_still_takes_back_their_answers() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=4)
    m.submit(Play(0, cards(m, 0)[0]))
    m.submit(Pass(0))
    m.submit(Pass(1))
    assert m.can_undo() and m.can_undo(by=0) and m.undo(by=0) and len(m.log) == 1


def test_new_action_after_undo_clears_redo() -> None:
    m = Match.new(GAME_ID, [ANN, BEN], seed=5)
    m.submit(Play(0, cards(m, 0)[0]))
    m.undo(by=0)
    assert m.can_redo()
    m.submit(Pass(0))
    assert not m.can_redo() and not m.redo()


def test_log_replays_to_the_same_state() -> None:
    m = Match.new(GAME_ID, [BOT, SeatSpec("R2", (1, 1, 1), "ai", "random")], seed=21)
    while not m.is_over():
        seat = m.ai_to_act()
        job = m.start_ai(seat)
        assert job.wait(10)
        m.submit(job.result())
    again = Match(GAME_ID, m.config, m.seats, m.seed)
    for text in m.log:
        again.submit(GAME.parse_action(again.state, text))
    assert dump(again) == dump(m)


def test_ai_decides_in_a_worker_thread_on_a_copy_of_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict = {}

    class Spy:
        level = "normal"

        def choose(self, game, view, seat, legal, rng):
            seen["thread"] = threading.get_ident()
            seen["view"] = view
            view.scores[seat] = 999  # scribbling on its copy must not touch the real state
            return legal[-1]

    monkeypatch.setattr(match_mod, "_make_bot", lambda game_id, level: Spy())
    m = Match.new(GAME_ID, [ANN, SeatSpec("Spy", (0, 0, 0), "ai")], seed=2)
    m.submit(Pass(0))
    job = m.start_ai(1)
    assert job.wait(10) and job.done()
    assert seen["thread"] != threading.get_ident()
    assert job.result() == Pass(1)
    assert job.think_ms is not None and job.think_ms >= 0
    assert m.state.scores[1] == 0
    assert seen["view"].hands[0] == [0, 0, 0]  # Ann's hand is hidden from the computer
    assert m.is_current(job)
    m.submit(job.result())
    assert not m.is_current(job)


def test_same_position_gives_same_ai_decision() -> None:
    def decide(seed: int) -> list[str]:
        m = Match.new(GAME_ID, [ANN, BOT], seed=seed)
        m.submit(Pass(0))
        jobs = [m.start_ai(1) for _ in range(3)]
        for j in jobs:
            assert j.wait(10)
        return [j.result().to_text() for j in jobs]

    first = decide(30)
    assert len(set(first)) == 1
    assert decide(30) == first
    # different positions get different randomness
    assert bot_rng(30, 1, 1).state != bot_rng(30, 2, 1).state != bot_rng(31, 1, 1).state


def test_cancelled_job_refuses_to_give_a_result() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=2)
    m.submit(Pass(0))
    job = m.start_ai(1)
    job.cancel()
    job.wait(10)
    with pytest.raises(RuntimeError):
        job.result()
    assert not m.is_current(job)


def test_bot_errors_reach_the_main_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    class Broken:
        level = "normal"

        def choose(self, *args):
            raise ArithmeticError("bot bug")

    monkeypatch.setattr(match_mod, "_make_bot", lambda game_id, level: Broken())
    m = Match.new(GAME_ID, [ANN, SeatSpec("B", (0, 0, 0), "ai")], seed=2)
    m.submit(Pass(0))
    job = m.start_ai(1)
    job.wait(10)
    with pytest.raises(ArithmeticError):
        job.result()


def test_start_ai_refuses_a_seat_that_does_not_act() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=2)
    with pytest.raises(ValueError):
        m.start_ai(1)


def test_game_without_a_computer_player_falls_back_to_random() -> None:
    bot = match_mod._make_bot(GAME_ID, "hard")
    assert isinstance(bot.choose(GAME, None, 0, [Pass(0)], Rng(1)), Pass)


def test_seats_the_rules_run_themselves_count_as_computer_seats() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=2)
    assert m.is_human(0) and not m.is_human(1)
    assert not m.is_human(2) and not m.is_human(-1)


def test_a_ruleset_that_changes_state_before_refusing_leaves_the_match_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    m = Match.new(GAME_ID, [ANN, BEN], seed=3)
    before = dump(m)

    def sloppy_apply(state, action):
        state.scores[0] += 100
        raise IllegalAction("No, after all.")

    monkeypatch.setattr(m.game, "apply", sloppy_apply)
    with pytest.raises(IllegalAction, match="after all"):
        m.submit(Pass(0))
    assert dump(m) == before and m.log == []


def test_a_decision_from_before_an_undo_is_not_current_even_at_the_same_length() -> None:
    m = Match.new(GAME_ID, [ANN, BOT], seed=2)
    m.submit(Play(0, cards(m, 0)[0]))
    m.submit(Pass(0))
    job = m.start_ai(1)
    job.wait(10)
    assert m.undo() and len(m.log) == 1
    m.submit(Pass(0))  # same number of actions again, but a different position
    assert len(m.log) == job.n_actions
    assert not m.is_current(job)
    fresh = m.start_ai(1)
    fresh.wait(10)
    assert m.is_current(fresh)
