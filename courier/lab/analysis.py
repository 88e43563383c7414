"""The balance numbers of a study, arm by arm, and each variant against the baseline.

Everything here is plain data (JSON-ready), so the HTML report, the JSON and CSV files and the
tests all read the same numbers.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

from courier.lab import stats
from courier.lab.kinds import SEAT_ORDER_ONLY, position_name
from courier.lab.study import Arm, Study


def game_ref(arm: Arm, index: int) -> str:
    """How a report and ``courier replay --game`` name one game: ``baseline#17`` (the same name
    the runner writes into each record)."""
    return f"{arm.ref}#{index}"


def is_stalled(r: dict[str, Any]) -> bool:
    """A game that did not end by the rules' own ending (safety-net limit or stopped)."""
    end = str(r.get("end", "")).lower()
    return not r["finished"] or "limit" in end or end == "rounds"


def margin(r: dict[str, Any]) -> float:
    """Winner's score minus the best other score (0 on a shared win)."""
    s = sorted(r["scores"], reverse=True)
    return float(s[0] - s[1]) if len(s) > 1 else float(s[0]) if s else 0.0


def spread(r: dict[str, Any]) -> float:
    return float(max(r["scores"]) - min(r["scores"])) if r["scores"] else 0.0


def minutes(r: dict[str, Any], seconds_per_decision: float) -> float:
    """Estimated minutes at the table: real decisions (more than one legal action) times the
    study's seconds per decision, plus two seconds for every forced step."""
    decisions = sum(r.get("decisions", []))
    forced = max(0, r["actions"] - decisions)
    return (decisions * seconds_per_decision + forced * 2.0) / 60.0


def _ci(values: list[float]) -> dict[str, float]:
    m, lo, hi = stats.mean_ci(values)
    out = {"mean": round(m, 3), "low": round(lo, 3), "high": round(hi, 3)}
    if values:
        out.update(median=round(statistics.median(values), 3), min=min(values), max=max(values))
    return out


def _share(k: float, n: float) -> dict[str, float]:
    p, lo, hi = stats.wilson(k, n)
    return {"wins": round(k, 3), "games": n, "share": round(p, 4), "low": round(lo, 4), "high": round(hi, 4)}


def summarise_arm(study: Study, arm: Arm, records: list[dict[str, Any]]) -> dict[str, Any]:
    n = arm.players
    games = len(records)
    pos_wins = [0.0] * n
    seat_wins = [0.0] * n  # by index in the study's seat list
    level_wins: dict[str, float] = defaultdict(float)
    level_seats: dict[str, int] = defaultdict(int)
    kind_all: dict[str, list[float]] = defaultdict(lambda: [0.0] * n)
    kind_win: dict[str, float] = defaultdict(float)
    kind_lose: dict[str, float] = defaultdict(float)
    kind_level: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    win_seat_games = lose_seat_games = 0
    tag_wins: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    tag_seats: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for r in records:
        winners = r["winners"]
        share = 1.0 / len(winners) if winners else 0.0
        first = r.get("first", 0)
        for seat in range(n):
            position = (seat - first) % n  # 0: the seat that played first
            level = r["seats"][seat]
            level_seats[level] += 1
            won = seat in winners
            if won:
                pos_wins[position] += share
                seat_wins[r["order"][seat]] += share
                level_wins[level] += share
                win_seat_games += 1
            else:
                lose_seat_games += 1
            for kind, counts in r.get("kinds", {}).items():
                c = counts[seat] if seat < len(counts) else 0
                kind_all[kind][seat] += c
                kind_level[kind][level] += c
                if won:
                    kind_win[kind] += c
                else:
                    kind_lose[kind] += c
        for tag, values in r.get("tags", {}).items():
            for seat, value in enumerate(values):
                if value is None:
                    continue
                tag_seats[tag][value] += 1
                if seat in winners:
                    tag_wins[tag][value] += share
    margins = [margin(r) for r in records if r["winners"]]
    kinds = {}
    for kind in sorted(kind_all, key=lambda k: -sum(kind_all[k])):
        per_seat = kind_all[kind]
        kinds[kind] = {
            "per_game": round(sum(per_seat) / games, 3) if games else 0.0,
            "by_seat": [round(c / games, 3) if games else 0.0 for c in per_seat],
            "by_level": {lv: round(c / level_seats[lv], 3) for lv, c in kind_level[kind].items() if level_seats[lv]},
            "winners": round(kind_win[kind] / win_seat_games, 3) if win_seat_games else None,
            "losers": round(kind_lose[kind] / lose_seat_games, 3) if lose_seat_games else None,
        }
    length = {
        "rounds": _ci([float(r["rounds"]) for r in records if r.get("rounds") is not None]),
        "actions": _ci([float(r["actions"]) for r in records]),
        "decisions": _ci([float(sum(r.get("decisions", []))) for r in records]),
        "minutes": _ci([minutes(r, study.seconds_per_decision) for r in records]),
    }
    clear = [c for c in (stats.winner_clear(r["track"], r["winners"]) for r in records) if c is not None]
    outliers = _outliers(arm, records)
    return {
        "arm": arm.name, "ref": arm.ref, "key": arm.key, "variant": arm.variant, "description": arm.description,
        "board": arm.board, "players": n, "seats": list(arm.seats), "games": games,
        "finished": sum(1 for r in records if r["finished"]),
        "stalled": sum(1 for r in records if is_stalled(r)),
        "fair_share": round(1 / n, 4),
        "by_position": [_share(pos_wins[p], games) for p in range(n)],
        "by_seat": [{"seat": k, "kind": arm.seats[k], **_share(seat_wins[k], games)} for k in range(n)],
        "by_level": {lv: _share(level_wins[lv], level_seats[lv]) for lv in sorted(level_seats)},
        "scores_by_position": [_ci([r["scores"][(r.get("first", 0) + p) % n] for r in records]) for p in range(n)],
        "winner_score": _ci([max(r["scores"]) for r in records if r["winners"]]),
        "margin": _ci(margins),
        "spread": _ci([spread(r) for r in records]),
        "length": length,
        "lead_changes": _ci([float(stats.lead_changes(r["track"])) for r in records]),
        "winner_clear": _ci(clear),
        "kinds": kinds,
        "tags": {tag: {v: _share(tag_wins[tag][v], c) for v, c in sorted(vals.items())}
                 for tag, vals in tag_seats.items()},
        "outliers": outliers,
    }


