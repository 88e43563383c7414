"""Golden replays: a few fixed, seeded logs per game and what each replays to, by rules version.

A save is its seed and its log; what it holds is proven by replaying the log. So whatever changes
what a log replays to (a rule, a cost, a shuffle, a generator) must raise the game's ``version``,
or every save of that version reads as damaged. ``tests/engine/replay_golden.json`` keeps, per game, the
version the digests were recorded under, a few logs, and each log's digest under every rules
version this build replays (the game's ``earliest_version`` to its ``version``, each replayed
with that version set in the config: ``GameRules.options_of_version``).
``tests/engine/test_replay_versions.py`` fails when a digest of the current version changes while the version
did not, and when an earlier version's digest changes (its saves would no longer open).

    python -m tests.replay_golden              # compare; exit 1 on a difference
    python -m tests.replay_golden --write      # record the digests of a newly raised version
    python -m tests.replay_golden --new GAME   # make GAME's logs afresh (a new game only)

(from the checkout's root). ``--write`` adds the digests of each game's current version and
never changes a digest already recorded: a change in what a log replays to needs a new version.

A digest hashes the position after every move (``state_to_dict``), not only the last, because a
difference can be gone by the end of a turn; a log refused under some version records the move
it stops at.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from courier import boards
from courier.match import Match, SeatSpec, bot_rng
from courier.rules import registry
from courier.rules.base import IllegalAction
from courier.rules.rng import OFFSET

DATA = Path(__file__).resolve().parent / "engine" / "replay_golden.json"
GAMES = ("next-day", "doorstep-dash", "package-pandemonium", "out-for-delivery")
#: the tables of the logs made for each game: (players, seed, moves; None = to the end)
TABLES = {
    "next-day": [(3, 111, None), (4, 112, 120)],
    "doorstep-dash": [(2, 201, None), (3, 202, 150)],
    "package-pandemonium": [(1, 301, None), (2, 302, None)],
    "out-for-delivery": [(2, 401, None), (4, 402, 150)],
}
MAX_MOVES = 3000


def digest(game_id: str, players: int, seed: int, options: dict[str, Any], log: list[str], version: int) -> str:
    """What ``log`` replays to under rules ``version``: a hash of the position after every move."""
    boards.install()
    game = registry.get(game_id)
    options = {"seeding": OFFSET, **options}  # the logs were made with the first seeding
    config = game.make_config(players=players, **game.options_of_version(options, version))
    state = game.new_game(config, seed)
    h = hashlib.sha256(json.dumps(game.state_to_dict(state), sort_keys=True).encode())
    for i, text in enumerate(log):
        try:
            game.apply(state, game.parse_action(state, text))
        except IllegalAction:
            return f"refused at move {i + 1}"
        h.update(json.dumps(game.state_to_dict(state), sort_keys=True).encode())
    return h.hexdigest()


def _seats(players: int) -> list[SeatSpec]:
    colours = [(200, 60, 60), (60, 120, 200), (60, 160, 80), (200, 160, 40)]
    return [SeatSpec(f"P{i + 1}", colours[i], "ai", "easy") for i in range(players)]


def _step(match: Match) -> None:
    seat = sorted(match.to_act())[0]
    legal = match.legal(seat)
    bot = match.bot_for(seat, search=False)
    view = match.game.view(match.state, seat)
    match.submit(legal[0] if len(legal) == 1 else
                 bot.choose(match.game, view, seat, legal, bot_rng(match.seed, len(match.log), seat)))


def _round_trip(match: Match) -> bool:
    """Next Day: the acting seat's van drives to a neighbour and back (the move rules 2 changed)."""
    seat = sorted(match.to_act())[0]
    for action in match.legal(seat):
        path = getattr(action, "path", ())
        if getattr(action, "vehicle", "") == "van" and len(path) == 2:
            try:
                match.submit(dataclasses.replace(action, path=(path[0], path[1], path[0])))
            except IllegalAction:
                continue
            return True
    return False


