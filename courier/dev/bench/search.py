"""``courier bench``'s figures for the computer players' waits: Hard's set-up decisions (Next Day's
contracts) on a few seeded set-up positions, and a round of play in the app with three Hard
computer players and one human, timed the way the app runs computer turns (``Match.start_ai``:
the search player in its worker process), from the human's end of turn to the human's next turn.

Both print their targets beside them (``bench_report.TARGETS``); the round also gets a note that
says where its time went, per seat and per kind of decision, so a slow round points at its cause.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from typing import Any

from courier.dev.bench.report import Report, percentile

#: the seat the stand-in human plays in the app round (the computer players hold the others)
HUMAN = 0
#: a computer decision slower than this (seconds) stops the round figure with a note
DECISION_LIMIT_S = 60.0


def setup_positions(game_id: str, count: int, seed: int = 11) -> list[tuple[Any, int, list[Any]]]:
    """``count`` (view, seat, legal) set-up positions with a real choice, from seeded games with
    the most players, a seat each in turn: an empty hand, then one and two contracts paired at
    random already, and so on.

    Empty for a game without a set-up phase (a state whose ``phase`` is never ``"setup"``).
    """
    from courier.rules import registry
    from courier.rules.rng import OFFSET, Rng

    game = registry.get(game_id)
    found: list[tuple[Any, int, list[Any]]] = []
    for n in range(count):
        # dealt as when the figures began (the first seeding), so a figure compares with its past
        state = game.new_game(game.make_config(players=game.max_players, seeding=OFFSET), seed + n)
        if getattr(state, "phase", None) != "setup":
            return []
        rng = Rng(seed + n)
        seat = n % game.max_players
        for _ in range(n % 3):  # contracts made already
            pairs = [a for a in game.legal_actions(state, seat) if type(a).__name__ == "Pair"]
            if not pairs:
                break
            game.apply(state, rng.choice(pairs))
        legal = game.legal_actions(state, seat)
        if len(legal) > 1:
            found.append((game.view(state, seat), seat, legal))
    return found


def bench_setup_search(report: Report, game_id: str, positions: int = 4, level: str = "hard") -> None:
    """Think time p50/p95 of the search player at ``level`` on seeded set-up positions
    (``<game>.setup_hard_think_p50`` / ``_p95``); nothing for a game without a set-up phase."""
    from courier.ai import base as ai_base
    from courier.ai import benchfig

    if positions <= 0 or not ai_base.has_player(game_id):
        return
    sample = setup_positions(game_id, positions)
    if not sample:
        return
    cpu: list[float] = []
    ms = [t * 1000.0 for t in benchfig.think_times(game_id, level, sample, cpu)]
    report.figure(f"{game_id}.setup_{level}_think_p50", percentile(ms, 50), "ms")
    report.figure(f"{game_id}.setup_{level}_think_p95", percentile(ms, 95), "ms")
    cpu_ms = [t * 1000.0 for t in cpu]
    report.figure(f"{game_id}.setup_{level}_think_cpu_p50", percentile(cpu_ms, 50), "ms")
    report.figure(f"{game_id}.setup_{level}_think_cpu_p95", percentile(cpu_ms, 95), "ms")


def _human_choice(game: Any, match: Any, seat: int, bot: Any, rng: Any) -> Any:
    """The stand-in human's move: the rule-of-thumb player's, made on the bench's own thread."""
    legal = match.legal(seat)
    return legal[0] if len(legal) == 1 else bot.choose(game, match.view(seat), seat, legal, rng)


def _finish_setup(match: Any, rng: Any) -> None:
    """Every seat deals its contracts at random and finishes (set-up is timed on its own)."""
    while getattr(match.state, "phase", None) == "setup":
        seat = match.to_act()[0]
        legal = match.legal(seat)
        done = [a for a in legal if type(a).__name__ == "FinishSetup"]
        deal = [a for a in legal if type(a).__name__ == "DealRandomly"]
        match.submit(done[0] if done else deal[0] if deal else rng.choice(legal))


