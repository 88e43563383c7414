"""Where play happens: each game's record counts visits, pick-ups and deliveries by place, and the
report draws them on the board's own picture."""

from __future__ import annotations

import json

import pytest

from courier.dev.lab import heat
from courier.dev.lab.play import play_game, task
from courier.rules import registry


@pytest.mark.parametrize("game, options, kinds", [
    ("next-day", {"quick_setup": True}, {"visit", "pickup", "delivery"}),
    ("doorstep-dash", {}, {"visit", "delivery"}),
    ("out-for-delivery", {}, {"visit", "pickup", "delivery"}),
    ("package-pandemonium", {}, {"visit", "pickup", "delivery"}),
])
def test_every_game_says_where_things_happened(game, options, kinds):
    n = registry.get(game).min_players
    r = play_game(task(game, "a", 0, 5, ["heuristic-normal"] * n, list(range(n)), options))
    assert set(r["where"]) == kinds
    g = registry.get(game)
    cfg = g.make_config(players=n, **options)
    _, tile = heat.picture(heat.map_file(g, cfg.map))
    at = heat._pixel(game, g.board(cfg), tile)
    assert all(at(k) is not None for what in r["where"].values() for k in what)  # every place is on the board
    delivered = sum(r["where"]["delivery"].values())
    assert delivered == r["events"].get("delivered", 0) + r["events"].get("dropped", 0) + r["events"].get("deposited", 0)


def test_a_path_counts_the_places_entered_not_the_start():
    into: dict = {}
    heat.locations("out-for-delivery", "moved", {"path": [[1, 1], [2, 1], [3, 1]]}, into)
    heat.locations("out-for-delivery", "delivered", {"cell": [3, 1]}, into)
    assert into == {"visit": {"[2,1]": 1, "[3,1]": 1}, "delivery": {"[3,1]": 1}}


def test_the_board_picture_is_the_maps_own_tiles():
    g = registry.get("out-for-delivery")
    image, (tw, th) = heat.picture(heat.map_file(g, g.default_map()))
    assert image.size == (30 * tw, 21 * th)
    assert len(image.resize((30, 21)).getcolors(maxcolors=10_000) or []) > 3  # drawn, not a blank sheet


def test_the_report_draws_where_play_happens(tiny, tmp_path):
    pytest.importorskip("matplotlib")
    from courier.dev.lab.report import write_report
    from courier.dev.lab.runner import run_study

    records = run_study(tiny, tmp_path, jobs=1)["records"]
    page = write_report(tiny, records, tmp_path)["html"].read_text(encoding="utf-8")
    assert ">Where play happens" in page and 'alt="where play happens in big_vans"' in page
    assert json.loads(json.dumps(records[0]["where"]))  # plain data in the results file
