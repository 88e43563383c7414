"""Every seat and every role judged: win shares against a fair share within an arm, and the
change a variant makes to each, paired deal by deal, all inside the report's Bonferroni correction.

A *position* is a place in the turn order (or a seat, where the game has no fixed order); a *role*
is a label a seat holds for a game (Package Pandemonium's Rogue player, a company card, Out For
Delivery's start city; ``courier.dev.lab.roles``). At two players the second position is the first's
mirror (its share is what the first's leaves), so only the first is judged there.

The words keep "no edge shown" apart from "fair": a share is "about fair" only when its corrected
interval lies within ``stats.NARROW`` of the fair share; an interval that holds the fair share but
is wider says "not shown either way", with its games and bounds, and a power note says how many
games would show an edge of the size the study names (``edge``, 5 points unless given).
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any, Iterable

from courier.dev.lab import stats
from courier.dev.lab.kinds import position_name
from courier.dev.lab.roles import families


def judged_positions(players: int) -> list[int]:
    """The positions judged at ``players``: all of them, but only the first at two players."""
    if players < 2:
        return []
    return [0] if players == 2 else list(range(players))


def _win_share(r: dict[str, Any], seat: int) -> float:
    w = r["winners"]
    return 1.0 / len(w) if w and seat in w else 0.0


def position_value(r: dict[str, Any], position: int) -> float:
    """The share of this game's win taken by the seat at ``position`` (0: the first to play)."""
    n = len(r["seats"])
    return _win_share(r, (r.get("first", 0) + position) % n)


def role_value(r: dict[str, Any], family: str, value: str) -> float | None:
    """The share of this game's win per seat holding ``value`` of ``family`` (None: nobody held it)."""
    holders = [s for s, v in enumerate(families(r).get(family, [])) if v == value]
    if not holders:
        return None
    return sum(_win_share(r, s) for s in holders) / len(holders)


def role_values(records: Iterable[dict[str, Any]]) -> list[tuple[str, str]]:
    """Every (family, value) held by some seat in ``records``, in a fixed order."""
    seen: set[tuple[str, str]] = set()
    for r in records:
        for fam, vals in families(r).items():
            seen.update((fam, str(v)) for v in vals if v is not None)
    return sorted(seen)


def role_name(family: str, value: str) -> str:
    return value if family == "role" else f"{family} {value}"


def judge_arm(game_id: str, players: int, records: list[dict[str, Any]], alpha: float,
              edge: float = stats.EDGE) -> list[dict[str, Any]]:
    """Each judged position and role of one arm (distinct games) against a fair share: the plain
    95% Wilson interval, the corrected one the verdict rests on, and the games an edge needs."""
    fair = 1 / players if players else 0.0
    z = stats.z_for(alpha)
    need = stats.games_to_show(edge, fair, alpha) if players > 1 else 0
    out = []
    games = len(records)
    for p in judged_positions(players):
        k = sum(position_value(r, p) for r in records)
        out.append(_judged("position", str(p), position_name(game_id, p), k, games, fair, z, need))
    for fam, value in role_values(records):
        held = [v for v in (role_value(r, fam, value) for r in records) if v is not None]
        item = _judged(fam, value, role_name(fam, value), sum(held), len(held), fair, z, need)
        at = _one_position(records, fam, value)
        if at is not None and len(held) == games:
            item["position"] = at  # always the same seat's role (the Rogue player's seat 3)
            for j in out:
                if j["family"] == "position" and j["value"] == str(at):
                    j["role"] = item["what"]
        out.append(item)
    return out


def _one_position(records: list[dict[str, Any]], family: str, value: str) -> int | None:
    """The position a role is held at in every game, by one seat alone (None otherwise)."""
    at: set[int] = set()
    for r in records:
        holders = [s for s, v in enumerate(families(r).get(family, [])) if v == value]
        if len(holders) != 1:
            return None
        at.add((holders[0] - r.get("first", 0)) % len(r["seats"]))
        if len(at) > 1:
            return None
    return next(iter(at)) if at else None


def _judged(family: str, value: str, what: str, k: float, n: int, fair: float, z: float, need: int) -> dict[str, Any]:
    p, lo95, hi95 = stats.wilson(k, n) if n else (0.0, 0.0, 1.0)
    _, lo, hi = stats.wilson(k, n, z) if n else (0.0, 0.0, 1.0)
    v = stats.fair_verdict(p, lo, hi, fair, n)
    return {"family": family, "value": value, "what": what, "wins": round(k, 3), "games": n, "share": round(p, 4),
            "low95": round(lo95, 4), "high95": round(hi95, 4), "games_for_edge": need, **v}


def count_judged(players: int, roles: int) -> int:
    """Comparisons one arm (or one variant) adds: its judged positions and its role values."""
    return len(judged_positions(players)) + roles


def compare_seats(game_id: str, players: int, pairs: list[tuple[dict[str, Any], dict[str, Any]]], alpha: float,
                  comparisons: int, edge: float = stats.EDGE) -> list[dict[str, Any]]:
    """Each judged position (past the first, which the measures already hold) and each role held
    in both arms: the variant's win share minus the baseline's, one difference per deal."""
    from courier.dev.lab.analysis import per_seed

    rows = []
    items: list[tuple[str, str, str, Any]] = [
        ("position", str(p), position_name(game_id, p), (lambda r, p=p: position_value(r, p)))
        for p in judged_positions(players) if p > 0]
    both = sorted(set(role_values(v for v, _ in pairs)) & set(role_values(b for _, b in pairs)))
    items += [(fam, val, role_name(fam, val), (lambda r, f=fam, x=val: role_value(r, f, x))) for fam, val in both]
    for fam, val, what, get in items:
        diffs = per_seed(pairs, get)
        if not diffs:
            continue
        d, lo, hi = stats.paired_interval(diffs, alpha)
        _, lo95, hi95 = stats.paired_interval(diffs, 0.05)
        sd = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
        need = stats.paired_games_to_show(edge, sd, alpha)
        label = f"{what}'s win share"
        sentence = stats.share_sentence(label[0].upper() + label[1:], d, lo, hi, len(diffs), comparisons)
        if not stats.is_real(lo, hi) and not (d == lo == hi == 0):
            sentence = (f"{label[0].upper() + label[1:]}: not shown either way ({len(diffs)} deals; the change is "
                        f"{lo * 100:+.0f} to {hi * 100:+.0f} points, corrected)")
        rows.append({"metric": f"{fam}:{val}", "family": fam, "value": val, "label": label, "diff": round(d, 4),
                     "low": round(lo, 4), "high": round(hi, 4), "low95": round(lo95, 4), "high95": round(hi95, 4),
                     "real": stats.is_real(lo, hi), "unit": "share", "seeds": len(diffs), "deals_for_edge": need,
                     "sentence": sentence})
    return rows


def roles_by_arm(records_by_arm: dict[str, list[dict[str, Any]]]) -> dict[str, list[tuple[str, str]]]:
    """The role values each arm's records hold (for counting the comparisons before judging)."""
    return {k: role_values(v) for k, v in records_by_arm.items()}


def grouped(rows: list[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        out[r["family"]].append(r)
    return dict(out)
