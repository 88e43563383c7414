"""Reading saves of the real games: every damaged file named in the issue is refused with a short
message (or cleaned and played on), and nothing that loads breaks the board afterwards."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from courier import paths, saves
from courier.match import NAME_LIMIT, Match, SeatSpec, clean_text
from courier.saves import SaveError

from courier.dev import fuzz_saves as fz
from courier.dev import save_damage as sd

COLOURS = [(220, 60, 60), (60, 110, 220), (60, 170, 90), (230, 170, 40)]


def _match(game_id: str, players: int, moves: int, seed: int = 5) -> Match:
    seats = [SeatSpec(sd.NAMES[i], COLOURS[i], kind="human" if i == 0 else "ai", level="easy") for i in range(players)]
    m = Match.new(game_id, seats, seed=seed)
    for _ in range(moves):
        if m.is_over():
            break
        seat = min(m.to_act())
        m.submit(m.legal(seat)[-1])
    return m


def _saved(m: Match) -> dict:
    return json.loads(saves.save_match(m, "game").read_text())


def _write(data: dict | bytes, name: str = "game") -> Path:
    path = paths.saves_dir() / f"{name}.json"
    path.write_bytes(data if isinstance(data, bytes) else json.dumps(data).encode())
    return path


def _refused(path: Path) -> str:
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        saves.load_match(path)
    message = str(err.value)
    assert fz.message_problem(message) is None, message
    [entry] = [e for e in saves.list_saves() if e.path == path]
    assert entry.error is None or fz.message_problem(entry.error) is None
    assert path.read_bytes() == before
    return message


@pytest.fixture(scope="module")
def next_day() -> dict:
    import os
    import tempfile

    old = os.environ.get("COURIER_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["COURIER_HOME"] = home
        try:
            yield _saved(_match("next-day", 3, 40))
        finally:
            if old is None:
                os.environ.pop("COURIER_HOME", None)
            else:
                os.environ["COURIER_HOME"] = old


def test_a_deeply_nested_file_is_refused_not_a_recursion_error() -> None:
    assert "not a Courier save" in _refused(_write(b"[" * 100_000 + b"]" * 100_000))
    assert "cut short" in _refused(_write(b'{"a":' * 100_000))
    deep = b'{"app": "courier", "format_version": 1, "state": ' + b"[" * 200 + b"]" * 200 + b"}"
    assert "nested far too deeply" in _refused(_write(deep))


@pytest.mark.parametrize("colour", [[1e999, 2, 3], [999, -5, 0, 7], [256, 0, 0], [1.5, 2, 3], [True, 0, 0], "red"])
def test_a_seat_colour_that_is_not_a_colour_is_refused(next_day: dict, colour) -> None:
    data = json.loads(json.dumps(next_day))
    data["seats"][1]["colour"] = colour
    assert _refused(_write(json.dumps(data).replace("Infinity", "1e999").encode())) == (
        "Seat 2 in this save is damaged: its colour is not a colour."
    )


def test_an_unknown_computer_level_is_refused(next_day: dict) -> None:
    data = json.loads(json.dumps(next_day))
    data["seats"][2]["level"] = "grandmaster"
    assert _refused(_write(data)) == "Seat 3 in this save is damaged: its computer level is unknown."


def test_a_four_player_state_in_a_three_player_game_is_refused(next_day: dict) -> None:
    four = _saved(_match("next-day", 4, 40))
    data = json.loads(json.dumps(next_day))
    data["state"] = four["state"]
    assert "does not match its list of moves" in _refused(_write(data))


def _flip_one_letter(data: dict, key_path: list) -> None:
    holder = data["state"]
    for k in key_path[:-1]:
        holder = holder[k]
    holder[key_path[-1]] = holder[key_path[-1]][:-1] + ("x" if holder[key_path[-1]][-1] != "x" else "y")


def test_one_changed_letter_in_a_place_name_is_refused(next_day: dict) -> None:
    data = json.loads(json.dumps(next_day))
    _flip_one_letter(data, ["players", 0, "vehicles", 0, "place"])
    assert "does not match its list of moves" in _refused(_write(data))


def test_one_changed_letter_in_a_blockage_is_refused(next_day: dict) -> None:
    data = json.loads(json.dumps(next_day))
    blockages = data["state"]["blockages"]
    path = _first_text(blockages)
    assert path is not None
    _flip_one_letter(data, ["blockages", *path])
    assert "does not match its list of moves" in _refused(_write(data))


def _first_text(value, path=()):
    if isinstance(value, str):
        return list(path)
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    for k, v in items:
        found = _first_text(v, (*path, k))
        if found is not None:
            return found
    return None


def test_one_changed_letter_in_a_weather_is_refused() -> None:
    data = _saved(_match("out-for-delivery", 2, 30))
    data["state"]["weather"][0] = data["state"]["weather"][0][:-1] + "q"
    assert "does not match its list of moves" in _refused(_write(data))


def test_a_refused_move_in_the_log_is_named(next_day: dict) -> None:
    data = json.loads(json.dumps(next_day))
    data["log"][36] = "van Ugley->Nowhere"
    assert _refused(_write(data)) == 'This save is damaged: move 37 ("van Ugley->Nowhere") is not allowed by the rules.'
    data["log"][36] = "x" * 100_000 + "\x00"
    message = _refused(_write(data))
    assert message.startswith('This save is damaged: move 37 ("xxxx') and "…" in message


def test_a_damaged_state_gives_a_short_message_without_python_reprs(next_day: dict) -> None:
    data = json.loads(json.dumps(next_day))
    data["state"]["players"][0]["credits"] = ["x" * 3_000_000]
    message = _refused(_write(data))
    assert len(message) < 120 and "[" not in message and "'" not in message


def test_a_nul_or_a_huge_name_is_cleaned_and_the_game_plays_on(next_day: dict) -> None:
    data = json.loads(json.dumps(next_day))
    data["seats"][0]["name"] = "Ann\x00ie"
    data["seats"][1]["name"] = "B" * 100_000
    data["turn_label"] = "L" * 1_000_000 + "\x00"
    path = _write(data)
    m = saves.load_match(path)
    assert m.seats[0].name == "Annie"
    assert len(m.seats[1].name) == NAME_LIMIT and m.seats[1].name.endswith("…")
    [entry] = saves.list_saves()
    assert entry.ok and entry.players[:2] == ["Annie", m.seats[1].name]
    assert len(entry.turn_label) <= saves.LABEL_LIMIT and "\x00" not in entry.turn_label
    fz.exercise(m)


def test_names_in_the_settings_are_cleaned_as_seat_names_are(next_day: dict) -> None:
    data = json.loads(json.dumps(next_day))
    data["config"]["names"] = ["Ann\x00", "Bea", "Cyd"]
    m = saves.load_match(_write(data))
    assert m.config.names == ("Ann", "Bea", "Cyd")


def test_too_many_seats_are_refused_at_once(next_day: dict) -> None:
    data = json.loads(json.dumps(next_day))
    data["seats"] = data["seats"] * 10_000
    assert _refused(_write(data)) == "The save lists 30000 seats; no game has that many."
    data["seats"] = next_day["seats"] + next_day["seats"][:1]
    assert _refused(_write(data)) == "The save lists 4 seats for a 3-player game."


def test_a_file_larger_than_any_save_is_not_read() -> None:
    path = _write(b'{"pad": "' + b"x" * (saves.MAX_BYTES + 10) + b'"}')
    assert "far too large" in _refused(path)


def test_every_message_is_short_and_free_of_developer_text(next_day: dict) -> None:
    """Each top-level field replaced by each hostile value: only short, plain refusals."""
    base = sd.Base("next-day", "next-day", next_day)
    checker = fz.Checker(draw=False)
    figures = fz.campaign(sd.field_values(base), checker)
    assert figures.problems == []
    assert figures.kinds["refused"] > 100


@pytest.mark.parametrize(
    "text, limit, expected",
    [("Ann", 32, "Ann"), ("A\x00n\x1bn\u202e", 32, "Ann"), ("x" * 40, 10, "x" * 9 + "…"),
     ("\x00" * 1000 + "Ann", 10, ""), ("", 5, "")],
)
def test_clean_text(text: str, limit: int, expected: str) -> None:
    assert clean_text(text, limit) == expected


def test_the_list_never_shows_python_reprs_for_an_unknown_game(next_day: dict) -> None:
    data = json.loads(json.dumps(next_day))
    data["game_id"] = "chess-with-vans" * 10_000
    message = _refused(_write(data))
    assert message == "This save is for a game this version of Courier does not have."
    assert not re.search(r"chess", message)