def _outliers(arm: Arm, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []

    def add(what: str, r: dict[str, Any], detail: str) -> None:
        out.append({"what": what, "game": game_ref(arm, r["index"]), "seed": r["seed"], "seats": r["seats"],
                    "detail": detail})

    if not records:
        return out
    longest = max(records, key=lambda r: (r["actions"], -r["index"]))
    add("longest game", longest, f"{longest['actions']} actions, {longest.get('rounds')} rounds")
    shortest = min(records, key=lambda r: (r["actions"], r["index"]))
    add("shortest game", shortest, f"{shortest['actions']} actions, {shortest.get('rounds')} rounds")
    won = [r for r in records if r["winners"]]
    if won:
        big = max(won, key=lambda r: (margin(r), -r["index"]))
        add("biggest margin", big, f"won by {margin(big):g} ({', '.join(f'{s:g}' for s in big['scores'])})")
    swings = max(records, key=lambda r: (stats.lead_changes(r["track"]), -r["index"]))
    if stats.lead_changes(swings["track"]):
        add("most lead changes", swings, f"{stats.lead_changes(swings['track'])} lead changes")
    for r in [r for r in records if is_stalled(r)][:5]:
        why = "stopped unfinished" if not r["finished"] else f"ended by the safety net ({r.get('end')})"
        add("stalled game", r, f"{why} after {r['actions']} actions, {r.get('rounds')} rounds")
    return out


#: what each variant is compared on: (key, label, how to get one value per game, unit)
MEAN_METRICS: list[tuple[str, str, Any, str]] = [
    ("rounds", "Game length", lambda r, s: r["rounds"] if r.get("rounds") is not None else None, "rounds"),
    ("minutes", "Estimated time at the table", lambda r, s: minutes(r, s.seconds_per_decision), "minutes"),
    ("margin", "Margin of victory", lambda r, s: margin(r) if r["winners"] else None, "points"),
    ("spread", "Score spread (best minus worst)", lambda r, s: spread(r), "points"),
    ("mean_score", "Average score", lambda r, s: statistics.fmean(r["scores"]) if r["scores"] else None, "points"),
    ("lead_changes", "Lead changes", lambda r, s: stats.lead_changes(r["track"]), ""),
]


def compare(study: Study, arm: Arm, base: Arm, recs: list[dict[str, Any]], base_recs: list[dict[str, Any]]) -> dict[str, Any]:
    """The variant ``arm`` against ``base`` (same board and player count)."""
    rows = []
    n1, n2 = len(recs), len(base_recs)
    k1 = sum(1.0 / len(r["winners"]) for r in recs if r.get("first", 0) in r["winners"])
    k2 = sum(1.0 / len(r["winners"]) for r in base_recs if r.get("first", 0) in r["winners"])
    d, lo, hi = stats.diff_proportions(k1, n1, k2, n2)
    label = "Seat 1's win share" if study.game_id in SEAT_ORDER_ONLY else "First player's win share"
    rows.append({"metric": "first_player", "label": label, "diff": round(d, 4),
                 "low": round(lo, 4), "high": round(hi, 4), "real": stats.is_real(lo, hi), "unit": "share",
                 "sentence": stats.share_sentence(f"The {label[0].lower()}{label[1:]}"
                                                  if label.startswith("First") else label, d, lo, hi, (n1, n2))})
    for key, label, get, unit in MEAN_METRICS:
        a = [v for v in (get(r, study) for r in recs) if v is not None]
        b = [v for v in (get(r, study) for r in base_recs) if v is not None]
        if not a or not b:
            continue
        d, lo, hi = stats.diff_means(a, b)
        rows.append({"metric": key, "label": label, "diff": round(d, 4), "low": round(lo, 4), "high": round(hi, 4),
                     "real": stats.is_real(lo, hi), "unit": unit,
                     "sentence": stats.mean_sentence(label, d, lo, hi, unit)})
    return {"arm": arm.name, "ref": arm.ref, "baseline": base.name, "games": [n1, n2], "rows": rows}


def summarise(study: Study, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Every arm's numbers and every variant's comparison with its baseline."""
    by_arm: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_arm[r["arm"]].append(r)
    arms = [summarise_arm(study, a, by_arm[a.key]) for a in study.arms]
    comparisons = []
    for a in study.arms:
        base = study.baseline_for(a)
        if a.variant == "baseline" or base is None:
            continue
        comparisons.append(compare(study, a, base, by_arm[a.key], by_arm[base.key]))
    return {
        "title": study.title, "game": study.game_id, "games_per_arm": study.games, "seed": study.seed,
        "seconds_per_decision": study.seconds_per_decision, "games_played": len(records),
        "positions": [position_name(study.game_id, p) for p in range(max((a.players for a in study.arms), default=0))],
        "arms": arms, "comparisons": comparisons,
    }
