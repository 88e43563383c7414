"""A study file: which game, boards, player counts, seats and variants to play, checked in full
before a single game runs.

    title = "Cheaper diversions"
    game = "next-day"
    players = [3, 4]
    seats = ["heuristic-normal", "heuristic-normal", "heuristic-hard", "heuristic-normal"]
    games = 40            # per arm
    seed = 1

    [variants.cheap_diversions]
    description = "Diversions cost 40 to move instead of 60"
    blockage_move_cost.diversion = 40

Every setting of the ruleset's config can be changed by a variant (``[config]`` changes it for
every arm, the baseline included). A table setting (a dict, such as ``blockage_move_cost`` or
``item_table``) is changed entry by entry; list it in the variant's ``replace = [...]`` to give the
whole table instead. A misspelt setting or entry, or a value the ruleset refuses, is reported with
the line it is on, and nothing runs.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

BASELINE = "baseline"
#: keys of a variant that are not config settings
VARIANT_META = ("description", "replace")
#: config fields a study sets in its own way (or not at all)
NOT_OVERRIDABLE = {"players": "use the study's 'players'", "map": "use the study's 'boards'",
                   "names": "names do not change play",
                   "seeding": "every lab game is dealt with the lab's own seeding"}


class StudyError(Exception):
    """A study file that cannot be run; ``problems`` holds one readable line per problem."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class StudyModel(BaseModel):
    """The study file as written (before the game's own settings are checked)."""

    model_config = ConfigDict(extra="forbid")

    title: str = ""
    game: str
    boards: list[str] = Field(default_factory=list)
    players: int | list[int] | None = None
    seats: list[str] = Field(min_length=1)
    games: int = Field(ge=1, le=1_000_000)
    seed: int = 1
    #: estimated seconds a person takes per real decision, for the minutes-at-the-table estimate
    seconds_per_decision: float = Field(6.0, gt=0, le=600)
    #: "does skill still matter?": a stronger and a weaker computer player, and how many extra
    #: games per arm the stronger one plays against the weaker ones (0: not asked)
    skill: list[str] = Field(default_factory=list)
    skill_games: int = Field(0, ge=0, le=100_000)
    config: dict[str, Any] = Field(default_factory=dict)
    variants: dict[str, dict[str, Any]] = Field(default_factory=dict)
    #: one setting over a range of values: ``[sweeps.price] price_per_step = [4, 5, 6, 7, 8]``
    sweeps: dict[str, dict[str, Any]] = Field(default_factory=dict)


@dataclass(frozen=True)
class Arm:
    """One set of games: a variant on a board at a player count, with the seats that play it."""

    name: str
    variant: str
    board: str
    players: int
    seats: tuple[str, ...]
    #: config overrides (``map`` included) passed to ``game.make_config``
    options: dict[str, Any]
    description: str = ""
    #: the sweep this arm is a point of ("" for a plain variant), the swept setting and its value
    sweep: str = ""
    setting: str = ""
    value: Any = None

    @property
    def key(self) -> str:
        """Stable id in results files: changes whenever anything that decides the games changes."""
        blob = json.dumps([self.variant, self.board, self.players, list(self.seats), self.options],
                          sort_keys=True, default=str)
        return f"{slug(self.variant)}-{self.players}p-{hashlib.sha256(blob.encode()).hexdigest()[:10]}"

    @property
    def ref(self) -> str:
        """Short readable name for command lines (``baseline``, ``cheap_diversions-3p``)."""
        return slug(self.name)


@dataclass
class Study:
    title: str
    game_id: str
    games: int
    seed: int
    seconds_per_decision: float
    arms: list[Arm]
    #: (stronger, weaker) computer players for the skill games, and their number per arm
    skill: tuple[str, ...] = ()
    skill_games: int = 0
    source: str = ""
    boards: list[str] = field(default_factory=list)
    player_counts: list[int] = field(default_factory=list)
    #: things that will not stop the study but are worth a look (printed before it runs)
    warnings: list[str] = field(default_factory=list)

    def arm(self, key_or_ref: str) -> Arm | None:
        return next((a for a in self.arms if key_or_ref in (a.key, a.ref, a.name)), None)

    @property
    def baseline_arms(self) -> list[Arm]:
        return [a for a in self.arms if a.variant == BASELINE]

    def baseline_for(self, arm: Arm) -> Arm | None:
        return next((a for a in self.baseline_arms if a.board == arm.board and a.players == arm.players), None)


