"""courier bench: every line is ``name: value unit``; missing games and missing parts are noted."""

from __future__ import annotations

import os
import re

import pytest

from courier.dev import bench

from fakegame import GAME, GAME_ID

LINE = re.compile(r"^(note: .+|[\w.\-]+: -?[\d.]+(e[+-]?\d+)? [\w/%]+(  \(target [<>]= [\d.e+]+\))?)$")


def _run(**kw) -> tuple[list[str], bench.Report]:
    lines: list[str] = []
    report = bench.run(out=lines.append, **kw)
    return lines, report


def test_figures_for_a_game_are_printed_one_per_line(courier_home) -> None:
    lines, report = _run(games=[GAME_ID], frames=0, games_budget_s=0.05, startup=False)
    assert all(LINE.match(line) for line in lines), lines
    for name in ("save", "load", "clone", "deepcopy", "clone_speedup", "random_games", "ai_easy_think"):
        assert f"{GAME_ID}.{name}" in report.figures
    assert report.figures[f"{GAME_ID}.random_games"] > 0
    assert any("no computer player" in n for n in report.notes)
    assert report.figures["memory.bench_process"] > 0
    # the bench works in its own folder and leaves the player's saves alone
    assert os.environ["COURIER_HOME"] == str(courier_home)
    assert not (courier_home / "data" / "saves").exists() or not any((courier_home / "data" / "saves").iterdir())


def test_missing_game_is_skipped_with_a_note() -> None:
    lines, report = _run(games=["no-such-game"], frames=0, startup=False)
    assert any(line.startswith("note: no-such-game skipped") for line in lines)


