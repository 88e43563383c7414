"""One table kit for the four games' screens (courier.ui.kit, courier.ui.palette): no game package
keeps its own button, button drawer, seat marker, map-text helper or animation queue, and no
colour is written as numbers in a game's screen code; every colour is a palette role, read when
it is drawn, so another palette changes every game at once and leaves nothing behind.

The scan is of the source (ast), over every game in the registry."""

from __future__ import annotations

import ast
import pathlib
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courier.rules import registry

ROOT = pathlib.Path(__file__).resolve().parents[2]
GAMES = ROOT / "courier" / "scenes" / "games"

BUTTON_CLASS = re.compile(r"(Btn|Button)$")
BUTTON_DRAWERS = {"draw_button", "draw_face", "button_face"}
SEAT_DRAWERS = {"seat_shape", "seat_marker", "draw_seat", "draw_marker", "token", "shape"}
MAP_TEXT_HELPERS = {"map_size", "fs", "fsize", "font_for_map"}
QUEUE_CLASS = re.compile(r"(Animator|Animations|AnimationQueue|Queue)$")


def _package(game_id: str) -> pathlib.Path:
    return GAMES / registry.package(game_id).rsplit(".", 1)[-1]


def _trees(game_id: str) -> list[tuple[str, ast.Module]]:
    return [(p.name, ast.parse(p.read_text(encoding="utf-8"))) for p in sorted(_package(game_id).glob("*.py"))]


def _defined(game_id: str, kind: type) -> list[tuple[str, str]]:
    return [(f, n.name) for f, tree in _trees(game_id) for n in ast.walk(tree) if isinstance(n, kind)]


