"""The shared machinery of the one-gate tests (``tests/conformance/test_gate.py``, every game).

One gate decides legality: ``apply`` must accept exactly what ``legal_actions`` offers (or, for
free-form families such as Next Day routes, what the rules allow) and refuse everything else with
``IllegalAction``, leaving the state exactly as it was. The functions here reach random positions by
seeded random play, then throw candidate actions at ``apply`` on a clone: the legal actions of
every seat, actions met in other positions and phases, the same with fields changed one at a time
(seat swapped, numbers shifted, out of range or negative, names and directions swapped), and
scrambled texts through ``parse_action``.
"""

from __future__ import annotations

import dataclasses
import random
from functools import lru_cache
from typing import Any, Callable, Iterable

from courier.rules import registry
from courier.rules.base import Action, IllegalAction

#: an oracle for free-form families: None when it has no opinion on the action (then the action
#: must be among the legal actions to be accepted), else (allowed, check) where ``check(before,
#: after, events)`` asserts what an accepted action did (e.g. what a route cost); ``allowed`` None
#: means either outcome is right (two readings of the rules), and ``check`` still judges a yes
Oracle = Callable[[Any, Action], "tuple[bool, Callable[[Any, Any, list], None] | None] | None"]

#: characters slipped into action texts: digits of other scripts, signs, separators
NOISE = "0123456789-+,.@>:/ pPxX²٣\t" + "abcNESWvan"


def pick(game, state, legal: list[Action], rng: random.Random) -> Action:
    """A random legal action, choosing the kind first so rare kinds (end turn) come up often."""
    kinds: dict[str, list[Action]] = {}
    for a in legal:
        kinds.setdefault(type(a).__name__, []).append(a)
    kind = rng.choice(sorted(kinds))
    return rng.choice(kinds[kind])


def random_position(game, cfg, seed: int, depth: int,
                    chooser: Callable[[Any, Any, list[Action], random.Random], Action] = pick,
                    pool: list[Action] | None = None) -> Any:
    """The state after ``depth`` random legal actions from a new game (earlier if it ends)."""
    rng = random.Random(seed)
    state = game.new_game(cfg, seed)
    for _ in range(depth):
        seats = game.to_act(state)
        if not seats:
            break
        seat = rng.choice(seats)
        legal = game.legal_actions(state, seat)
        assert legal, f"seat {seat} must act but has no legal action"
        if pool is not None:
            pool.extend(rng.sample(legal, min(2, len(legal))))
        game.apply(state, chooser(game, state, legal, rng))
    return state


@lru_cache(maxsize=None)
def action_pool(game_id: str, players: int, games: int = 3, depth: int = 400,
                options: tuple = ()) -> tuple[Action, ...]:
    """Legal actions met along a few random games: actions of every phase and seat."""
    game = registry.get(game_id)
    cfg = game.make_config(players=players, **dict(options))
    pool: list[Action] = []
    for seed in range(games):
        random_position(game, cfg, 1000 + seed, depth, pool=pool)
    return tuple(pool)


# -- candidates ----------------------------------------------------------------------------------
def _field_values(actions: Iterable[Action]) -> dict[str, list[Any]]:
    """Every value seen per field name (tuple fields also give their elements, under 'name[]')."""
    seen: dict[str, set] = {}
    for a in actions:
        for f in dataclasses.fields(a):
            v = getattr(a, f.name)
            try:
                seen.setdefault(f.name, set()).add(v)
                if isinstance(v, tuple):
                    seen.setdefault(f.name + "[]", set()).update(v)
            except TypeError:  # unhashable: not worth keeping
                pass
    return {k: sorted(v, key=repr) for k, v in seen.items()}


def _variants(name: str, value: Any, players: int, rng: random.Random, values: dict[str, list[Any]]) -> list[Any]:
    others = values.get(name, [])
    out: list[Any] = []
    if isinstance(value, bool):
        out.append(not value)
    elif isinstance(value, int):
        out += [value - 1, value + 1, -1, 0, 10**9, -(10**9), rng.randrange(-5, 60)]
        if name in ("seat", "partner", "victim", "to_seat"):
            out += list(range(-1, players + 1))
        out += rng.sample(others, min(3, len(others)))
    elif isinstance(value, str):
        out += ["", value + "x", value.upper(), value[:-1]]
        out += rng.sample(others, min(4, len(others)))
    elif isinstance(value, tuple):
        elems = values.get(name + "[]", []) or list(value)
        out += [value[:-1], value[::-1], (), value + value[-1:]]
        if elems:
            out.append(value + (rng.choice(elems),))
            if value:
                i = rng.randrange(len(value))
                out.append(value[:i] + (rng.choice(elems),) + value[i + 1:])
        out += rng.sample(others, min(3, len(others)))
    return [v for v in out if v != value or type(v) is not type(value)]