def make_logs(game_id: str) -> list[dict[str, Any]]:
    """Seeded games of ``game_id`` by its Easy rule-of-thumb players (and, for Next Day, games
    with a van's round trips through its start)."""
    boards.install()
    logs = []
    for players, seed, moves in TABLES[game_id]:
        match = Match.new(game_id, _seats(players), seed=seed, seeding=OFFSET)
        while not match.is_over() and len(match.log) < (moves or MAX_MOVES):
            _step(match)
        logs.append({"players": players, "seed": seed, "options": {}, "log": list(match.log)})
    if game_id == "next-day":  # a van's round trips through its start, played under each rules version
        game = registry.get(game_id)
        for v in versions(game_id):
            config = game.make_config(players=3, seeding=OFFSET, **game.options_of_version({}, v))
            match = Match(game_id, config, _seats(3), 100 + v)
            trips = 0
            while not match.is_over() and len(match.log) < 200:
                if len(match.log) > 20 and trips < 3 and _round_trip(match):
                    trips += 1
                    continue
                _step(match)
            assert trips, "no round trip was possible"
            logs.append({"players": 3, "seed": 100 + v, "options": {}, "log": list(match.log)})
    return logs


def versions(game_id: str) -> range:
    game = registry.get(game_id)
    return range(game.earliest_version, game.version + 1)


def load() -> dict[str, Any]:
    return json.loads(DATA.read_text()) if DATA.exists() else {}


def save(data: dict[str, Any]) -> None:
    DATA.write_text(json.dumps(data, indent=1) + "\n")


def differences(data: dict[str, Any], game_id: str) -> list[str]:
    """What no longer replays as recorded, in the words a developer acts on (empty: all agree)."""
    game = registry.get(game_id)
    rec = data.get(game_id)
    if rec is None:
        return [f"{game_id} has no recorded replays: python -m tests.replay_golden --new {game_id}"]
    out = []
    if rec["version"] > game.version:
        out.append(f"{game_id}'s version went down from {rec['version']} to {game.version}")
    for n, entry in enumerate(rec["logs"]):
        for v in versions(game_id):
            want = entry["digests"].get(str(v))
            if want is None:
                out.append(f"{game_id} version {v} has no recorded replays: python -m tests.replay_golden --write")
                continue
            got = digest(game_id, entry["players"], entry["seed"], entry["options"], entry["log"], v)
            if got == want:
                continue
            if v == game.version == rec["version"]:
                out.append(f"raise {game_id}'s version: its logs replay differently (log {n + 1}: {want} -> {got})")
            else:
                out.append(f"{game_id}'s logs of version {v} no longer replay as they did, so its saves of that "
                           f"version would not open (log {n + 1}: {want} -> {got}): replay them under the rules "
                           f"of that version, or raise earliest_version past it")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--write", action="store_true", help="record the digests of each game's current version")
    ap.add_argument("--new", metavar="GAME", action="append", default=[], help="make GAME's logs afresh")
    args = ap.parse_args(argv)
    data = load()
    for game_id in args.new:
        game = registry.get(game_id)
        logs = make_logs(game_id)
        for entry in logs:
            entry["digests"] = {str(v): digest(game_id, entry["players"], entry["seed"], entry["options"],
                                               entry["log"], v) for v in versions(game_id)}
        data[game_id] = {"version": game.version, "logs": logs}
    if args.write:
        for game_id, rec in data.items():
            game = registry.get(game_id)
            for entry in rec["logs"]:
                key = str(game.version)
                if key not in entry["digests"]:
                    entry["digests"][key] = digest(game_id, entry["players"], entry["seed"], entry["options"],
                                                   entry["log"], game.version)
            rec["version"] = max(rec["version"], game.version)
    if args.new or args.write:
        save(data)
    problems = [p for game_id in GAMES for p in differences(data, game_id)]
    print("\n".join(problems) or "every log replays as recorded")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
