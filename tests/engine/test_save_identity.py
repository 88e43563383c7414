"""Which game a save belongs to, over whole evenings of play: start, play, save under a name,
leave to the title screen, load any row, Continue.

The promises, checked after every step at the title screen:
- one position, one row: Load never lists an autosave beside another row of the same point
  (only the player's own named saves may share one), and a game only loaded and left writes no
  second autosave of it;
- nothing is lost: the point where each game was left, and every named save, is still listed
  and loads to exactly that position; a file that cannot be read is never written to;
- the title screen counts games, not files: a game's autosave and the saves named in it are
  one game; a game loaded from an earlier point and played on is a game of its own.

The model knows nothing of identities or file names: a game is a line of play, and a position
is (seed, moves).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from courier import saves
from courier.match import Match
from courier.saves import listing

from fakegame import GAME_ID
from test_save_slots import SEATS, ticking_clock  # noqa: F401  (a fixture)

Position = tuple[int, tuple[str, ...]]


@dataclass
class Line:
    """One game as the player knows it: where it has got to, and whether it has ended."""

    tip: Position
    over: bool = False


@dataclass
class Evening:
    lines: list[Line] = field(default_factory=list)
    #: named saves: their name and position
    named: list[tuple[str, Position]] = field(default_factory=list)
    #: the position each stored point belongs to: the line it was on
    line_of: dict[Position, int] = field(default_factory=dict)
    match: Match | None = None
    #: the line being played (None: a loaded earlier point that has not moved yet)
    playing: int | None = None
    names_made: int = 0


def position(m: Match) -> Position:
    return (m.seed, tuple(m.log))


def rows() -> list[saves.SaveEntry]:
    return listing.one_row_each(saves.list_saves())


def leave(ev: Evening) -> None:
    """Back to the title screen: the board autosaves a game not over (``TableScene.leave``)."""
    m = ev.match
    if m is None:
        return
    if not m.is_over():
        saves.autosave(m)
    ev.match, ev.playing = None, None


def play(ev: Evening, k: int) -> None:
    m = ev.match
    if m is None or m.is_over():
        return
    seat = m.to_act()[0]
    legal = m.legal(seat)
    m.submit(legal[k % len(legal)])
    saves.autosave(m)  # the board autosaves when the turn passes; here after every move
    if ev.playing is None:  # an earlier point played on: a game of its own from here
        ev.lines.append(Line(position(m)))
        ev.playing = len(ev.lines) - 1
    line = ev.lines[ev.playing]
    line.tip, line.over = position(m), m.is_over()
    ev.line_of[position(m)] = ev.playing


def open_row(ev: Evening, entry: saves.SaveEntry) -> None:
    m = saves.open_match(entry.path)
    assert m.settle_check(None)
    if not m.is_over():
        saves.play_on_from(m, entry.path)
    here = position(m)
    line = ev.line_of[here]
    ev.match = m
    ev.playing = line if ev.lines[line].tip == here else None


def step(ev: Evening, action: tuple[str, int]) -> None:
    kind, k = action
    if kind == "new":
        leave(ev)
        ev.match = Match.new(GAME_ID, SEATS, seed=k)
        ev.lines.append(Line(position(ev.match)))
        ev.playing = len(ev.lines) - 1
        ev.line_of[position(ev.match)] = ev.playing
    elif kind == "play":
        play(ev, k)
    elif kind == "save" and ev.match is not None and not ev.match.is_over():
        ev.names_made += 1
        name = f"Evening {ev.names_made}"
        saves.save_match(ev.match, saves.free_slot(name), name=name, replace=False)
        ev.named.append((name, position(ev.match)))
        ev.line_of.setdefault(position(ev.match), ev.playing)  # a point not moved from is known already
    elif kind == "quit":
        leave(ev)
    elif kind == "load":
        leave(ev)
        listed = [e for e in rows() if e.ok]
        if listed:
            open_row(ev, listed[k % len(listed)])
    elif kind == "continue":
        leave(ev)
        latest = saves.latest_save(rows())
        if latest is not None:
            open_row(ev, latest)


def finished(p: Position) -> bool:
    m = Match.new(GAME_ID, SEATS, seed=p[0])
    for text in p[1]:
        m.submit(m.game.parse_action(m.state, text))
    return m.is_over()


def check(ev: Evening, broken: bytes) -> None:
    listed = rows()
    good = [e for e in listed if e.ok]
    autos = [e.position for e in good if e.is_autosave]
    assert len(autos) == len(set(autos)), "an autosave is listed twice"
    assert not set(autos) & {e.position for e in good if not e.is_autosave}, "an autosave beside its named save"
    by_position = {}
    for e in good:
        m = saves.load_match(e.path)
        by_position.setdefault(position(m), []).append(e)
    kept = {line.tip for line in ev.lines} | {p for _, p in ev.named}
    assert set(by_position) == kept, "the rows are exactly the points games were left at and the named saves"
    for name, p in ev.named:
        assert name in {e.name for e in by_position[p]}, "a named save is listed under its name"
    # a game is in progress while a point of it can be played on (its tip, or a save named in
    # it before it ended); two games that reached the very same point are one game to look at.
    # A line's own tip counts for that line (another game begun at the same point and played on
    # is a game of its own, so ``line_of``, which the later line took over, is not asked)
    going = len({line.tip for line in ev.lines if not line.over}
                | {ev.lines[ev.line_of[p]].tip for _, p in ev.named if not finished(p)})
    assert listing.games_in_progress(listed) == going
    latest = saves.latest_save(listed)
    on_title = (1 + listing.games_in_progress(listed, besides=latest)) if latest is not None else 0
    assert on_title == going, "Continue's game and the 'more games in progress' are the games in progress"
    autosaves = [e for e in saves.list_saves() if e.is_autosave]
    assert len(autosaves) <= len(ev.lines), "a game that was only loaded and left wrote an autosave of its own"
    assert saves.slot_path("broken").read_bytes() == broken


_homes = itertools.count()
ACTIONS = st.tuples(st.sampled_from(["new", "play", "play", "play", "save", "quit", "load", "load", "continue"]),
                    st.integers(0, 30))


@example(actions=[("new", 0), ("new", 0), ("play", 0)])
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(actions=st.lists(ACTIONS, min_size=1, max_size=14))
def test_an_evening_of_saving_leaving_and_loading_lists_each_game_once(actions, tmp_path, monkeypatch,
                                                                      ticking_clock) -> None:  # noqa: F811
    home = tmp_path / f"home-{next(_homes)}"
    monkeypatch.setenv("COURIER_HOME", str(home))
    broken = b"{ not a save"
    saves.slot_path("broken").write_bytes(broken)
    ev = Evening()
    for action in actions:
        step(ev, action)
        if ev.match is None:
            check(ev, broken)
    leave(ev)
    check(ev, broken)


def test_saved_under_a_name_left_and_loaded_twice_is_one_row_and_one_game(ticking_clock) -> None:  # noqa: F811
    """The testers' evening: a game saved under a name, left (its autosave is written after the
    named save, at the same point), loaded from the name and left again, twice."""
    m = Match.new(GAME_ID, SEATS, seed=4)
    for _ in range(3):
        m.submit(m.legal(m.to_act()[0])[0])
    saves.autosave(m)
    saves.save_match(m, saves.free_slot("Alice"), name="Alice", replace=False)
    saves.autosave(m)  # Menu: the game is autosaved on the way out, after the named save
    for _ in range(2):
        [named] = [e for e in rows() if e.name == "Alice"]
        again = saves.open_match(named.path)
        assert again.settle_check(None)
        saves.play_on_from(again, named.path)
        saves.autosave(again)  # and out again
    listed = rows()
    assert [e.title for e in listed] == ["Alice"]
    assert len([e for e in saves.list_saves() if e.is_autosave]) == 1  # no copy hidden behind the row
    assert listing.games_in_progress(listed) == 1
    assert listing.games_in_progress(listed, besides=saves.latest_save(listed)) == 0
