"""The balance numbers of a study, arm by arm, and each variant against the baseline.

Everything here is plain data (JSON-ready), so the HTML report, the JSON and CSV files and the
tests all read the same numbers.
"""

from __future__ import annotations

import statistics
from collections import defaultdict
from typing import Any

from courier.dev.lab import seats as seat_judge
from courier.dev.lab import stats
from courier.dev.lab.kinds import SEAT_ORDER_ONLY, position_name
from courier.dev.lab.study import SKILL, Arm, Study


def game_ref(arm: Arm, index: int) -> str:
    """How a report and ``courier replay --game`` name one game: ``baseline#17`` (the same name
    the runner writes into each record)."""
    return f"{arm.ref}#{index}"


#: how a report names each way a game can end other than the rulebook's own
END_WORDS = {
    "round_limit": "stopped by the safety round limit",
    "no_legal_move": "no player had anything to do (the rules offered no move)",
    "action_cap": "stopped after too many actions (a likely loop)",
}


def end_of(r: dict[str, Any]) -> str:
    """The record's end reason: finished, round_limit, no_legal_move or action_cap."""
    end = str(r.get("end", "") or "")
    if end in ("finished", *END_WORDS):
        return end
    if not r.get("finished", True):
        return "action_cap"
    return "round_limit" if ("limit" in end.lower() or end == "rounds") else "finished"


def is_stalled(r: dict[str, Any]) -> bool:
    """A game that did not end by the rulebook's own ending (safety-net limit, stuck or stopped)."""
    return end_of(r) != "finished"


def deal_of(r: dict[str, Any]) -> tuple[Any, ...]:
    """What decides a game within an arm: its seed and who sits where."""
    return (r["seed"], tuple(r["seats"]))


