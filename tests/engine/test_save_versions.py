"""What a player is told about a save from another version: made by a newer version (update
Courier), made by an earlier version this one can no longer continue, or damaged, and only
damaged when it really is. Built on real saves of earlier builds (``old_saves/``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier import paths, saves
from courier.rules import registry
from courier.saves import SaveError, verdicts

CORPUS = Path(__file__).resolve().parent / "old_saves"
NEWER = "This save was made by a newer version of Courier. Update Courier to open it."
EARLIER = "This save was made by an earlier version of Courier; it can't be continued in this version."


def _save(name: str, build: str = "c3047fb", changed: dict | None = None, config: dict | None = None) -> Path:
    data = json.loads((CORPUS / build / f"{name}.json").read_text())
    data.update(changed or {})
    data["config"].update(config or {})
    path = paths.saves_dir() / f"{name}.json"
    path.write_text(json.dumps(data))
    return path


def _message(path: Path) -> str:
    with pytest.raises(SaveError) as err:
        saves.load_match(path)
    assert verdicts.verdict(path) == str(err.value)  # the Load screen's check says the same
    return str(err.value)


@pytest.mark.parametrize("game_id", ["next-day", "doorstep-dash", "package-pandemonium", "out-for-delivery"])
def test_a_higher_game_version_was_made_by_a_newer_version(game_id: str) -> None:
    path = _save(f"{game_id}-solo-mid", changed={"game_version": registry.get(game_id).version + 1})
    assert _message(path) == NEWER


def test_a_higher_format_version_was_made_by_a_newer_version() -> None:
    assert _message(_save("doorstep-dash-hotseat-mid", changed={"format_version": 2})) == NEWER


def test_a_shipped_board_this_version_lacks_was_made_by_a_newer_version() -> None:
    path = _save("package-pandemonium-hotseat-mid", config={"map": "Lighthouse Point"},
                 changed={"board_title": "Lighthouse Point", "board_hash": "0" * 64})
    message = _message(path)
    assert message.startswith("This save was made by a newer version of Courier: its board, 'Lighthouse Point', ")
    assert message.endswith("Update Courier to open it.") and "damaged" not in message and "not valid" not in message


def test_a_setting_this_version_lacks_was_made_by_a_newer_version() -> None:
    path = _save("out-for-delivery-solo-mid", config={"night_driving": True})
    assert _message(path) == ("This save was made by a newer version of Courier: it uses game settings this "
                              "version does not have. Update Courier to open it.")


def test_a_players_own_board_that_is_gone_is_still_asked_for_back(tmp_path: Path) -> None:
    gone = tmp_path / "my_board.tmx"
    path = _save("package-pandemonium-hotseat-mid", config={"map": str(gone)}, changed={"board_title": "My Board"})
    message = _message(path)
    assert "no longer in your boards folder" in message and "newer version" not in message


def test_a_version_this_build_no_longer_replays_was_made_by_an_earlier_version(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _message(_save("next-day-solo-mid", changed={"game_version": 0})) == EARLIER
    # a future change whose old rules cannot be brought back raises earliest_version past them
    game = registry.get("doorstep-dash")
    monkeypatch.setattr(type(game), "version", 2)
    monkeypatch.setattr(type(game), "earliest_version", 2)
    assert _message(_save("doorstep-dash-solo-mid", build="d5d27a9")) == EARLIER


def test_an_old_save_made_before_a_rules_change_is_not_called_damaged() -> None:
    # b63fb84's parent wrote this one: a van paid congestion for itself on its way back in
    match = saves.load_match(_save("next-day-round-trip", build="d5d27a9"))
    assert match.config.rules_version == 1


def test_real_damage_is_still_damage() -> None:
    data = json.loads((CORPUS / "d5d27a9" / "next-day-round-trip.json").read_text())
    data["state"]["players"][0]["credits"] += 1
    path = paths.saves_dir() / "edited.json"
    path.write_text(json.dumps(data))
    assert _message(path) == "This save is damaged: its game position does not match its list of moves."
    data = json.loads((CORPUS / "c3047fb" / "out-for-delivery-solo-mid.json").read_text())
    data["log"][5] = "fly to the moon"
    path.write_text(json.dumps(data))
    assert _message(path).startswith('This save is damaged: move 6 ("fly to the moon") is not allowed by the rules.')


def test_a_position_an_earlier_version_wrote_that_cannot_be_read_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    game = registry.get("doorstep-dash")
    monkeypatch.setattr(type(game), "version", 2)
    path = _save("doorstep-dash-solo-mid", build="d5d27a9", changed={"state": {"nothing": "here"}})
    assert _message(path) == "The game position in this save could not be read (it was made by an earlier version of Courier)."


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**31 - 1), version=st.sampled_from([1, 2]), moves=st.integers(25, 90))
def test_a_next_day_game_saves_and_opens_under_the_rules_it_was_played_by(seed: int, version: int, moves: int) -> None:
    # any game, of either rules version, with vans driving out and back through their starts
    # (the move the versions price differently): saved by this build it opens under its own
    # rules; written as the builds before the flag wrote it (no rules_version, marked 1) it opens
    # at its saved position under whichever rules its log proves
    from courier.match import Match, SeatSpec, bot_rng
    from tests import replay_golden as R

    game = registry.get("next-day")
    seats = [SeatSpec(f"P{i}", (9, 9, 9), "ai", "easy") for i in range(3)]
    match = Match("next-day", game.make_config(players=3, **game.options_of_version({}, version)), seats, seed)
    while len(match.log) < moves and not match.is_over():
        if len(match.log) % 7 == 3 and R._round_trip(match):
            continue
        seat = sorted(match.to_act())[0]
        legal = match.legal(seat)
        bot = match.bot_for(seat, search=False)
        match.submit(bot.choose(game, game.view(match.state, seat), seat, legal, bot_rng(seed, len(match.log), seat)))
    path = saves.save_match(match, "game")
    again = saves.load_match(path)
    assert again.config.rules_version == version and again.log == match.log
    assert game.state_to_dict(again.state) == game.state_to_dict(match.state)
    data = json.loads(path.read_text())
    del data["config"]["rules_version"]
    data["game_version"] = 1
    path.write_text(json.dumps(data))
    older = saves.load_match(path)
    assert game.state_to_dict(older.state) == game.state_to_dict(match.state)