def _is_channel(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and 0 <= node.value <= 255


def rgb_literals(tree: ast.AST) -> list[int]:
    """Lines holding a colour written as numbers: a tuple of three ints 0-255 (or four, with an
    alpha), or ``pygame.Color(...)`` / ``Color(...)`` of numbers. A tuple unpacked into names
    (``TITLE, BODY = 17, 13``) is not a colour."""
    unpacked = {id(n.value) for n in ast.walk(tree)
                if isinstance(n, ast.Assign) and any(isinstance(t, ast.Tuple) for t in n.targets)}
    lines = []
    for n in ast.walk(tree):
        if isinstance(n, ast.Tuple) and len(n.elts) in (3, 4) and all(map(_is_channel, n.elts)) and id(n) not in unpacked:
            lines.append(n.lineno)
        elif isinstance(n, ast.Call) and getattr(n.func, "attr", getattr(n.func, "id", None)) == "Color" \
                and n.args and all(isinstance(a, ast.Constant) and isinstance(a.value, int) for a in n.args):
            lines.append(n.lineno)
    return lines


def test_the_scan_finds_colours_written_as_numbers() -> None:
    """The scan itself, on code like the games' before the kit (and not on look-alikes)."""
    found = rgb_literals(ast.parse("GRASS = (163, 196, 118)\nx = pygame.Color(1, 2, 3)\n"
                                   "draw.rect(s, (0, 0, 0, 60), r)\nA, B, C = 17, 13, 14\nr = Rect(0, 0, 9, 9)\n"
                                   "y = (1, 2, 300)\n"))
    assert found == [1, 2, 3]


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_colour_is_written_as_numbers_in_a_games_screens(game_id: str) -> None:
    found = {f: lines for f, tree in _trees(game_id) if (lines := rgb_literals(tree))}
    assert not found, f"{game_id}: colours as numbers (use a palette role) in {found}"


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_game_keeps_its_own_button(game_id: str) -> None:
    classes = [(f, c) for f, c in _defined(game_id, ast.ClassDef) if BUTTON_CLASS.search(c)]
    drawers = [(f, d) for f, d in _defined(game_id, ast.FunctionDef) if d in BUTTON_DRAWERS]
    assert not classes and not drawers, f"{game_id} keeps {classes + drawers}: use courier.ui.kit.Button"


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_game_draws_its_own_seat_marker_or_map_text_size(game_id: str) -> None:
    own = [(f, d) for f, d in _defined(game_id, ast.FunctionDef) if d in SEAT_DRAWERS | MAP_TEXT_HELPERS]
    shapes = [(f, "SHAPES") for f, tree in _trees(game_id) for n in tree.body
              if isinstance(n, ast.Assign) and any(isinstance(t, ast.Name) and "SHAPES" in t.id for t in n.targets)]
    assert not own and not shapes, f"{game_id} keeps {own + shapes}: use courier.ui.kit (draw_seat, map_size)"


@pytest.mark.parametrize("game_id", registry.ids())
def test_no_game_keeps_its_own_animation_queue(game_id: str) -> None:
    queues = [(f, c) for f, c in _defined(game_id, ast.ClassDef) if QUEUE_CLASS.search(c)]
    assert not queues, f"{game_id} keeps {queues}: use courier.ui.tween.Animator"


def _roles_read(game_id: str) -> set[str]:
    """Every role a game reads by name: ``COLOUR.x`` and ``COLOUR("x")``."""
    out = set()
    for _, tree in _trees(game_id):
        for n in ast.walk(tree):
            if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "COLOUR" \
                    and n.attr not in ("get",):
                out.add(n.attr)
            if isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "COLOUR" \
                    and isinstance(n.args[0], ast.Constant):
                out.add(n.args[0].value)
    return out


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_role_a_game_reads_is_in_the_default_palette(game_id: str) -> None:
    from courier.ui import palette

    game = _package(game_id).name
    roles = _roles_read(game_id)
    assert roles, f"{game_id} reads no colour role"
    missing = sorted(r for r in roles if f"{game}.{r}" not in palette.DEFAULT.colours and r not in palette.DEFAULT.colours)
    assert not missing, f"{game_id} reads roles the palette lacks: {missing}"


def test_a_palette_must_have_every_role_and_changes_what_is_read() -> None:
    from courier.ui import palette

    with pytest.raises(ValueError):
        palette.use(palette.Palette("short", {"ink": (0, 0, 0)}))
    from courier.ui import theme

    other = palette.DEFAULT.changed("test", ink=(1, 2, 3), seat_2=(4, 5, 6), doorstep_dash__grass=(7, 8, 9))
    try:
        palette.use(other)
        assert theme.INK == (1, 2, 3) and theme.PLAYER_COLOURS[1][1] == (4, 5, 6)
        assert palette.roles("doorstep_dash").grass == (7, 8, 9)
        assert palette.roles("doorstep_dash").ink == (1, 2, 3)  # a game falls back on the shared roles
    finally:
        palette.use(palette.DEFAULT)
    assert theme.INK == palette.DEFAULT["ink"]


@pytest.mark.parametrize("game_id", registry.ids())
def test_another_palette_repaints_the_game_and_leaves_nothing_behind(game_id: str, tmp_path, monkeypatch) -> None:
    """A frame of the board under a palette where every role is one colour is mostly that colour
    (every part of the game's screen reads the palette when it draws, painted maps included), and
    the default palette then draws the same frame as before."""
    monkeypatch.setenv("COURIER_HOME", str(tmp_path))
    import pygame

    from courier.app import App
    from courier.match import Match, SeatSpec
    from courier.scenes.board import BoardScene
    from courier.settings import Settings
    from courier.ui import palette, theme

    one = (7, 77, 177)
    flat = palette.Palette("one", {k: (one if len(v) == 3 else (*one, v[3])) for k, v in palette.DEFAULT.colours.items()})
    app = App(Settings(), size=(1280, 720), fullscreen=False)
    try:
        seats = [SeatSpec(f"P{i}", theme.PLAYER_COLOURS[i][1], "human" if i == 0 else "ai", "easy") for i in range(3)]
        match = Match.new(game_id, seats, seed=3)  # three seats: every game takes three
        app.stack.push(BoardScene(app, match, autosave=False, ai_pause=0.0))
        frames = []
        for p in (palette.DEFAULT, flat, palette.DEFAULT):
            theme.use_palette(p)
            app.stack.draw(app.screen)
            frames.append(app.screen.copy())
        shot = frames[1]
        points = [(x, y) for x in range(0, 1280, 8) for y in range(0, 720, 8)]
        share = sum(tuple(shot.get_at(p))[:3] == one for p in points) / len(points)
        assert share > 0.4, f"{game_id}: only {share:.0%} of the frame follows the palette"
        assert pygame.image.tobytes(frames[0], "RGB") == pygame.image.tobytes(frames[2], "RGB"), \
            f"{game_id}: the default palette draws another frame after a swap (a cache kept old colours)"
    finally:
        palette.use(palette.DEFAULT)
        while app.stack.top is not None:
            app.stack.pop()
        pygame.display.quit()


def test_every_game_names_what_animates_alike() -> None:
    """Each game's board keeps what is animating now in one class of the same name, ``Effects``
    in its ``anim`` module, run by ``courier.ui.tween.Animator``."""
    import importlib

    for game_id in registry.ids():
        module = importlib.import_module(registry.parts(game_id).view + ".anim")
        assert hasattr(module, "Effects"), f"{game_id}'s anim module has no Effects"


#: names of a row-placing function a game's panel kept before the kit's flow took the rows over
OWN_ROW_PLACER = re.compile(r"^_?(row_of|rows_of|place_buttons|layout_buttons|lay_row|lay_buttons|place_row)$")
KIT_FLOWS = {"Flow", "button_rows"}


def _panel_tree(game_id: str) -> ast.Module:
    return ast.parse((_package(game_id) / "panel.py").read_text(encoding="utf-8"))


def kit_flows_called(tree: ast.Module) -> set[str]:
    """The kit's flows (``Flow``, ``button_rows``) a module imports from ``courier.ui.kit`` and calls."""
    imported = {a.asname or a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)
                and (n.module or "").startswith("courier.ui.kit") for a in n.names if a.name in KIT_FLOWS}
    called = {getattr(n.func, "id", getattr(n.func, "attr", None)) for n in ast.walk(tree) if isinstance(n, ast.Call)}
    return imported & called


