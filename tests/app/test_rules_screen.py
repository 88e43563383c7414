"""The Rules screen is for players: the rules and our rulings, wrapped inside the page at every
window size; which test checks which rule is developer material kept in docs/rule-tests/."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest

from courier import resources
from courier.rules import registry
from courier.scenes.rules import RulesScene
from courier.ui import markdown

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "tests" / "_screenshots"
SIZES = [(1024, 600), (1280, 720), (1366, 768), (1920, 1080)]
#: what a test's name looks like when a page cites it
TEST_NAME = re.compile(r"\btest_[a-z0-9_]+\b(?!\.py)")


def _rules_text(gid: str) -> str:
    return resources.rules_doc(gid).read_text(encoding="utf-8")


@pytest.mark.parametrize("gid", registry.ids())
def test_the_rules_page_has_no_developer_material(gid):
    text = _rules_text(gid)
    assert "Rule -> test" not in text
    assert not TEST_NAME.findall(text), f"test names on the players' rules page of {gid}"
    assert "tests/" not in text and ".py" not in text
    assert "## Rulings" in text  # our rulings stay for players


def _test_names() -> set[str]:
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names |= set(re.findall(r"^\s*def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


@pytest.mark.parametrize("gid", registry.ids())
def test_every_test_the_developer_table_cites_exists(gid):
    doc = ROOT / "docs" / "rule-tests" / f"{gid}.md"
    text = doc.read_text(encoding="utf-8")
    cited = set(TEST_NAME.findall(text))
    assert len(cited) >= 10, f"{doc.name} should map the rules to their tests"
    missing = sorted(cited - _test_names())
    assert not missing, f"{doc.name} cites tests that do not exist: {missing}"


def _overflow(md: str, width: int) -> int:
    """How far past ``width`` the laid-out document paints (0: nothing does)."""
    blocks = markdown.parse(md)
    height = markdown._render(None, blocks, width)
    wide = pygame.Surface((width + 600, height + 10), pygame.SRCALPHA)
    wide.fill((0, 0, 0, 0))
    markdown._render(wide, blocks, width)
    beyond = pygame.mask.from_surface(wide.subsurface((width, 0, 600, height + 10)))
    if beyond.count() == 0:
        return 0
    return max(x for x, _ in beyond.outline()) + 1


@pytest.mark.parametrize("size", SIZES)
def test_every_rules_page_wraps_inside_the_page(screen, size):
    scene = RulesScene(None, registry.ids()[0])  # type: ignore[arg-type]
    scene.layout(size)
    width = scene._doc_width()
    assert width + 16 <= scene.scroll.rect.width
    for gid in registry.ids():
        assert _overflow(_rules_text(gid), width) == 0, f"{gid} is cut at the right edge at {size}"


def test_a_long_word_breaks_instead_of_running_off_the_page(screen):
    md = "A path such as `tests/package_pandemonium/test_pp_rules.py::test_rogue_priority_1_goes_for_it` " \
         "or a_very_long_identifier_with_no_spaces_at_all_that_goes_on_and_on wraps.\n\n" \
         "| Rule | Test |\n| --- | --- |\n| Short | `test_pp_rules.py::test_bases_keep_off_the_rogue_side_and_package_sides` |\n"
    for width in (200, 320, 634):
        assert _overflow(md, width) == 0, width


@pytest.mark.parametrize("size", [SIZES[0], SIZES[-1]])
def test_rules_screen_shots(app, drive, size):
    app.screen = pygame.display.set_mode(size)
    app.stack.resize(size)
    scene = app.stack.push(RulesScene(app, "package-pandemonium"))
    drive.frame()
    drive.key(pygame.K_END)
    SHOTS.mkdir(parents=True, exist_ok=True)
    app.screenshot(SHOTS / f"rules-end-{size[0]}x{size[1]}.png")
    assert scene.scroll.offset == scene.scroll.max_offset > 0