def mutations(action: Action, players: int, rng: random.Random, values: dict[str, list[Any]]) -> list[Action]:
    """``action`` with one field changed at a time, in every way ``_variants`` knows."""
    out = []
    for f in dataclasses.fields(action):
        for v in _variants(f.name, getattr(action, f.name), players, rng, values):
            out.append(dataclasses.replace(action, **{f.name: v}))
    return out


def scrambled(text: str, rng: random.Random) -> str:
    """``text`` with a few characters deleted, inserted or replaced, or its words shuffled."""
    chars = list(text)
    for _ in range(rng.randint(1, 3)):
        op = rng.randrange(4)
        i = rng.randrange(len(chars) + 1)
        if op == 0 and chars:
            del chars[min(i, len(chars) - 1)]
        elif op == 1:
            chars.insert(i, rng.choice(NOISE))
        elif op == 2 and chars:
            chars[min(i, len(chars) - 1)] = rng.choice(NOISE)
        else:
            words = "".join(chars).split(" ")
            rng.shuffle(words)
            chars = list(" ".join(words))
    return "".join(chars)


def parse_safely(game, state, text: str) -> Action | None:
    """``parse_action`` may refuse a text only with IllegalAction; anything else fails the test."""
    try:
        return game.parse_action(state, text)
    except IllegalAction:
        return None


# -- the check ---------------------------------------------------------------------------------
def throw(game, state, action: Action, legal: dict[int, list[Action]], oracle: Oracle | None = None,
          same: Callable[[Action], Any] = lambda a: a) -> bool:
    """Apply ``action`` to a clone of ``state``: refused without a trace, or allowed by the rules.

    ``legal`` maps each seat to its legal actions here; ``same`` turns an action into what
    equality should compare (for actions whose card lists may come in any order).
    """
    before = game.state_to_dict(state)
    trial = state.clone()
    verdict = oracle(state, action) if oracle is not None else None
    offered = same(action) in {same(a) for a in legal.get(action.seat, [])}
    try:
        events = game.apply(trial, action)
    except IllegalAction as exc:
        assert str(exc).strip(), f"{action!r} was refused without a reason"
        assert game.state_to_dict(trial) == before, f"refusing {action!r} ({exc}) changed the state"
        assert not offered, f"{action!r} is a legal action but apply refused it: {exc}"
        if verdict is not None:
            assert verdict[0] is not True, f"the rules allow {action!r} but apply refused it: {exc}"
        return False
    assert game.state_to_dict(state) == before, f"applying {action!r} to a clone changed the original"
    if verdict is None:
        assert offered, f"apply accepted {action!r}, which is not among the legal actions"
    else:
        assert verdict[0] is not False, f"apply accepted {action!r}, which the rules do not allow"
        if verdict[1] is not None:
            verdict[1](state, trial, events)
    return True


def candidates(game, state, players: int, rng: random.Random, pool: tuple[Action, ...],
               extra: Iterable[Action] = (), limit: int = 160) -> list[Action]:
    """Actions to throw at ``state``: legal ones, others' and other phases', mutated, parsed."""
    here = [a for seat in range(players) for a in game.legal_actions(state, seat)]
    base = rng.sample(here, min(25, len(here))) + rng.sample(pool, min(25, len(pool))) + list(extra)
    values = _field_values(list(pool) + here)
    out = list(base)
    for a in base:
        out += mutations(a, players, rng, values)
    for a in rng.sample(base, min(20, len(base))):
        parsed = parse_safely(game, state, scrambled(a.to_text(), rng))
        if parsed is not None:
            out.append(parsed)
    rng.shuffle(out)
    return out[:limit] + here[:20]


def check_position(game, state, players: int, rng: random.Random, pool: tuple[Action, ...],
                   oracle: Oracle | None = None, same: Callable[[Action], Any] = lambda a: a,
                   extra: Iterable[Action] = (), limit: int = 160) -> tuple[int, int]:
    """Throw the candidates at ``state``; (accepted, refused) counts for the caller to look at."""
    acting = game.to_act(state)
    legal = {seat: game.legal_actions(state, seat) for seat in range(-1, players + 1)}
    for seat, acts in legal.items():
        if seat not in acting:
            assert acts == [], f"seat {seat} is not to act but has legal actions"
        else:
            assert acts, f"seat {seat} must act but has no legal action"
        for a in acts[:30]:
            back = game.parse_action(state, a.to_text())
            assert same(back) == same(a), f"{a.to_text()!r} parses as {back!r}"
    ok = bad = 0
    for a in candidates(game, state, players, rng, pool, extra, limit):
        if throw(game, state, a, legal, oracle, same):
            ok += 1
        else:
            bad += 1
    return ok, bad
