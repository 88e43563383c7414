"""Saves written by earlier builds open in this one, at the position they were saved in, and play
on to the end.

The files in ``old_saves/`` were written by the builds the manifest names (each by its own rules,
players and save writer; ``tools/make_old_saves.py`` made them), so this is the promise players
rely on, tested on real files rather than on files this build writes: an update never loses a game
in progress. A save made under rules this build has since changed replays under the rules it was
made with (the game's version and its ``version_field``) and goes on under them.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from courier import saves
from courier.match import Match, bot_rng
from courier.rules import registry

CORPUS = Path(__file__).resolve().parent / "old_saves"
MANIFEST = json.loads((CORPUS / "manifest.json").read_text())["saves"]
#: more moves than any game of the corpus needs to finish
MAX_MOVES = 5000


def _play_to_the_end(match: Match) -> None:
    """Every seat played by its computer player (rule of thumb, at its level), seeded by position,
    each move through the game's own ``apply`` (``Match.submit``)."""
    while not match.is_over() and len(match.log) < MAX_MOVES:
        seat = sorted(match.to_act())[0]
        legal = match.legal(seat)
        assert legal, f"seat {seat} must act but has no legal move"
        bot = match.bot_for(seat, search=False)
        view = match.game.view(match.state, seat)
        match.submit(legal[0] if len(legal) == 1 else
                     bot.choose(match.game, view, seat, legal, bot_rng(match.seed, len(match.log), seat)))
    assert match.is_over(), f"not over after {MAX_MOVES} moves"


def test_the_manifest_names_every_file_and_each_game_is_kept_from_several_builds() -> None:
    named = {e["file"] for e in MANIFEST}
    on_disk = {p.relative_to(CORPUS).as_posix() for p in CORPUS.glob("*/*.json")}
    assert named == on_disk
    for game_id in registry.ids():
        builds = {e["commit"] for e in MANIFEST if e["game"] == game_id}
        assert len(builds) >= 2, f"{game_id} has saves from {len(builds)} build(s)"
        kinds = {(e["people"] == e["players"], e["over"]) for e in MANIFEST if e["game"] == game_id}
        assert {(False, False), (True, False), (True, True)} <= kinds, f"{game_id}: solo and hot-seat, mid-game and finished"


@pytest.mark.parametrize("entry", MANIFEST, ids=[e["file"] for e in MANIFEST])
def test_an_old_save_opens_where_it_was_and_plays_on_to_the_end(entry: dict, tmp_path: Path) -> None:
    path = CORPUS / entry["file"]
    saved = json.loads(path.read_text())
    before = path.read_bytes()
    match = saves.open_match(path)
    assert match.settle_check(timeout=None)  # its log proven to give its saved position
    game = match.game
    assert game.state_to_dict(match.state) == saved["state"]
    assert len(match.log) == entry["moves"] and match.is_over() == entry["over"]
    assert path.read_bytes() == before  # opening never writes
    _play_to_the_end(match)
    # saved again, the game keeps the rules it was played under, and opens again where it ended
    again = saves.to_save_file(match)
    assert again.game_version == game.version_of(match.config)
    copy = tmp_path / "again.json"
    copy.write_text(again.model_dump_json())
    reopened = saves.load_match(copy)
    assert reopened.log == match.log and game.state_to_dict(reopened.state) == game.state_to_dict(match.state)
    assert reopened.config == match.config


def _entry(commit: str, what: str) -> dict:
    return next(e for e in MANIFEST if e["commit"].startswith(commit) and e["what"] == what)


def test_a_round_trip_saved_before_the_congestion_change_replays_under_its_old_rules() -> None:
    # d5d27a9 is b63fb84's parent: its van paid congestion for itself on the way back into the
    # place it set out from. Its save opens under those rules and goes on under them; a save of
    # the same game marked with the same version by a build after the change opens under the new
    old = saves.load_match(CORPUS / _entry("d5d27a9", "round-trip")["file"])
    assert old.config.rules_version == 1
    new = saves.load_match(CORPUS / _entry("fa4aaf3", "round-trip")["file"])
    assert new.config.rules_version == 2 == new.game.version
    assert saves.to_save_file(old).game_version == 1 and saves.to_save_file(new).game_version == 2
    # opened as the Load screen opens it, the proof behind the screen hands over the rules it proved
    opened = saves.open_match(CORPUS / _entry("d5d27a9", "round-trip")["file"])
    assert opened.settle_check(timeout=None) and opened.config.rules_version == 1
    assert opened.game.state_to_dict(opened.state) == old.game.state_to_dict(old.state)
