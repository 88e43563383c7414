"""The report's charts, drawn with matplotlib (imported here only) into PNG bytes."""

from __future__ import annotations

import io
from typing import Any

PALETTE = ["#c0504d", "#4f81bd", "#9bbb59", "#8064a2", "#f79646", "#4bacc6", "#7f7f7f", "#d4a017"]


def _plt():
    import matplotlib

    matplotlib.use("Agg", force=True)
    import matplotlib.pyplot as plt

    return plt


def _png(fig) -> bytes:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=100, bbox_inches="tight")
    _plt().close(fig)
    return buf.getvalue()


def win_share_by_position(arms: list[dict[str, Any]], positions: list[str]) -> bytes:
    """Grouped bars: each arm's win share by turn position, with 95% intervals and the fair share."""
    plt = _plt()
    most = max(a["players"] for a in arms)
    fig, ax = plt.subplots(figsize=(max(6.0, 1.2 * most * len(arms) ** 0.5 + 3), 3.6))
    width = 0.8 / max(1, len(arms))
    for i, a in enumerate(arms):
        xs = [p + (i - (len(arms) - 1) / 2) * width for p in range(a["players"])]
        ys = [r["share"] for r in a["by_position"]]
        err = [[r["share"] - r["low"] for r in a["by_position"]], [r["high"] - r["share"] for r in a["by_position"]]]
        ax.bar(xs, ys, width * 0.92, yerr=err, capsize=3, label=a["arm"], color=PALETTE[i % len(PALETTE)])
    for a in arms:
        ax.hlines(a["fair_share"], -0.5, a["players"] - 0.5, colors="#333", linestyles="dashed", linewidth=1)
    ax.set_xticks(range(most), positions[:most])
    ax.set_ylabel("win share")
    ax.set_ylim(0, 1)
    ax.set_title("Who wins, by position (dashed: a fair share; bars: 95% intervals)", fontsize=10)
    if len(arms) > 1:
        ax.legend(fontsize=8, loc="upper right")
    return _png(fig)


