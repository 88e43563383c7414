"""The screens' flow has one home (``courier.scenes.flow``) and the guided game is built on the
table's public interface.

A scene module that imports another scene module inside a function is a screen reaching into
another to open it (or a circle of imports papered over); the screens ask ``flow`` instead. The
guided game (``TutorialScene``) changes the table only through the hooks the table offers: it
overrides no private method of the board screen or the table driver.
"""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import courier.scenes
from courier.scenes.tutorial import TutorialScene

SCENES = Path(courier.scenes.__file__).parent

#: scene modules allowed to import scene modules inside functions, and why
ALLOWED = {
    "flow": "the one place that opens screens: every scene imports it, so it imports them late",
}


def _late_scene_imports(source: str) -> list[str]:
    """``module.function -> imported module`` for each import of a ``courier.scenes`` module made
    inside a function of ``source``."""
    out = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] if node.module != "courier" else [f"courier.{a.name}" for a in node.names]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            out += [f"{fn.name} -> {name}" for name in names
                    if name == "courier.scenes" or name.startswith("courier.scenes.")]
    return out


def late_imports_in(folder: Path) -> dict[str, list[str]]:
    """Every top-level scene module of ``folder`` that imports a scene module inside a function
    (those in ``ALLOWED`` left out)."""
    found = {}
    for path in sorted(folder.glob("*.py")):
        if path.stem in ALLOWED:
            continue
        late = _late_scene_imports(path.read_text(encoding="utf-8"))
        if late:
            found[path.stem] = late
    return found


def test_no_scene_imports_another_scene_inside_a_function() -> None:
    found = late_imports_in(SCENES)
    assert not found, "open screens through courier.scenes.flow instead: " + "; ".join(
        f"{mod}: {', '.join(late)}" for mod, late in found.items())


def test_the_check_finds_a_late_import(tmp_path: Path) -> None:
    (tmp_path / "menu.py").write_text(
        "def _new(app):\n    from courier.scenes.setup import SetupScene\n\n    app.stack.push(SetupScene(app))\n")
    (tmp_path / "other.py").write_text("def f():\n    from courier import scenes\n    import courier.scenes.board\n")
    (tmp_path / "fine.py").write_text("from courier.scenes import flow\n\n\ndef f(app):\n    flow.to_menu(app)\n")
    found = late_imports_in(tmp_path)
    assert set(found) == {"menu", "other"}
    assert found["menu"] == ["_new -> courier.scenes.setup"]
    assert len(found["other"]) == 2


def test_every_allowed_exception_says_why() -> None:
    assert all(len(why.split()) >= 5 for why in ALLOWED.values())
    assert all((SCENES / f"{mod}.py").exists() for mod in ALLOWED)


def private_overrides(cls: type) -> list[str]:
    """The methods ``cls`` defines itself under a private name (``_name``, not ``__dunder__``)
    that one of its bases defines too."""
    out = []
    for name, value in vars(cls).items():
        if not name.startswith("_") or name.startswith("__") or not callable(value):
            continue
        if any(name in vars(base) for base in inspect.getmro(cls)[1:]):
            out.append(name)
    return sorted(out)


def test_the_guided_game_overrides_no_private_method_of_the_table() -> None:
    assert private_overrides(TutorialScene) == []


def test_the_override_check_finds_one() -> None:
    class Base:
        def _hidden(self) -> None: ...

        def shown(self) -> None: ...

    class Child(Base):
        def _hidden(self) -> None: ...

        def shown(self) -> None: ...

        def _own(self) -> None: ...

    assert private_overrides(Child) == ["_hidden"]


def private_reaches(cls: type) -> list[str]:
    """The private names (``self._name``) ``cls``'s own code uses that one of its bases' code
    uses too: a reach into the base's insides rather than a name of its own."""
    def used(c: type) -> set[str]:
        tree = ast.parse(inspect.getsource(c))
        return {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)
                and n.value.id == "self" and n.attr.startswith("_") and not n.attr.startswith("__")}

    bases: set[str] = set()
    for base in inspect.getmro(cls)[1:]:
        if base is not object:
            bases |= used(base)
    return sorted(used(cls) & bases)


def test_the_guided_game_reaches_into_no_private_part_of_the_table() -> None:
    assert private_reaches(TutorialScene) == []


def test_the_final_boards_scores_button_goes_back_to_the_scores(app) -> None:
    """The finished game's board renames its Menu button Scores: pressed, it leads back to the
    scores under it, never to the title screen."""
    from courier.scenes.scoring import FinalBoardScene, ScoringScene
    from tests.app import shell_states

    match = shell_states.finished("doorstep-dash", 3)
    scoring = app.stack.push(ScoringScene(app, match))
    board = app.stack.push(FinalBoardScene(app, match))
    button = board.buttons["menu"]
    assert button.text == "Scores"
    button.click()
    assert app.stack.top is scoring


def test_no_screen_on_the_table_overrides_a_private_method_of_it() -> None:
    from courier.scenes.scoring import FinalBoardScene

    assert private_overrides(FinalBoardScene) == []
