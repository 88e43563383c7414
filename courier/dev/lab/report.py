"""The balance report: one self-contained HTML page (charts embedded as PNG data, readable
offline, opened with a double click) plus the same numbers as JSON and CSV."""

from __future__ import annotations

import base64
import csv
import html
import json
from datetime import datetime, timezone
from pathlib import Path
from string import Template
from typing import Any

from courier.dev.lab import aims, analysis, stats
from courier.dev.lab.cared import short_warnings as cared_short_warnings
from courier.dev.lab.kinds import SEAT_ORDER_ONLY
from courier.dev.lab.study import SKILL, Study

esc = html.escape


def _img(png: bytes | None, alt: str) -> str:
    if png is None:  # a chart that would show nothing (a constant, a single point): its table says it
        return ""
    return f'<img alt="{html.escape(alt)}" src="data:image/png;base64,{base64.b64encode(png).decode()}">'


def _pct(x: float) -> str:
    return f"{x * 100:.0f}%"


def _share_cell(r: dict[str, Any]) -> str:
    return f"{_pct(r['share'])} <span class=meh>({_pct(r['low'])}-{_pct(r['high'])})</span>"


def _num(ci: dict[str, Any], digits: int = 1) -> str:
    if not ci or "median" not in ci:
        return "-"
    return f"{ci['mean']:.{digits}f} <span class=meh>({ci['low']:.{digits}f}-{ci['high']:.{digits}f})</span>"


def _table(head: list[str], rows: list[list[str]], left: int = 1) -> str:
    th = "".join(f'<th class="{"l" if i < left else ""}">{h}</th>' for i, h in enumerate(head))
    body = "".join("<tr>" + "".join(f'<td class="{"l" if i < left else ""}">{c}</td>' for i, c in enumerate(r)) + "</tr>"
                   for r in rows)
    return f"<table><tr>{th}</tr>{body}</table>"


