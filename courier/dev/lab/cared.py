"""Did the players care? Per variant: was the change a rule or only the computer players'
judgement (``courier.dev.lab.judgement``), and did the computer players play any differently for it
(games whose actions differ from the baseline game dealt the same)?

A rule that should matter to people (more money at the start, a penalty) can leave every game of
these computer players the same; the report then warns that this says nothing about people.
"""

from __future__ import annotations

import html
import statistics
from typing import Any

from courier.dev.lab import stats

esc = html.escape

#: at most this share of a variant's games played differently: "almost nothing changed"
ALMOST_NOTHING = 0.1


def parted_at(v: dict[str, Any], b: dict[str, Any]) -> float | None:
    """How far into the baseline game (0 to 1, by actions) the two games first differ; None when alike."""
    x, y = v.get("log") or [], b.get("log") or []
    if x == y:
        return None
    n = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
    return n / max(1, len(y))


def only_ended_elsewhere(v: dict[str, Any], b: dict[str, Any]) -> bool:
    """The same actions as far as the shorter game went: one game only ended sooner (a nearer
    finishing line), no decision differed."""
    x, y = v.get("log") or [], b.get("log") or []
    n = min(len(x), len(y))
    return x != y and x[:n] == y[:n]


def variant_rows(study: Any, records: list[dict[str, Any]], probe: bool = True) -> list[dict[str, Any]]:
    """One row per variant arm: its changed settings by kind, games played differently, and words."""
    from courier.dev.lab import analysis, judgement

    by_arm: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by_arm.setdefault(r["arm"], []).append(r)
    rows = []
    for arm in study.arms:
        base = study.baseline_for(arm)
        if base is None or base is arm:
            continue
        pairs = analysis.pairs_of(by_arm.get(arm.key, []), by_arm.get(base.key, []))
        if not pairs:
            continue
        kinds = judgement.arm_settings(study, arm, base, pairs=pairs) if probe else {}
        ended = sum(1 for v, b in pairs if only_ended_elsewhere(v, b))
        parted = [p for v, b in pairs if (p := parted_at(v, b)) is not None and not only_ended_elsewhere(v, b)]
        decided = len(parted)
        share, low, high = stats.wilson(decided, len(pairs))
        row = {"arm": arm.name, "baseline": base.name, "players": arm.players, "settings": kinds,
               "pairs": len(pairs), "differ": decided + ended, "decided": decided, "ended": ended,
               "share": share, "low": low, "high": high, "parted": statistics.median(parted) if parted else None}
        row["words"], row["warning"] = _words(row)
        row["short"] = _short_warning(row)
        rows.append(row)
    return rows


def _names(settings: list[str]) -> str:
    return ", ".join(f"'{s}'" for s in settings)


def _words(row: dict[str, Any]) -> tuple[str, str]:
    """(what the change was and what the players did, a warning or "")."""
    kinds = row["settings"]
    rules = [s for s, k in kinds.items() if k == "rule"]
    judged = [s for s, k in kinds.items() if k == "judgement"]
    unread = [s for s, k in kinds.items() if k == "unread"]
    n, d, decided, ended = row["pairs"], row["differ"], row["decided"], row["ended"]
    parts = []
    if rules:
        parts.append(f"a change of the rules ({_names(rules)}: the rules read {'it' if len(rules) == 1 else 'them'} in play)")
    if judged:
        parts.append(f"only the computer players' judgement changed ({_names(judged)}: the rules never read "
                     f"{'it' if len(judged) == 1 else 'them'} at {row['players']} players; the computer players do)")
    if unread:
        parts.append(f"{_names(unread)} changed nothing (neither the rules nor the computer players read "
                     f"{'it' if len(unread) == 1 else 'them'} at {row['players']} players)")
    what = "; ".join(parts) or "no setting differs from the baseline"
    if d == 0:
        played = f"The computer players played all {n} games move for move as in the baseline."
    else:
        at = (f", parting on average (median) {row['parted'] * 100:.0f}% of the way into the game"
              if row["parted"] is not None else "")
        played = (f"The computer players decided differently in {decided} of {n} games ({row['share'] * 100:.0f}%, "
                  f"{row['low'] * 100:.0f}-{row['high'] * 100:.0f}%) from the baseline game dealt the same{at}.")
        if ended:
            played += (f" In {ended} {'more' if decided else 'of them'}, every move was the same as far as the "
                       f"shorter game went: the game only ended {'sooner or later' if ended > 1 else 'at another point'}.")
    warning = ""
    if rules and d <= ALMOST_NOTHING * n:
        how = "nothing" if d == 0 else "almost nothing"
        warning = (f"The rule changed {how} in how the computer players played ({d} of {n} games differ). That "
                   "says these computer players ignore it, not that people would: a person may well play "
                   "differently for it. Try it at a table, or with other seats (the out-* styles).")
    elif judged and not rules and d:
        warning = ("These games differ only because the computer players judge the game by this setting; the "
                   "rules are the baseline's. Read none of this variant's effects as the effects of a rule.")
    return f"{what[0].upper()}{what[1:]}. {played}", warning


def _short_warning(row: dict[str, Any]) -> str:
    """The warning in a few words, for the report's first lines and "In short" ("" without one)."""
    kinds = row["settings"]
    unread = [s for s, k in kinds.items() if k == "unread"]
    if unread and all(k == "unread" for k in kinds.values()):
        return (f"{_names(unread)} changed nothing: neither the rules nor the computer players read "
                f"{'it' if len(unread) == 1 else 'them'} at {row['players']} players")
    if not row["warning"]:
        return ""
    if any(k == "rule" for k in kinds.values()):
        how = "nothing" if row["differ"] == 0 else "almost nothing"
        return (f"Warning: the rule changed {how} in the computer players' play ({row['differ']} of "
                f"{row['pairs']} games differ); that says nothing of people")
    return ("Warning: only the computer players' judgement changed, not the rules; its effects are "
            "not a rule's")


def short_warnings(summary: dict[str, Any]) -> dict[str, str]:
    """Arm name -> its short warning (or why a setting nobody reads changed nothing), for the arms
    of ``summary["players_cared"]`` that have one."""
    said = {r["arm"]: r.get("short") or _short_warning(r) for r in summary.get("players_cared") or []}
    return {arm: w for arm, w in said.items() if w}


def section(study: Any, records: list[dict[str, Any]], rows: list[dict[str, Any]] | None = None) -> str:
    """The report's "Did the players care?" section (empty without variants); ``rows`` when
    ``variant_rows`` has already been asked (summary.json holds them as ``players_cared``)."""
    rows = variant_rows(study, records) if rows is None else rows
    if not rows:
        return ""
    parts = ["<h2>Did the players care?</h2><p class=note>For each variant: whether what it changes is a rule "
             "(the rules read it in play) or only the computer players' judgement (only they read it), as "
             "recorded in probe games of both arms and in the study's own games; and in how many games the computer "
             "players decided differently from the baseline game dealt the same (an action not the same; a game "
             "that only ended sooner or later, the same moves till then, is counted apart).</p><ul>"]
    for r in rows:
        parts.append(f"<li><b>{esc(r['arm'])}</b>: {esc(r['words'])}"
                     + (f"<br><span class=real>Warning: {esc(r['warning'])}</span>" if r["warning"] else "") + "</li>")
    parts.append("</ul>")
    return "\n".join(parts)
