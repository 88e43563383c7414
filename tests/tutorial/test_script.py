"""The step file loader: good files load, broken ones are refused with a readable message."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from courier.tutorial import walk
from courier.tutorial.script import ScriptError, parse

SCRIPTS = Path(__file__).resolve().parent / "scripts"
GOOD = """seed = 4
computers = 1
minutes = 11
[options]
max_rounds = 3

[[step]]
say = "Win the most points. Press Next."
point = "board"

[[step]]
say = "Play on."
play = true

[[step]]
say = "The end."
"""


def test_a_good_file_loads():
    s = parse("doorstep-dash", GOOD)
    assert (s.seed, s.computers, s.minutes, s.players) == (4, 1, 11, 2)
    assert [x.kind for x in s.steps] == ["read", "play", "read"]
    assert s.steps[0].point == "board" and s.play_index() == 1
    assert s.digest and s.digest != parse("doorstep-dash", GOOD + "\n# changed\n").digest


def test_a_guided_table_is_dealt_with_the_first_seeding_unless_its_file_names_another():
    from courier.rules import registry
    from courier.rules.rng import MIXED, OFFSET
    from courier.tutorial.script import games_with_tutorials, path_for
    from courier.tutorial.walk import make_match

    for game_id in games_with_tutorials(registry.ids()):  # the shipped step files: their deals stay put
        script = parse(game_id, path_for(game_id).read_text(encoding="utf-8"))
        match = make_match(script)
        assert script.seeding == match.config.seeding == OFFSET
        game = match.game
        first = game.make_config(players=script.players, names=match.config.names, seeding=OFFSET, **script.options)
        dealt = game.new_game(first, script.seed)
        assert game.state_to_dict(match.state) == game.state_to_dict(dealt)
    assert make_match(parse("doorstep-dash", "seeding = 1\n" + GOOD)).config.seeding == MIXED


@pytest.mark.parametrize("name", sorted(p.stem for p in SCRIPTS.glob("*.toml")))
def test_the_suites_own_scripts_walk_to_their_end(name):
    script = parse(name, (SCRIPTS / f"{name}.toml").read_text(encoding="utf-8"))
    assert [v.index for v in walk(script)][-1] == len(script.steps) - 1


BROKEN = [
    ("seed = ", "not valid TOML"),
    ("seed = 1\n", "no [[step]]"),
    ('[[step]]\nsay = ""\n', "says nothing"),
    ('[[step]]\nsay = "One. Two. Three."\n', "more than 2 sentences"),
    ('[[step]]\nsay = "Hi."\nwhat = 1\n', "unknown keys: what"),
    ('[[step]]\nsay = "Hi."\ndo = "roll"\nplay = true\n', "both asks for moves"),
    ('[[step]]\nsay = "Hi."\npoint = "sky"\n', "point must be"),
    ('[[step]]\nsay = "A."\nplay = true\n[[step]]\nsay = "B."\nplay = true\n', "only one step may be free play"),
    ('[[step]]\nsay = "A."\nplay = true\n[[step]]\nsay = "B."\ndo = "roll"\n', "can only be read"),
    ('computers = 0\n[[step]]\nsay = "A."\n', "at least one computer"),
    ('step = 3\n', "no [[step]]"),
    ('step = [1]\n', "step 1 is not a table"),
    ('seeding = 5\n[[step]]\nsay = "A."\n', "seeding must be one of 0, 1"),
    ('[options]\nseeding = 1\n[[step]]\nsay = "A."\n', "at the top of the file"),
]


@pytest.mark.parametrize("text,words", BROKEN)
def test_a_broken_file_is_refused_with_a_readable_message(text, words):
    with pytest.raises(ScriptError) as exc:
        parse("doorstep-dash", text)
    assert words in str(exc.value)
    assert str(exc.value).startswith("doorstep-dash: ")


def test_a_move_not_legal_when_its_step_comes_is_named():
    text = GOOD.replace('[[step]]\nsay = "Play on."', '[[step]]\nsay = "Roll."\ndo = "move 99,99"\n\n[[step]]\nsay = "Play on."')
    with pytest.raises(ScriptError) as exc:
        list(walk(parse("doorstep-dash", text)))
    assert "step 2 asks for 'move 99,99', which is not legal now" in str(exc.value)


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_a_mangled_file_loads_or_is_refused_never_crashes(data):
    """Cut, duplicate or replace a piece of a good file: it either loads into a well-formed
    script or raises ScriptError; nothing else."""
    text = GOOD
    for _ in range(data.draw(st.integers(1, 3))):
        i = data.draw(st.integers(0, len(text)))
        j = data.draw(st.integers(i, min(len(text), i + 12)))
        junk = data.draw(st.sampled_from(["", "=", "[[step]]\n", '"', "\n", "play = 1\n", "]", "#", "say = 3\n",
                                          "do = []\n", "computers = -1\n", "x", "do = 3\n", 'seed = "x"\n',
                                          "names = 1\n", "options = 2\n", "minutes = true\n", "point = []\n"]))
        text = text[:i] + junk + text[j:]
    try:
        s = parse("doorstep-dash", text)
    except ScriptError as exc:
        assert str(exc).startswith("doorstep-dash: ")
        return
    assert s.steps and all(x.say for x in s.steps) and s.computers >= 1


LITERALS = ["1", "-1", "0", '"x"', '""', "true", "[]", "[1]", '["a", 2]', "{ a = 1 }", "1.5", '"One. Two. Three."',
            '"roll"']


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_value_of_the_wrong_kind_is_refused_with_a_message(data):
    """Every ``key = value`` line of a good file given a value of any kind: loaded or refused
    with a ScriptError, never another exception."""
    lines = GOOD.splitlines()
    keyed = [i for i, ln in enumerate(lines) if " = " in ln]
    for i in data.draw(st.lists(st.sampled_from(keyed), min_size=1, max_size=3, unique=True)):
        key = lines[i].split(" = ")[0]
        lines[i] = f"{key} = {data.draw(st.sampled_from(LITERALS))}"
    try:
        s = parse("doorstep-dash", "\n".join(lines) + "\n")
    except ScriptError as exc:
        assert str(exc).startswith("doorstep-dash: ")
        return
    assert s.steps and all(x.say for x in s.steps) and s.computers >= 1
    assert isinstance(s.seed, int) and isinstance(s.minutes, int) and isinstance(s.options, dict)
