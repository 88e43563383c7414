"""A long comparison kept game by game: resumed without replaying, and never mixed with another."""

from __future__ import annotations

import json

import pytest

from courier.dev import simrecord, simulate

SEATS = ["random", "heuristic"]


def test_a_record_is_resumed_without_playing_recorded_games_again(tmp_path, monkeypatch) -> None:
    record = tmp_path / "dd.jsonl"
    first = simulate.run("doorstep-dash", SEATS, games=2, seed=5, record=record)
    assert first["games"] == 2 and first["record"]["earlier_games"] == 0
    lines = record.read_text().splitlines()
    assert json.loads(lines[0])["record"] == simrecord.MAGIC and len(lines) == 3

    played: list[int] = []
    real_job = simulate._job
    monkeypatch.setattr(simulate, "_job", lambda task: played.append(task[2]) or real_job(task))
    more = simulate.run("doorstep-dash", SEATS, games=4, seed=5, record=record)
    assert more["games"] == 4 and more["record"]["earlier_games"] == 2
    assert played == [simulate.deal_seed(5, 1, simrecord.SPREAD)] * 2  # only games 2 and 3 (deal 1) were played
    whole = simulate.run("doorstep-dash", SEATS, games=4, seed=5)
    assert [r["wins"] for r in more["seats"]] == [r["wins"] for r in whole["seats"]]


def test_a_game_cut_off_mid_write_is_skipped_and_played_again(tmp_path) -> None:
    record = tmp_path / "dd.jsonl"
    simulate.run("doorstep-dash", SEATS, games=2, seed=5, record=record)
    text = record.read_text().splitlines()
    record.write_text("\n".join(text[:2]) + "\n" + text[2][:40])  # the last game half written
    again = simulate.run("doorstep-dash", SEATS, games=2, seed=5, record=record)
    assert again["games"] == 2 and again["record"] == {"file": str(record), "earlier_games": 1,
                                                       "damaged_lines": 1}
    assert simrecord.load(record, simrecord.header("doorstep-dash", SEATS, 5, {}))[1] == 1


def test_new_runs_spread_their_deals_and_an_old_record_keeps_consecutive_seeds(tmp_path, monkeypatch) -> None:
    seeds = [simulate.deal_seed(5, k, simrecord.SPREAD) for k in range(50)]
    assert len(set(seeds)) == 50 and all(abs(a - b) > 1000 for a, b in zip(seeds, seeds[1:]))
    played: list[int] = []
    real_job = simulate._job
    monkeypatch.setattr(simulate, "_job", lambda task: played.append(task[2]) or real_job(task))
    fresh = simulate.run("doorstep-dash", SEATS, games=4, seed=5)
    assert played == [seeds[0], seeds[0], seeds[1], seeds[1]] and fresh["seeds"] == simrecord.SPREAD
    # a record begun before deals were spread: its header names no scheme, and it goes on as it began
    old = tmp_path / "old.jsonl"
    head = simrecord.header("doorstep-dash", SEATS, 5, {}, simrecord.CONSECUTIVE)
    assert "seeds" not in head
    old.write_text(json.dumps(head) + "\n")
    played.clear()
    kept = simulate.run("doorstep-dash", SEATS, games=4, seed=5, record=old)
    assert played == [5, 5, 6, 6] and kept["seeds"] == simrecord.CONSECUTIVE
    assert json.loads(old.read_text().splitlines()[0]) == head  # the header is left as it was
    # and a new record says how it deals
    new = tmp_path / "new.jsonl"
    simulate.run("doorstep-dash", SEATS, games=2, seed=5, record=new)
    assert json.loads(new.read_text().splitlines()[0])["seeds"] == simrecord.SPREAD


def test_another_comparison_or_a_foreign_file_is_refused_and_left_alone(tmp_path, capsys) -> None:
    record = tmp_path / "dd.jsonl"
    simulate.run("doorstep-dash", SEATS, games=2, seed=5, record=record)
    before = record.read_bytes()
    with pytest.raises(simrecord.RecordError, match="another comparison"):
        simulate.run("doorstep-dash", SEATS, games=2, seed=6, record=record)
    head = json.loads(before.decode().splitlines()[0])
    head["behaviour"] = "0" * 16
    changed = tmp_path / "old.jsonl"
    changed.write_text(json.dumps(head) + "\n")
    with pytest.raises(simrecord.RecordError, match="decide differently now"):
        simulate.run("doorstep-dash", SEATS, games=2, seed=5, record=changed)
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    code = simulate.main(["doorstep-dash", "--games", "2", "--seat", "random", "--seat", "random",
                          "--record", str(notes)])
    assert code == 2 and "not a simulation record" in capsys.readouterr().err
    assert notes.read_text() == "my notes\n" and record.read_bytes() == before


def test_records_kept_in_parallel_match_a_single_process_run(tmp_path) -> None:
    record = tmp_path / "pp.jsonl"
    kept = simulate.run("package-pandemonium", ["heuristic", "random"], games=4, seed=2, jobs=2, record=record)
    plain = simulate.run("package-pandemonium", ["heuristic", "random"], games=4, seed=2)
    assert [r["wins"] for r in kept["seats"]] == [r["wins"] for r in plain["seats"]]
    indices = sorted(json.loads(line)["index"] for line in record.read_text().splitlines()[1:])
    assert indices == [0, 1, 2, 3]


def test_an_empty_file_is_a_record_not_yet_begun_and_a_failed_write_keeps_what_was_recorded(
        tmp_path, monkeypatch, capsys) -> None:
    record = tmp_path / "dd.jsonl"
    record.touch()
    assert simulate.run("doorstep-dash", SEATS, games=2, seed=5, record=record)["games"] == 2
    kept = record.read_bytes()

    def full_disk(self, row):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(simrecord.Appender, "_write", full_disk)
    code = simulate.main(["doorstep-dash", "--games", "4", "--seat", "random", "--seat", "heuristic",
                          "--seed", "5", "--record", str(record)])
    assert code == 1 and "No space left on device" in capsys.readouterr().err
    assert record.read_bytes() == kept


@pytest.mark.search_levels  # the records' players are the app's levels
@pytest.mark.parametrize("path", ["records/package-pandemonium/ai-easy_vs_random.jsonl",  # spread seeds
                                  "records/next-day/ai-easy_vs_random.jsonl"])  # consecutive seeds
def test_a_kept_record_carries_on_with_the_games_it_began_with(path: str) -> None:
    """``courier simulate`` deals with the first seeding, as every kept record was dealt: a
    record's first games, played again from their seeds, end exactly as recorded."""
    from pathlib import Path

    lines = (Path(__file__).resolve().parents[2] / path).read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    assert "seeding" not in head  # every record so far: the first seeding
    for row in map(json.loads, lines[1:3]):
        again = simulate.play_one(head["game"], row["kinds"], row["seed"], head["options"])
        assert (again["scores"], again["actions"]) == (row["scores"], row["actions"])


def test_a_record_naming_another_seeding_is_refused(tmp_path) -> None:
    record = tmp_path / "other.jsonl"
    head = simrecord.header("doorstep-dash", SEATS, 5, {})
    record.write_text(json.dumps({**head, "seeding": 1}) + "\n")
    with pytest.raises(simrecord.RecordError, match="another way"):
        simrecord.load(record, head)
