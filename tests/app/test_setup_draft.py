"""The New game screen's table as a model (``courier.scenes.setup_draft.TableDraft``), with no
screen: over any sequence of a player's edits (a game chosen, a player count, who plays a seat,
a colour, a name typed) the table stays one the game can be dealt for, or says in plain words why
it cannot start; what the player set is kept through changes of game and count, through a trip
away from the screen and back, and through the game's memory of its last set-up."""

from __future__ import annotations

import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from courier.rules import registry
from courier.scenes.setup_draft import KINDS, MAX_SEATS, NAME_LEN, TableDraft

GAMES = [registry.get(gid) for gid in registry.ids()]
PALETTE = [(f"colour {i}", (10 * i, 20, 30)) for i in range(MAX_SEATS)]
PROBLEMS = {"Two seats have the same name.", "Two seats have the same colour."}

names = st.text(alphabet="AbBob ", max_size=6)
edits = st.lists(st.one_of(
    st.tuples(st.just("game"), st.integers(0, len(GAMES) - 1)),
    st.tuples(st.just("players"), st.integers(0, MAX_SEATS + 1)),
    st.tuples(st.just("kind"), st.integers(0, MAX_SEATS - 1), st.integers(0, len(KINDS) - 1)),
    st.tuples(st.just("colour"), st.integers(0, MAX_SEATS - 1)),
    st.tuples(st.just("name"), st.integers(0, MAX_SEATS - 1), names),
), max_size=25)


def play(draft: TableDraft, steps: list[tuple]) -> None:
    """Make the edits as the screen's controls do (only seats in play can be reached)."""
    for step in steps:
        kind, *args = step
        if kind == "game":
            draft.pick_game(args[0], None)
        elif kind == "players":
            draft.set_players(args[0])
        elif kind == "kind":
            draft.set_kind(args[0] % draft.players, args[1])
        elif kind == "colour":
            draft.choose_colour(args[0] % draft.players)
        else:
            draft.name_typed(args[0] % draft.players, args[1])


def fresh() -> TableDraft:
    draft = TableDraft(GAMES, PALETTE)
    draft.pick_game(0, None)
    return draft


@settings(max_examples=150, deadline=None)
@given(edits)
def test_the_table_is_always_one_to_deal_or_says_why(steps) -> None:
    draft = fresh()
    play(draft, steps)
    g = draft.game
    assert g is not None and g.min_players <= draft.players <= g.max_players
    assert len(draft.seats) == MAX_SEATS
    assert all(0 <= s.kind_index < len(KINDS) and 0 <= s.colour_index < len(PALETTE) for s in draft.seats)
    colours = [draft.seats[i].colour_index for i in range(draft.players)]
    assert len(set(colours)) == len(colours), "a seat in play shares another's colour"
    problems = draft.problems()
    assert set(problems) <= PROBLEMS
    specs = draft.seat_specs()
    assert len(specs) == draft.players and all(spec.name.strip() for spec in specs)  # an empty name gets its usual one
    same_name = len({s.name.strip().lower() for s in specs}) != len(specs)
    assert ("Two seats have the same name." in problems) == same_name
    if not problems:
        g.make_config(players=draft.players)  # the game can be dealt for this table
        assert [s.kind for s in specs] == [KINDS[draft.seats[i].kind_index][0] for i in range(draft.players)]


@settings(max_examples=80, deadline=None)
@given(edits, st.integers(0, MAX_SEATS - 1), names.filter(lambda t: t.strip() != ""))
def test_a_typed_name_stays_through_changes_of_game_and_count(steps, seat, name) -> None:
    draft = fresh()
    draft.set_players(MAX_SEATS)
    seat %= draft.players
    draft.name_typed(seat, name)
    play(draft, [s for s in steps if s[0] in ("game", "players")])
    assert draft.seats[seat].name == name  # in play or left out, it is the player's


@settings(max_examples=80, deadline=None)
@given(edits)
def test_the_table_left_comes_back_as_it_was(steps) -> None:
    draft = fresh()
    play(draft, steps)
    kept = draft.kept()
    assert kept is not None
    again = TableDraft(GAMES, PALETTE, kept=kept)
    again.pick_game([g.id for g in GAMES].index(kept.game), None)
    assert again.players == draft.players
    assert again.seats == draft.seats
    assert again.problems() == draft.problems()


@settings(max_examples=80, deadline=None)
@given(edits)
def test_the_remembered_set_up_is_offered_again(steps) -> None:
    draft = fresh()
    play(draft, steps)
    last = draft.remembered()
    assert last is not None
    again = TableDraft(GAMES, PALETTE)
    again.pick_game(draft.game_index, last)
    assert again.players == draft.players
    for i in range(draft.players):
        was, now = draft.seats[i], again.seats[i]
        assert now.name == was.name.strip()[:NAME_LEN]
        assert KINDS[now.kind_index][:2] == KINDS[was.kind_index][:2]
        assert now.colour_index == was.colour_index


@settings(max_examples=60, deadline=None)
@given(edits, st.integers(1, MAX_SEATS))
def test_a_guided_table_made_real_is_the_learner_and_easy_computers(steps, players) -> None:
    draft = fresh()
    play(draft, steps)
    draft.like_guided(players)
    g = draft.game
    assert g is not None and draft.players == max(g.min_players, min(g.max_players, players))
    assert KINDS[draft.seats[0].kind_index][0] == "human"
    assert all(KINDS[draft.seats[i].kind_index][:2] == ("ai", "easy") for i in range(1, draft.players))
    problems = draft.problems()
    learner = draft.seats[0].name.strip().lower()
    others = {draft.seats[i].name.lower() for i in range(1, draft.players)}
    assert problems == ([] if learner not in others else ["Two seats have the same name."])


def test_the_model_needs_no_pygame() -> None:
    code = "import sys, courier.scenes.setup_draft; sys.exit('pygame' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0
