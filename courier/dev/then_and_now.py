"""A level as it plays now against the same level (or another) as it played at an earlier commit.

Hard against Normal cannot show on its own that Hard kept its strength while both changed. This
plays the two Hards against each other directly: the current code holds the game, and the earlier
code, checked out in a temporary git worktree, runs in a process of its own that follows the same
game move by move (every action passes as its text form) and answers for its seats with its own
bot, its own view and the decision seed a simulation would give it. Its answer must be legal now,
and at the end both codes must agree on the scores, so a game whose rules have drifted apart stops
with a message instead of measuring something else. Where the earlier rules list fewer choices
(Out For Delivery lists more trade offers now) the earlier bot chooses among its own; each game
counts the decisions where the two lists differed.

An earlier code may count its time caps on the clock (``b63fb84`` did), so on a busy machine it
would think less than it did and lose for that alone. A game in which the earlier side's thinking
took more than ``CROWDED`` times its processor time on the clock is not kept: it is played again,
and the run stops if the machine stays that busy. Give each run a processor of its own.

    courier then-and-now --game out-for-delivery --then b63fb84 --games 200
    courier then-and-now --game out-for-delivery --then b63fb84 --report

Seeds run from 1 and seats rotate (Next Day: the current level in one seat of three against two
of the earlier); ties are shared. Results go to ``records/then-and-now/<game>-<rev>-<level>.jsonl``,
one line a game, and a run carries on where its file stops. Think times are processor time.

``--then-level`` gives the earlier code another level: ``--level search-hard --then-level
search-normal`` is Hard against Normal with Normal held as it was, so it can be set beside the
Hard-against-Normal records of that time (file ``...-search-hard-vs-search-normal.jsonl``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: the git checkout the earlier code is taken from (a developer's tool, run from a checkout)
ROOT = Path(__file__).resolve().parents[2]

OUT = ROOT / "records" / "then-and-now"
MARK = "@@then "  # the earlier code's answers start with this; anything else it prints is passed over
#: the earlier side's clock time over its processor time above which a game was played on a busy
#: machine (its clock-counted caps cut it short) and is played again
CROWDED = 1.2
#: ... counted only past this much clock time (seconds), so that a few quick decisions never count
CROWDED_SLACK = 0.5
#: tries of one game on a busy machine before the run stops
TRIES = 3
#: how both sides deal each game from its seed: the first seeding (``courier.rules.rng``), which
#: every earlier code deals with, so the two sides play one game and a results file carries on
SEEDING = 0

#: the earlier code's side: follows the game and answers for its seats
SERVER = r'''
import json, sys, time
from courier.ai.base import make_bot
from courier.rules import registry
try:
    from courier.dev.simulate import decision_rng
except ImportError:  # code from before the tools had a package of their own
    from courier.simulate import decision_rng
try:
    from courier.boards import install
except ImportError:  # code from before the rules were handed their boards
    install = None
if install is not None:
    install()
game = state = None
bots, seed = {}, 0
for line in sys.stdin:
    msg = json.loads(line)
    out = {}
    try:
        if "new" in msg:
            game = registry.get(msg["new"])
            options = dict(msg["options"])
            if "seeding" in getattr(game.config_model, "model_fields", {}):  # code that knows seedings
                options["seeding"] = msg.get("seeding", 0)
            state = game.new_game(game.make_config(players=msg["players"], **options), msg["seed"])
            seed = msg["seed"]
            bots = {s: make_bot(msg["new"], msg["level"]) for s in msg["seats"]}
        elif "apply" in msg:
            game.apply(state, game.parse_action(state, msg["apply"]))
        elif "choose" in msg:
            seat = msg["seat"]
            legal = game.legal_actions(state, seat)
            start, wall = time.thread_time(), time.perf_counter()
            action = bots[seat].choose(game, game.view(state, seat), seat, legal,
                                       decision_rng(seed, msg["choose"], seat))
            out = {"action": action.to_text(), "think": round(time.thread_time() - start, 4),
                   "wall": round(time.perf_counter() - wall, 4),
                   "same_list": sorted(a.to_text() for a in legal) == sorted(msg["legal"])}
            if out["action"] not in msg["legal"]:
                out = {"error": f"it chose {out['action']!r}, which the rules now refuse"}
        elif "scores" in msg:
            out = {"scores": game.scores(state), "over": game.is_over(state)}
    except Exception as exc:
        out = {"error": f"{type(exc).__name__}: {exc}"}
    print("@@then " + json.dumps(out), flush=True)
'''


def short_rev(rev: str) -> str:
    """``rev`` as git's short commit name."""
    return subprocess.run(["git", "rev-parse", "--short", rev], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout.strip()


class Then:
    """The earlier code in its own worktree and process."""

    def __init__(self, rev: str) -> None:
        self.rev = short_rev(rev)
        self.tree = Path(tempfile.mkdtemp(prefix="courier-then-"))
        subprocess.run(["git", "worktree", "add", "--detach", str(self.tree), self.rev], cwd=ROOT, check=True,
                       capture_output=True)
        env = dict(os.environ, PYTHONPATH=str(self.tree), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.proc = subprocess.Popen([sys.executable, "-c", SERVER], cwd=self.tree, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, **msg: Any) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        for line in self.proc.stdout:
            if line.startswith(MARK):
                reply = json.loads(line[len(MARK):])
                if "error" in reply:
                    raise RuntimeError(f"the code of {self.rev}: {reply['error']}")
                return reply
        raise RuntimeError(f"the code of {self.rev} stopped answering")

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)
        subprocess.run(["git", "worktree", "remove", "--force", str(self.tree)], cwd=ROOT, capture_output=True)
        shutil.rmtree(self.tree, ignore_errors=True)


def seats_for(game_id: str, index: int) -> list[str]:
    """Who plays which seat in game ``index``: "now" and "then", rotated."""
    base = ["now", "then", "then"] if game_id == "next-day" else ["now", "then"]
    k = index % len(base)
    return base[-k:] + base[:-k] if k else base


def play(game_id: str, kinds: list[str], seed: int, level: str, then: Then,
         then_level: str | None = None) -> dict[str, Any]:
    """One game: ``level`` of today's code in the "now" seats against ``then_level`` (by default the
    same level) of the earlier code in the "then" seats."""
    from courier.ai.base import make_bot
    from courier.rules import registry
    from courier.dev.simulate import MAX_ACTIONS, decision_rng

    game = registry.get(game_id)
    state = game.new_game(game.make_config(players=len(kinds), seeding=SEEDING), seed)
    then.ask(new=game_id, players=len(kinds), options={}, seed=seed, seeding=SEEDING, level=then_level or level,
             seats=[s for s, k in enumerate(kinds) if k == "then"])
    now = make_bot(game_id, level)
    think: list[list[float]] = [[] for _ in kinds]
    n = differed = 0
    then_wall = 0.0
    while not game.is_over(state) and n < MAX_ACTIONS:
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            action = legal[0]
        elif kinds[seat] == "then":
            reply = then.ask(choose=n, seat=seat, legal=[a.to_text() for a in legal])
            action = game.parse_action(state, reply["action"])
            think[seat].append(reply["think"])
            then_wall += reply.get("wall", reply["think"])
            differed += not reply["same_list"]
        else:
            start = time.thread_time()
            action = now.choose(game, game.view(state, seat), seat, legal, decision_rng(seed, n, seat))
            think[seat].append(round(time.thread_time() - start, 4))
        if action not in legal:
            raise RuntimeError(f"seat {seat} ({kinds[seat]}) chose an illegal action {action.to_text()}")
        game.apply(state, action)
        then.ask(apply=action.to_text())
        n += 1
    over = game.is_over(state)
    theirs = then.ask(scores=True)
    if theirs["scores"] != game.scores(state) or theirs["over"] != over:
        raise RuntimeError(f"the two codes ended seed {seed} apart: scores {theirs['scores']} then, "
                           f"{game.scores(state)} now")
    return {"seed": seed, "kinds": kinds, "scores": game.scores(state), "winners": game.winners(state) if over else [],
            "finished": over, "actions": n, "lists_differed": differed, "think": think,
            "then_wall": round(then_wall, 3)}


def crowded(row: dict[str, Any]) -> bool:
    """True if the earlier side of this game thought on a busy machine (see ``CROWDED``)."""
    wall = row.get("then_wall")
    if wall is None:
        return False  # games kept before the clock was recorded
    cpu = sum(t for s, k in enumerate(row["kinds"]) if k == "then" for t in row["think"][s])
    return wall > CROWDED * cpu + CROWDED_SLACK


def _path(game_id: str, rev: str, level: str, then_level: str | None = None) -> Path:
    against = f"-vs-{then_level}" if then_level and then_level != level else ""
    return OUT / f"{game_id}-{rev}-{level}{against}.jsonl"


def _games(path: Path) -> list[dict[str, Any]]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def _now_wins(rows: list[dict[str, Any]]) -> float:
    """Games the current code won, ties shared."""
    return sum(1 / len(r["winners"]) for r in rows if r["kinds"].index("now") in r["winners"])


def report(game_id: str, rev: str, level: str, then_level: str | None = None) -> str:
    from courier.ai.rating import Z90, wilson
    from courier.dev.simulate import _pct
    from courier.words import plural

    rows, unclocked = [], []
    other = then_level or level
    for r in _games(_path(game_id, rev, level, then_level)):
        (rows if "then_wall" in r else unclocked).append(r)
    before = ""
    if unclocked:  # kept before the clock was recorded: the machine may have cut the earlier side short
        before = (f"; besides, {plural(len(unclocked), 'game')} played before the clock was recorded, "
                  f"not counted here ({level} now won {100 * _now_wins(unclocked) / len(unclocked):.1f}% of them)")
    if not rows:
        return f"{game_id}: no games of {level} now against {other} at {rev} yet{before}"
    share = _now_wins(rows)
    n = len(rows)
    p, lo, hi = wilson(share, n, z=Z90)  # 90%, as the strength records
    now_t = [t for r in rows for s, k in enumerate(r["kinds"]) if k == "now" for t in r["think"][s]]
    then_t = [t for r in rows for s, k in enumerate(r["kinds"]) if k == "then" for t in r["think"][s]]
    score = lambda who: sum(r["scores"][s] for r in rows for s, k in enumerate(r["kinds"]) if k == who)  # noqa: E731
    per = {"now": 1, "then": len(rows[0]["kinds"]) - 1}
    fair = 1 / len(rows[0]["kinds"])
    return (f"{game_id}: {level} now won {100 * p:.1f}% of {n} games against {other} at {rev} "
            f"(90% interval {100 * lo:.0f}-{100 * hi:.0f}%, fair share {100 * fair:.0f}%); "
            f"mean scores {score('now') / n / per['now']:.1f} against {score('then') / n / per['then']:.1f}; "
            f"think p50 / p95 now {1000 * _pct(now_t, .5):.0f} / {1000 * _pct(now_t, .95):.0f} ms, "
            f"then {1000 * _pct(then_t, .5):.0f} / {1000 * _pct(then_t, .95):.0f} ms; "
            f"{sum(not r['finished'] for r in rows)} unfinished{before}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="courier then-and-now", description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", required=True, choices=("doorstep-dash", "next-day", "out-for-delivery",
                                                      "package-pandemonium"))
    ap.add_argument("--then", required=True, help="the earlier commit")
    ap.add_argument("--level", default="search-hard")
    ap.add_argument("--then-level", help="the earlier code's level, if not the same (search-normal: today's "
                                         "Hard against the earlier Normal)")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--report", action="store_true", help="only print what the file holds")
    args = ap.parse_args(argv)
    rev = short_rev(args.then)
    path = _path(args.game, rev, args.level, args.then_level)
    if not args.report:
        done = len(_games(path))
        if done < args.games:
            then = Then(rev)
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                players = len(seats_for(args.game, 0))
                for i in range(done, args.games):
                    for _ in range(TRIES):
                        row = play(args.game, seats_for(args.game, i), 1 + i // players, args.level, then,
                                   args.then_level)
                        if not crowded(row):
                            break
                        print(f"game {i + 1}: the machine was busy (the code of {rev} thought "
                              f"{row['then_wall']:.1f} s on the clock); playing it again", flush=True)
                    else:
                        print(f"stopped: the machine stayed busy for {TRIES} tries of game {i + 1}; "
                              "give this run a processor of its own", flush=True)
                        return 1
                    with path.open("a", encoding="utf-8") as f:
                        f.write(json.dumps({"index": i, **row}) + "\n")
                    print(f"game {i + 1}/{args.games}: seats {row['kinds']}, scores {row['scores']}", flush=True)
            finally:
                then.close()
    print(report(args.game, rev, args.level, args.then_level))
    return 0

