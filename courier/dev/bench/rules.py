"""The rules' own speed (``courier bench --rules``): whole random games with the most players, the
way the computer players' search and the playtest lab drive the rules, in actions and games per
second, beside their targets.

Wall-clock figures fall when other programs share the processor, so each comes with the same per
second of this process's own processor time (``_cpu``, from ``time.process_time``). To compare
two versions of the rules on a busy machine, run them in turns and compare the ``_cpu`` figures
(``--repeat`` runs the games several times and prints the medians).
"""

from __future__ import annotations

import statistics
import time
from typing import Any

from courier.dev.bench.report import TARGETS, Report
from courier.rules import registry
from courier.rules.base import GameRules
from courier.rules.rng import OFFSET, Rng

#: a random game that has not ended after this many actions is cut off (and noted)
MAX_ACTIONS = 20_000


def random_game(game: GameRules, config: Any, seed: int, stop_after: int | None = None,
                spell: bool = True) -> tuple[Any, int, list[str]]:
    """Play random legal actions from ``seed``; (state, actions played, their texts). With
    ``spell`` False the texts are not made (an empty list): the rules' own speed is measured
    without the text forms, as the loop the targets were set by had none."""
    state = game.new_game(config, seed)
    rng = Rng(seed ^ 0x5EED)
    texts: list[str] = []
    limit = MAX_ACTIONS if stop_after is None else stop_after
    n = 0
    while n < limit and not game.is_over(state):
        seat = min(game.to_act(state))
        action = rng.choice(game.legal_actions(state, seat))
        game.apply(state, action)
        if spell:
            texts.append(action.to_text())
        n += 1
    return state, n, texts


def _bench_config(game: GameRules) -> Any:
    return bench_config(game)


def bench_config(game: GameRules) -> Any:
    """The config the rules are measured with: the most players, every other option as default,
    dealt with the first seeding (the games every earlier figure was measured on)."""
    return game.make_config(players=game.max_players, seeding=OFFSET)


def bench_rules(report: Report, game: GameRules, games_budget_s: float, repeat: int = 1) -> None:
    """The rules alone: whole random games with the most players (a seat from ``to_act``, a random
    action from ``legal_actions``, ``apply``, until the end), in actions and games per second.

    The same seeds every time, so two versions of the rules play the same games; ``repeat`` plays
    them that many times and gives the medians.
    """
    gid = game.id
    config = bench_config(game)
    random_game(game, config, seed=99, stop_after=50)  # boards and tables built: not the rules' time
    rounds: list[tuple[float, float, int, int, int]] = []
    for _ in range(max(1, repeat)):
        played, unfinished, actions = 0, 0, 0
        start, cpu_start = time.perf_counter(), time.process_time()
        seed = 100
        while played == 0 or time.perf_counter() - start < games_budget_s:
            final, n, _ = random_game(game, config, seed=seed, spell=False)
            unfinished += not game.is_over(final)
            actions += n
            played += 1
            seed += 1
        rounds.append((time.perf_counter() - start, time.process_time() - cpu_start, played, actions, unfinished))
    per_s = statistics.median(r[3] / r[0] for r in rounds)
    games_s = statistics.median(r[2] / r[0] for r in rounds)
    cpu_actions = statistics.median(r[3] / r[1] for r in rounds if r[1] > 0) if any(r[1] for r in rounds) else per_s
    cpu_games = statistics.median(r[2] / r[1] for r in rounds if r[1] > 0) if any(r[1] for r in rounds) else games_s
    played, actions = sum(r[2] for r in rounds), sum(r[3] for r in rounds)
    report.figure(f"{gid}.rules_actions", per_s, "actions/s")
    report.figure(f"{gid}.random_games", games_s, "games/s")
    report.figure(f"{gid}.rules_actions_cpu", cpu_actions, "actions/s")
    report.figure(f"{gid}.random_games_cpu", cpu_games, "games/s")
    report.figure(f"{gid}.actions_per_game", actions / played, "actions")
    share = sum(r[1] for r in rounds) / sum(r[0] for r in rounds)
    busy = f"; the machine is busy: this process ran {share:.0%} of the time" if share < 0.9 else ""
    report.note(f"{gid} rules: {per_s:,.0f} actions/s (target {TARGETS['rules_actions'][0]:,.0f}), "
                f"{games_s:.1f} random games/s (target {TARGETS['random_games'][0]:g}) with {config.players} "
                f"players, {actions / played:,.0f} actions a game; per second of processor "
                f"{cpu_actions:,.0f} actions and {cpu_games:.1f} games{busy}")
    unfinished = sum(r[4] for r in rounds)
    if unfinished:
        report.note(f"{gid}: {unfinished} of {played} random games did not end within {MAX_ACTIONS} actions")


def run_rules(report: Report, wanted: list[str], games_budget_s: float, repeat: int = 1) -> Report:
    """Only the rules figures (``--rules``): quick, no window, no saves, no child processes."""
    for gid in wanted:
        try:
            game = registry.get(gid)
        except Exception as exc:
            report.note(f"{gid} skipped: its rules module is missing or broken ({type(exc).__name__}: {exc})")
            continue
        try:
            bench_rules(report, game, games_budget_s, repeat)
        except Exception as exc:
            report.note(f"{gid} skipped: {type(exc).__name__}: {exc}")
    report.check_targets()
    return report
