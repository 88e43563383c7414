"""One way for a screen to ask the rules: every game offers a typed table (courier.rules.table)
built on its rules core, which answers as the rules do; the rules objects keep nothing between
calls (the base class says instances are stateless); and the sentences the rules speak (their
refusals) are written once, in the rules, never again in a screen."""

from __future__ import annotations

import ast
import re
import importlib
from pathlib import Path

import pytest

from courier.rules import registry
from courier.rules.rng import Rng
from courier.rules.table import Table

ROOT = Path(__file__).resolve().parents[2]


def _positions(game_id: str, seed: int = 3, steps: int = 150):
    """(config, full state) at each position of a seeded random game."""
    game = registry.get(game_id)
    cfg = game.make_config(players=game.min_players)
    state = game.new_game(cfg, seed)
    rng = Rng(seed)
    for _ in range(steps):
        yield cfg, state
        seats = game.to_act(state)
        if game.is_over(state) or not seats:
            return
        legal = game.legal_actions(state, seats[0])
        if not legal:
            return
        game.apply(state, rng.choice(legal))


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_offers_its_own_typed_table(game_id: str) -> None:
    game = registry.get(game_id)
    module = importlib.import_module(registry.package(game_id) + ".table")
    cfg = game.make_config(players=game.min_players)
    table = game.table(cfg, game.view(game.new_game(cfg, 1), 0), 0)
    assert isinstance(table, Table) and type(table) is not Table
    assert type(table).__module__ == module.__name__, "a game's table lives in its table module"
    assert table.game_id == game_id and table.game is game
    assert table.board is game.board(cfg)


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_table_answers_as_the_rules_do(game_id: str) -> None:
    game = registry.get(game_id)
    for n, (cfg, state) in enumerate(_positions(game_id)):
        for seat in range(cfg.players):
            seen = game.view(state, seat)
            table = game.table(cfg, seen, seat)
            assert table.to_act() == game.to_act(seen)
            assert table.my_turn() == (seat in game.to_act(seen))
            legal = table.legal()
            assert [a.to_text() for a in legal] == (
                [a.to_text() for a in game.legal_actions(seen, seat)] if seat in game.to_act(seen) else [])
            if legal and n % 5 == 0:
                assert table.refusal(legal[0]) is None, f"{game_id}: the table refuses what the rules offer"


@pytest.mark.parametrize("game_id", registry.ids())
def test_the_rules_objects_keep_no_state(game_id: str) -> None:
    """Playing leaves nothing on the game object: two matches at once never share a position."""
    game = registry.get(game_id)
    before = dict(vars(game))
    for _ in _positions(game_id, steps=60):
        pass
    assert vars(game) == before, f"{game_id} keeps {sorted(set(vars(game)) - set(before))} between calls"


def _sentences(folder: Path) -> dict[str, str]:
    """Each string of five words or more written in ``folder``'s modules -> one place it is."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value.split()) >= 5:
                found.setdefault(node.value.strip(), str(path.relative_to(ROOT)))
    return found


def test_no_screen_writes_a_sentence_of_the_rules_again() -> None:
    """A refusal ("Blockages can only be moved during your own turn.") is the rules' to say:
    a screen that wants it asks the table, so the two can never drift apart."""
    rules = _sentences(ROOT / "courier" / "rules")
    screens = _sentences(ROOT / "courier" / "scenes" / "games")
    both = sorted(set(rules) & set(screens))
    assert not both, "\n".join(f"{s!r}: {rules[s]} and {screens[s]}" for s in both)


#: words that give a reason something may not be done: a sentence with one is a refusal
REFUSING = re.compile(r"\b(cannot|can't|can only|may not|must|not your|no lower|no higher|not allowed)\b", re.I)


def _refusals(folder: Path, root: Path = ROOT) -> dict[str, str]:
    """Each sentence written in ``folder``'s modules that says why something cannot be done (an
    f-string read with ``{}`` for what it fills in; docstrings left out) -> where it is."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.body[0].value) for n in ast.walk(tree)
                if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and n.body and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
        parts = {id(v) for n in ast.walk(tree) if isinstance(n, ast.JoinedStr) for v in n.values}
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                text = "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs | parts:
                text = node.value
            else:
                continue
            text = text.strip()
            if text.endswith((".", "!")) and REFUSING.search(text):
                found.setdefault(text, f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_no_screen_writes_a_refusal_of_its_own() -> None:
    """A sentence saying why a move cannot be made ("That cannot be done now.", "Not your
    move.") is the rules' to say, even one the rules never say themselves: a screen asks its
    table (``refusal``, ``why_not`` or the game's own questions), so every refusal a player
    reads is written in the rules and no screen can word a rule its own way."""
    screens = _refusals(ROOT / "courier" / "scenes" / "games")
    assert not screens, "\n".join(f"{s!r} is written in {where}" for s, where in sorted(screens.items()))


def test_the_refusal_check_knows_a_refusal() -> None:
    """The check above reads f-strings and plain strings alike, and passes docstrings by."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "view.py").write_text(
            'def f(n):\n    """This cannot be checked."""\n'
            '    return "Not your move." if n else f"You cannot drive {n} steps."\n', encoding="utf-8")
        assert set(_refusals(Path(tmp), Path(tmp))) == {"Not your move.", "You cannot drive {} steps."}
