"""The report's charts, drawn with matplotlib (imported here only) into PNG bytes."""

from __future__ import annotations

import functools
import io
from typing import Any, Callable

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


def _drawn(build: Callable[..., Any]) -> Callable[..., Any]:
    """A chart function from a figure builder: PNG bytes, or None when the builder draws nothing
    (a chart of a constant, a comparison of one point); ``figure=True`` gives the figure itself
    (for a test to inspect; the caller closes it)."""
    @functools.wraps(build)
    def draw(*args: Any, figure: bool = False, **kwargs: Any) -> Any:
        fig = build(*args, **kwargs)
        if fig is None or figure:
            return fig
        return _png(fig)

    return draw


@_drawn
def win_share_by_position(arms: list[dict[str, Any]], positions: list[str]) -> Any:
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
    return fig


def constant(values: dict[str, list[float]]) -> float | None:
    """The one value every game of every arm has (a length the rules fix), else None."""
    every = {v for vs in values.values() for v in vs}
    return next(iter(every)) if len(every) == 1 else None


@_drawn
def boxes(arms: list[dict[str, Any]], values: dict[str, list[float]], title: str, ylabel: str) -> Any:
    """One box per arm (``values``: arm name -> one value per game); nothing when every game of
    every arm has the same value (a box of a constant says nothing the table does not)."""
    names = [a["arm"] for a in arms]
    if not any(values.get(n) for n in names) or constant({n: values.get(n, []) for n in names}) is not None:
        return None
    plt = _plt()
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    fig, ax = plt.subplots(figsize=(max(5.0, 1.3 * len(names) + 2), 3.4))
    shown = [n for n in names if values.get(n)]
    ax.boxplot([values[n] for n in shown], showmeans=True,
               meanprops={"marker": "^", "markerfacecolor": PALETTE[2], "markeredgecolor": PALETTE[2]},
               medianprops={"color": PALETTE[4]}, flierprops={"marker": "o", "markersize": 3})
    ax.set_xticks(range(1, len(shown) + 1), shown, rotation=15 if len(shown) > 3 else 0, fontsize=8)
    ax.set_ylabel(ylabel)
    ax.set_title(title, fontsize=10)
    ax.legend(handles=[Patch(facecolor="white", edgecolor="black", label="middle half of the games"),
                       Line2D([], [], color=PALETTE[4], label="median"),
                       Line2D([], [], marker="^", linestyle="", color=PALETTE[2], label="mean"),
                       Line2D([], [], color="black", label="whiskers: the rest, up to 1.5 boxes"),
                       Line2D([], [], marker="o", linestyle="", color="black", markersize=3, label="games beyond")],
              fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0), borderaxespad=0)
    return fig


@_drawn
def decisions(arm: dict[str, Any], top: int = 30) -> Any:
    """Each kind of decision per player and game: winners against the others. Every kind is drawn
    on a plain (linear) axis, so lengths compare truly; each bar is labelled with its number so a
    rare decision (often the one a rule is about) still reads."""
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
    most = max(win + lose, default=0.0)
    ax.set_xlim(0, most * 1.18 if most > 0 else 1.0)  # room for the labels
    for y, w, lo in zip(ys, win, lose):
        for off, v in ((-0.2, w), (0.2, lo)):
            if v > 0:
                ax.text(v, y + off, f" {v:.2g}", va="center", fontsize=7)
    ax.set_xlabel("times per player per game")
    ax.set_title(f"Decisions taken: {arm['arm']}", fontsize=10)
    ax.legend(fontsize=8, loc="lower right")
    return fig


@_drawn
def effects(comparisons: list[dict[str, Any]], metric: str, label: str) -> Any:
    """Each variant's difference from its baseline on one measure, with its corrected interval;
    nothing for a single variant (its sentence says it all, a chart of one point adds nothing)."""
    rows = [(c["arm"], r) for c in comparisons for r in c["rows"] if r["metric"] == metric]
    if len(rows) < 2:
        return None
    plt = _plt()
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
    return fig


@_drawn
def tag_shares(arms: list[dict[str, Any]], tag: str) -> Any:
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
    return fig


@_drawn
def sweep(row: dict[str, Any], measures: list[tuple[str, str]]) -> Any:
    """One setting over its values: each measure per value with its 95% band. The baseline is a
    point of the line at its own value (ringed in black), a red point a real effect against it,
    and the first player's panel has the fair share as a dashed line."""
    plt = _plt()
    from matplotlib.lines import Line2D

    base = row.get("baseline") or {}
    pts = [{**p, "is_base": False} for p in row["points"]]
    numeric = all(isinstance(p["value"], (int, float)) and not isinstance(p["value"], bool) for p in pts)
    if base and not any(p["value"] == base.get("value") for p in pts) and (
            not numeric or (isinstance(base.get("value"), (int, float)) and not isinstance(base.get("value"), bool))):
        pts.append({**base, "real": {}, "is_base": True})
    else:
        for p in pts:
            p["is_base"] = bool(base) and p["value"] == base.get("value")
    if numeric:
        pts.sort(key=lambda p: float(p["value"]))
    xs = [float(p["value"]) for p in pts] if numeric else list(range(len(pts)))
    fig, axes = plt.subplots(1, len(measures), figsize=(3.2 * len(measures) + 0.6, 3.4), squeeze=False)
    fair = 1 / row["players"] if row.get("players", 0) > 1 else None
    for ax, (key, label) in zip(axes[0], measures):
        vals: list[Any] = [p.get(key) for p in pts]
        if not all(v and ("share" in v or "mean" in v) for v in vals):
            ax.set_visible(False)
            continue
        mid = [v.get("share", v.get("mean")) for v in vals]
        ax.fill_between(xs, [v["low"] for v in vals], [v["high"] for v in vals], color=PALETTE[1], alpha=0.25, linewidth=0)
        ax.plot(xs, mid, "-", color=PALETTE[1])
        for x, y, p in zip(xs, mid, pts):
            ax.plot([x], [y], "o", color=PALETTE[0] if p["real"].get(key) else PALETTE[1],
                    markeredgecolor="#111" if p["is_base"] else "none", markeredgewidth=2 if p["is_base"] else 0,
                    markersize=8 if p["is_base"] else 6)
        if key == "first_player" and fair is not None:
            ax.axhline(fair, color="#333", linestyle="dashed", linewidth=1)
        if not numeric:
            ax.set_xticks(xs, [str(p["value"]) + (" (baseline)" if p["is_base"] else "") for p in pts],
                          fontsize=7, rotation=20)
        ax.set_title(label, fontsize=9)
        ax.set_xlabel(row["setting"], fontsize=8)
    handles = [Line2D([], [], marker="o", linestyle="-", color=PALETTE[1], label="a point of the sweep"),
               Line2D([], [], marker="o", linestyle="", color=PALETTE[1], markeredgecolor="#111", markeredgewidth=2,
                      markersize=8, label="the baseline"),
               Line2D([], [], marker="o", linestyle="", color=PALETTE[0], label="a real effect against the baseline")]
    if fair is not None and any(k == "first_player" for k, _ in measures):
        handles.append(Line2D([], [], color="#333", linestyle="dashed", label=f"a fair share ({fair * 100:.0f}%)"))
    fig.legend(handles=handles, loc="lower center", ncol=len(handles), fontsize=8, frameon=False)
    fig.suptitle(f"Sweep of {row['title']} (band: 95% interval)", fontsize=10)
    fig.tight_layout(rect=(0, 0.08, 1, 1))
    return fig