def test_frames_skipped_with_a_note_when_the_app_cannot_measure(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    import courier

    empty = types.ModuleType("courier.app")
    monkeypatch.setitem(sys.modules, "courier.app", empty)
    monkeypatch.setattr(courier, "app", empty, raising=False)
    report = bench.Report(out=lambda s: None)
    bench.bench_frames(report, GAME_ID, 10)
    assert report.notes and "measure_frames" in report.notes[0]


def test_frame_percentiles_come_from_measure_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    fake_app = types.ModuleType("courier.app")
    def fake_measure(game_id, frames, size=(1280, 720), cpu=None):
        seen.append(size)
        if cpu is not None:
            cpu.extend(0.5 for _ in range(frames))
        return [float(i) for i in range(1, frames + 1)]

    seen: list[tuple[int, int]] = []
    fake_app.measure_frames = fake_measure
    import courier

    monkeypatch.setitem(sys.modules, "courier.app", fake_app)
    monkeypatch.setattr(courier, "app", fake_app, raising=False)
    report = bench.Report(out=lambda s: None)
    bench.bench_frames(report, GAME_ID, 100)
    assert report.figures[f"{GAME_ID}.frame_p50"] == pytest.approx(50.5)
    assert report.figures[f"{GAME_ID}.frame_p99"] == pytest.approx(99.01)
    assert report.figures[f"{GAME_ID}.frame_cpu_p99"] == pytest.approx(0.5)
    bench.bench_frames(report, GAME_ID, 100, (1920, 1080))
    assert seen == [(1280, 720), (1920, 1080)]
    assert report.figures[f"{GAME_ID}.1920x1080.frame_p99"] == pytest.approx(99.01)
    assert any("busy" in n for n in report.notes)  # most of the time was not the frames' own work


def test_targets_are_checked() -> None:
    report = bench.Report(out=lambda s: None)
    report.figure("x.frame_p99", 12.0, "ms")
    report.figure("x.clone_speedup", 50.0, "x")
    report.figure("x.save", 2.0, "ms")
    report.check_targets()
    assert len(report.notes) == 1 and "x.frame_p99" in report.notes[0]


def test_percentile() -> None:
    assert bench.percentile([5.0], 99) == 5.0
    assert bench.percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    with pytest.raises(ValueError):
        bench.percentile([], 50)


def test_random_game_is_deterministic() -> None:
    cfg = GAME.make_config(players=2)
    a = bench.random_game(GAME, cfg, seed=3)
    b = bench.random_game(GAME, cfg, seed=3)
    assert a[1] == b[1] and a[2] == b[2] and GAME.is_over(a[0])


def test_startup_figures_from_child_processes(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    import subprocess

    calls: list[list[str]] = []

    def fake_run(cmd, **kwargs):
        calls.append(cmd)
        assert kwargs["env"]["COURIER_HOME"] == str(tmp_path)
        assert kwargs["env"]["SDL_VIDEODRIVER"] == "dummy"
        if cmd[1] == "-c":
            return subprocess.CompletedProcess(cmd, 0, stdout="151.5\n", stderr="")
        logs = tmp_path / "logs"
        logs.mkdir(exist_ok=True)
        with open(logs / "courier.log", "a") as fh:
            fh.write("2026 INFO courier: first frame after 420 ms\n")
        return subprocess.CompletedProcess(cmd, 0, stdout="", stderr="")

    monkeypatch.setattr(bench.subprocess, "run", fake_run)
    monkeypatch.setattr(bench, "_run_py", lambda: None)
    report = bench.Report(out=lambda s: None)
    bench.bench_startup(report, tmp_path, runs=3)
    assert report.figures["startup.import_app"] == 151.5
    assert report.figures["startup.first_frame"] >= 0
    assert report.figures["startup.bare_pygame"] >= 0
    assert "startup.first_frame_ratio" in report.figures
    assert report.figures["startup.app_to_first_frame"] == 420.0
    assert sum(c[1:3] == ["-m", "courier"] for c in calls) == 4  # one to write the byte-code, three timed
    assert sum(c[1:] == ["-c", bench._BARE] for c in calls) == 3
    assert any("run.py overhead not measured" in n for n in report.notes)


def test_run_py_overhead_is_the_difference_of_medians(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    script, venv_python = tmp_path / "run.py", tmp_path / "python"
    monkeypatch.setattr(bench, "_run_py", lambda: (script, venv_python))
    took = {"direct": iter([500.0, 400.0, 420.0, 410.0]), "run.py": iter([480.0, 530.0, 500.0])}
    monkeypatch.setattr(bench, "_timed_ms", lambda cmd, env, cwd=None: next(took["run.py" if cmd[1] == str(script) else "direct"]))
    report = bench.Report(out=lambda s: None)
    bench.bench_run_py(report, {}, runs=3)
    assert report.figures["startup.run_py_overhead"] == pytest.approx(500.0 - 410.0)


def test_targets_are_printed_beside_the_figures() -> None:
    lines: list[str] = []
    report = bench.Report(out=lines.append)
    report.figure("x.load_end", 12.0, "ms")
    report.figure("startup.first_frame_ratio", 2.5, "x")
    report.figure("x.save_size", 3.0, "KiB")
    assert lines == ["x.load_end: 12.0 ms  (target <= 50)", "startup.first_frame_ratio: 2.5 x  (target <= 3)",
                     "x.save_size: 3.0 KiB"]
    assert all(LINE.match(line) for line in lines)


def test_startup_failure_is_a_note(monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    import subprocess

    monkeypatch.setattr(
        bench.subprocess, "run", lambda cmd, **kw: subprocess.CompletedProcess(cmd, 1, stdout="", stderr="Traceback\nImportError: no app")
    )
    report = bench.Report(out=lambda s: None)
    bench.bench_startup(report, tmp_path)
    assert not report.figures and "no app" in report.notes[0]


def test_memory_probe_plays_a_real_game_in_a_fresh_process(tmp_path) -> None:
    from courier.rules import registry

    ready = list(registry.ids())
    for gid in ready:  # every game must make its largest table
        registry.get(gid).make_config(players=registry.get(gid).max_players)
    report = bench.Report(out=lambda s: None)
    bench.bench_memory(report, ready[-1], tmp_path, frames=0)
    assert report.notes == [] and 10 < report.figures[f"{ready[-1]}.memory_peak"] < 2000
    assert not any(tmp_path.rglob("*.tmp"))


def test_memory_probe_failure_is_a_note(tmp_path) -> None:
    report = bench.Report(out=lambda s: None)
    bench.bench_memory(report, "no-such-game", tmp_path, frames=0)
    assert not report.figures and "memory not measured" in report.notes[0]


def test_search_figures_per_level_for_a_real_game() -> None:
    report = bench.Report(lambda line: None)
    bench.bench_search(report, "out-for-delivery", positions=2, levels=("easy", "normal"))
    for level in ("easy", "normal"):
        assert report.figures[f"out-for-delivery.search_{level}_decisions"] > 0
        p50 = report.figures[f"out-for-delivery.search_{level}_think_p50"]
        assert 0 < p50 <= report.figures[f"out-for-delivery.search_{level}_think_p95"]
    assert "out-for-delivery.search_hard_think_p50" not in report.figures
    bench.bench_search(report, GAME_ID, positions=2)  # a game without a computer player: nothing
    assert not any(name.startswith(f"{GAME_ID}.search") for name in report.figures)


def test_rules_figures_come_with_their_targets() -> None:
    lines, report = _run(games=[GAME_ID], games_budget_s=0.05, rules_only=True)
    assert all(LINE.match(line) for line in lines), lines
    for name in ("rules_actions", "random_games", "actions_per_game"):
        assert report.figures[f"{GAME_ID}.{name}"] > 0
    assert f"{GAME_ID}.save" not in report.figures  # --rules measures the rules alone
    beside = [n for n in report.notes if n.startswith(f"{GAME_ID} rules:")]
    assert len(beside) == 1 and "target 25,000" in beside[0] and "target 20" in beside[0]
    assert bench.TARGETS["rules_actions"] == (25_000.0, True) and bench.TARGETS["random_games"] == (20.0, True)


def test_the_timed_random_game_plays_the_same_game_without_spelling_it() -> None:
    """The rules' speed is timed without the text forms; the game played is the same one."""
    cfg = GAME.make_config(players=2)
    spelt = bench.random_game(GAME, cfg, seed=5)
    quiet = bench.random_game(GAME, cfg, seed=5, spell=False)
    assert quiet[1] == spelt[1] == len(spelt[2]) and quiet[2] == []
    assert GAME.state_to_dict(quiet[0]) == GAME.state_to_dict(spelt[0])
