"""Make the corpus of saves written by earlier builds (``tests/engine/old_saves/``).

Each save in the corpus was really written by an earlier build of Courier: this script checks out
each commit given into a temporary git worktree, runs *that build's own code* there (its rules,
its computer players, its save writer) to play a few seeded games of every game and save them,
copies the files into ``tests/engine/old_saves/<commit>/`` and writes ``manifest.json`` beside
them, saying which commit wrote each file and what it holds. The worktrees are removed after.

    python tools/make_old_saves.py COMMIT [COMMIT ...]     # from the checkout's root

Add a build to the corpus when a release goes out, or before a change that makes logs replay
differently (see ``tests/engine/test_old_saves.py``); never rewrite the files of a build already
in it: they are what that build wrote, and the test proves they still open and play on.

The same file, run with ``--write OUT`` from inside an old checkout, is the part that plays and
saves there. It uses only what every build since saves began offers (``Match.new``,
``Match.bot_for``, ``bot_rng``, ``Match.submit``, ``saves.save_match`` under ``COURIER_HOME``),
and imports only the checkout's own ``courier``.

What each build writes, per game (every seat is played by that build's rule-of-thumb player at
Easy, so the games are the same on every run of the same build):

- ``<game>-solo-mid``: one person against computers, saved mid-game;
- ``<game>-hotseat-mid``: every seat a person, saved mid-game, on another board where the game
  has one;
- ``<game>-hotseat-end``: every seat a person, played to the end;
- ``next-day-round-trip``: Next Day, where a van drives out and back through the place it set
  out from, the move whose cost the rules changed in b63fb84 (a save of the old rule shows it).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "engine" / "old_saves"
MANIFEST = "manifest.json"

#: (game, players, seed): one solo (seat 0 a person) and one hot-seat table per game
TABLES = {
    "next-day": (3, 11),
    "doorstep-dash": (2, 12),
    "package-pandemonium": (2, 13),
    "out-for-delivery": (3, 14),
}
#: moves played before a mid-game save
MID_MOVES = 40
#: a game not over after this many moves is saved as it stands (no game takes that long)
MAX_MOVES = 3000
#: the round trip is tried from this many moves on, at the first turn of a person's van where it fits
ROUND_TRIP_FROM = 25


# -- the part run inside an old checkout ----------------------------------------------------------


def _write(out: Path) -> None:
    """Play and save every table with the build found in the working directory."""
    here = Path.cwd().resolve()
    sys.path.insert(0, str(here))
    import courier

    assert Path(courier.__file__).resolve().is_relative_to(here), f"imported {courier.__file__}, not {here}'s"
    from courier import saves
    from courier.match import Match, SeatSpec, bot_rng
    from courier.rules import registry
    from courier.rules.base import IllegalAction

    colours = [(200, 60, 60), (60, 120, 200), (60, 160, 80), (200, 160, 40)]

    def seats(players: int, people: int) -> list[SeatSpec]:
        return [SeatSpec(f"P{i + 1}", colours[i], "human" if i < people else "ai", "easy") for i in range(players)]

    def step(match: Match) -> None:
        seat = sorted(match.to_act())[0]
        legal = match.legal(seat)
        if len(legal) == 1:
            match.submit(legal[0])
            return
        bot = match.bot_for(seat, search=False)
        view = match.game.view(match.state, seat)
        match.submit(bot.choose(match.game, view, seat, legal, bot_rng(match.seed, len(match.log), seat)))

    def play(match: Match, moves: int) -> None:
        while len(match.log) < moves and not match.is_over():
            step(match)

    def round_trip(match: Match) -> bool:
        """A person's van drives to a neighbour and back; True once it has."""
        import dataclasses

        seat = sorted(match.to_act())[0]
        if seat != 0:
            return False
        for action in match.legal(seat):
            path = getattr(action, "path", ())
            if getattr(action, "vehicle", "") != "van" or len(path) != 2:
                continue
            try:
                match.submit(dataclasses.replace(action, path=(path[0], path[1], path[0])))
            except IllegalAction:
                continue
            return True
        return False

    maps_of = {g: list(getattr(registry.get(g), "maps", {}) or {}) for g in TABLES}
    made = []
    for game_id, (players, seed) in TABLES.items():
        maps = maps_of[game_id]
        other = {"map": maps[1]} if len(maps) > 1 else {}
        plan = [
            ("solo-mid", seats(players, 1), {}, MID_MOVES),
            ("hotseat-mid", seats(players, players), other, MID_MOVES),
            ("hotseat-end", seats(players, players), {}, MAX_MOVES),
        ]
        for what, table, options, moves in plan:
            match = Match.new(game_id, table, seed=seed, **options)
            play(match, moves)
            saves.save_match(match, f"{game_id}-{what}")
            made.append({"file": f"{game_id}-{what}.json", "game": game_id, "what": what, "moves": len(match.log),
                         "over": match.is_over(), "people": sum(not s.is_ai for s in table), "players": players})
    match = Match.new("next-day", seats(3, 1), seed=21)
    done = False
    while not done and not match.is_over() and len(match.log) < MAX_MOVES:
        if len(match.log) >= ROUND_TRIP_FROM and round_trip(match):
            done = True
            break
        step(match)
    assert done, "no round trip was possible"
    play(match, len(match.log) + 6)
    saves.save_match(match, "next-day-round-trip")
    made.append({"file": "next-day-round-trip.json", "game": "next-day", "what": "round-trip", "moves": len(match.log),
                 "over": match.is_over(), "people": 1, "players": 3})
    out.mkdir(parents=True, exist_ok=True)
    for entry in made:
        shutil.copy(saves.paths.saves_dir() / entry["file"], out / entry["file"])
    (out / "made.json").write_text(json.dumps(made, indent=1))


