"""The strength records are keyed by what the players do, not by the bytes of their code.

Each record's header carries the behaviour key of its seats (``courier.dev.behaviour``): their
decisions on fixed positions with a fixed seed and iteration budget, no clock, plus the board's
digest. The suite checks every record against the players as they are; a docstring or a refactor
keeps every key, and a change in play names exactly the records to make again.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from courier.dev import behaviour, simrecord
from courier.ai import base as ai_base
from courier.rules import registry
from courier.rules.base import Action

ROOT = Path(__file__).resolve().parents[2]
RECORDS = sorted((ROOT / "records").glob("*/*.jsonl"))
STRENGTH = [p for p in RECORDS if p.parent.name != "then-and-now"]

#: the keys are of the players as the app and ``courier simulate`` make them
pytestmark = pytest.mark.search_levels


def test_every_strength_record_was_made_by_the_players_as_they_decide_now() -> None:
    # the 28 pairings of the strength targets are all kept; the gauntlet's grow over sittings
    from courier.dev import records

    base = {records.path_of(g, records.seats_of(g, judged, other)) for g in records.GAMES
            for judged, other, _t, _n in records.PAIRINGS}
    assert len(base) == 28 and base <= set(STRENGTH), sorted(str(p) for p in base - set(STRENGTH))
    gauntlet = {records.path_of(g, records.seats_of(g, judged, other)) for g in records.GAMES
                for judged, other, _t, _n in records.GAUNTLET}
    assert set(STRENGTH) <= base | gauntlet, "a record no pairing names"
    stale = simrecord.stale(STRENGTH)
    assert not stale, ("these records were made by players that decide differently now; make them again "
                       "(courier records run --fresh-stale): "
                       + ", ".join(str(p.relative_to(ROOT)) for p in stale))


def _key_in_a_copy(tmp_path: Path, edit) -> str:
    """The behaviour key of Doorstep Dash's Normal against ``greedy`` computed by a copy of the
    code with ``edit(copy_root)`` applied, in a process of its own."""
    copy = tmp_path / "copy"
    shutil.copytree(ROOT / "courier", copy / "courier", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "assets", copy / "assets")
    edit(copy)
    code = ("from courier import boards; boards.install(); from courier.dev.behaviour import behaviour_key; "
            "print(behaviour_key('doorstep-dash', ['ai-normal', 'greedy']))")
    env = dict(os.environ, PYTHONPATH=str(copy))
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=copy, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().splitlines()[-1]


def test_a_docstring_and_a_refactor_keep_the_key(tmp_path: Path) -> None:
    here = behaviour.behaviour_key("doorstep-dash", ["ai-normal", "greedy"])

    def reword(copy: Path) -> None:
        search = copy / "courier" / "ai" / "search.py"
        text = search.read_text(encoding="utf-8")
        search.write_text('"""Reworded: the search player."""\n' + text.split('"""', 2)[2], encoding="utf-8")
        player = copy / "courier" / "ai" / "doorstep_dash.py"
        text = player.read_text(encoding="utf-8")
        # a refactor: two helpers get other names everywhere, and a comment is added
        assert "_card_value(" in text and "_trap_worth(" in text
        text = text.replace("_card_value(", "_worth_of_card(").replace("_trap_worth(", "_trap_pays(")
        player.write_text(text + "\n\n# the helpers were renamed\n", encoding="utf-8")

    assert _key_in_a_copy(tmp_path, reword) == here


def _stale_now(paths: list[Path]) -> set[str]:
    """The names of ``paths`` stale for the players as (monkeypatched) now, keys worked out afresh."""
    behaviour._key.cache_clear()
    behaviour._kind_key.cache_clear()
    try:
        return {p.name for p in simrecord.stale(paths)}
    finally:
        behaviour._key.cache_clear()
        behaviour._kind_key.cache_clear()


def test_a_change_in_play_names_exactly_the_records_to_make_again(monkeypatch) -> None:
    greedy = ai_base.make_bot("doorstep-dash", "greedy")

    class Contrary:
        level = "greedy"

        def choose(self, game, view, seat, legal, rng) -> Action:
            picked = greedy.choose(game, view, seat, legal, rng)
            others = [a for a in legal if a != picked]
            return others[-1] if others else picked

    real = ai_base.make_bot
    monkeypatch.setattr(ai_base, "make_bot",
                        lambda g, level="normal": Contrary() if (g, level) == ("doorstep-dash", "greedy") else real(g, level))
    dd = [p for p in STRENGTH if p.parent.name == "doorstep-dash"]
    named = _stale_now(dd)
    assert named == {"ai-normal_vs_greedy.jsonl", "ai-hard_vs_greedy.jsonl"}


