"""The report's charts, inspected as figures: no chart of a constant or of one point, one colour
scale per measure across the heat-map panels, plain axes, legends and reference lines."""

from __future__ import annotations

import pytest

pytest.importorskip("matplotlib")

from courier.dev.lab import charts, heat  # noqa: E402
from courier.rules import registry  # noqa: E402


@pytest.fixture(autouse=True)
def _close():
    yield
    charts._plt().close("all")


ARMS = [{"arm": "baseline", "players": 3, "fair_share": 1 / 3}, {"arm": "cheap", "players": 3, "fair_share": 1 / 3}]


def test_no_box_plot_of_a_constant():
    assert charts.boxes(ARMS, {"baseline": [16.0] * 20, "cheap": [16.0] * 20}, "Rounds", "rounds") is None
    assert charts.boxes(ARMS, {"baseline": [16.0] * 20, "cheap": [16.0] * 19 + [15.0]}, "Rounds", "rounds")


def test_a_box_plot_has_a_legend_of_its_marks():
    fig = charts.boxes(ARMS, {"baseline": [1.0, 2.0, 3.0, 9.0], "cheap": [2.0, 4.0, 5.0]}, "Margin", "points", figure=True)
    (ax,) = fig.axes
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert {"median", "mean", "middle half of the games"} <= set(labels)


def _comparison(arm, diff):
    return {"arm": arm, "rows": [{"metric": "rounds", "diff": diff, "low": diff - 1, "high": diff + 1, "real": False,
                                  "unit": "rounds"}]}


def test_no_comparison_chart_of_one_point():
    assert charts.effects([_comparison("cheap", 0.0)], "rounds", "Game length") is None
    fig = charts.effects([_comparison("cheap", 0.0), _comparison("dear", 2.0)], "rounds", "Game length", figure=True)
    assert len(fig.axes[0].get_yticklabels()) == 2


def test_the_decisions_chart_has_a_plain_axis_even_when_counts_are_far_apart():
    arm = {"arm": "baseline", "kinds": {"move": {"winners": 120.0, "losers": 110.0},
                                         "sat nav: protect": {"winners": 0.2, "losers": 0.1}}}
    fig = charts.decisions(arm, figure=True)
    (ax,) = fig.axes
    assert ax.get_xscale() == "linear" and ax.get_xlim()[0] == 0
    assert any(t.get_text().strip() == "0.2" for t in ax.texts)  # the tiny bar still reads


def _point(value, first, rounds, real=False):
    return {"value": value, "arm": f"v{value}", "real": {"first_player": real},
            "first_player": {"share": first, "low": first - 0.1, "high": first + 0.1},
            "rounds": {"mean": rounds, "low": rounds - 1, "high": rounds + 1}}


def test_the_sweep_draws_the_baseline_on_its_line_and_the_fair_share():
    row = {"sweep": "price", "setting": "price", "title": "price", "players": 3,
           "points": [_point(4, 0.30, 10), _point(8, 0.40, 12, real=True)],
           "baseline": {"value": 6, "arm": "baseline", **{k: v for k, v in _point(6, 0.35, 11).items() if k not in ("real",)}}}
    fig = charts.sweep(row, [("first_player", "First player"), ("rounds", "Rounds")], figure=True)
    first, rounds = fig.axes[:2]
    line = next(ln for ln in first.get_lines() if ln.get_linestyle() == "-" and len(ln.get_xdata()) > 1)
    assert list(line.get_xdata()) == [4.0, 6.0, 8.0]  # the baseline is a point of the line, in its place
    assert list(line.get_ydata()) == [0.30, 0.35, 0.40]
    assert not any(ln.get_marker() == "D" for ax in fig.axes for ln in ax.get_lines())  # no detached diamond
    fair = [ln for ln in first.get_lines() if ln.get_linestyle() == "--"]
    assert fair and fair[0].get_ydata()[0] == pytest.approx(1 / 3)
    assert not any(ln.get_linestyle() == "--" for ln in rounds.get_lines())  # only the first player's panel
    labels = [t.get_text() for t in fig.legends[0].get_texts()]
    assert "the baseline" in labels and any(lab.startswith("a fair share") for lab in labels)


def test_every_heat_map_panel_of_a_measure_shares_one_scale_from_zero():
    from courier import boards

    boards.install()
    game = registry.get("out-for-delivery")
    cfg = game.make_config(players=2)
    a = [{"where": {"visit": {"[2,1]": 5.2, "[3,1]": 5.8}}}]
    b = [{"where": {"visit": {"[2,1]": 1.0, "[3,1]": 9.0}}}]
    top = heat.tops([a, b])
    assert top == {"visit": 9.0}
    for records in (a, b):
        fig = heat.chart(game, cfg, "arm", records, top, figure=True)
        sc = fig.axes[0].collections[0]
        assert sc.norm.vmin == 0 and sc.norm.vmax == 9.0
    alone = heat.chart(game, cfg, "arm", a, figure=True)
    sc = alone.axes[0].collections[0]
    assert sc.norm.vmin == 0  # 5.2 and 5.8 look nearly alike, as they are