def write_report(study: Study, records: list[dict[str, Any]], out_dir: Path, results_file: str = "results.jsonl",
                 charts: bool = True) -> dict[str, Path]:
    """Write report.html, summary.json, games.csv, arms.csv and comparisons.csv into ``out_dir``."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    summary = analysis.summarise(study, records)
    summary["players_cared"] = _cared_rows(study, records)
    files = {
        "json": out_dir / "summary.json", "games": out_dir / "games.csv", "arms": out_dir / "arms.csv",
        "comparisons": out_dir / "comparisons.csv", "html": out_dir / "report.html",
    }
    files["json"].write_text(json.dumps(summary, indent=1), encoding="utf-8")
    _games_csv(study, records, files["games"])
    _arms_csv(summary, files["arms"])
    _comparisons_csv(summary, files["comparisons"])
    files["html"].write_text(render_html(study, summary, records, results_file, charts), encoding="utf-8")
    return files


def _games_csv(study: Study, records: list[dict[str, Any]], path: Path) -> None:
    arms = {a.key: a for a in study.arms}
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["game", "arm", "index", "seed", "seats", "first", "scores", "winners", "finished", "stalled",
                    "rounds", "actions", "decisions", "minutes", "margin", "lead_changes"])
        for r in records:
            arm = arms.get(r["arm"]) or arms[r["arm"].removesuffix(SKILL)]
            skill = r["arm"] not in arms
            w.writerow([r.get("name") or analysis.game_ref(arm, r["index"]), arm.name + (" (skill game)" if skill else ""), r["index"], r["seed"], " ".join(r["seats"]),
                        r.get("first", 0), " ".join(f"{s:g}" for s in r["scores"]), " ".join(map(str, r["winners"])),
                        r["finished"], analysis.is_stalled(r), r.get("rounds"), r["actions"], sum(r.get("decisions", [])),
                        round(analysis.minutes(r, study.seconds_per_decision), 1),
                        analysis.margin(r) if r["winners"] else "", stats.lead_changes(r["track"])])


def _arms_csv(summary: dict[str, Any], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["arm", "players", "games", "stalled", "position", "win_share", "low", "high", "mean_score",
                    "mean_rounds", "mean_minutes", "mean_margin", "mean_lead_changes"])
        for a in summary["arms"]:
            for p, r in enumerate(a["by_position"]):
                w.writerow([a["arm"], a["players"], a["games"], a["stalled"], p + 1, r["share"], r["low"], r["high"],
                            a["scores_by_position"][p].get("mean"), a["length"]["rounds"].get("mean"),
                            a["length"]["minutes"].get("mean"), a["margin"].get("mean"), a["lead_changes"].get("mean")])


def _comparisons_csv(summary: dict[str, Any], path: Path) -> None:
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["variant", "baseline", "measure", "difference", "low", "high", "real_effect", "low_95", "high_95",
                    "comparisons", "deals", "games_played_alike", "sentence"])
        m = summary.get("comparisons_made", 1)
        for c in summary["comparisons"]:
            for r in c["rows"] + c.get("seat_rows", []) + ([c["skill"]] if c.get("skill") else []):
                w.writerow([c["arm"], c["baseline"], r["label"], r["diff"], r["low"], r["high"], r["real"],
                            r.get("low95", ""), r.get("high95", ""), m, c.get("pairs", ""), c.get("same", ""),
                            r["sentence"]])


def _page() -> Template:
    """The page around the sections: head, style sheet, title line (``report.html`` beside this module)."""
    text = (Path(__file__).resolve().parent / "report.html").read_text(encoding="utf-8")
    return Template(text.removesuffix("\n"))  # the page ends at </body></html>, with no newline after it


def render_html(study: Study, summary: dict[str, Any], records: list[dict[str, Any]], results_file: str,
                charts: bool = True) -> str:
    """The report page: report.html around one fragment per section, each built by its own function below."""
    from courier.rules import registry

    game = registry.get(study.game_id)
    by_arm: dict[str, list[dict[str, Any]]] = {}
    for r in records:
        by_arm.setdefault(r["arm"], []).append(r)
    sections = [
        _summary(study, summary), _in_short(study, summary), _arms(study, summary), _who_wins(study, summary, charts),
        _seats_and_roles(study, summary),
        _scores(study, summary, by_arm, charts), _relative(summary), _length(study, summary, by_arm, charts),
        _distributions(summary), _lead(summary),
        _decisions(summary, charts), _where_play_happens(study, game, by_arm, charts),
        _cared(study, summary, records), _variants(study, summary, charts), _skill(study, summary),
        _sweeps(summary, charts),
        _rule_problems(summary, results_file), _outliers(summary, results_file),
    ]
    return _page().substitute(
        title=esc(study.title), game=esc(game.title), games_played=summary["games_played"], per_arm=study.games,
        seed=study.seed, when=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        sections="\n".join(s for s in sections if s))


# -- the answer first ------------------------------------------------------------------------------
def _in_short(study: Study, summary: dict[str, Any]) -> str:
    arms = summary["arms"]
    m = summary.get("comparisons_made", 1)
    parts = ["<h2>In short</h2><ul class=verdicts>"]
    parts += _seat_verdicts(study, arms)
    keep = getattr(aims.parse(study.aim) if study.aim else None, "measure", "")
    warned = cared_short_warnings(summary)
    for c in summary["comparisons"]:
        parts += _comparison_verdicts(c, keep)
        if c["arm"] in warned:
            parts.append(f"<li class=real>{esc(c['arm'])}: {esc(warned[c['arm']])} (see <i>Did the players "
                         "care?</i>).</li>")
    stalled = sum(a["stalled"] for a in arms)
    if stalled:
        parts.append(f"<li class=real>{stalled} games did not end by the rulebook (see <i>Rule problems "
                     "found</i>); their numbers are in every table, so read them with care.</li>")
    nvar = len(summary["comparisons"])
    what = "each arm's seats and roles against a fair share" + (
        f", and {analysis.COMPARED + (1 if study.skill_games else 0)} measures, the later seats and the roles for "
        f"each of {nvar} variant arm{'s' if nvar != 1 else ''} against its baseline" if nvar else "")
    parts.append(f"</ul><p class=note>Every game counted is a distinct deal (its seed and seating). This report "
                 f"makes {m} comparison{'s' if m != 1 else ''} ({what}); the intervals a verdict rests on are "
                 f"widened so that all {m} hold together 19 times in 20 (Bonferroni: each at "
                 f"{100 - 5 / max(1, m):.2f}%). Tables show plain 95% intervals. A variant is compared with its "
                 "baseline game by game on the same deals (paired: one difference per deal). We call an effect "
                 "real only when its corrected interval leaves out zero (or the fair share).</p>")
    return "\n".join(parts)


def _first_player_verdicts(study: Study, arms: list[dict[str, Any]]) -> list[str]:
    seat_only = study.game_id in SEAT_ORDER_ONLY
    parts = []
    for a in arms:
        first = a["by_position"][0] if a["by_position"] else None
        if first and a["players"] > 1:
            fv = a.get("first_verdict", {"verdict": "about", "low": first["low"], "high": first["high"]})
            verdict = {"more": "more than", "less": "less than"}.get(fv["verdict"], "about")
            who = "the first player" if not seat_only else "seat 1"
            tail = "." if verdict == "about" else " (a real effect of the position)."
            parts.append(f"<li><b>{esc(a['arm'])}</b>: {who} won {_share_cell(first)} of "
                         f"{a['games']} distinct games, {verdict} a fair share of {_pct(a['fair_share'])}{tail}</li>")
    return parts


def _summary(study: Study, summary: dict[str, Any]) -> str:
    """At most five lines answering the study's question, above everything else."""
    lines = aims.summary_lines(study, summary)
    return ("<h2>The answer</h2><ol class=summary style=\"list-style:none;padding-left:0\">"
            + "".join(f"<li>{esc(line)}</li>" for line in lines) + "</ol>")