def boxes(arms: list[dict[str, Any]], values: dict[str, list[float]], title: str, ylabel: str) -> bytes:
    """One box per arm (``values``: arm name -> one value per game)."""
    plt = _plt()
    names = [a["arm"] for a in arms]
    fig, ax = plt.subplots(figsize=(max(5.0, 1.3 * len(names) + 2), 3.4))
    data = [values.get(n, []) or [0.0] for n in names]
    ax.boxplot(data, showmeans=True)
    ax.set_xticks(range(1, len(names) + 1), names, rotation=15 if len(names) > 3 else 0, fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    return _png(fig)


def decisions(arm: dict[str, Any], top: int = 30) -> bytes:
    """Each kind of decision per seat and game: winners against the others. Every kind is drawn
    (a rare decision is often the one a rule is about): a log scale when the counts are far apart,
    and each bar is labelled with its number so a tiny one still reads."""
    plt = _plt()
    kinds = [k for k, v in arm["kinds"].items() if v["winners"] is not None or v["losers"] is not None][:top]
    fig, ax = plt.subplots(figsize=(7.0, 0.36 * max(3, len(kinds)) + 1.2))
    ys = range(len(kinds))
    win = [arm["kinds"][k]["winners"] or 0.0 for k in kinds]
    lose = [arm["kinds"][k]["losers"] or 0.0 for k in kinds]
    ax.barh([y - 0.2 for y in ys], win, 0.4, label="winners", color=PALETTE[2])
    ax.barh([y + 0.2 for y in ys], lose, 0.4, label="the others", color=PALETTE[6])
    ax.set_yticks(list(ys), kinds, fontsize=8)
    ax.invert_yaxis()
    values = sorted(v for v in win + lose if v > 0)
    if values and values[-1] > 20 * values[0]:
        ax.set_xscale("log")  # a few very common kinds would hide the rest
        ax.set_xlim(values[0] / 2, values[-1] * 3)
    for y, w, lo in zip(ys, win, lose):
        for off, v in ((-0.2, w), (0.2, lo)):
            if v > 0:
                ax.text(v, y + off, f" {v:.2g}", va="center", fontsize=7)
    ax.set_xlabel("times per player per game")
    ax.set_title(f"Decisions taken: {arm['arm']}", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    return _png(fig)


def effects(comparisons: list[dict[str, Any]], metric: str, label: str) -> bytes:
    """Each variant's difference from its baseline on one measure, with its 95% interval."""
    plt = _plt()
    rows = [(c["arm"], r) for c in comparisons for r in c["rows"] if r["metric"] == metric]
    fig, ax = plt.subplots(figsize=(6.5, 0.5 * max(2, len(rows)) + 1.0))
    scale = 100.0 if metric == "first_player" else 1.0
    for i, (name, r) in enumerate(rows):
        colour = PALETTE[0] if r["real"] else PALETTE[6]
        ax.errorbar([r["diff"] * scale], [i], xerr=[[(r["diff"] - r["low"]) * scale], [(r["high"] - r["diff"]) * scale]],
                    fmt="o", color=colour, capsize=4)
    ax.axvline(0, color="#333", linewidth=1)
    ax.set_yticks(range(len(rows)), [n for n, _ in rows], fontsize=8)
    ax.invert_yaxis()
    unit = " (percentage points)" if metric == "first_player" else (f" ({rows[0][1]['unit']})" if rows and rows[0][1]["unit"] else "")
    ax.set_xlabel(f"difference from the baseline{unit}")
    ax.set_title(f"{label}: variant minus baseline, paired\n(corrected intervals; red: a real effect)", fontsize=10)
    return _png(fig)


def tag_shares(arms: list[dict[str, Any]], tag: str) -> bytes:
    """Win share of the seats holding each label (company card, start city...), arm by arm."""
    plt = _plt()
    rows = [(a, value, r) for a in arms for value, r in a["tags"].get(tag, {}).items()]
    fig, ax = plt.subplots(figsize=(7.0, 0.32 * max(3, len(rows)) + 1.2))
    values = sorted({v for _, v, _ in rows})
    for i, (a, value, r) in enumerate(rows):
        colour = PALETTE[values.index(value) % len(PALETTE)]
        ax.barh([i], [r["share"]], 0.7, xerr=[[r["share"] - r["low"]], [r["high"] - r["share"]]], capsize=3,
                color=colour)
    fair = {a["arm"]: a["fair_share"] for a in arms}
    for i, (a, _, _) in enumerate(rows):
        ax.vlines(fair[a["arm"]], i - 0.45, i + 0.45, colors="#333", linestyles="dashed", linewidth=1)
    labels = [f"{v}  ({a['arm']})" if len(arms) > 1 else v for a, v, _ in rows]
    ax.set_yticks(range(len(rows)), labels, fontsize=8)
    ax.invert_yaxis()
    ax.set_xlim(0, 1)
    ax.set_xlabel("win share")
    ax.set_title(f"Win share by {tag} (dashed: a fair share; bars: 95% intervals)", fontsize=10)
    return _png(fig)


def sweep(row: dict[str, Any], measures: list[tuple[str, str]]) -> bytes:
    """One setting over its values: each measure per value with its 95% band; the baseline's own
    value as a black diamond; a red point where the change from the baseline is a real effect."""
    plt = _plt()
    pts = row["points"]
    numeric = all(isinstance(p["value"], (int, float)) and not isinstance(p["value"], bool) for p in pts)
    xs = [float(p["value"]) for p in pts] if numeric else list(range(len(pts)))
    fig, axes = plt.subplots(1, len(measures), figsize=(3.2 * len(measures) + 0.6, 3.2), squeeze=False)
    for ax, (key, label) in zip(axes[0], measures):
        vals = [p[key] for p in pts]
        if not all(v and ("share" in v or "mean" in v) for v in vals):
            ax.set_visible(False)
            continue
        mid = [v.get("share", v.get("mean")) for v in vals]
        lo = [v["low"] for v in vals]
        hi = [v["high"] for v in vals]
        ax.fill_between(xs, lo, hi, color=PALETTE[1], alpha=0.25, linewidth=0)
        ax.plot(xs, mid, "-", color=PALETTE[1])
        for x, y, p in zip(xs, mid, pts):
            ax.plot([x], [y], "o", color=PALETTE[0] if p["real"].get(key) else PALETTE[1])
        base = row.get("baseline", {})
        b = base.get(key)
        if b and numeric and isinstance(base.get("value"), (int, float)):
            ax.plot([float(base["value"])], [b.get("share", b.get("mean"))], "D", color="#222", markersize=6)
        if not numeric:
            ax.set_xticks(xs, [str(p["value"]) for p in pts], fontsize=7, rotation=20)
        ax.set_title(label, fontsize=9)
        ax.set_xlabel(row["setting"], fontsize=8)
    fig.suptitle(f"Sweep of {row['title']} (band: 95% interval; diamond: the baseline; red: a real effect)",
                 fontsize=10)
    fig.tight_layout()
    return _png(fig)