def app_round(game_id: str, rounds: int = 3, seed: int = 3, level: str = "hard",
              human_level: str = "heuristic") -> tuple[list[float], list[tuple[int, str, float]], str]:
    """Time ``rounds`` rounds of play as the app waits for them: the human (seat 0, played by the
    rule-of-thumb player off the clock) ends a turn, then every computer decision runs through
    ``Match.start_ai`` (the search player in its worker process) until the human acts again.

    Returns (milliseconds waited per round, (seat, kind of decision, ms) per computer decision,
    why the run stopped early or ""). Waits in an auction the computer starts against the human
    count too; the human's own answers do not.
    """
    from courier.ai.base import make_bot
    from courier.match import Match, SeatSpec
    from courier.rules import registry
    from courier.rules.rng import OFFSET, Rng

    game = registry.get(game_id)
    players = game.max_players
    seats = [SeatSpec("You", (200, 60, 60)) if i == HUMAN else SeatSpec(f"Hard {i}", (90, 90, 90), "ai", level)
             for i in range(players)]
    match = Match.new(game_id, seats, seed=seed, seeding=OFFSET)  # the figures' games
    rng = Rng(seed)
    human = make_bot(game_id, human_level)
    first = match.ai_to_act()
    if first is not None and match.uses_search():
        # the worker process starts and imports once (the app does it while the human builds
        # contracts): one decision thrown away, not part of any round
        match.start_ai(first).wait(DECISION_LIMIT_S)
    _finish_setup(match, rng)
    waits: list[float] = []
    decisions: list[tuple[int, str, float]] = []
    # play on to the human's first turn, then time from each end of the human's turn
    waited: float | None = None
    while not match.is_over() and len(waits) < rounds:
        seat = match.to_act()[0]
        if seat == HUMAN:
            own_turn = getattr(match.state, "auction", None) is None  # not answering a rival's bid
            if waited is not None and own_turn:
                waits.append(waited)  # the human's turn has come round again
                waited = None
            action = _human_choice(game, match, seat, human, rng)
            match.submit(action)
            if type(action).__name__ == "EndTurn":
                waited = 0.0
            continue
        job = match.start_ai(seat)
        if not job.wait(DECISION_LIMIT_S):
            job.cancel()
            return waits, decisions, f"a computer decision took over {DECISION_LIMIT_S:.0f} s"
        action = job.result()
        ms = job.think_ms or 0.0
        if waited is not None:
            waited += ms
            decisions.append((seat, type(action).__name__, ms))
        match.submit(action)
    return waits, decisions, "the game ended" if len(waits) < rounds else ""


def where_it_went(decisions: list[tuple[int, str, float]]) -> str:
    """Computer decisions' time per seat and per kind of decision, largest first, as one line."""
    seats: dict[int, list[float]] = defaultdict(list)
    kinds: dict[str, list[float]] = defaultdict(list)
    for seat, kind, ms in decisions:
        seats[seat].append(ms)
        kinds[kind].append(ms)
    total = sum(ms for _, _, ms in decisions) or 1.0
    by_seat = ", ".join(f"seat {s + 1} {sum(v):,.0f} ms ({len(v)} decisions)" for s, v in sorted(seats.items()))
    by_kind = ", ".join(f"{k} {sum(v) / total:.0%} ({len(v)}, median {statistics.median(v):,.0f} ms)"
                        for k, v in sorted(kinds.items(), key=lambda kv: -sum(kv[1])))
    return f"per seat: {by_seat}; per kind of decision: {by_kind}"


def bench_app_round(report: Report, game_id: str, rounds: int = 3) -> None:
    """``<game>.app_round_three_hard``: the median wait of the human over ``rounds`` seeded rounds
    with three Hard computer players (Next Day only: the issue's figure), and where it went."""
    from courier.ai import base as ai_base
    from courier.rules import registry

    if rounds <= 0 or game_id != "next-day" or not ai_base.has_player(game_id):
        return
    if registry.get(game_id).max_players != 4:
        return
    start = time.perf_counter()
    waits, decisions, stopped = app_round(game_id, rounds)
    if not waits:
        report.note(f"{game_id}: no app round was timed ({stopped or 'no computer turn came'})")
        return
    report.figure(f"{game_id}.app_round_three_hard", statistics.median(waits), "ms")
    report.figure(f"{game_id}.app_round_three_hard_max", max(waits), "ms")
    report.note(f"{game_id}: a round of play with three Hard computer players and one human, waited for through "
                f"the match's worker process from the human's end of turn to their next turn, median of "
                f"{len(waits)} rounds ({time.perf_counter() - start:.0f} s in all{'; ' + stopped if stopped else ''}); "
                + where_it_went(decisions))