def arrangements(seats: tuple[str, ...] | list[str]) -> list[list[int]]:
    """The distinct ways the seat list sits round the table, as rotations: each is ``order`` with
    ``order[seat]`` = index in the seat list. Rotations that put the same players in the same
    places are one deal, not several: four identical seats have one arrangement, not four."""
    n = len(seats)
    out: list[list[int]] = []
    seen: set[tuple[str, ...]] = set()
    for shift in range(n):
        order = [(s + shift) % n for s in range(n)]
        players = tuple(seats[k] for k in order)
        if players not in seen:
            seen.add(players)
            out.append(order)
    return out


def game_seed(study_seed: int, k: int) -> int:
    """The rules' seed for the ``k``-th deal of a study: spread over the whole stream
    (``courier.rules.rng.spread_seed``), since neighbouring seeds deal nearly the same game."""
    from courier.rules.rng import spread_seed

    return spread_seed(study_seed, k)


SKILL = "~skill"


def skill_seats(study: "Study", arm: Arm) -> tuple[str, ...]:
    """The seats of an arm's skill games: the stronger player against weaker ones."""
    strong, weak = study.skill
    return (strong,) + (weak,) * (arm.players - 1)


def slug(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", text.strip()).strip("-").lower() or "arm"


# -- where each key is written (tomllib keeps no positions) ----------------------------------------

_TABLE = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"""^\s*((?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*')(?:\s*\.\s*(?:[A-Za-z0-9_-]+|"[^"]*"|'[^']*'))*)\s*=""")


def _split_key(text: str) -> tuple[str, ...]:
    parts = re.findall(r"""[A-Za-z0-9_-]+|"[^"]*"|'[^']*'""", text)
    return tuple(p[1:-1] if p[:1] in "\"'" else p for p in parts)


def toml_lines(text: str) -> dict[tuple[str, ...], int]:
    """Line number (1-based) of every table header and key path in a TOML text."""
    out: dict[tuple[str, ...], int] = {}
    table: tuple[str, ...] = ()
    for no, line in enumerate(text.splitlines(), 1):
        m = _TABLE.match(line)
        if m:
            table = _split_key(m.group(1))
            out.setdefault(table, no)
            continue
        m = _KEY.match(line)
        if m:
            path = table + _split_key(m.group(1))
            for i in range(len(table) + 1, len(path) + 1):
                out.setdefault(path[:i], no)
    return out


def yaml_lines(text: str) -> dict[tuple[str, ...], int]:
    """Line number of every mapping key path in a YAML text."""
    import yaml

    out: dict[tuple[str, ...], int] = {}

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, yaml.MappingNode):
            for k, v in node.value:
                p = path + (str(k.value),)
                out.setdefault(p, k.start_mark.line + 1)
                walk(v, p)

    try:
        walk(yaml.compose(text, Loader=yaml.SafeLoader), ())
    except yaml.YAMLError:
        pass
    return out


class _Where:
    """Turns a key path into "study.toml, line 12: variants.x.y"."""

    def __init__(self, source: str, lines: dict[tuple[str, ...], int]) -> None:
        self.source = source
        self.lines = lines

    def __call__(self, path: tuple[Any, ...], message: str) -> str:
        path = tuple(str(p) for p in path)
        line = None
        for i in range(len(path), 0, -1):
            line = self.lines.get(path[:i])
            if line is not None:
                break
        at = f"{self.source}, line {line}" if line else self.source
        name = ".".join(path)
        return f"{at}: {name}: {message}" if name else f"{at}: {message}"


# -- reading ----------------------------------------------------------------------------------------