def test_a_choice_met_only_near_a_game_s_end_changes_the_key(monkeypatch) -> None:
    # Doorstep Dash's hard driver leaves a poor row's last card and waits: a choice met about once a
    # game, near its end, which random play and two dozen positions never reached (its key once
    # stayed the same). Without it, every record of Hard is named, and no other.
    from courier.ai import doorstep_dash

    monkeypatch.setattr(doorstep_dash.DashBot, "_leave_leftovers", lambda self, board, view, seat, legal: False)
    dd = [p for p in STRENGTH if p.parent.name == "doorstep-dash"]
    named = _stale_now(dd)
    hard = {p.name for p in dd if p.name.startswith("ai-hard_")}
    assert len(hard) >= 6 and named == hard


def test_the_played_positions_reach_every_game_s_end() -> None:
    # the quick players decide from the first move of a whole game to its last
    for game_id, players in (("doorstep-dash", 2), ("next-day", 3), ("out-for-delivery", 2), ("package-pandemonium", 2)):
        games, positions = behaviour.played_positions(game_id, players, "{}")
        assert len(games) == len(behaviour.PLAYED_SEEDS) and len(positions) >= 200, game_id
        game = registry.get(game_id)
        for seed, moves in zip(behaviour.PLAYED_SEEDS, games):
            # dealt as the key's games are (the first seeding), not as a new game is
            state = game.new_game(game.make_config(players=players, seeding=behaviour.SEEDING), seed)
            for text in moves.split("\n"):
                game.apply(state, game.parse_action(state, text))
            assert game.is_over(state), (game_id, seed)


def test_the_key_needs_no_clock(monkeypatch) -> None:
    """A machine many times slower decides the same: Hard's time cap is not what ends its search."""
    import time

    fast = behaviour.decisions("package-pandemonium", "ai-hard", 2)
    start = time.thread_time()
    monkeypatch.setattr(time, "thread_time", lambda: start + (time.perf_counter() * 1000.0))
    slow = behaviour.decisions("package-pandemonium", "ai-hard", 2)
    assert slow == fast


def test_every_record_header_says_what_it_is_keyed_by() -> None:
    for path in STRENGTH:
        head = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
        # records begun before deals were spread name no seed scheme (they keep consecutive seeds)
        assert set(head) - {"seeds"} == {"record", "game", "seats", "seed", "options", "behaviour"}, path
        assert head.get("seeds", "consecutive") in ("spread", "consecutive"), path


def test_the_held_out_styles_are_played_only_to_judge(tmp_path: Path, monkeypatch, capsys) -> None:
    """``courier records run`` passes the held-out styles by unless told the players are final."""
    from courier.dev import gauntlet, records

    assert set(gauntlet.TUNING) | set(gauntlet.HELD_OUT) == set(gauntlet.LEVELS)
    assert len(gauntlet.TUNING) <= 3 and len(gauntlet.HELD_OUT) >= 2
    played: list[list[str]] = []

    def fake_simulate(game_id, seats, n, seed, jobs, options, path):
        played.append(list(seats))
        return {"games": n, "seats": [{"kind": seats[0], "win_share": 1.0}]}

    monkeypatch.setattr("courier.dev.simulate.run", fake_simulate)
    records.main(["run", "--game", "doorstep-dash", "--judged", "ai-normal", "--records", str(tmp_path)])
    against = {seats[1] for seats in played}
    assert against & set(gauntlet.TUNING) == set(gauntlet.TUNING)
    assert not against & set(gauntlet.HELD_OUT)
    played.clear()
    records.main(["run", "--game", "doorstep-dash", "--against", "out-human", "--records", str(tmp_path)])
    assert played == [] and "held out" in capsys.readouterr().out
    records.main(["run", "--game", "doorstep-dash", "--against", "out-human", "--judge", "--records", str(tmp_path)])
    assert played == [["ai-normal", "out-human"], ["ai-hard", "out-human"]]
