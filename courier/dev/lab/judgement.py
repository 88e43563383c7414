"""Rules apart from judgement: which settings the rules read, and which only the computer players.

A setting a variant changes is a rule only if the rules read it in play. Some are read only by the
computer players (a player's own sense of the game: how far it thinks a threat reaches), and a
change to those alters how the computer judges the game, never the game itself. This is recorded,
not listed by hand: a probe plays games with a config whose every field read is noted, and by whom,
while the computer player decides (judgement) or while the rules run (rules).
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

RULES, PLAYERS = "rules", "players"

#: settings no computer player's reading and no rule depends on in play: how seats are named on
#: screen (the names the setup screen offers). Not a variant's to change either.
NOT_PLAY = {"names"}

#: settings that are the computer players' own (read only while they judge), per game: none so
#: far; a new one must be declared here with why, or the rules must read it
PLAYER_SETTINGS: dict[str, dict[str, str]] = {}

#: settings found unread in play by the rules and the players alike (a variant changing them
#: changes nothing; the probe's test keeps this list exact), per game, with what is read instead
UNREAD: dict[str, dict[str, str]] = {
    "next-day": {"home": "the home city is the board's own (its map names it)"},
    "package-pandemonium": {"start_low": "the starting packages are the board's own (its map places them)",
                            "start_high": "the starting packages are the board's own (its map places them)"},
}

_log: dict[str, set[str]] | None = None
_who: list[str] = [RULES]
_classes: dict[type, type] = {}


def _recording_class(model: type) -> type:
    """A subclass of the config model that notes every field read, and by whom (rules/players)."""
    if model in _classes:
        return _classes[model]
    fields = frozenset(model.model_fields)  # type: ignore[attr-defined]

    def __getattribute__(self: Any, name: str) -> Any:
        if name in fields and _log is not None:
            _log[_who[-1]].add(name)
        return object.__getattribute__(self, name)

    cls = type(f"Recording{model.__name__}", (model,), {"__getattribute__": __getattribute__,
                                                         "__module__": __name__})
    _classes[model] = cls
    return cls


def recording(cfg: Any) -> Any:
    """The same settings as ``cfg``, in a config that notes its reads (while ``noting`` is on)."""
    cls: Any = _recording_class(type(cfg))
    return cls.model_construct(_fields_set=set(cfg.model_fields_set), **dict(cfg.__dict__))


@contextmanager
def noting() -> Iterator[dict[str, set[str]]]:
    """Note every read of a recording config made within: ``{"rules": {...}, "players": {...}}``."""
    global _log
    outer = _log
    _log = {RULES: set(), PLAYERS: set()}
    try:
        yield _log
    finally:
        if outer is not None:
            for k, v in _log.items():
                outer[k] |= v
        _log = outer


@contextmanager
def judging() -> Iterator[None]:
    """Reads within are the computer player's (it is deciding), not the rules'."""
    _who.append(PLAYERS)
    try:
        yield
    finally:
        _who.pop()


def play_noting(game: Any, cfg: Any, kinds: Sequence[str], seed: int, max_actions: int = 4000) -> dict[str, set[str]]:
    """Play one game of ``cfg`` (seat ``s`` by computer player ``kinds[s]``) and return the settings
    read by the rules and those read by the computer players while they decided."""
    from courier.ai.base import make_bot
    from courier.dev.behaviour import unclocked
    from courier.dev.simulate import decision_rng, level_of

    bots = [unclocked(make_bot(game.id, level_of(k))) for k in kinds]
    rec = recording(cfg)
    with noting() as log:
        state = game.new_game(rec, seed)
        for n in range(max_actions):
            if game.is_over(state):
                break
            to_act = game.to_act(state)
            legal = game.legal_actions(state, to_act[0]) if to_act else []
            if not legal:
                break
            seat = to_act[0]
            if len(legal) == 1:
                action = legal[0]
            else:
                view = game.view(state, seat)
                with judging():
                    action = bots[seat].choose(game, view, seat, legal, decision_rng(seed, n, seat))
            game.apply(state, action)
        game.scores(state)
        if game.is_over(state):
            game.winners(state)
    return {k: set(v) for k, v in log.items()}


#: (game, players, options, seats, seeds) -> reads; a report asks the same arm's probe twice
_PROBES: dict[str, dict[str, set[str]]] = {}


def probe(game_id: str, players: int, options: dict[str, Any], seats: Sequence[str], seeds: Sequence[int],
          random_games: int = 10) -> dict[str, set[str]]:
    """The settings read in a few games of one arm: its own seats on the study's first deals (what
    the computer players read) and random players on more deals (random play reaches rules that
    careful play seldom does, so a rule read only in a rare position is still seen)."""
    from courier import boards
    from courier.rules import registry

    key = json.dumps([game_id, players, options, list(seats), list(seeds), random_games], sort_keys=True, default=str)
    if key in _PROBES:
        return _PROBES[key]
    boards.install()
    game = registry.get(game_id)
    from courier.dev.lab.play import SEEDING

    cfg = game.make_config(players=players, **options, seeding=SEEDING)
    out: dict[str, set[str]] = {RULES: set(), PLAYERS: set()}
    plays = [(list(seats), s) for s in seeds] + [(["random"] * players, 1000 + k) for k in range(random_games)]
    for kinds, seed in plays:
        for k, v in play_noting(game, cfg, kinds, seed).items():
            out[k] |= v
    _PROBES[key] = out
    return out


def changed_settings(options: dict[str, Any], base_options: dict[str, Any]) -> list[str]:
    """The settings whose value differs between a variant's options and its baseline's."""
    keys = [k for k in dict.fromkeys(list(options) + list(base_options)) if k != "map"]
    return [k for k in keys if options.get(k) != base_options.get(k)]


def classify(setting: str, variant: dict[str, set[str]], baseline: dict[str, set[str]]) -> str:
    """"rule" (the rules read it in play), "judgement" (only the computer players did) or "unread"."""
    if setting in variant[RULES] or setting in baseline[RULES]:
        return "rule"
    if setting in variant[PLAYERS] or setting in baseline[PLAYERS]:
        return "judgement"
    return "unread"


def replay_noting(game: Any, record: dict[str, Any]) -> set[str]:
    """The settings the rules read in one lab game, replayed from its record's actions (every
    position the game really reached, rare ones included; no computer player is asked)."""
    from courier.dev.lab.play import SEEDING

    cfg = game.make_config(players=len(record["seats"]), **record.get("options", {}), seeding=SEEDING)
    with noting() as log:
        state = game.new_game(recording(cfg), record["seed"])
        for text in record.get("log") or []:
            to_act = game.to_act(state)
            if to_act:  # what the lab's own loop asks of the rules before each action
                game.legal_actions(state, to_act[0])
                game.view(state, to_act[0])
            game.apply(state, game.parse_action(state, text))
        game.scores(state)
        if game.is_over(state):
            game.winners(state)
    return set(log[RULES])


#: lab games replayed per arm, at most, to find a rule the probe games did not reach
REPLAYS = 12


def arm_settings(study: Any, arm: Any, base: Any, deals: int = 1,
                 pairs: Sequence[tuple[dict[str, Any], dict[str, Any]]] = ()) -> dict[str, str]:
    """Each setting the variant ``arm`` changes from ``base`` -> rule, judgement or unread.

    Random players' games of both arms first (cheap, and they reach rare rules); for a setting the
    rules did not read there, the lab's own games (``pairs``: variant game, baseline game on the same
    deal), replayed, those that went differently first; then the arm's own seats on the study's first
    ``deals`` deals, for what the computer players read. A setting the rules never read in the very
    games that went differently can only have changed them through the players' judgement."""
    from courier import boards
    from courier.dev.lab.study import game_seed
    from courier.rules import registry

    changed = changed_settings(arm.options, base.options)
    if not changed:
        return {}
    v = probe(study.game_id, arm.players, arm.options, (), ())
    b = probe(study.game_id, base.players, base.options, (), ())
    unread = [s for s in changed if classify(s, v, b) != "rule"]
    differing = [(x, y) for x, y in pairs if x.get("log") != y.get("log")]
    if unread and pairs:
        boards.install()
        game = registry.get(study.game_id)
        replayed = (differing + [p for p in pairs if p not in differing])[:REPLAYS]
        v = {k: set(x) for k, x in v.items()}  # the probe's cached sets stay as they were
        for x, y in replayed:
            for r in (x, y):
                try:
                    v[RULES] |= replay_noting(game, r)
                except Exception:  # a record that does not replay (made up, or damaged): not evidence
                    continue
        unread = [s for s in unread if classify(s, v, b) != "rule"]
    if unread:
        seeds = [game_seed(study.seed, k) for k in range(deals)]
        va = probe(study.game_id, arm.players, arm.options, arm.seats, seeds, random_games=0)
        ba = probe(study.game_id, base.players, base.options, base.seats, seeds, random_games=0)
        v = {k: v[k] | va[k] for k in v}
        b = {k: b[k] | ba[k] for k in b}
    out = {s: classify(s, v, b) for s in changed}
    if differing:  # the games went differently, yet the rules never read it in them: judgement
        out = {s: ("judgement" if k == "unread" else k) for s, k in out.items()}
    return out