# -- the driver, run from this checkout -----------------------------------------------------------


def _git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def build(commit: str, python: str) -> list[dict]:
    """Check out ``commit``, let it write its saves, and copy them into the corpus."""
    full = _git("rev-parse", "--verify", f"{commit}^{{commit}}")
    short = full[:7]
    with tempfile.TemporaryDirectory(prefix="courier-old-") as tmp:
        tree, home, out = Path(tmp) / "tree", Path(tmp) / "home", Path(tmp) / "out"
        _git("worktree", "add", "--detach", str(tree), full)
        try:
            env = {**os.environ, "COURIER_HOME": str(home), "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                   "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONHASHSEED": "0"}
            subprocess.run([python, str(Path(__file__).resolve()), "--write", str(out)], cwd=tree, env=env, check=True)
            made = json.loads((out / "made.json").read_text())
            dest = CORPUS / short
            if dest.exists():
                shutil.rmtree(dest)
            dest.mkdir(parents=True)
            for entry in made:
                shutil.copy(out / entry["file"], dest / entry["file"])
                entry["file"] = f"{short}/{entry['file']}"
                entry["commit"] = full
                entry["date"] = _git("show", "-s", "--format=%cI", full)
        finally:
            _git("worktree", "remove", "--force", str(tree))
    return made


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("commits", nargs="*", help="the builds to write saves with")
    ap.add_argument("--write", metavar="OUT", help=argparse.SUPPRESS)
    ap.add_argument("--python", default=sys.executable, help="the interpreter to run each build with")
    args = ap.parse_args(argv)
    if args.write:
        _write(Path(args.write))
        return 0
    manifest_path = CORPUS / MANIFEST
    entries = json.loads(manifest_path.read_text())["saves"] if manifest_path.exists() else []
    for commit in args.commits:
        made = build(commit, args.python)
        dirs = {e["file"].split("/")[0] for e in made}
        entries = [e for e in entries if e["file"].split("/")[0] not in dirs] + made
        print(f"{commit}: {len(made)} saves")
    entries.sort(key=lambda e: (e["date"], e["file"]))
    manifest = {"about": "Saves written by earlier builds of Courier (tools/make_old_saves.py); "
                         "tests/engine/test_old_saves.py opens each and plays it to the end.",
                "saves": entries}
    manifest_path.write_text(json.dumps(manifest, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
