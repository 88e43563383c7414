"""Pooling: several runs of a study (or the same arm in several studies) read as one.

Five baselines of 60 games each say little one by one; their 300 games together say much more. A
run's games join a study's arm when they were played with exactly that arm's settings (the same
config overrides, board, player count and seat list), whatever the arm was called there, and
only when every run was played by the same rules and computer players: the *behaviour key* each
results file carries (``courier.dev.behaviour.players_key``, the computer players' decisions on fixed
positions, so a change of rules or players shows) must be the one this version of Courier gives.
A run that fails is refused with the reason, and nothing is pooled.

A deal played in two runs (the same study seed run twice) is one game, counted once. Variant and
baseline stay paired where both played a deal; deals of one arm only are in that arm's numbers.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from courier.dev.lab.runner import FORMAT, MAGIC, RESULTS, ResultsError, read_results
from courier.dev.lab.study import SKILL, Arm, Study


class PoolError(Exception):
    """Runs that cannot be pooled; the message says why in plain words."""


def results_path(where: Path | str) -> Path:
    p = Path(where)
    return p / RESULTS if p.is_dir() else p


def _arm_id(options: dict[str, Any], seat_list: list[str]) -> str:
    return json.dumps([options, list(seat_list)], sort_keys=True, default=str)


def seat_list_of(r: dict[str, Any]) -> list[str]:
    """The seat list of the arm a record was played in (undoing its seating's rotation)."""
    order, seats = r.get("order") or list(range(len(r["seats"]))), r["seats"]
    out = [""] * len(seats)
    for seat, k in enumerate(order):
        if 0 <= k < len(out):
            out[k] = seats[seat]
    return out


def check_run(study: Study, path: Path, head: dict[str, Any] | None) -> None:
    """PoolError unless the run at ``path`` can join ``study``'s analysis."""
    from courier.dev.behaviour import players_key

    if head is None:
        raise PoolError(f"{path}: there are no results there")
    if head.get("game") != study.game_id:
        raise PoolError(f"{path} holds games of {head.get('game')!r}, not {study.game_id!r}: games of different "
                        "games cannot be pooled")
    if head.get("format", 1) != FORMAT:
        raise PoolError(f"{path} was written by an older version of the lab (its games are counted differently), "
                        "so it cannot be pooled with this one's")
    named = head.get("kinds") is not None
    kinds: list[str] = list(head.get("kinds") or [])
    if not named:  # files written before the header named its seat kinds: this study's
        kinds = sorted({k for a in study.arms for k in a.seats} | set(study.skill))
    if head.get("ai") != players_key(study.game_id, kinds):
        maybe = "" if named else (" (or, as that file does not name its seats, it was played with other seats than "
                                  "this study's: pool it with a study of its own seats)")
        raise PoolError(f"{path} was played by other rules or computer players than this version of Courier plays "
                        f"(its behaviour key differs){maybe}, so its games would not be the same games; pool only "
                        "runs of one version, or play that study again")


def pool(study: Study, runs: list[Path | str]) -> dict[str, Any]:
    """The games of ``runs`` (folders or results files) that belong to ``study``'s arms, relabelled
    as that study's and counted once per deal. Returns ``{"records", "runs", "used", "left_out"}``;
    PoolError (nothing pooled) when a run cannot join."""
    by_id: dict[str, Arm] = {}
    for a in study.arms:
        by_id[_arm_id(a.options, list(a.seats))] = a
    heads = []
    for where in runs:
        path = results_path(where)
        try:
            head, games, _ = read_results(path)
        except ResultsError as exc:
            raise PoolError(str(exc)) from None
        check_run(study, path, head)
        heads.append((path, games))
    seen: set[tuple[Any, ...]] = set()
    counts: dict[str, int] = {}
    out: list[dict[str, Any]] = []
    used: dict[str, int] = {}
    left = 0
    for path, games in heads:
        used[str(path)] = 0
        for r in games:
            skill = str(r["arm"]).endswith(SKILL)
            arm = by_id.get(_arm_id(r.get("options", {}), seat_list_of(r))) if not skill else None
            if arm is None:
                left += not skill
                continue
            deal = (arm.key, r["seed"], tuple(r["seats"]))
            if deal in seen:
                continue
            seen.add(deal)
            i = counts.get(arm.key, 0)
            counts[arm.key] = i + 1
            out.append(dict(r, arm=arm.key, index=i, name=f"{arm.ref}#{i}", pooled_from=str(path)))
            used[str(path)] += 1
    if not out:
        raise PoolError("none of these runs played an arm of this study with its settings (the same changes, "
                        "board, player count and seats), so there is nothing to pool")
    return {"records": out, "runs": [str(p) for p, _ in heads], "used": used, "left_out": left,
            "games": {a.name: counts.get(a.key, 0) for a in study.arms}}


def write_pooled(study: Study, pooled: dict[str, Any], out_dir: Path) -> Path:
    """The pooled games as a results file of their own (so ``courier replay`` finds them)."""
    from courier.dev.lab.runner import Appender, header

    out_dir = Path(out_dir)
    path = out_dir / RESULTS
    if path.exists():
        head, _, _ = read_results(path)
        if head is not None and head.get("pooled") is None:
            raise PoolError(f"{out_dir} holds a study's own results; choose another --out folder for the pooled one")
        path.unlink()
    appender = Appender(path, {**header(study), "pooled": pooled["runs"], "lab": MAGIC})
    try:
        for r in pooled["records"]:
            appender.write(r)
    finally:
        appender.close()
    return path