def parse_text(text: str, source: str = "study", fmt: str = "toml") -> tuple[dict[str, Any], _Where]:
    """Decode a study's text; StudyError naming the line of a syntax error."""
    if fmt == "yaml":
        import yaml

        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            at = f", line {mark.line + 1}" if mark is not None else ""
            raise StudyError(source, [f"{source}{at}: this is not valid YAML ({getattr(exc, 'problem', None) or exc})"]) from None
        if not isinstance(data, dict):
            raise StudyError(source, [f"{source}: a study is a set of 'key: value' settings"])
        return data, _Where(source, yaml_lines(text))
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
        why = re.sub(r"\s*\(at line.*\)", "", str(exc))
        line = int(m.group(1)) if m else None
        if line is not None and why.lower().startswith("unclosed"):
            opened = unclosed_line(text, line)
            if opened is not None and opened != line:
                raise StudyError(source, [f"{source}, line {opened}: this is not valid TOML ({why}: the list or "
                                          f"table opened on line {opened} is still open on line {line})"]) from None
        at = f", line {line}" if line else ""
        raise StudyError(source, [f"{source}{at}: this is not valid TOML ({why})"]) from None
    return data, _Where(source, toml_lines(text))


def unclosed_line(text: str, upto: int) -> int | None:
    """The line (1-based) where the outermost ``[`` or ``{`` still open at line ``upto`` was
    opened, reading values only (strings and comments skipped, table headers ignored). tomllib
    reports an unclosed list where it gave up, often a line or more after the mistake."""
    stack: list[int] = []
    for no, line in enumerate(text.splitlines()[:upto], 1):
        if not stack and _TABLE.match(line):
            continue
        i, quote = 0, ""
        while i < len(line):
            ch = line[i]
            if quote:
                if ch == "\\" and quote == '"':
                    i += 1
                elif ch == quote:
                    quote = ""
            elif ch in "\"'":
                quote = ch
            elif ch == "#":
                break
            elif ch in "[{":
                stack.append(no)
            elif ch in "]}" and stack:
                stack.pop()
            i += 1
    return stack[0] if stack else None


