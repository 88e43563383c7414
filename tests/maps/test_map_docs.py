"""The map pages state what the code enforces and what the loader reads."""

from __future__ import annotations

from pathlib import Path

from courier.rules.doorstep_dash import config as dd
from courier.rules.next_day import board as nd
from courier.rules.out_for_delivery import board as ofd
from courier.rules.package_pandemonium import board as pp

DOCS = Path(__file__).resolve().parents[2] / "docs"


def page(name: str) -> str:
    return " ".join((DOCS / name).read_text(encoding="utf-8").split())


def test_the_common_page_names_versions_project_encodings_and_generators():
    text = page("maps.md")
    for words in ("Tiled 1.8.2", 'type="house"', 'class="house"', "courier.tiled-project",
                  "courier-objecttypes.xml", "Project > Open Project", "CSV", "zlib", "gzip",
                  "Zstandard is not supported", ".tmj", "Detach Template", "Rotation", "Infinite",
                  "--force", "generated_boards.json", "did you mean"):
        assert words in text, words


def test_each_game_page_states_the_counts_its_checks_use():
    text = page("maps/doorstep-dash.md")
    assert f"at least {dd.MIN_HOUSES}" in text and f"at least {dd.MIN_HAZARDS}" in text
    assert f"at least {dd.MIN_PARKS}" in text
    assert f"{dd.HAZARD_SPACES[0]}-{dd.HAZARD_SPACES[1]} road squares" in text
    assert f"from {dd.HAZARD_TESTS[0]} to {dd.HAZARD_TESTS[1]}" in text
    assert f"Exactly **{nd.TOWN_CARDS} towns**" in page("maps/next-day.md")
    text = page("maps/out-for-delivery.md")
    assert f"exactly {ofd.REGION_COUNT}" in text and f"exactly {ofd.CITY_COUNT}, numbered 1 to {ofd.CITY_COUNT}" in text
    text = page("maps/package-pandemonium.md")
    for kind, count in pp.PIECE_COUNTS.items():
        assert f"{count} `{kind}`" in text, kind
    assert f"{pp.PACKAGE_COUNTS['low']} low and {pp.PACKAGE_COUNTS['high']} high" in text


def test_every_class_a_game_reads_is_documented_on_its_page():
    for module, name in ((nd, "next-day"), (ofd, "out-for-delivery"), (pp, "package-pandemonium")):
        text = page(f"maps/{name}.md")
        for spec in module.MAP_CLASSES:
            assert f"`{spec.name}`" in text, (name, spec.name)
            for prop in spec.props:
                assert f"`{prop.name}`" in text, (name, spec.name, prop.name)
    from courier.rules.doorstep_dash import board as ddb

    text = page("maps/doorstep-dash.md")
    for spec in ddb.MAP_CLASSES:
        assert f"`{spec.name}`" in text and all(f"`{p.name}`" in text for p in spec.props), spec.name


def test_the_common_page_states_the_size_limit_and_relative_paths():
    from courier.boards import tmxcheck

    text = page("maps.md")
    assert f"from 1 to {tmxcheck.MAX_SIZE}" in text
    assert "absolute path" in text