def distinct(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One record per deal: a game played twice (the same seed, seats and settings) counts once."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for r in records:
        k = deal_of(r)
        if k not in seen:
            seen.add(k)
            out.append(r)
    return out


def margin(r: dict[str, Any]) -> float:
    """Winner's score minus the best other score (0 on a shared win)."""
    s = sorted(r["scores"], reverse=True)
    return float(s[0] - s[1]) if len(s) > 1 else float(s[0]) if s else 0.0


def spread(r: dict[str, Any]) -> float:
    return float(max(r["scores"]) - min(r["scores"])) if r["scores"] else 0.0


def relative(value: float, r: dict[str, Any]) -> float | None:
    """``value`` (a spread or margin in points) over the game's average score: the same spread
    means less in a game of high scores. None when the average score is not above zero."""
    avg = statistics.fmean(r["scores"]) if r["scores"] else 0.0
    return value / avg if avg > 0 else None


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


def _dist(values: list[float]) -> dict[str, Any]:
    """A distribution in a few numbers: percentiles and a histogram."""
    return {"percentiles": stats.percentiles(values), "histogram": stats.histogram(values)}


def summarise_arm(study: Study, arm: Arm, records: list[dict[str, Any]], alpha: float = 0.05) -> dict[str, Any]:
    """One arm's numbers. ``alpha``: the share of the 5% each of this arm's seat and role
    verdicts may use (Bonferroni over the report's comparisons)."""
    records = distinct(records)
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
    judged = seat_judge.judge_arm(study.game_id, n, records, alpha, getattr(study, "edge", stats.EDGE))
    first_judged = judged[0] if judged and judged[0]["family"] == "position" else None
    events: dict[str, float] = defaultdict(float)
    for r in records:
        for kind, c in r.get("events", {}).items():
            events[kind] += c
    return {
        "arm": arm.name, "ref": arm.ref, "key": arm.key, "variant": arm.variant, "description": arm.description,
        "board": arm.board, "players": n, "seats": list(arm.seats), "games": games,
        "finished": sum(1 for r in records if r["finished"]),
        "stalled": sum(1 for r in records if is_stalled(r)),
        "ends": {e: sum(1 for r in records if end_of(r) == e) for e in ("finished", *END_WORDS)},
        # the first position against a fair share, with the interval corrected for the report's comparisons
        "first_verdict": ({k: first_judged[k] for k in ("low", "high", "verdict", "words")} if first_judged
                          else {"low": 0.0, "high": 1.0, "verdict": "about", "words": ""}),
        # every judged position and role against a fair share (seats.judge_arm)
        "judged": judged,
        # relative measures: the spread and margin over the game's average score
        "relative": {"spread": _ci([v for v in (relative(spread(r), r) for r in records) if v is not None]),
                     "margin": _ci([v for v in (relative(margin(r), r) for r in records if r["winners"]) if v is not None])},
        "rounds_distribution": _dist([float(r["rounds"]) for r in records if r.get("rounds") is not None]),
        "scores_distribution": [_dist([float(r["scores"][(r.get("first", 0) + p) % n]) for r in records]) for p in range(n)],
        "events": {k: round(v / games, 3) for k, v in sorted(events.items(), key=lambda kv: -kv[1])} if games else {},
        "problems": problems(arm, records),
        "fair_share": round(1 / n, 4),
        "by_position": [_share(pos_wins[p], games) for p in range(n)],
        "by_seat": [{"seat": k, "kind": arm.seats[k], **_share(seat_wins[k], games)} for k in range(n)],
        "by_level": {lv: _share(level_wins[lv], level_seats[lv]) for lv in sorted(level_seats)},
        "scores_by_position": [_ci([r["scores"][(r.get("first", 0) + p) % n] for r in records]) for p in range(n)],
        "winner_score": _ci([max(r["scores"]) for r in records if r["winners"]]),
        "mean_score": _ci([statistics.fmean(r["scores"]) for r in records if r["scores"]]),
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
        add("stalled game", r, f"{END_WORDS[end_of(r)]} after {r['actions']} actions, {r.get('rounds')} rounds")
    return out


def problems(arm: Arm, records: list[dict[str, Any]], most: int = 10) -> list[dict[str, Any]]:
    """The games that did not end by the rulebook: stalls (the round limit), loops (the action
    cap) and states where the rules left nobody a move; each with the game to replay."""
    out = []
    for r in records:
        end = end_of(r)
        if end == "finished":
            continue
        out.append({"end": end, "what": END_WORDS[end], "game": game_ref(arm, r["index"]), "seed": r["seed"],
                    "rounds": r.get("rounds"), "actions": r["actions"]})
    out.sort(key=lambda p: (list(END_WORDS).index(p["end"]) * -1, p["game"]))
    return out[:most] + ([{"end": "more", "what": f"and {len(out) - most} more", "game": "", "seed": None,
                           "rounds": None, "actions": None}] if len(out) > most else [])


#: what each variant is compared on: (key, label, how to get one value per game, unit)
MEAN_METRICS: list[tuple[str, str, Any, str]] = [
    ("rounds", "Game length", lambda r, s: r["rounds"] if r.get("rounds") is not None else None, "rounds"),
    ("minutes", "Estimated time at the table", lambda r, s: minutes(r, s.seconds_per_decision), "minutes"),
    ("margin", "Margin of victory", lambda r, s: margin(r) if r["winners"] else None, "points"),
    ("spread", "Score spread (best minus worst)", lambda r, s: spread(r), "points"),
    ("mean_score", "Average score", lambda r, s: statistics.fmean(r["scores"]) if r["scores"] else None, "points"),
    ("lead_changes", "Lead changes", lambda r, s: stats.lead_changes(r["track"]), ""),
    ("rel_spread", "Score spread over the average score", lambda r, s: relative(spread(r), r), "x the average"),
    ("rel_margin", "Margin over the average score",
     lambda r, s: relative(margin(r), r) if r["winners"] else None, "x the average"),
]


def _first_value(r: dict[str, Any]) -> float:
    """The first player's share of this game's win (a shared win is split)."""
    w = r["winners"]
    return 1.0 / len(w) if w and r.get("first", 0) in w else 0.0


def pairs_of(recs: list[dict[str, Any]], base_recs: list[dict[str, Any]]) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """(variant game, baseline game) dealt the same (seed and seats), in the variant's order."""
    base = {deal_of(r): r for r in distinct(base_recs)}
    return [(r, base[deal_of(r)]) for r in distinct(recs) if deal_of(r) in base]


def same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Played move for move alike: the rule never changed a decision in this deal (it may still
    have moved the final scores, as a different starting purse does)."""
    if a.get("log") and b.get("log"):
        return a["log"] == b["log"]
    return all(a.get(k) == b.get(k) for k in ("log", "scores", "winners", "rounds", "actions"))


def per_seed(pairs: list[tuple[dict[str, Any], dict[str, Any]]], get: Any) -> list[float]:
    """One difference per seed (variant minus baseline, averaged over that seed's seatings): the
    seatings of one seed share a deal, so the seed is the unit that is independent."""
    by_seed: dict[Any, list[float]] = defaultdict(list)
    for v, b in pairs:
        x, y = get(v), get(b)
        if x is not None and y is not None:
            by_seed[v["seed"]].append(float(x) - float(y))
    return [statistics.fmean(d) for d in by_seed.values()]


#: measures compared for every variant: the first player's win share, then MEAN_METRICS
COMPARED = 1 + len(MEAN_METRICS)


def compare(study: Study, arm: Arm, base: Arm, recs: list[dict[str, Any]], base_recs: list[dict[str, Any]],
            alpha: float = 0.05, comparisons: int = 1) -> dict[str, Any]:
    """The variant ``arm`` against ``base`` (same board and player count), game by game on the
    deals both played. ``alpha`` is each interval's share of the 5% (Bonferroni over the
    report's ``comparisons``); ``low95``/``high95`` are the uncorrected 95% intervals."""
    pairs = pairs_of(recs, base_recs)
    same = sum(1 for v, b in pairs if same_game(v, b))
    seeds = len({v["seed"] for v, _ in pairs})
    label = "Seat 1's win share" if study.game_id in SEAT_ORDER_ONLY else "First player's win share"
    metrics: list[tuple[str, str, Any, str]] = [("first_player", label, lambda r, s: _first_value(r), "share")]
    metrics += MEAN_METRICS
    rows, constant = [], []
    for key, lab, get, unit in metrics:
        values = [get(r, study) for pair in pairs for r in pair]
        values = [v for v in values if v is not None]
        if not values:
            continue
        if key != "first_player" and len(set(values)) == 1 and same < len(pairs):
            constant.append(lab)  # the same in every game of both arms (Doorstep Dash's points shared out)
            continue
        diffs = per_seed(pairs, lambda r: get(r, study))
        d, lo, hi = stats.paired_interval(diffs, alpha)
        _, lo95, hi95 = stats.paired_interval(diffs, 0.05)
        real = stats.is_real(lo, hi)
        if key == "first_player":
            what = f"The {lab[0].lower()}{lab[1:]}" if lab.startswith("First") else lab
            sentence = stats.share_sentence(what, d, lo, hi, len(pairs), comparisons)
        else:
            sentence = stats.mean_sentence(lab, d, lo, hi, unit, comparisons)
        rows.append({"metric": key, "label": lab, "diff": round(d, 4), "low": round(lo, 4), "high": round(hi, 4),
                     "low95": round(lo95, 4), "high95": round(hi95, 4), "real": real, "unit": unit,
                     "seeds": len(diffs), "sentence": sentence})
    events = {}
    kinds = sorted({k for pair in pairs for r in pair for k in r.get("events", {})})
    for k in kinds:
        v = [r.get("events", {}).get(k, 0) for r, _ in pairs]
        b = [r.get("events", {}).get(k, 0) for _, r in pairs]
        events[k] = {"variant": round(statistics.fmean(v), 3), "baseline": round(statistics.fmean(b), 3),
                     "games_differ": sum(1 for x, y in zip(v, b) if x != y)}
    differ = len(pairs) - same
    p, lo, hi = stats.wilson(differ, len(pairs)) if pairs else (0.0, 0.0, 1.0)
    return {"arm": arm.name, "ref": arm.ref, "baseline": base.name, "games": [len(distinct(recs)), len(distinct(base_recs))],
            "pairs": len(pairs), "seeds": seeds, "same": same, "identical": bool(pairs) and same == len(pairs),
            "differ": {"games": differ, "share": round(p, 4), "low": round(lo, 4), "high": round(hi, 4)},
            "constant": constant, "events": events, "rows": rows,
            "seat_rows": seat_judge.compare_seats(study.game_id, arm.players, pairs, alpha, comparisons,
                                                  getattr(study, "edge", stats.EDGE))}


def count_comparisons(study: Study, roles: dict[str, list[tuple[str, str]]] | None = None) -> int:
    """How many intervals the report judges: each arm's judged positions and roles against a fair
    share, and each variant's measures, positions past the first and roles held in both arms
    against its baseline (with skill games, one more per variant: the stronger player's share).
    ``roles``: the role values each arm's games hold, by arm key (none known: no roles)."""
    roles = roles or {}
    total = sum(seat_judge.count_judged(a.players, len(roles.get(a.key, []))) for a in study.arms)
    for a in study.arms:
        base = study.baseline_for(a)
        if a.variant == "baseline" or base is None:
            continue
        both = set(roles.get(a.key, [])) & set(roles.get(base.key, []))
        later = max(0, len(seat_judge.judged_positions(a.players)) - 1)
        total += COMPARED + later + len(both) + (1 if study.skill_games else 0)
    return total


def _strong_value(study: Study, r: dict[str, Any]) -> float:
    """The stronger player's share of this skill game's win."""
    strong = study.skill[0]
    w = r["winners"]
    return sum(1.0 / len(w) for s in w if r["seats"][s] == strong) if w else 0.0


def skill_summary(study: Study, records: list[dict[str, Any]]) -> dict[str, Any]:
    """How often the stronger player beat the weaker ones in this arm (in the spirit of Ludii's
    skill trace: a game of skill lets the better player win; a game of luck does not)."""
    records = distinct(records)
    n = len(records)
    players = len(records[0]["seats"]) if records else 2
    k = sum(_strong_value(study, r) for r in records)
    return {"strong": study.skill[0], "weak": study.skill[1], "fair_share": round(1 / players, 4), **_share(k, n)}


def compare_skill(study: Study, recs: list[dict[str, Any]], base_recs: list[dict[str, Any]], alpha: float,
                  comparisons: int) -> dict[str, Any]:
    """The stronger player's win share in the variant minus the baseline's, paired by deal."""
    pairs = pairs_of(recs, base_recs)
    diffs = per_seed(pairs, lambda r: _strong_value(study, r))
    d, lo, hi = stats.paired_interval(diffs, alpha)
    what = f"The stronger player's ({study.skill[0]}) win share against {study.skill[1]}"
    return {"metric": "skill", "label": "Stronger player's win share", "diff": round(d, 4), "low": round(lo, 4),
            "high": round(hi, 4), "real": stats.is_real(lo, hi), "unit": "share", "seeds": len(diffs),
            "sentence": stats.share_sentence(what, d, lo, hi, len(pairs), comparisons)}


def summarise(study: Study, records: list[dict[str, Any]]) -> dict[str, Any]:
    """Every arm's numbers and every variant's comparison with its baseline."""
    by_arm: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        by_arm[r["arm"]].append(r)
    m = count_comparisons(study, seat_judge.roles_by_arm({k: distinct(v) for k, v in by_arm.items()}))
    alpha = stats.family_alpha(m)
    arms = [summarise_arm(study, a, by_arm[a.key], alpha) for a in study.arms]
    if study.skill_games:
        for a, summary in zip(study.arms, arms):
            summary["skill"] = skill_summary(study, by_arm[a.key + SKILL])
    comparisons = []
    for a in study.arms:
        base = study.baseline_for(a)
        if a.variant == "baseline" or base is None:
            continue
        c = compare(study, a, base, by_arm[a.key], by_arm[base.key], alpha, m)
        if study.skill_games:
            c["skill"] = compare_skill(study, by_arm[a.key + SKILL], by_arm[base.key + SKILL], alpha, m)
        comparisons.append(c)
    return {
        "title": study.title, "game": study.game_id, "games_per_arm": study.games, "seed": study.seed,
        "seconds_per_decision": study.seconds_per_decision,
        "games_played": sum(len(distinct(v)) for v in by_arm.values()),
        "comparisons_made": m, "correction": "Bonferroni", "alpha_each": alpha,
        "positions": [position_name(study.game_id, p) for p in range(max((a.players for a in study.arms), default=0))],
        "arms": arms, "comparisons": comparisons, "sweeps": sweeps(study, arms, comparisons),
    }


#: what a sweep's chart draws per point: (label, how to read it from an arm's summary)
SWEEP_MEASURES: list[tuple[str, str, Any]] = [
    ("first_player", "First player's win share", lambda a: a["by_position"][0] if a["by_position"] else None),
    ("rounds", "Game length (rounds)", lambda a: a["length"]["rounds"]),
    ("margin", "Margin of victory", lambda a: a["margin"]),
    ("mean_score", "Average score", lambda a: a["mean_score"]),
]


def _setting_value(study: Study, arm: Arm, setting: str) -> Any:
    from courier.rules import registry

    value: Any = registry.get(study.game_id).make_config(players=arm.players, **arm.options)
    for part in setting.split("."):
        if isinstance(value, dict):
            value = value.get(part, value.get(int(part)) if part.lstrip("-").isdigit() else None)
        else:
            value = getattr(value, part, None)
    return value


def sweeps(study: Study, arms: list[dict[str, Any]], comparisons: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each sweep at each player count and board: its points in the order written, each with the
    arm's numbers (and the baseline's, at the baseline's own value, for reference)."""
    summary = {a["key"]: a for a in arms}
    compared = {c["arm"]: c for c in comparisons}
    out = []
    for name in dict.fromkeys(a.sweep for a in study.arms if a.sweep):
        groups = dict.fromkeys((a.players, a.board) for a in study.arms if a.sweep == name)
        for players, board in groups:
            points = [a for a in study.arms if a.sweep == name and a.players == players and a.board == board]
            base = study.baseline_for(points[0])
            row: dict[str, Any] = {"sweep": name, "setting": points[0].setting, "players": players, "board": board,
                                   "title": f"{points[0].setting}" + (f", {players} players" if len(study.player_counts) > 1 else ""),
                                   "points": []}
            if base is not None:
                row["baseline"] = {"value": _setting_value(study, base, points[0].setting), "arm": base.name,
                                   **{k: get(summary[base.key]) for k, _, get in SWEEP_MEASURES}}
            for a in points:
                c = compared.get(a.name, {})
                real = {r["metric"]: r["real"] for r in c.get("rows", [])}
                row["points"].append({"value": a.value, "arm": a.name, "real": real,
                                      "differ": c.get("differ", {}).get("share"),
                                      **{k: get(summary[a.key]) for k, _, get in SWEEP_MEASURES}})
            out.append(row)
    return out