def _seat_verdicts(study: Study, arms: list[dict[str, Any]]) -> list[str]:
    """Per arm, every judged seat and role in one line: shown off a fair share in red, then the
    fair ones and those not shown either way."""
    parts = []
    for a in arms:
        judged = a.get("judged")
        if judged is None:
            parts += _first_player_verdicts(study, [a])
            continue
        if not judged:
            continue
        judged = _told_once(judged)
        off = [j for j in judged if j["verdict"] in ("more", "less")]
        rest = [j for j in judged if j not in off]
        for j in off:
            parts.append(f"<li class=real><b>{esc(a['arm'])}</b>: {esc(j['what'])} won {_pct(j['share'])} "
                         f"({_pct(j['low'])}-{_pct(j['high'])}, corrected) of {j['games']} games, "
                         f"{esc(j['words'])}.</li>")
        fair = [j for j in rest if j["verdict"] == "about"]
        unsure = [j for j in rest if j["verdict"] != "about"]
        said = []
        if fair:
            said.append("about fair: " + ", ".join(f"{esc(j['what'])} {_pct(j['share'])}" for j in fair))
        if unsure:  # one phrase for them all: each one's interval is in the seats' table
            said.append(f"not shown either way ({unsure[0]['games']} games or fewer; more games would tell, "
                        "each interval is under <i>Every seat and role</i>): "
                        + ", ".join(f"{esc(j['what'])} {_pct(j['share'])}" for j in unsure))
        if said:
            parts.append(f"<li><b>{esc(a['arm'])}</b>: {'; '.join(said)}.</li>")
    return parts


