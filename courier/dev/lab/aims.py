"""What a study is for, and the summary that answers it: the variants ranked against the aim.

A study names its aim in a few words (``aim = "shorter games"``); the report's first lines rank
every variant by how far it moves the game toward that aim, on the corrected interval the other
verdicts use: *meets the aim* (the whole interval goes the aim's way), *works against it* (the
whole interval goes the other way) or *not shown*.

Aims (the words are matched without regard to case):

- ``shorter games``, ``longer games``: rounds per game
- ``quicker games``: estimated minutes at the table
- ``closer games``: the margin of victory over the average score (smaller)
- ``more lead changes``, ``higher scores``, ``lower scores``
- ``a smaller spread``: the score spread over the average score
- ``a fairer first seat``: the first player's win share nearer a fair share
- ``a weaker ROLE``, ``a stronger ROLE``, ``a fairer ROLE``: the win share of a position or role
  as the report names it (``a weaker Rogue player``, ``a fairer seat 3``, ``a weaker company Big
  Van``, ``a stronger 2nd to play``)

The obvious consequences of a change are folded away below the summary (``fold``): shorter games
take less time and score less; a lower average score shrinks margins and spreads in points. The
relative measures stay, since they tell whether more than the scale changed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

#: fixed aims: words -> (measure, +1 when more is better, -1 when less is)
FIXED: dict[str, tuple[str, int, str]] = {
    "shorter games": ("rounds", -1, "game length"),
    "longer games": ("rounds", +1, "game length"),
    "quicker games": ("minutes", -1, "time at the table"),
    "closer games": ("rel_margin", -1, "margin over the average score"),
    "more lead changes": ("lead_changes", +1, "lead changes"),
    "higher scores": ("mean_score", +1, "average score"),
    "lower scores": ("mean_score", -1, "average score"),
    "a smaller spread": ("rel_spread", -1, "score spread over the average score"),
    "a fairer first seat": ("first_player", 0, "the first player's distance from a fair share"),
}
_ROLE = re.compile(r"^an?\s+(weaker|stronger|fairer)\s+(.+)$", re.I)
WAY = {"weaker": -1, "stronger": +1, "fairer": 0}


#: a relative measure -> its measure in points
RELATIVE = {"rel_margin": "margin", "rel_spread": "spread"}
#: the verdict on a relative aim where the games were the same and only every score moved alike
UNCHANGED = "not met: the same games, the same result"
SCALE_ONLY = "not met: the same games, every score moved alike (the same margins in points)"


@dataclass(frozen=True)
class Aim:
    text: str
    #: a measure of the comparison rows, or "" for a seat or role
    measure: str
    #: +1 more is better, -1 less is better, 0 nearer a fair share is better
    way: int
    #: the seat or role named ("" for a measure)
    role: str = ""
    label: str = ""


def parse(text: str) -> Aim | None:
    t = " ".join(text.strip().split())
    key = t.lower()
    if key in FIXED:
        measure, way, label = FIXED[key]
        return Aim(t, measure, way, label=label)
    m = _ROLE.match(t)
    if m and m.group(2).strip().lower() not in ("games", "game"):
        role = m.group(2).strip()
        return Aim(t, "", WAY[m.group(1).lower()], role=role, label=f"{role}'s win share")
    return None


def aim_problem(text: str) -> str:
    """Why ``text`` is not an aim the lab knows ("" when it is one)."""
    if parse(text) is not None:
        return ""
    return ("the lab does not know this aim; aims: " + ", ".join(f'"{k}"' for k in FIXED)
            + ', or "a weaker ROLE", "a stronger ROLE", "a fairer ROLE" naming a seat or role as the report '
              'does (e.g. "a weaker Rogue player", "a fairer seat 3")')


def _role_row(aim: Aim, c: dict[str, Any], base: dict[str, Any]) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
    """The comparison row and the baseline's judged share of the seat or role the aim names."""
    want = aim.role.lower()
    judged = base.get("judged", [])
    hit = next((j for j in judged if j["what"].lower() == want), None) or next(
        (j for j in judged if want in j["what"].lower()), None)
    if hit is None:
        return None, None
    if hit["family"] == "position" and hit["value"] == "0":
        row = next((r for r in c["rows"] if r["metric"] == "first_player"), None)
    else:
        row = next((r for r in c.get("seat_rows", []) if r["metric"] == f"{hit['family']}:{hit['value']}"), None)
    return row, hit