def _calls_kit(fn: ast.AST) -> bool:
    """Whether a function hands its rows to the kit (a game may keep a function that picks what
    goes in which row, so long as the kit places them)."""
    return any(isinstance(n, ast.Call) and getattr(n.func, "id", getattr(n.func, "attr", None)) in KIT_FLOWS
               for n in ast.walk(fn))


def test_the_scan_finds_a_panel_placing_its_own_rows() -> None:
    own = ast.parse("from courier.ui.kit import Button\ndef _row_of(bs): pass\n_row_of([])\n")
    kit = ast.parse("from courier.ui.kit import Button, button_rows\ntop = button_rows([[]], 0, 9, 9, 3)\n")
    assert not kit_flows_called(own) and kit_flows_called(kit) == {"button_rows"}
    assert [n.name for n in ast.walk(own) if isinstance(n, ast.FunctionDef) and OWN_ROW_PLACER.search(n.name)
            and not _calls_kit(n)]
    handing = ast.parse("def place_buttons(bs):\n    return button_rows([bs], 0, 9, 9, 3)\n").body[0]
    assert _calls_kit(handing)


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_panel_lays_its_buttons_through_the_kits_flow(game_id: str) -> None:
    """Each game's panel lays its rows of buttons with the kit (``Flow`` or ``button_rows``:
    side by side, stacked when their words do not fit, each keeping why it is greyed) and keeps
    no row-placing function of its own."""
    tree = _panel_tree(game_id)
    assert kit_flows_called(tree), f"{game_id}'s panel lays no buttons through courier.ui.kit (Flow, button_rows)"
    own = [n.name for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
           and OWN_ROW_PLACER.search(n.name) and not _calls_kit(n)]
    assert not own, f"{game_id}'s panel places its own rows of buttons with {own}: use courier.ui.kit.button_rows"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.text(alphabet="abc Déclare", min_size=1, max_size=30), min_size=1, max_size=5),
                min_size=1, max_size=4), st.integers(120, 400), st.integers(1, 3), st.booleans())
def test_button_rows_keep_every_button_whole_apart_and_inside(labels, width, most, fill_last) -> None:
    """The kit's rows: every button is laid, inside the width, above ``bottom``, none overlapping;
    two share a row only when their words fit; each keeps why it is greyed."""
    import pygame

    from courier.ui import draw
    from courier.ui.kit import Button, button_rows

    pygame.font.init()
    groups = [[Button(pygame.Rect(0, 0, 0, 0), t, enabled=False, why_not=f"no {t}") for t in g] for g in labels]
    top = button_rows(groups, 10, width, 700, 28, most=most, fill_last=fill_last)
    every = [b for g in groups for b in g]
    assert all(b.rect.left >= 10 and b.rect.right <= 10 + width and top <= b.rect.top and b.rect.bottom <= 700
               for b in every)
    assert not any(a.rect.colliderect(b.rect) for i, a in enumerate(every) for b in every[i + 1:])
    font = draw.font(13, True)
    for b in every:
        shares = any(o is not b and o.rect.top == b.rect.top for o in every)
        assert not shares or font.size(b.label)[0] + 12 <= b.rect.width, f"{b.label!r} is cut in a row of many"
        assert b.why_not == f"no {b.label}"