def load_study(path: Path | str) -> Study:
    """Read and check a study file (``.toml``, ``.yaml`` or ``.yml``); StudyError if it cannot run."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise StudyError(path.name, [f"{path}: there is no such file"]) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise StudyError(path.name, [f"{path}: cannot be read ({exc})"]) from None
    fmt = "yaml" if path.suffix.lower() in (".yaml", ".yml") else "toml"
    return study_from_text(text, path.name, fmt)


def study_from_text(text: str, source: str = "study.toml", fmt: str = "toml") -> Study:
    data, where = parse_text(text, source, fmt)
    return check(data, where)


SEAT_KINDS = ("heuristic-easy", "heuristic-normal", "heuristic-hard", "ai-easy", "ai-normal", "ai-hard", "random",
              "heuristic", "greedy", "rush", "out-greedy", "out-rush", "out-planner", "out-denier", "out-gambler",
              "out-human", "stranger-greedy", "stranger-steady")


def check(data: dict[str, Any], where: _Where) -> Study:
    """Validate everything (the study's own fields, then each arm's config); StudyError lists
    every problem found, each with its line."""
    flags = [where((k,), "give a number, not true or false") for k in ("games", "seed", "players", "seconds_per_decision")
             if isinstance(data.get(k), bool) or (isinstance(data.get(k), list) and any(isinstance(v, bool) for v in data[k]))]
    if flags:
        raise StudyError(where.source, flags)
    try:
        model = StudyModel.model_validate(data)
    except ValidationError as exc:
        problems = []
        for err in exc.errors():
            loc = tuple(err["loc"])
            if err["type"] == "extra_forbidden":
                fields = list(StudyModel.model_fields)
                unused = [f for f in fields if f not in data]  # a typo is usually of a setting not given
                close = (difflib.get_close_matches(str(loc[-1]), unused, n=1)
                         or difflib.get_close_matches(str(loc[-1]), fields, n=1))
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                msg = f"a study has no setting '{loc[-1]}'{hint}; settings: {', '.join(StudyModel.model_fields)}"
            elif err["type"] == "missing":
                msg = "is missing"
            else:
                msg = err["msg"]
                if loc and loc[0] == "players":
                    loc, msg = loc[:1], "give a number of players or a list of them, e.g. [3, 4]"
            problems.append(where(loc, msg))
        raise StudyError(where.source, list(dict.fromkeys(problems))) from None

    from courier.lab import limits
    from courier.rules import registry
    from courier.simulate import level_of

    problems: list[str] = []
    if model.game not in registry.ids():
        raise StudyError(where.source, [where(("game",), f"there is no game called {model.game!r}; "
                                                         f"games: {', '.join(registry.ids())}")])
    game = registry.get(model.game)
    boards = list(model.boards) or [game.default_map()]
    for i, b in enumerate(boards):
        if game.maps and b not in game.maps:
            problems.append(where(("boards",), f"{game.title} has no board called {b!r}; boards: {', '.join(game.maps)}"))
    counts = model.players if isinstance(model.players, list) else [model.players or len(model.seats)]
    if not counts:
        problems.append(where(("players",), "give at least one player count"))
    for n in counts:
        if not game.min_players <= n <= game.max_players:
            problems.append(where(("players",), f"{game.title} is for {game.min_players}-{game.max_players} players, not {n}"))
    if model.skill_games and len(model.skill) != 2:
        problems.append(where(("skill",), "name two computer players, the stronger first: "
                                          "skill = [\"heuristic-hard\", \"heuristic-easy\"]"))
    if model.skill and not model.skill_games:
        problems.append(where(("skill",), "say how many skill games each arm plays: skill_games = 40"))
    for s in list(model.seats) + list(model.skill):
        try:
            level_of(s)
        except ValueError:
            close = difflib.get_close_matches(s, SEAT_KINDS, n=1, cutoff=0.5)
            hint = f" (did you mean '{close[0]}'?)" if close else ""
            problems.append(where(("seats",), f"there is no computer player called {s!r}{hint}; players: "
                                              f"{', '.join(SEAT_KINDS[:7])}"))
    if BASELINE in model.variants:
        problems.append(where(("variants", BASELINE), "'baseline' is the unchanged game and is always played; "
                                                      "give this variant another name"))
    variants: list[tuple[str, dict[str, Any], tuple[str, ...], str, str, Any]] = [(BASELINE, {}, (), "", "", None)]
    variants += [(v, raw, ("variants", v), "", "", None) for v, raw in model.variants.items()]
    for sname, spec in model.sweeps.items():
        points, errs = sweep_points(sname, spec, where)
        problems.extend(errs)
        for label, value, changes in points:
            vname = f"{sname}: {label} = {json.dumps(value)}"
            if vname in model.variants:
                problems.append(where(("sweeps", sname), f"a variant is already called {vname!r}"))
            variants.append((vname, {**changes, "description": str(spec.get("description", ""))}, ("sweeps", sname),
                             sname, label, value))
    if problems:
        raise StudyError(where.source, problems)

    arms: list[Arm] = []
    several = len(boards) > 1 or len(counts) > 1
    for vname, raw, prefix, sweep, setting, value in variants:
        description = str(raw.get("description", ""))
        replace = raw.get("replace", [])
        if not isinstance(replace, list) or not all(isinstance(r, str) for r in replace):
            problems.append(where(prefix + ("replace",), "give a list of table settings, e.g. replace = [\"companies\"]"))
            replace = []
        changes = {k: v for k, v in raw.items() if k not in VARIANT_META}
        for n in counts:
            for board in boards:
                opts, errs = _options(game, n, board, [(("config",), model.config, []),
                                                      (prefix, changes, replace)], where)
                problems.extend(e for e in errs if e not in problems)
                if errs:
                    continue
                seats = tuple(model.seats[i % len(model.seats)] for i in range(n))
                name = vname if not several else f"{vname}, {n} players" + (f", {board}" if len(boards) > 1 else "")
                arms.append(Arm(name=name, variant=vname, board=board, players=n, seats=seats,
                                options=opts, description=description, sweep=sweep, setting=setting, value=value))
    if problems:
        raise StudyError(where.source, problems)
    warnings = []
    for n in counts:
        ways = len(arrangements(tuple(model.seats[i % len(model.seats)] for i in range(n))))
        if model.games % ways:
            lower, upper = model.games - model.games % ways, model.games - model.games % ways + ways
            warnings.append(where(("games",), f"{model.games} games at {n} players is not a multiple of the {ways} "
                                              f"seatings of these seats, so some seatings play once more than others "
                                              f"(the positions are not equally tried); use {lower or upper} or {upper}"))
    for arm in arms:
        for setting, why in limits.warnings(game.id, game.make_config(players=arm.players, **arm.options)):
            where_set = (("sweeps", arm.sweep, setting) if arm.sweep else ("variants", arm.variant, setting)
                         if arm.variant != BASELINE else ("config", setting))
            line = where(where_set, why)
            if line not in warnings:
                warnings.append(line)
    return Study(title=model.title or f"{game.title} study", game_id=model.game, games=model.games,
                 seed=model.seed, seconds_per_decision=model.seconds_per_decision, arms=arms,
                 skill=tuple(model.skill), skill_games=model.skill_games,
                 source=where.source, boards=boards, player_counts=list(counts), warnings=warnings)


def sweep_points(name: str, spec: dict[str, Any], where: _Where) -> tuple[list[tuple[str, Any, dict[str, Any]]], list[str]]:
    """A sweep's points: (setting as written, value, the variant's changes). A sweep names one
    setting (or one entry of a table, ``blockage_move_cost.diversion = [30, 45, 60]``) and a list
    of at least two values."""
    given = {k: v for k, v in spec.items() if k != "description"}
    path: tuple[str, ...] = ()
    node: Any = given
    while isinstance(node, dict) and len(node) == 1:
        key, node = next(iter(node.items()))
        path += (str(key),)
    if not path or isinstance(node, dict):
        return [], [where(("sweeps", name), "a sweep changes one setting over a list of values, e.g. "
                                            "price_per_step = [4, 5, 6, 7, 8]")]
    if not isinstance(node, list) or len(node) < 2:
        return [], [where(("sweeps", name) + path, "give a list of at least two values to sweep, e.g. [4, 5, 6]")]
    points = []
    for value in node:
        changes: dict[str, Any] = {path[-1]: value}
        for key in reversed(path[:-1]):
            changes = {key: changes}
        points.append((".".join(path), value, changes))
    return points, []


def _options(game: Any, players: int, board: str, layers: list[tuple[tuple[str, ...], dict[str, Any], list[str]]],
             where: _Where) -> tuple[dict[str, Any], list[str]]:
    """The config overrides of one arm (study-wide ``config`` then the variant's changes), checked
    by building the config and setting up one game."""
    model = game.config_model
    allowed = [f for f in model.model_fields if f not in NOT_OVERRIDABLE]
    problems: list[str] = []
    try:
        base = game.make_config(players=players, map=board)
    except Exception as exc:
        return {}, [where((), f"{game.title} cannot be set up for {players} players on {board!r}: {exc}")]
    opts: dict[str, Any] = {"map": board} if board else {}
    origin: dict[str, tuple[str, ...]] = {}
    for prefix, changes, replace in layers:
        for r in replace:
            if r not in changes:
                problems.append(where(prefix + ("replace",), f"'{r}' is not changed by this variant"))
        for key, value in changes.items():
            if key in NOT_OVERRIDABLE:
                problems.append(where(prefix + (key,), f"cannot be changed by a variant ({NOT_OVERRIDABLE[key]})"))
                continue
            if key not in allowed:
                close = difflib.get_close_matches(key, allowed, n=1)
                hint = f" (did you mean '{close[0]}'?)" if close else ""
                problems.append(where(prefix + (key,), f"{game.title} has no setting '{key}'{hint}"))
                continue
            current = opts.get(key, getattr(base, key))
            shape = _shape_problem(key, value, current)
            if shape:
                problems.append(where(prefix + (key,), shape))
                continue
            if isinstance(value, dict) and isinstance(current, dict) and key not in replace:
                merged = dict(current)
                by_text = {str(k): k for k in current}
                for entry, v in value.items():
                    if str(entry) not in by_text:
                        problems.append(where(prefix + (key, entry), f"'{key}' has no entry '{entry}'; entries: "
                                              f"{', '.join(map(str, current))} (list '{key}' in replace = [...] "
                                              "to give the whole table)"))
                        continue
                    old = current[by_text[str(entry)]]
                    if isinstance(v, dict) and isinstance(old, dict):
                        v = {**old, **v}
                    merged[by_text[str(entry)]] = v
                value = merged
            opts[key] = value
            origin[key] = prefix + (key,)
    if problems:
        return {}, problems
    try:
        cfg = model(players=players, **opts)
    except ValidationError as exc:
        for err in exc.errors():
            loc = tuple(err["loc"])
            path = origin.get(str(loc[0]), (str(loc[0]),)) + tuple(loc[1:]) if loc else ()
            problems.append(where(path, f"{err['msg']} (for {players} players)"))
        return {}, problems
    from courier.lab import limits

    try:
        cfg = game.make_config(players=players, **opts)
    except Exception as exc:  # the ruleset itself refuses these settings
        path = next(iter(origin.values()), ())[:2]
        return {}, [where(path, f"{game.title} cannot be set up with these settings for {players} players: {exc}")]
    for setting, why in limits.problems(game.id, cfg):
        problems.append(where(origin.get(setting, (setting,)), why))
    if problems:
        return {}, problems
    try:
        _smoke(game, cfg)
    except Exception as exc:  # a game with these settings breaks: say so now, not mid-study
        path = next(iter(origin.values()), ())[:2]
        problems.append(where(path, f"a test game with these settings for {players} players fails "
                                    f"({type(exc).__name__}: {exc}); check the values"))
    return _jsonable(opts), problems


def _shape_problem(key: str, value: Any, current: Any) -> str:
    """A value of the wrong kind for a setting, in words: true/false for a number (TOML's ``true``
    would be played as 1), a single value for a table or a list, a table for a number."""
    def bools(v: Any, c: Any) -> bool:
        if isinstance(v, bool):
            return not isinstance(c, bool) and isinstance(c, (int, float))
        if isinstance(v, dict) and isinstance(c, dict) and c:
            sample = next(iter(c.values()))
            return any(bools(x, c.get(k, sample)) for k, x in v.items())
        if isinstance(v, (list, tuple)) and isinstance(c, (list, tuple)) and c:
            return any(bools(x, c[0]) for x in v)
        return False

    if bools(value, current):
        return "give a number, not true or false"
    if isinstance(current, dict) and not isinstance(value, dict):
        entries = ", ".join(f"{k} = {json.dumps(v, default=str)}" for k, v in list(current.items())[:4])
        first = next(iter(current), "x")
        return (f"'{key}' is a table, not a single value (now: {entries}{', ...' if len(current) > 4 else ''}); "
                f"change one entry with {key}.{first} = ..., or give a whole table with replace = [\"{key}\"]")
    if isinstance(current, (list, tuple)) and not isinstance(value, (list, tuple)):
        return f"'{key}' is a list of {len(current)} values (now: {json.dumps(list(current), default=str)}); give a list"
    if isinstance(current, (int, float)) and not isinstance(current, bool) and isinstance(value, (dict, list)):
        return f"'{key}' is a single number (now: {current}), not a table or a list"
    return ""


_SMOKED: set[str] = set()


def _smoke(game: Any, cfg: Any, seed: int = 1, max_actions: int = 3000) -> None:
    """Play one quick game with random players: settings that would crash the rules show here.
    (Once per process for each config: a study is often checked again before it runs.)"""
    from courier.rules.rng import Rng

    key = game.id + cfg.model_dump_json()
    if key in _SMOKED:
        return
    state = game.new_game(cfg, seed)
    rng = Rng(seed)
    for _ in range(max_actions):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        game.apply(state, rng.choice(list(game.legal_actions(state, seat))))
    game.scores(state)
    _SMOKED.add(key)


def _jsonable(value: Any) -> Any:
    """Tuples to lists, dict keys kept (ints stay ints: pydantic reads them back either way)."""
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value