def score(aim: Aim, c: dict[str, Any], base: dict[str, Any]) -> dict[str, Any] | None:
    """How far the variant ``c`` moves the game toward ``aim``: ``gain`` with its corrected
    interval, in the aim's direction (positive: toward the aim). None if the measure is missing."""
    if aim.measure and aim.measure != "first_player":
        row = next((r for r in c["rows"] if r["metric"] == aim.measure), None)
        hit = None
    elif aim.measure == "first_player":
        row = next((r for r in c["rows"] if r["metric"] == "first_player"), None)
        hit = next((j for j in base.get("judged", []) if j["family"] == "position" and j["value"] == "0"), None)
    else:
        row, hit = _role_row(aim, c, base)
    if row is None:
        return None
    d, lo, hi = row["diff"], row["low"], row["high"]
    if aim.way:
        gain, glo, ghi = aim.way * d, min(aim.way * lo, aim.way * hi), max(aim.way * lo, aim.way * hi)
    else:
        if hit is None:
            return None
        b = hit["share"] - hit["fair"]  # the baseline's distance from fair, signed

        def f(x: float) -> float:
            return abs(b) - abs(b + x)

        gain, ends = f(d), [f(lo), f(hi)]
        glo = min(ends)
        ghi = f(-b) if lo <= -b <= hi else max(ends)
    verdict = "meets the aim" if glo > 0 else "works against the aim" if ghi < 0 else "not shown"
    if c.get("identical") and d == lo == hi == 0:  # the same games: shown unchanged, not "not shown"
        verdict = UNCHANGED
    elif c.get("identical") and aim.measure in RELATIVE:
        same = next((r for r in c["rows"] if r["metric"] == RELATIVE[aim.measure]), None)
        if same is None or same["diff"] == 0:  # the same games, every score moved alike: only the scale
            verdict = SCALE_ONLY
    return {"arm": c["arm"], "gain": gain, "low": glo, "high": ghi, "verdict": verdict, "row": row,
            "unit": row.get("unit", ""), "fairness": aim.way == 0, "identical": bool(c.get("identical"))}


def rank(aim: Aim, summary: dict[str, Any]) -> list[dict[str, Any]]:
    """Every variant scored against ``aim``, best first (shown gains before unshown ones)."""
    arms = {a["arm"]: a for a in summary["arms"]}
    out = []
    for c in summary["comparisons"]:
        s = score(aim, c, arms.get(c["baseline"], {}))
        if s is not None:
            out.append(s)
    order = {"meets the aim": 0, "not shown": 1, SCALE_ONLY: 1, UNCHANGED: 1, "works against the aim": 2}
    out.sort(key=lambda s: (order[s["verdict"]], -s["gain"]))
    return out


def _pts(x: float) -> str:
    """A share as signed points, never "-0"."""
    v = round(x * 100)
    return "0" if v == 0 else f"{v:+d}"


def _amount(s: dict[str, Any]) -> str:
    """The variant's change as measured (its label, the change and its corrected interval), and
    for a fairness aim how much nearer a fair share it brings the seat."""
    row, unit = s["row"], s["unit"]
    label = row.get("label", "")
    if unit == "share":
        text = f"{label} {_pts(row['diff'])} points ({_pts(row['low'])} to {_pts(row['high'])})"
        if s.get("fairness"):
            way = "nearer" if s["gain"] >= 0 else "further from"
            text += f", {abs(s['gain']) * 100:.0f} points {way} a fair share"
        return text[0].upper() + text[1:] if text else text
    u = "" if unit in ("", "x the average") else f" {unit}"
    fmt = ".2f" if unit == "x the average" or max(abs(row["low"]), abs(row["high"])) < 2 else ".1f"
    return f"{label} {row['diff']:+{fmt}}{u} ({row['low']:+{fmt}} to {row['high']:+{fmt}})"


#: (cause, follower, why): a real change of ``follower`` the same way as a real change of
#: ``cause`` is an obvious consequence, folded away in the report
FOLLOWS: list[tuple[str, str, str]] = [
    ("rounds", "minutes", "longer games take longer, shorter ones less"),
    ("rounds", "mean_score", "longer games score more, shorter ones less"),
    ("rounds", "lead_changes", "longer games leave more time for the lead to change"),
    ("mean_score", "margin", "margins in points follow the average score"),
    ("mean_score", "spread", "spreads in points follow the average score"),
    ("rounds", "margin", "margins in points follow the length of the game"),
    ("rounds", "spread", "spreads in points follow the length of the game"),
]


def fold(rows: list[dict[str, Any]], keep: str = "") -> tuple[list[dict[str, Any]], list[tuple[dict[str, Any], str]]]:
    """Split a comparison's real rows into (kept, folded with why): a follower moving the same
    way as its cause is folded (never the aim's own measure ``keep``)."""
    real = {r["metric"]: r for r in rows if r["real"]}
    folded: dict[str, str] = {}
    for cause, follower, why in FOLLOWS:
        if follower == keep or follower in folded or cause not in real or follower not in real:
            continue
        if (real[cause]["diff"] > 0) == (real[follower]["diff"] > 0):
            folded[follower] = why
    kept = [r for r in rows if r["real"] and r["metric"] not in folded]
    return kept, [(real[m], why) for m, why in folded.items()]


