"""courier bench's figures for the computer players' waits: each printed with its target beside it
(never a timed assertion), Next Day's set-up positions, and the app round's machinery."""

from __future__ import annotations

import re

import pytest

from courier.dev import bench
from courier.dev.bench import search as bench_search
from courier.dev.bench.report import Report
from courier.rules import registry

from fakegame import GAME_ID

LINE = re.compile(r"^[\w.\-]+: -?[\d.]+ ms  \(target <= (\d+)\)$")


@pytest.mark.parametrize("name,target", [
    ("next-day.search_hard_think_p50", 500), ("doorstep-dash.search_hard_think_p95", 2000),
    ("next-day.setup_hard_think_p50", 500), ("next-day.setup_hard_think_p95", 2000),
    ("next-day.app_round_three_hard", 4000),
    ("package-pandemonium.search_hard_think_cpu_p50", 500), ("next-day.setup_hard_think_cpu_p95", 2000),
])
def test_search_and_waiting_figures_are_printed_with_their_targets(name: str, target: int) -> None:
    lines: list[str] = []
    report = Report(out=lines.append)
    report.figure(name, 12345.0, "ms")
    match = LINE.match(lines[0])
    assert match and lines[0].startswith(name + ":") and int(match.group(1)) == target, lines
    report.check_targets()  # over every target here: the run says so in a note
    assert any(name in note for note in report.notes)


def test_easier_levels_have_no_target() -> None:
    lines: list[str] = []
    Report(out=lines.append).figure("next-day.search_normal_think_p50", 900.0, "ms")
    assert lines == ["next-day.search_normal_think_p50: 900.0 ms"]


def test_setup_positions_are_seeded_set_up_choices() -> None:
    game = registry.get("next-day")
    first = bench_search.setup_positions("next-day", 6)
    again = bench_search.setup_positions("next-day", 6)
    assert len(first) == 6
    assert [[a.to_text() for a in legal] for _, _, legal in first] == \
        [[a.to_text() for a in legal] for _, _, legal in again]
    for view, seat, legal in first:
        assert view.phase == "setup" and len(legal) > 1
        assert [a.to_text() for a in legal] == [a.to_text() for a in game.legal_actions(view, seat)]
    # the later positions have contracts paired already (more than an empty hand's choices)
    assert any(any(type(a).__name__ == "Unpair" for a in legal) for _, _, legal in first)


def test_a_game_without_set_up_has_no_set_up_figure() -> None:
    assert bench_search.setup_positions(GAME_ID, 3) == []
    report = Report(out=lambda line: None)
    bench_search.bench_setup_search(report, "out-for-delivery", 2)
    assert not report.figures


def test_where_a_round_went_per_seat_and_kind() -> None:
    line = bench_search.where_it_went([(1, "Drive", 300.0), (2, "Drive", 100.0), (1, "EndTurn", 100.0)])
    assert "seat 2 400 ms (2 decisions)" in line and "seat 3 100 ms (1 decisions)" in line
    assert line.index("Drive 80%") < line.index("EndTurn 20%")


def test_app_round_figure_and_note(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench_search, "app_round",
                        lambda game_id, rounds: ([5000.0, 3000.0, 4000.0], [(1, "Drive", 12000.0)], ""))
    lines: list[str] = []
    report = Report(out=lines.append)
    bench_search.bench_app_round(report, "next-day", 3)
    assert report.figures["next-day.app_round_three_hard"] == 4000.0
    assert "next-day.app_round_three_hard: 4000.0 ms  (target <= 4000)" in lines
    assert any("per seat: seat 2" in note for note in report.notes)
    bench_search.bench_app_round(report, "out-for-delivery", 3)  # the figure is Next Day's
    bench_search.bench_app_round(report, "next-day", 0)  # --rounds 0: skipped
    assert [n for n in report.figures if "app_round" in n] == ["next-day.app_round_three_hard",
                                                                "next-day.app_round_three_hard_max"]


def test_app_round_runs_the_match_and_its_worker(courier_home) -> None:
    """One real round at the quickest search level: computer turns go through Match.start_ai."""
    waits, decisions, stopped = bench_search.app_round("next-day", rounds=1, level="easy")
    assert stopped == "" and len(waits) == 1 and waits[0] > 0
    assert decisions and {seat for seat, _, _ in decisions} == {1, 2, 3}
    assert any(kind == "EndTurn" for _, kind, _ in decisions)


def test_the_bench_command_takes_a_rounds_option(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}
    monkeypatch.setattr(bench, "run", lambda *a, **kw: seen.update(kw))
    bench.main(["--rounds", "0", "--game", GAME_ID])
    assert seen["app_rounds"] == 0
