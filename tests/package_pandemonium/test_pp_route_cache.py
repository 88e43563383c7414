"""The routes a van is offered come from a cache keyed by what they depend on; they must equal
what a plain walk over the map gives for any start, battery, cubes and charging state."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from courier.rules.package_pandemonium.board import DIRS
from courier.rules.package_pandemonium.state import ROUTE

from tests.package_pandemonium.pp_helpers import GAME, cfg, setup

MAPS = list(GAME.maps)


def plain_drives(eng, s, van):
    """Every route of 2+ steps, as the rules first wrote it (no tables, no cache)."""
    out = []
    left = s.steps_allowed - s.steps_taken

    def walk(pos, battery, cubes, charged, dirs):
        if len(dirs) >= 2:
            out.append(dirs)
        if len(dirs) == left:
            return
        for d, nxt in eng.board.moves[pos]:
            b = battery
            if nxt in cubes:
                if b < 1:
                    continue
                b -= 1
            ch = charged
            if nxt in eng.board.electric and not ch and b < van.battery_max:
                b, ch = b + 1, True
            walk(nxt, b, cubes | {nxt}, ch, dirs + (d,))

    if left >= 2:
        walk(van.pos, van.battery, frozenset(van.cubes), van.charged_round == s.round, ())
    return out


van_state = st.fixed_dictionaries({
    "map": st.sampled_from(MAPS),
    "pos": st.integers(0, 24),
    "battery": st.integers(0, 4),
    "battery_max": st.integers(3, 4),
    # cubes on the start's own neighbourhood (offsets) make the battery matter most often
    "cubes": st.lists(st.sampled_from([0, 1, -1, 5, -5, 2, -2, 10, -10, 6, -6, 4, -4]), max_size=6),
    "charged": st.booleans(),
    "steps_allowed": st.integers(0, 4),
    "steps_taken": st.integers(0, 4),
})


@settings(max_examples=400, deadline=None)
@given(van_state)
def test_cached_routes_equal_a_plain_walk(p):
    s = setup(2, map=p["map"])
    eng = s.eng
    van = s.vans[0]
    van.pos, van.battery, van.battery_max = p["pos"], min(p["battery"], p["battery_max"]), p["battery_max"]
    van.cubes = [(van.pos + o) % 25 for o in p["cubes"]]
    van.charged_round = s.round if p["charged"] else 0
    s.steps_allowed, s.steps_taken = p["steps_allowed"], min(p["steps_taken"], p["steps_allowed"])
    assert eng.drives(s, van) == plain_drives(eng, s, van)
    steps = [d for d in DIRS if eng.step_problem(s, van, d) is None]
    assert eng.open_steps(van) == steps
    s.phase, s.order, s.order_index = ROUTE, [0], 0
    offered = [a.to_text() for a in GAME.legal_actions(s, 0)]
    if s.steps_allowed > s.steps_taken:
        want = [f"p1 step {d}" for d in steps] + [f"p1 drive {','.join(r)}" for r in plain_drives(eng, s, van)]
        assert offered[:len(want)] == want
    else:
        assert not [t for t in offered if " step " in t or " drive " in t]


def test_every_map_builds_its_tables():
    for name in MAPS:
        eng = GAME.engine(cfg(2, name))
        for cell, moves in enumerate(eng.board.moves):
            assert eng.step_to[cell] == dict(moves)
            for n in range(6):
                within = {c for c, d in enumerate(eng.board.dist[cell]) if d <= n}
                assert {c for c in range(25) if eng.routes.near[cell][n] >> c & 1} == within