def _told_once(judged: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A seat that is a role's seat in every game (the Rogue player's seat 3) told once, by its
    role, with the seat named beside it."""
    seat = {j["role"]: j["what"] for j in judged if j.get("role")}
    return [dict(j, what=f"{j['what']} ({seat[j['what']]})") if j["what"] in seat and j["family"] != "position" else j
            for j in judged if not j.get("role")]


def _comparison_verdicts(c: dict[str, Any], keep: str = "") -> list[str]:
    if c.get("identical"):
        shifted = [r for r in c["rows"] if r["diff"] != 0]
        real = [r for r in shifted if r["real"]]
        within = (f" {len(shifted) - len(real)} other measure{'s' if len(shifted) - len(real) != 1 else ''} "
                  "moved no more than luck would." if len(shifted) > len(real) else "")
        tail = (" It only moves these numbers: " + " ".join(esc(r["sentence"]) for r in real) + within
                if real else f" It has no effect in these games beyond luck.{within}" if shifted
                else " It has no effect in these games.")
        return [f"<li>{esc(c['arm'])} played the same as {esc(c['baseline'])} in {c['same']} of {c['pairs']} "
                f"games, move for move: the change never altered a decision.{tail}</li>"]
    real, folded = aims.fold(c["rows"], keep)
    real += [r for r in c.get("seat_rows", []) if r["real"]]
    came = (f" It changed {c['differ']['games']} of {c['pairs']} games ({_pct(c['differ']['share'])})."
            if "differ" in c else "")
    if not real:
        return [f"<li>{esc(c['arm'])} against {esc(c['baseline'])}: no measure differs beyond luck "
                f"over {c.get('pairs', c['games'][0])} deals played in both.{esc(came)}</li>"]
    parts = [f"<li class=real>{esc(c['arm'])} against {esc(c['baseline'])}: {esc(r['sentence'])}</li>" for r in real]
    if folded:
        parts.append(f"<li><details><summary>{esc(c['arm'])}: {len(folded)} more real effect"
                     f"{'s' if len(folded) != 1 else ''} that follow from the above</summary>"
                     + "".join(f"<p>{esc(r['sentence'])} ({esc(why)})</p>" for r, why in folded)
                     + "</details></li>")
    if came:
        parts.append(f"<li>{esc(c['arm'])}:{esc(came)}</li>")
    return parts


# -- every seat and role ---------------------------------------------------------------------------
def _seats_and_roles(study: Study, summary: dict[str, Any]) -> str:
    """Each arm's judged seats and roles against a fair share, and each variant's change to them."""
    arms = [a for a in summary["arms"] if a.get("judged")]
    if not arms:
        return ""
    edge = getattr(study, "edge", stats.EDGE)
    rows = [[esc(a["arm"]), esc(j["what"]), _share_cell({"share": j["share"], "low": j["low95"], "high": j["high95"]}),
             f"{_pct(j['low'])}-{_pct(j['high'])}", _pct(j["fair"]), str(j["games"]),
             f"<span class={'real' if j['verdict'] in ('more', 'less') else 'meh'}>{esc(j['words'])}</span>",
             str(j["games_for_edge"])]
            for a in arms for j in a["judged"]]
    parts = ["<h2>Every seat and role</h2>",
             f"<p class=note>Each seat ({'this game has no fixed turn order' if study.game_id in SEAT_ORDER_ONLY else 'by turn order'}) and each "
             "role the rules record against a fair share. <i>About fair</i> only when the corrected interval lies "
             f"within {stats.NARROW * 100:.0f} points of the fair share; a wider one that holds it is <i>not shown "
             "either way</i>. At two players only the first seat is judged (the second's share is what the first's "
             f"leaves). The last column: games that would show an edge of {edge * 100:.0f} points (the study's "
             f"<code>edge</code>) 8 times in 10 at this report's correction.</p>",
             _table(["arm", "seat or role", "win share (95%)", "corrected", "fair", "games", "verdict",
                     f"games for a {edge * 100:.0f}-point edge"], rows, left=2)]
    crow = [[esc(c["arm"]), esc(r["label"]), f"{r['diff'] * 100:+.0f} points",
             f"{r['low'] * 100:+.0f} to {r['high'] * 100:+.0f}", str(r["seeds"]),
             f"<span class={'real' if r['real'] else 'meh'}>{esc(r['sentence'])}</span>",
             "-" if r.get("deals_for_edge") is None else str(r["deals_for_edge"])]
            for c in summary["comparisons"] for r in c.get("seat_rows", [])]
    if crow:
        parts.append("<h3>Against the baseline</h3><p class=note>The variant's win share minus the baseline's, "
                     "deal by deal (the first seat is among the measures under <i>Variants against the "
                     "baseline</i>). The last column: deals that would show a change of the edge's size.</p>"
                     + _table(["variant", "seat or role", "change", "corrected interval", "deals", "verdict",
                               "deals for the edge"], crow, left=2))
    return "\n".join(parts)


# -- relative measures and distributions ----------------------------------------------------------
def _relative(summary: dict[str, Any]) -> str:
    rows = [[esc(a["arm"]), _num(a["mean_score"]), _num(a["relative"]["spread"], 2), _num(a["relative"]["margin"], 2)]
            for a in summary["arms"] if a.get("relative")]
    if not rows:
        return ""
    return ("<h3>Relative to the average score</h3><p class=note>The spread and the margin of each game divided by "
            "its average score: a change that lowers every score flattens the points but may leave the game as "
            "lopsided as before (or more).</p>"
            + _table(["arm", "average score", "spread / average", "margin / average"], rows))


def _pcts(d: dict[str, Any], digits: int = 0) -> list[str]:
    p = d.get("percentiles", {})
    return [f"{p[k]:.{digits}f}" if k in p else "-" for k in ("p10", "p25", "p50", "p75", "p90")]


def _hist(d: dict[str, Any]) -> str:
    h = d.get("histogram", [])
    if not h:
        return "-"
    top = max(b["count"] for b in h) or 1
    bars = "".join("▁▂▃▄▅▆▇█"[min(7, int(7 * b["count"] / top + 0.5))] if b["count"] else " " for b in h)
    lo, hi = h[0]["from"], h[-1]["to"]
    return f"<code>{esc(bars)}</code> <span class=meh>{lo:g} to {hi:g}</span>"


def _distributions(summary: dict[str, Any]) -> str:
    arms = [a for a in summary["arms"] if a.get("rounds_distribution")]
    if not arms:
        return ""
    rows = [[esc(a["arm"])] + _pcts(a["rounds_distribution"]) + [_hist(a["rounds_distribution"])] for a in arms]
    parts = ["<h3>How long, game by game</h3><p class=note>Rounds per game: the 10th, 25th, 50th (median), 75th and "
             "90th percentiles, and the shape of the distribution.</p>",
             _table(["arm", "10%", "25%", "median", "75%", "90%", "distribution"], rows)]
    srows = [[esc(a["arm"]), esc(summary["positions"][p])] + _pcts(d, 1) + [_hist(d)]
             for a in arms for p, d in enumerate(a.get("scores_distribution", []))]
    if srows:
        parts.append("<h3>Scores by seat</h3><p class=note>Each seat's final score over the games: percentiles "
                     "and the shape.</p>"
                     + _table(["arm", "seat", "10%", "25%", "median", "75%", "90%", "distribution"], srows, left=2))
    return "\n".join(parts)


# -- arms ------------------------------------------------------------------------------------------
def _arms(study: Study, summary: dict[str, Any]) -> str:
    rows = []
    for a, arm in zip(summary["arms"], study.arms):
        changes = ", ".join(f"{k} = {json.dumps(v)}" for k, v in arm.options.items() if k != "map") or "as printed"
        ends = a.get("ends", {})
        rows.append([esc(a["arm"]), esc(a["description"] or "") + (" " if a["description"] else "") +
                     f"<code>{esc(changes)}</code>", str(a["players"]), esc(a["board"]), esc(", ".join(a["seats"])),
                     str(a["games"]), str(ends.get("finished", a["finished"])), str(ends.get("round_limit", 0)),
                     str(ends.get("no_legal_move", 0)), str(ends.get("action_cap", 0))])
    return "<h2>The arms</h2>\n" + _table(["arm", "changes", "players", "board", "seats", "distinct games", "finished",
                                           "round limit", "no legal move", "action cap"], rows, left=2)


# -- who wins --------------------------------------------------------------------------------------
def _who_wins(study: Study, summary: dict[str, Any], charts: bool) -> str:
    arms = summary["arms"]
    parts = ["<h2>Who wins</h2>"]
    if charts and arms:
        parts.append(_img(_charts().win_share_by_position(arms, summary["positions"]), "win share by position"))
    most = max((a["players"] for a in arms), default=0)
    rows = [[esc(a["arm"])] + [_share_cell(r) for r in a["by_position"]] + ["-"] * (most - a["players"]) for a in arms]
    seat_only = study.game_id in SEAT_ORDER_ONLY
    parts.append(f"<h3>{'By seat' if seat_only else 'By turn order'}</h3>"
                 + ("<p class=note>This game has no fixed turn order (priority cards decide each round), so "
                    "positions are seats" + ("; the last seat of a 3-player game is the Rogue player"
                                             if study.game_id == "package-pandemonium" and any(a["players"] == 3 for a in arms)
                                             else "") + ".</p>" if seat_only else "")
                 + _table(["arm"] + summary["positions"], rows))
    rows = [[esc(a["arm"]), esc(lv), _share_cell(r), str(r["games"])] for a in arms for lv, r in a["by_level"].items()]
    parts.append("<h3>By computer player</h3><p class=note>Share of the games each seat of that kind won.</p>"
                 + _table(["arm", "seat kind", "win share", "seat-games"], rows, left=2))
    for tag in dict.fromkeys(t for a in arms for t in a["tags"]):
        parts.append(f"<h3>By {esc(tag)}</h3><p class=note>Share of the games won by the seats that held it.</p>")
        if charts:
            parts.append(_img(_charts().tag_shares(arms, tag), f"win share by {tag}"))
        rows = [[esc(a["arm"]), esc(v), _share_cell(r), str(r["games"])] for a in arms for v, r in a["tags"].get(tag, {}).items()]
        parts.append(_table(["arm", tag, "win share", "seats"], rows, left=2))
    return "\n".join(parts)


# -- scores, length, lead --------------------------------------------------------------------------
def _scores(study: Study, summary: dict[str, Any], by_arm: dict[str, list[dict[str, Any]]], charts: bool) -> str:
    arms = summary["arms"]
    parts = ["<h2>Scores and margins</h2>"]
    if charts and arms:
        ch = _charts()
        parts.append(_img(ch.boxes(arms, {a.name: [analysis.margin(r) for r in by_arm.get(a.key, []) if r["winners"]]
                                          for a in study.arms}, "Margin of victory (winner minus runner-up)", "points"),
                          "margin of victory"))
        parts.append(_img(ch.boxes(arms, {a.name: [analysis.spread(r) for r in by_arm.get(a.key, [])] for a in study.arms},
                                   "Score spread (best minus worst)", "points"), "score spread"))
    rows = [[esc(a["arm"]), _num(a["winner_score"]), _num(a["margin"]), _num(a["spread"])]
            + [_num(s) for s in a["scores_by_position"]] for a in arms]
    parts.append(_table(["arm", "winner's score", "margin", "spread"] + [f"score, {p}" for p in summary["positions"]], rows))
    return "\n".join(parts)


def _length(study: Study, summary: dict[str, Any], by_arm: dict[str, list[dict[str, Any]]], charts: bool) -> str:
    arms = summary["arms"]
    parts = ["<h2>Game length</h2>"]
    if charts and arms:
        ch = _charts()
        parts.append(_img(ch.boxes(arms, {a.name: [float(r["rounds"]) for r in by_arm.get(a.key, []) if r.get("rounds") is not None]
                                          for a in study.arms}, "Rounds per game", "rounds"), "rounds per game"))
        parts.append(_img(ch.boxes(arms, {a.name: [analysis.minutes(r, study.seconds_per_decision) for r in by_arm.get(a.key, [])]
                                          for a in study.arms}, "Estimated minutes at the table", "minutes"), "minutes"))
    rows = [[esc(a["arm"]), _num(a["length"]["rounds"]), _num(a["length"]["actions"], 0),
             _num(a["length"]["decisions"], 0), _num(a["length"]["minutes"])] for a in arms]
    parts.append(_table(["arm", "rounds", "actions", "real decisions", "minutes at the table"], rows))
    parts.append(f"<p class=note>Minutes at the table: {study.seconds_per_decision:g} seconds for each decision with "
                 "a real choice and 2 seconds for each forced step, an estimate to compare arms by, not a stopwatch.</p>")
    return "\n".join(parts)


def _lead(summary: dict[str, Any]) -> str:
    rows = [[esc(a["arm"]), _num(a["lead_changes"]), _num(a["winner_clear"], 2)] for a in summary["arms"]]
    return "\n".join([
        "<h2>Lead changes</h2>",
        _table(["arm", "lead changes per game", "winner clear from (0 = start, 1 = end)"], rows),
        "<p class=note>The leader is read at every round change. \"Winner clear from\" is how far into the "
        "game the eventual winner took the lead for good: near 0 means games are decided early.</p>"])


# -- decisions -------------------------------------------------------------------------------------
def _decisions(summary: dict[str, Any], charts: bool) -> str:
    parts = ["<h2>Decisions taken</h2><p class=note>The first column counts the whole table: times per game, "
             "all players together. Every other column is per player: times per game for one player (a winner, "
             "one of the others, the player in that seat, a player of that kind). Winners against the others "
             "shows what the winners did more of.</p>"]
    for a in summary["arms"]:
        if not a["kinds"]:
            continue
        parts.append(f"<h3>{esc(a['arm'])}</h3>")
        if charts:
            parts.append(_img(_charts().decisions(a), f"decisions in {a['arm']}"))
        levels = sorted({lv for k in a["kinds"].values() for lv in k["by_level"]})
        rows = [[esc(kind), f"{k['per_game']:.2f}", _f(k["winners"]), _f(k["losers"])]
                + [f"{x:.2f}" for x in k["by_seat"]] + [_f(k["by_level"].get(lv)) for lv in levels]
                for kind, k in a["kinds"].items()]
        parts.append(_table(["kind", "per game, all players", "per winner", "per other player"]
                            + [f"per player, seat {i + 1}" for i in range(a["players"])]
                            + [f"per player, {esc(lv)}" for lv in levels], rows))
    return "\n".join(parts)


# -- where play happens ----------------------------------------------------------------------------
def _where_play_happens(study: Study, game: Any, by_arm: dict[str, list[dict[str, Any]]], charts: bool) -> str:
    if not charts:
        return ""
    from courier.dev.lab import heat

    shown = []
    top = heat.tops([by_arm.get(arm.key, []) for arm in study.arms[:8]])  # one scale per measure for every arm
    for arm in study.arms[:8]:
        png = heat.chart(game, game.make_config(players=arm.players, **arm.options), arm.name, by_arm.get(arm.key, []), top)
        if png is not None:
            shown.append(_img(png, f"where play happens in {arm.name}"))
    if not shown:
        return ""
    return "\n".join(["<h2>Where play happens</h2><p class=note>Visits, pick-ups and deliveries per game at each "
                      "place, on the board itself: bigger and darker is more, on one scale from zero per measure "
                      "for every arm. (The first eight arms.)</p>"] + shown)


# -- variants --------------------------------------------------------------------------------------
def _variants(study: Study, summary: dict[str, Any], charts: bool) -> str:
    comparisons = summary["comparisons"]
    if not comparisons:
        return ""
    parts = ["<h2>Variants against the baseline</h2>"]
    if charts:
        first_label = "Seat 1's win share" if study.game_id in SEAT_ORDER_ONLY else "First player's win share"
        for metric, label in (("first_player", first_label), ("rounds", "Game length"),
                              ("margin", "Margin of victory"), ("mean_score", "Average score")):
            if any(r["metric"] == metric for c in comparisons for r in c["rows"]):
                parts.append(_img(_charts().effects(comparisons, metric, label), label))
    parts += [_variant(c) for c in comparisons]
    return "\n".join(parts)


def _variant(c: dict[str, Any]) -> str:
    parts = [f"<h3>{esc(c['arm'])} against {esc(c['baseline'])}</h3>"]
    d = c.get("differ")
    if d is not None:
        parts.append(f"<p><b>Did the rule come into play?</b> {d['games']} of {c['pairs']} games "
                     f"({_pct(d['share'])}, {_pct(d['low'])}-{_pct(d['high'])}) went differently from the "
                     f"baseline game dealt the same; {c['same']} were played move for move alike.</p>")
    if c.get("identical") and not any(r["diff"] for r in c["rows"]):
        parts.append(f"<p>Played the same as the baseline in {c['same']} of {c['pairs']} games: "
                     "no effect.</p>")
    else:
        parts.append("<ul>")
        parts += [f"<li class={'real' if r['real'] else 'meh'}>{esc(r['sentence'])}</li>" for r in c["rows"]]
        parts += [f"<li class=meh>{esc(lab)}: the same in every game of both arms (fixed by the "
                  "rules), so not compared.</li>" for lab in c.get("constant", [])]
        parts.append("</ul>")
    ev = {k: e for k, e in c.get("events", {}).items() if e["games_differ"]}
    if ev:
        rows = [[esc(k.replace("_", " ")), f"{e['baseline']:.2f}", f"{e['variant']:.2f}",
                 f"{e['games_differ']} of {c['pairs']}"] for k, e in ev.items()]
        parts.append("<p class=note>What happened, per game, where it changed (events of the rules):</p>"
                     + _table(["event", "baseline", esc(c["arm"]), "games where the count differs"], rows))
    return "\n".join(parts)


# -- skill -----------------------------------------------------------------------------------------
def _skill(study: Study, summary: dict[str, Any]) -> str:
    if not study.skill_games:
        return ""
    strong, weak = study.skill
    comp = {c["arm"]: c.get("skill") for c in summary["comparisons"]}
    rows = []
    for a in summary["arms"]:
        sk = a.get("skill")
        if not sk:
            continue
        c = comp.get(a["arm"])
        rows.append([esc(a["arm"]), _share_cell(sk), _pct(sk["fair_share"]), str(sk["games"]),
                     ("-" if c is None else f"<span class={'real' if c['real'] else 'meh'}>{esc(c['sentence'])}</span>")])
    return "\n".join([
        f"<h2>Does skill still matter?</h2><p class=note>In {study.skill_games} extra games per arm, "
        f"one {esc(strong)} plays against {esc(weak)} players, from every position. A game where skill "
        "matters lets the stronger player win well over a fair share; a variant that pulls the share "
        "towards it makes the game more a matter of luck.</p>",
        _table(["arm", f"{esc(strong)} wins", "fair share", "games", "against the baseline"], rows)])


# -- sweeps ----------------------------------------------------------------------------------------
def _sweeps(summary: dict[str, Any], charts: bool) -> str:
    if not summary.get("sweeps"):
        return ""
    parts = ["<h2>Sweeps</h2><p class=note>One setting over a range of values. Each point is an arm "
             "of its own, played on the same deals as the baseline; the band is each point's 95% interval, "
             "a red point a real effect against the baseline (corrected interval).</p>"]
    for row in summary["sweeps"]:
        parts.append(f"<h3>{esc(row['sweep'])}: {esc(row['title'])}</h3>")
        if charts:
            measures = [(k, label) for k, label, _ in analysis.SWEEP_MEASURES]
            parts.append(_img(_charts().sweep(row, measures), f"sweep {row['sweep']}"))
        head = [esc(row["setting"]), "first player wins", "rounds", "margin", "average score", "games changed"]
        parts.append(_table(head, _sweep_rows(row)))
    return "\n".join(parts)


def _sweep_rows(row: dict[str, Any]) -> list[list[str]]:
    rows = []
    for p in ([{**row["baseline"], "real": {}, "differ": None, "arm": "baseline"}] if row.get("baseline") else []) + row["points"]:
        cells = [esc(json.dumps(p["value"])) + (" (baseline)" if p.get("arm") == "baseline" else "")]
        for key in ("first_player", "rounds", "margin", "mean_score"):
            v = p.get(key)
            cell = (_share_cell(v) if key == "first_player" else _num(v)) if v else "-"
            cells.append(f"<span class=real>{cell}</span>" if p["real"].get(key) else cell)
        cells.append("-" if p["differ"] is None else _pct(p["differ"]))
        rows.append(cells)
    return rows


# -- rule problems and games worth watching -------------------------------------------------------
def _rule_problems(summary: dict[str, Any], results_file: str) -> str:
    rows = []
    for a in summary["arms"]:
        for pr in a.get("problems", []):
            cmd = f"courier replay {results_file} --game {pr['game']}" if pr["game"] else ""
            rows.append([esc(a["arm"]), esc(pr["what"]), str(pr["seed"] if pr["seed"] is not None else ""),
                         str(pr["rounds"] if pr["rounds"] is not None else ""),
                         f"<code>{esc(cmd)}</code>" if cmd else ""])
    if not rows:
        return "<h2>Rule problems found</h2>\n<p>None: every game ended by the rulebook's own ending.</p>"
    return ("<h2>Rule problems found</h2>\n"
            "<p class=note>Games that did not end by the rulebook's own ending: a stall (the safety round "
            "limit stopped it), a loop (stopped after too many actions) or a position where the rules "
            "left nobody a move. Watch one to see why.</p>"
            + _table(["arm", "what", "seed", "rounds", "watch it"], rows, left=2))


def _outliers(summary: dict[str, Any], results_file: str) -> str:
    rows = []
    for a in summary["arms"]:
        for o in a["outliers"]:
            cmd = f"courier replay {results_file} --game {o['game']}"
            rows.append([esc(a["arm"]), esc(o["what"]), str(o["seed"]), esc(o["detail"]), f"<code>{esc(cmd)}</code>"])
    return ("<h2>Games worth watching</h2><p class=note>Run the command from this report's folder to watch "
            "the game move by move.</p>\n" + _table(["arm", "what", "seed", "detail", "watch it"], rows, left=2))


def _cared_rows(study: Study, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    from courier.dev.lab import cared

    return cared.variant_rows(study, records)


def _cared(study: Study, summary: dict[str, Any], records: list[dict[str, Any]]) -> str:
    from courier.dev.lab import cared

    return cared.section(study, records, summary.get("players_cared"))


def _f(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def _charts():
    from courier.dev.lab import charts

    return charts
