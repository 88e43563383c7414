"""Every game declares its events as it declares its actions: one frozen class per kind, in the
game's ``events`` module, with typed fields. Seeded play of every game emits only those classes;
every declared class is drawn by the game's animations, makes a sound, or is listed there as
deliberately silent (shown only as the log's line); and screens, sound and players tell events
apart by class, never by a kind string."""

from __future__ import annotations

import dataclasses
import importlib
from pathlib import Path

import pytest

from courier.rules import registry
from courier.rules.base import Event
from courier.rules.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
SEEDS = (1, 2)
STEPS = 600


def _declared(game_id: str) -> tuple[type[Event], ...]:
    module = importlib.import_module(registry.package(game_id) + ".events")
    return tuple(module.EVENTS)


def _anim(game_id: str):
    view = registry.part(game_id, "view")
    assert view, f"{game_id} has no screens"
    return importlib.import_module(view + ".anim")


def _played(game_id: str, players: int, seed: int) -> list[Event]:
    """The events of a game dealt from ``seed`` (its set-up too) and random legal play."""
    game = registry.get(game_id)
    cfg = game.make_config(players=players)
    engine = importlib.import_module(registry.package(game_id) + ".engine")
    _, events = engine.new_state(cfg, game.board(cfg), seed)
    state = game.new_game(cfg, seed)
    rng = Rng(seed * 97 + players)
    for _ in range(STEPS):
        seats = game.to_act(state)
        if game.is_over(state) or not seats:
            break
        seat = seats[rng.randbelow(len(seats))]
        legal = game.legal_actions(state, seat)
        if not legal:
            break
        events += game.apply(state, rng.choice(legal))
    return events


@pytest.mark.parametrize("game_id", registry.ids())
def test_each_declared_event_is_a_frozen_typed_class(game_id: str) -> None:
    declared = _declared(game_id)
    kinds = [cls.kind for cls in declared]
    assert len(set(kinds)) == len(kinds), f"{game_id}: two classes share a kind"
    assert len(set(declared)) == len(declared)
    for cls in declared:
        assert issubclass(cls, Event) and cls is not Event, cls
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, f"{cls.__name__} is not frozen"
        assert cls.kind and cls.kind != "game over", f"{cls.__name__}: the end of a game is 'game_over' in every game"
        for f in dataclasses.fields(cls):
            assert f.type not in ("Any", "dict", "object"), f"{cls.__name__}.{f.name} is untyped"


@pytest.mark.parametrize("game_id", registry.ids())
def test_seeded_play_emits_only_declared_events(game_id: str) -> None:
    declared = set(_declared(game_id))
    game = registry.get(game_id)
    seen: set[type] = set()
    for players in sorted({game.min_players, game.max_players}):
        for seed in SEEDS:
            for event in _played(game_id, players, seed):
                assert type(event) in declared, f"{game_id} emitted an undeclared {type(event).__name__} ({event.kind})"
                # what the log, records and golden replays read stays a plain dict of the fields
                assert set(event.data) <= {f.metadata.get("key", f.name) for f in dataclasses.fields(event)}
                seen.add(type(event))
    assert len(seen) >= 5, f"{game_id}: seeded play met too few kinds of event to judge"


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_declared_event_is_drawn_sounded_or_deliberately_silent(game_id: str) -> None:
    anim = _anim(game_id)
    drawn, silent, sounds = set(anim.DRAWN), set(anim.SILENT), set(anim.SOUNDS)
    declared = set(_declared(game_id))
    assert not drawn & silent, f"{game_id}: drawn and silent at once: {sorted(c.__name__ for c in drawn & silent)}"
    assert (drawn | silent | sounds) <= declared, f"{game_id}'s screens name events its rules do not declare"
    missing = declared - drawn - silent - sounds
    assert not missing, f"{game_id}: neither drawn, sounded nor listed as silent: {sorted(c.__name__ for c in missing)}"


def test_screens_and_sound_tell_events_apart_by_class() -> None:
    """No comparison of an event's kind string is left in the screens or the sound."""
    offenders = []
    for path in [*sorted((ROOT / "courier" / "scenes" / "games").rglob("*.py")), ROOT / "courier" / "ui" / "sound.py"]:
        text = path.read_text(encoding="utf-8")
        for n, line in enumerate(text.splitlines(), 1):
            if any(probe in line for probe in ("e.kind ==", "e.kind in", "ev.kind ==", "ev.kind in",
                                               "event.kind ==", "event.kind in", ".kind.lower()")):
                offenders.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not offenders, "\n".join(offenders)


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_game_runs_its_animations_on_the_one_queue(game_id: str) -> None:
    """One animation queue, ui.tween's Animator (speed and reduced motion in one place): a game's
    anim module imports it, names no queue of its own, and keeps no time itself (a drawing
    clock, such as the die's tumble, aside)."""
    import ast

    view = registry.part(game_id, "view")
    path = ROOT / Path(*view.split(".")) / "anim.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {(node.module, alias.name) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                for alias in node.names}
    assert ("courier.ui.tween", "Animator") in imported, f"{path.name} of {game_id} does not use ui.tween's Animator"
    classes = {node.name for node in ast.walk(tree) if isinstance(node, ast.ClassDef)}
    assert "Animator" not in classes, f"{game_id} defines an Animator of its own"
    for fn in ast.walk(tree):
        if isinstance(fn, ast.FunctionDef) and fn.name == "update":
            for node in ast.walk(fn):
                if isinstance(node, ast.AugAssign) and isinstance(node.op, ast.Add):
                    target = ast.unparse(node.target)
                    assert target == "self.clock", f"{game_id}'s anim keeps time itself: {target} += ..."
