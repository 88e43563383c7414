"""One action codec (courier.rules.codec): every game's action classes declare their text form as
data, and the one codec writes and reads them; what a game offers reads back as itself."""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courier.rules import registry
from courier.rules.base import Action, IllegalAction
from courier.rules.codec import Choice, Codec, Joined, Seat


def _actions_module(game_id: str):
    return importlib.import_module(registry.package(game_id) + ".actions")


def _action_classes(module) -> list[type]:
    return [c for c in vars(module).values() if inspect.isclass(c) and issubclass(c, Action)
            and c.__module__ == module.__name__ and c.text]


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_action_class_declares_its_text_and_is_in_the_games_codec(game_id: str) -> None:
    module = _actions_module(game_id)
    classes = _action_classes(module)
    assert len(classes) >= 10
    codec = module.CODEC
    assert {t.cls for t in codec.templates} == set(classes)
    for cls in classes:
        assert cls.codec is codec
        assert "to_text" not in vars(cls), f"{cls.__name__} writes its text by hand"


@pytest.mark.parametrize("game_id", registry.ids())
def test_what_a_game_offers_reads_back_as_itself(game_id: str) -> None:
    game = registry.get(game_id)
    rng = random.Random(3)
    cfg = game.make_config(players=game.max_players)
    state = game.new_game(cfg, 11)
    seen: set[type] = set()
    for _ in range(150):
        acting = game.to_act(state)
        if not acting:
            break
        for seat in acting:
            for a in game.legal_actions(state, seat)[:40]:
                text = a.to_text()
                assert game.parse_action(state, text) == a, text
                assert game.parse_action(state, f"  {text} ") == a, "spaces around are ignored"
                seen.add(type(a))
        seat = rng.choice(acting)
        game.apply(state, rng.choice(game.legal_actions(state, seat)))
    assert len(seen) >= 4


@dataclasses.dataclass(frozen=True)
class _Pass(Action):
    text = "{seat:seat} pass {to:seat} {cards:cards} go {first:order}"
    to: int
    cards: tuple[str, ...]
    first: bool


_CODEC = Codec("Test", [_Pass], fields={"seat": Seat(from_one=True), "cards": Joined(" + "),
                                        "order": Choice({True: "first", False: "second"})})


@settings(max_examples=100, deadline=None)
@given(seat=st.integers(0, 5), to=st.integers(0, 5), first=st.booleans(),
       cards=st.lists(st.from_regex(r"[A-Za-z]+( [A-Za-z]+)?", fullmatch=True), min_size=1, max_size=3))
def test_a_declared_text_round_trips(seat: int, to: int, first: bool, cards: list[str]) -> None:
    a = _Pass(seat, to, tuple(cards), first)
    assert a.to_text() == f"p{seat + 1} pass p{to + 1} {' + '.join(cards)} go {'first' if first else 'second'}"
    assert _CODEC.parse(a.to_text(), seat=9) == a


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=30))
def test_any_other_text_is_refused_with_a_reason(text: str) -> None:
    for prefix in ("", "p1 pass ", "p1 pass p2 ", "p1 pass p0 a go first"):
        try:
            _CODEC.parse(prefix + text)
        except IllegalAction as exc:
            assert str(exc).strip()
