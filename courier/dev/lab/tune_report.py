"""The report of ``courier lab tune``: the same kind of page as a study's (the answer first, then
the detail): what was searched, every candidate round by round, the confirmation on fresh deals,
and the confirmed setting's seats and roles against a fair share."""

from __future__ import annotations

import html
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

esc = html.escape


def summary_lines(result: dict[str, Any]) -> list[str]:
    """At most five lines: the target, the setting kept, the confirmation's verdict, the search's
    cost and the runner-up, the seats of the confirmed setting."""
    from courier.dev.lab.tune import _words

    c = result["confirmation"]
    sign = "+" if c["unit"] == "points over a fair share" else ""
    rounds = result["rounds"]
    lines = [f"Target: {result['target']}.",
             f"Kept {_words(result['best'])}: {c['value']:{sign}.2f} {c['unit']} on {c['games']} fresh games "
             f"(95% interval {c['low']:{sign}.2f} to {c['high']:{sign}.2f}): {c['verdict'].split(':')[0]}.",
             f"Search: {result['method']}, {result['search_games']} games over {len(rounds)} rounds, "
             f"{len(rounds[0]['candidates']) if rounds else 0} candidates."]
    last = rounds[-1]["candidates"] if rounds else []
    if len(last) > 1:
        ru = last[1]
        lines.append(f"Runner-up in the last round: {_words(ru['settings'])} at {ru['value']:.2f} "
                     f"({ru['low']:.2f} to {ru['high']:.2f}).")
    off = [j for j in c.get("seats", []) if j["verdict"] in ("more", "less")]
    if off:
        lines.append("Seats and roles of the kept setting: " + "; ".join(
            f"{j['what']} wins {j['share'] * 100:.0f}%, {j['words']}" for j in off[:2]) + ".")
    elif c.get("seats"):
        unshown = sum(1 for j in c["seats"] if j["verdict"] == "not shown")
        lines.append(f"Seats and roles of the kept setting: none shown off a fair share ({unshown} of "
                     f"{len(c['seats'])} not shown either way).")
    return lines[:5]


def render(title: str, game_title: str, result: dict[str, Any]) -> str:
    from courier.dev.lab.report import _page, _table
    from courier.dev.lab.tune import _words

    c = result["confirmation"]
    parts = ["<h2>The answer</h2><ol class=summary style=\"list-style:none;padding-left:0\">"
             + "".join(f"<li>{esc(line)}</li>" for line in summary_lines(result)) + "</ol>"]
    parts.append("<h2>The search</h2><p class=note>Successive halving: every candidate plays the same deals, the "
                 "better half plays more, until one is left. Each round's candidates, best first (the value with its "
                 "95% interval; <i>off</i> is how far outside the target band).</p>")
    for rnd in result["rounds"]:
        rows = [[esc(_words(k["settings"])), f"{k['value']:.2f}", f"{k['low']:.2f} to {k['high']:.2f}",
                 f"{k['loss']:.2f}"] for k in rnd["candidates"]]
        parts.append(f"<h3>Round {rnd['round']}: {len(rnd['candidates'])} candidates, {rnd['games_each']} games each</h3>"
                     + _table(["settings", "value", "95% interval", "off"], rows))
    parts.append(f"<h2>The confirmation</h2><p>{esc(_words(result['best']))} played on {c['games']} deals the search "
                 f"never saw: {c['value']:.2f} {esc(c['unit'])} (95% interval {c['low']:.2f} to {c['high']:.2f}). "
                 f"{esc(c['verdict'][0].upper() + c['verdict'][1:])}.</p>")
    if c.get("seats"):
        rows = [[esc(j["what"]), f"{j['share'] * 100:.0f}%", f"{j['low'] * 100:.0f}-{j['high'] * 100:.0f}%",
                 f"{j['fair'] * 100:.0f}%", str(j["games"]), esc(j["words"])] for j in c["seats"]]
        parts.append("<h3>Every seat and role of the kept setting</h3><p class=note>Against a fair share, the "
                     "intervals corrected for the seats and roles judged together.</p>"
                     + _table(["seat or role", "win share", "corrected", "fair", "games", "verdict"], rows))
    return _page().substitute(title=esc(title), game=esc(game_title), games_played=result["search_games"] + c["games"],
                              per_arm=result["rounds"][0]["games_each"] if result["rounds"] else 0, seed=result.get("seed", ""),
                              when=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), sections="\n".join(parts))


def write(out_dir: Path, title: str, result: dict[str, Any]) -> Path:
    from courier.rules import registry

    path = Path(out_dir) / "tune.html"
    path.write_text(render(title, registry.get(result["game"]).title, result), encoding="utf-8")
    return path
