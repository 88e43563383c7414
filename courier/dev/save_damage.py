"""Real saves of every game, and every way we know to damage them (the save fuzzer's material).

The corpus is made by playing each game (fewest and most seats, people and computer players)
and keeping its save file at several points, the finished game included. Each file is then
damaged: cut short at many offsets, bits flipped, each field of the save replaced by hostile
values (wrong types, huge, negative, NaN, 1e999, 100,000-character strings, NUL and control
characters, nesting 100,000 deep, empty lists, extra or missing seats, missing keys), single
names and numbers of the saved state changed, the state of another save put in, moves of the
log changed. ``courier.dev.fuzz_saves`` checks what the reader makes of each.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable, Iterator

from courier import saves
from courier.match import Match, SeatSpec
from courier.rules import registry
from courier.rules.rng import Rng

#: the players of the games the corpus is played from
COLOURS = [(220, 60, 60), (60, 110, 220), (60, 170, 90), (230, 170, 40)]
NAMES = ["Ann", "Bea", "Cyd", "Dot"]
LEVELS = ["easy", "normal", "hard", "random"]


# -- the corpus ---------------------------------------------------------------------------------


@dataclass
class Base:
    """One real save: ``name`` says which game, seats and point of play it is."""

    name: str
    game_id: str
    data: dict[str, Any]

    def raw(self) -> bytes:
        return json.dumps(self.data).encode("utf-8")


def real_game_ids() -> list[str]:
    """The shipped games (not the test suite's stand-ins)."""
    return [g for g in registry.ids() if type(registry.get(g)).__module__.startswith("courier.rules.")]


def _play(game_id: str, players: int, seed: int, points: tuple[float, ...]) -> list[tuple[str, Match]]:
    """Play one game with the rule-of-thumb players; copies of the match at ``points`` (fractions
    of the game, 1.0 = finished) are returned as saved and loaded again."""
    from courier.ai import base as ai_base

    seats = [
        SeatSpec(NAMES[i], COLOURS[i], kind="human" if i == 0 else "ai", level=LEVELS[i % len(LEVELS)])
        for i in range(players)
    ]
    m = Match.new(game_id, seats, seed=seed)
    rng = Rng(seed + 1)
    log: list[str] = []
    bots: dict[int, Any] = {}
    while not m.is_over() and len(log) < 3000:
        seat = min(m.to_act())
        legal = m.legal(seat)
        if seat not in bots:
            bots[seat] = ai_base.make_bot(game_id, "heuristic-easy")
        action = bots[seat].choose(m.game, m.view(seat), seat, legal, rng) if len(legal) > 1 else legal[0]
        m.submit(action)
        log.append(action.to_text())
    out = []
    for point in points:
        n = round(len(log) * point)
        copy = Match(game_id, m.config, seats, seed)
        copy._replay_into(log[:n])
        out.append((f"{n}of{len(log)}", copy))
    return out


def build_corpus(games: list[str] | None = None, points: tuple[float, ...] = (0.0, 0.02, 0.5, 1.0),
                 seed: int = 11) -> list[Base]:
    """Real saves of every game with its fewest and most seats at several points (finished too)."""
    bases = []
    for game_id in games or real_game_ids():
        game = registry.get(game_id)
        for players in sorted({game.min_players, game.max_players}):
            for label, m in _play(game_id, players, seed + players, points):
                data = json.loads(saves.to_save_file(m).model_dump_json())
                bases.append(Base(f"{game_id}/{players}p/{label}", game_id, data))
    return bases


# -- damage ---------------------------------------------------------------------------------------

#: hostile JSON values, as raw JSON text (so that 1e999, NaN and deep nesting can be written)
HOSTILE: dict[str, str] = {
    "null": "null",
    "true": "true",
    "zero": "0",
    "negative": "-1",
    "big": str(2**64),
    "huge": "1" + "0" * 400,
    "fraction": "2.5",
    "nan": "NaN",
    "infinity": "Infinity",
    "-infinity": "-Infinity",
    "1e999": "1e999",
    "empty-text": '""',
    "long-text": json.dumps("x" * 100_000),
    "nul": '"a\\u0000b"',
    "controls": '"\\u0001\\u001b[2J\\u007f\\u202e\\u200b"',
    "surrogate": '"\\ud800"',
    "empty-list": "[]",
    "empty-object": "{}",
    "deep-list": "[" * 100_000 + "]" * 100_000,
    "deep-object": '{"a":' * 20_000 + "1" + "}" * 20_000,
    "nested-500": "[" * 500 + "]" * 500,
    "long-list": "[" + ",".join(["0"] * 20_000) + "]",
    "texts": '["a", "b"]',
}
#: a smaller set for the values inside seats and settings
HOSTILE_SMALL = ["null", "true", "negative", "big", "nan", "1e999", "long-text", "nul", "controls", "surrogate",
                 "empty-list", "empty-object", "deep-list", "fraction", "texts"]

_MARK = "\u0000FUZZ{}\u0000"


def _with_raw(data: Any, raws: list[str]) -> bytes:
    """``data`` as JSON, each ``_MARK.format(i)`` string replaced by ``raws[i]`` as raw JSON."""
    text = json.dumps(data)
    for i, raw in enumerate(raws):
        text = text.replace(json.dumps(_MARK.format(i)), raw)
    return text.encode("utf-8")


def _copy(data: Any) -> Any:
    return json.loads(json.dumps(data))


Damage = tuple[str, bytes]


def truncations(base: Base, count: int) -> Iterator[Damage]:
    raw = base.raw()
    offsets = sorted({0, 1, len(raw) - 1, len(raw) // 2, *(len(raw) * i // count for i in range(count))})
    for n in offsets:
        yield f"cut at {n}", raw[:n]


def bit_flips(base: Base, count: int, rng: Rng) -> Iterator[Damage]:
    raw = base.raw()
    for _ in range(count):
        flipped = bytearray(raw)
        for _ in range(1 + rng.randbelow(3)):
            pos = rng.randbelow(len(flipped))
            flipped[pos] ^= 1 << rng.randbelow(8)
        yield f"bits flipped near {pos}", bytes(flipped)


def field_values(base: Base, names: list[str] | None = None) -> Iterator[Damage]:
    """Each field of the save replaced by each hostile value, and removed."""
    for key in list(base.data):
        data = _copy(base.data)
        del data[key]
        yield f"{key} missing", json.dumps(data).encode()
        for name in names or HOSTILE:
            data = _copy(base.data)
            data[key] = _MARK.format(0)
            yield f"{key}={name}", _with_raw(data, [HOSTILE[name]])
    data = _copy(base.data)
    data["thumbnail"] = _MARK.format(0)
    yield "extra key", _with_raw(data, [HOSTILE["long-text"]])


def seat_values(base: Base, names: list[str] | None = None) -> Iterator[Damage]:
    """Hostile seats: each part of a seat, wrong colours and levels, seats added and removed."""
    specials = {
        "colour": ["[1e999, 2, 3]", "[999, -5, 0, 7]", "[1, 2]", '"red"', "[1.5, 2, 3]", "[true, 0, 0]",
                   "[-1, 0, 0]", "[256, 0, 0]", "[NaN, 0, 0]"],
        "level": ['"grandmaster"', "5", '"search-hard"', '"random"', '"heuristic"'],
        "kind": ['"robot"', '"AI"'],
        "name": ['"Ann\\u0000Bob"', json.dumps("N" * 100_000), '"\\u202eevil"', '"   "', '"\\n\\t"'],
    }
    seats = base.data["seats"]
    for i in range(len(seats)):
        for part in ("name", "colour", "kind", "level"):
            for raw in specials[part] + [HOSTILE[n] for n in names or HOSTILE_SMALL]:
                data = _copy(base.data)
                data["seats"][i][part] = _MARK.format(0)
                yield f"seat {i} {part}={raw[:20]}", _with_raw(data, [raw])
            data = _copy(base.data)
            del data["seats"][i][part]
            yield f"seat {i} {part} missing", json.dumps(data).encode()
    for label, change in (("extra seat", lambda s: s + [s[0]]), ("seat removed", lambda s: s[:-1]),
                          ("no seats", lambda s: []), ("seat not an object", lambda s: ["Ann"] + s[1:]),
                          ("100,000 seats", lambda s: s * (100_000 // len(s)))):
        data = _copy(base.data)
        data["seats"] = change(data["seats"])
        yield label, json.dumps(data).encode()


def config_values(base: Base, names: list[str] | None = None) -> Iterator[Damage]:
    """Each game setting replaced by hostile values; player counts and names out of step."""
    config = base.data["config"]
    for key in list(config):
        data = _copy(base.data)
        del data["config"][key]
        yield f"config {key} missing", json.dumps(data).encode()
        for name in names or HOSTILE_SMALL:
            data = _copy(base.data)
            data["config"][key] = _MARK.format(0)
            yield f"config {key}={name}", _with_raw(data, [HOSTILE[name]])
        for label, scale in (("x10", lambda v: v * 10), ("1000", lambda v: 1000), ("0", lambda v: 0)):
            if key not in ("players", "names") and _has_numbers(config[key]):
                data = _copy(base.data)
                data["config"][key] = _scaled(config[key], scale)
                yield f"config {key} numbers {label}", json.dumps(data).encode()
    players = config.get("players", 0)
    for n in (players - 1, players + 1, 99):
        data = _copy(base.data)
        data["config"]["players"] = n
        yield f"config players={n}", json.dumps(data).encode()
    for label, names_value in (("names with NUL", ["Ann\u0000"] * players), ("long names", ["N" * 100_000] * players),
                               ("names too few", ["Ann"]), ("names not text", [1] * players)):
        data = _copy(base.data)
        data["config"]["names"] = names_value
        yield f"config {label}", json.dumps(data).encode()


def _has_numbers(value: Any) -> bool:
    return any(isinstance(v, (int, float)) and not isinstance(v, bool) for _, v in _leaves(value))


def _scaled(value: Any, scale: Callable[[Any], Any]) -> Any:
    """``value`` with every number changed by ``scale`` (the tuning knobs a save may turn)."""
    if isinstance(value, dict):
        return {k: _scaled(v, scale) for k, v in value.items()}
    if isinstance(value, list):
        return [_scaled(v, scale) for v in value]
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return type(value)(scale(value))
    return value


def log_values(base: Base, rng: Rng) -> Iterator[Damage]:
    """Moves of the log changed: unknown, out of place, dropped, repeated, not text, far too many."""
    log = base.data["log"]
    edits: list[tuple[str, Callable[[list], list]]] = [
        ("unknown move appended", lambda g: g + ["van Ugley->Nowhere"]),
        ("long move", lambda g: g + ["x" * 100_000]),
        ("NUL move", lambda g: g + ["pass\u0000"]),
        ("move not text", lambda g: g + [7]),
        ("many moves", lambda g: g + ["pass"] * 100_000),
    ]
    if log:
        i = rng.randbelow(len(log))
        j = rng.randbelow(len(log))
        edits += [
            ("last move dropped", lambda g: g[:-1]),
            (f"move {i} dropped", lambda g: g[:i] + g[i + 1:]),
            (f"move {i} repeated", lambda g: g[: i + 1] + g[i:]),
            (f"moves {i} and {j} swapped", lambda g: _swap(g, i, j)),
            (f"move {i} changed", lambda g: g[:i] + [_change_one_letter(g[i], rng)] + g[i + 1:]),
            ("first move repeated at the end", lambda g: g + g[:1]),
        ]
    for label, edit in edits:
        data = _copy(base.data)
        data["log"] = edit(list(log))
        yield label, json.dumps(data).encode()


def _swap(items: list, i: int, j: int) -> list:
    items = list(items)
    items[i], items[j] = items[j], items[i]
    return items


def _change_one_letter(text: str, rng: Rng) -> str:
    letters = [k for k, ch in enumerate(text) if ch.isalpha()]
    if not letters:
        return text + "x"
    k = rng.choice(letters)
    ch = text[k]
    new = "q" if ch.lower() != "q" else "z"
    return text[:k] + (new.upper() if ch.isupper() else new) + text[k + 1:]


def _leaves(data: Any, path: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _leaves(v, path + (i,))
    else:
        yield path, data


def _set(data: Any, path: tuple, value: Any) -> None:
    for p in path[:-1]:
        data = data[p]
    data[path[-1]] = value


def state_values(base: Base, count: int, rng: Rng) -> Iterator[Damage]:
    """Single names of the saved state with one letter changed (a place, a weather, a blockage ...),
    or swapped for another name of the same state; single numbers nudged; entries removed."""
    leaves = list(_leaves(base.data["state"]))
    texts = [(p, v) for p, v in leaves if isinstance(v, str) and p[-1] != "rng"]
    numbers = [(p, v) for p, v in leaves if isinstance(v, int) and not isinstance(v, bool)]
    words = sorted({v for _, v in texts})
    for _ in range(count):
        data = _copy(base.data)
        pick = rng.randbelow(4)
        if pick == 0 and texts:
            path, value = rng.choice(texts)
            _set(data["state"], path, _change_one_letter(value, rng))
            label = f"state {'.'.join(map(str, path))} one letter changed"
        elif pick == 1 and len(words) > 1:
            path, value = rng.choice(texts)
            _set(data["state"], path, rng.choice([w for w in words if w != value]))
            label = f"state {'.'.join(map(str, path))} another name"
        elif pick == 2 and numbers:
            path, value = rng.choice(numbers)
            _set(data["state"], path, value + rng.choice([1, -1, 10**9, -(10**9)]))
            label = f"state {'.'.join(map(str, path))} number changed"
        else:
            key = rng.choice(sorted(data["state"]))
            del data["state"][key]
            label = f"state {key} removed"
        yield label, json.dumps(data).encode()


def swapped_states(bases: list[Base]) -> Iterator[Damage]:
    """The state of another save of the same game (another point, another number of players)."""
    for a in bases:
        for b in bases:
            if a is not b and a.game_id == b.game_id and a.data["state"] != b.data["state"]:
                data = _copy(a.data)
                data["state"] = _copy(b.data["state"])
                yield f"state of {b.name}", json.dumps(data).encode()


def other_fields(base: Base) -> Iterator[Damage]:
    """The list-only fields: dates and turn labels a screen shows."""
    for label, key, raw in (
        ("far future date", "saved_at", '"9999-12-31T23:59:59+00:00"'),
        ("far past date", "saved_at", '"0001-01-01T00:00:00-23:59"'),
        ("date as a huge number", "saved_at", "1e20"),
        ("date as a number", "saved_at", "1700000000"),
        ("million-character label", "turn_label", json.dumps("L" * 1_000_000)),
        ("label with NUL", "turn_label", '"Round 1\\u0000"'),
        ("label with newlines", "turn_label", '"a\\nb\\r\\nc"'),
        ("newer format", "format_version", "2"),
        ("format 0 marked", "format_version", "0"),
        ("newer game", "game_version", "99"),
        ("game 0", "game_version", "0"),
        ("other game", "game_id", '"next-day"' if base.game_id != "next-day" else '"doorstep-dash"'),
    ):
        data = _copy(base.data)
        data[key] = _MARK.format(0)
        yield label, _with_raw(data, [raw])


def format_zero(base: Base) -> Iterator[Damage]:
    """The same save in the layout before files had a version, and damaged ones of it."""
    d = base.data
    old = {
        "game": d["game_id"],
        "options": {k: v for k, v in d["config"].items() if k != "players"},
        "players": [{"name": s["name"], "colour": s["colour"], "ai": s["level"] if s["kind"] == "ai" else None}
                    for s in d["seats"]],
        "seed": d["seed"],
        "actions": d["log"],
        "state": d["state"],
        "time": 1_700_000_000.0,
    }
    yield "format 0", json.dumps(old).encode()
    for label, change in (("format 0 time 1e999", lambda o: o.update(time=_MARK.format(0))),
                          ("format 0 players not objects", lambda o: o.update(players=[1, 2])),
                          ("format 0 colour missing", lambda o: o["players"][0].pop("colour")),
                          ("format 0 ai level unknown", lambda o: o["players"][-1].update(ai="grandmaster"))):
        data = _copy(old)
        change(data)
        yield label, _with_raw(data, ["1e999"])


def damaged(bases: list[Base], rng: Rng, per_base: int = 20, hostile: list[str] | None = None) -> Iterator[Damage]:
    """Every kind of damage over the corpus; ``per_base`` scales the random ones."""
    for base in bases:
        yield f"{base.name}: as saved", base.raw()
        for label, content in (
            *truncations(base, per_base),
            *bit_flips(base, per_base, rng),
            *field_values(base, hostile),
            *seat_values(base, hostile),
            *config_values(base, hostile),
            *log_values(base, rng),
            *state_values(base, per_base * 2, rng),
            *other_fields(base),
            *format_zero(base),
        ):
            yield f"{base.name}: {label}", content
    for label, content in swapped_states(bases):
        yield label, content