def _seat_line(summary: dict[str, Any]) -> str:
    """One line on the seats and roles: those shown off a fair share (grouped over the arms, a
    seat that is a role's seat told once, by the role), else how many are not shown."""
    off: dict[tuple[str, str], list[tuple[str, float]]] = {}
    unshown = fair = 0
    for a in summary["arms"]:
        judged = a.get("judged", [])
        for j in judged:
            if j["verdict"] in ("more", "less"):
                if j.get("role"):
                    continue  # the Rogue's seat: told by its role
                off.setdefault((j["what"], j["verdict"]), []).append((a["arm"], j["share"]))
            elif j["verdict"] == "not shown":
                unshown += 1
            else:
                fair += 1
    arms = len(summary["arms"])
    said = []
    for (what, verdict), where in off.items():
        shares = [x for _, x in where]
        span = (f"{min(shares) * 100:.0f}%" if len(shares) == 1 or min(shares) == max(shares)
                else f"{min(shares) * 100:.0f}-{max(shares) * 100:.0f}%")
        way = "more" if verdict == "more" else "less"
        said.append(f"{what} wins {way} than a fair share in {len(where)} of {arms} arm{'s' if arms != 1 else ''} "
                    f"({span})")
    moved = [f"{c['arm']} moves {r['label']} by {r['diff'] * 100:+.0f} points"
             for c in summary["comparisons"] for r in c.get("seat_rows", []) if r["real"]]
    said += moved
    if said:
        more = f"; and {len(said) - 2} more" if len(said) > 2 else ""
        return "Seats and roles: " + "; ".join(said[:2]) + more + "."
    total = unshown + fair
    if not total:
        return ""
    return (f"Seats and roles: none shown off a fair share; {fair} of {total} about fair, {unshown} not shown "
            "either way (more games would tell).")


def summary_lines(study: Any, summary: dict[str, Any], most: int = 5) -> list[str]:
    """At most ``most`` plain lines answering the study's question (the report's first lines)."""
    from courier.dev.lab.cared import short_warnings

    aim = parse(study.aim) if getattr(study, "aim", "") else None
    comps = summary["comparisons"]
    warned = short_warnings(summary)

    def warn(arm: str) -> str:
        return f" {warned[arm]}." if arm in warned else ""

    lines: list[str] = []
    seat = _seat_line(summary)
    room = most - 1 - (1 if seat else 0)
    if aim is not None and comps:
        ranked = rank(aim, summary)
        lines.append(f"Aim: {aim.text}. {len(ranked)} variant{'s' if len(ranked) != 1 else ''} ranked on "
                     f"{aim.label}, best first (changes against the baseline, corrected intervals).")
        if not ranked:
            why = (f"no seat or role called '{aim.role}'" if aim.role
                   else f"the {aim.label} did not vary in these games")
            lines[-1] = f"Aim: {aim.text}. No variant could be judged on it ({why})."
        shown = ranked[:room] if len(ranked) <= room else ranked[:room - 1]
        for i, s in enumerate(shown, 1):
            same = " (played the same as the baseline in every game)" if s["identical"] else ""
            lines.append(f"{i}. {s['arm']}: {_amount(s)}: {s['verdict']}{same}.{warn(s['arm'])}")
        rest = ranked[len(shown):]
        if rest:
            meets = sum(1 for s in rest if s["verdict"] == "meets the aim")
            lines.append(f"And {len(rest)} more ({', '.join(s['arm'] for s in rest[:3])}"
                         f"{'...' if len(rest) > 3 else ''}): {meets} of them meet the aim.")
    elif comps:
        lines.append("No aim named (aim = \"shorter games\", \"a fairer first seat\"... ranks the variants); "
                     "each variant's clearest effects:")
        shown = comps[:room] if len(comps) <= room else comps[:room - 1]
        for c in shown:
            kept, _ = fold(c["rows"])
            if c.get("identical"):
                lines.append(f"{c['arm']}: played the same as the baseline in every game.{warn(c['arm'])}")
            elif not kept:
                lines.append(f"{c['arm']}: no measure shown to differ ({c['pairs']} deals).{warn(c['arm'])}")
            else:
                top = sorted(kept, key=lambda r: -abs(r["diff"]) / max(1e-9, (r["high"] - r["low"]) or 1e-9))[:2]
                lines.append(f"{c['arm']}: " + "; ".join(_short(r) for r in top) + f".{warn(c['arm'])}")
        rest = comps[len(shown):]
        if rest:
            lines.append(f"And {len(rest)} more variants: see below.")
    else:
        lines.append(f"{summary['games_played']} distinct games, no variant: the game as it stands."
                     + (f" Aim: {aim.text}; with no variant there is nothing to rank (add one to try a change); "
                        "the seats and roles below are the answer so far." if aim is not None else ""))
    told = [w for arm, w in warned.items() if not any(line.split(":", 1)[0].endswith(arm) for line in lines[1:])]
    if told:  # a warned variant the lines above leave out is still warned about
        lines = lines[:most - 1 - (1 if seat else 0)]
        lines.append("; ".join(f"{arm}: {w}" for arm, w in warned.items()
                               if w in told) + ".")
    if seat:
        lines.append(seat)
    return lines[:most]


def _short(r: dict[str, Any]) -> str:
    if r["unit"] == "share":
        return f"{r['label'].lower()} {r['diff'] * 100:+.0f} points"
    u = "" if r["unit"] in ("", "x the average") else f" {r['unit']}"
    fmt = ".2f" if abs(r["diff"]) < 2 else ".1f"
    return f"{r['label'].lower()} {r['diff']:+{fmt}}{u}"
