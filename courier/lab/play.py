"""One lab game, played by computer players and written down in full.

The record says everything the report needs (scores, winners, length, the scores at every round
change for lead changes, how often each seat took each kind of decision) and everything a replay
needs (game, config overrides, seed and the action log as texts). It depends only on the task: the
same task gives the same record in any process on any machine, which is what lets a Dask cluster
and local processes agree.
"""

from __future__ import annotations

from typing import Any

from courier.lab.heat import locations
from courier.lab.kinds import event_counts, kind_of, tag_of
from courier.rules.base import EndReason
from courier.rules.rng import OFFSET

#: a game still going after this many actions is stopped (ended by the action cap: a likely loop)
MAX_ACTIONS = 6000
#: how a lab game is dealt from its seed: the first seeding (``courier.rules.rng``). The study's
#: seeds are spread apart already (``study.game_seed``), and so every results file replays
#: (``courier replay``) and carries on exactly as it was played.
SEEDING = OFFSET


def task(game_id: str, arm_key: str, index: int, seed: int, seats: list[str], order: list[int],
         options: dict[str, Any], name: str = "") -> dict[str, Any]:
    """The plain-data description of one game (picklable, JSON-ready). ``name`` is how reports
    and ``courier replay --game`` call it (``baseline#17``)."""
    return {"game": game_id, "arm": arm_key, "index": index, "name": name, "seed": seed, "seats": list(seats),
            "order": list(order), "options": dict(options)}


def play_game(t: dict[str, Any]) -> dict[str, Any]:
    """Play the game ``t`` describes; returns its record (the task's fields plus the outcome)."""
    from courier import boards
    from courier.behaviour import unclocked
    from courier.rules import registry
    from courier.seats import make_player
    from courier.simulate import decision_rng, level_of

    boards.install()  # a worker process (local or on a cluster) starts with no board source
    game = registry.get(t["game"])
    seats = t["seats"]
    n = len(seats)
    config = game.make_config(players=n, **t["options"], seeding=SEEDING)
    state = game.new_game(config, t["seed"])
    board = game.board(config)
    # by iteration budget alone, never the clock: a study plays the same games on any machine
    bots = [unclocked(make_player(t["game"], level_of(k))) for k in seats]
    log: list[str] = []
    kinds: dict[str, list[int]] = {}
    tags: dict[str, list[str | None]] = {}
    decisions = [0] * n
    track: list[list[float]] = []
    events: dict[str, int] = {}
    where: dict[str, dict[str, int]] = {}  # visits, pick-ups, deliveries by place
    last_round = getattr(state, "round", None)
    end: EndReason | None = None
    while not game.is_over(state):
        if len(log) >= MAX_ACTIONS:
            end = EndReason.ACTION_CAP
            break
        to_act = game.to_act(state)
        legal = game.legal_actions(state, to_act[0]) if to_act else []
        if not legal:
            end = EndReason.NO_LEGAL_MOVE
            break
        seat = to_act[0]
        if len(legal) == 1:
            action = legal[0]
        else:
            action = bots[seat].choose(game, game.view(state, seat), seat, legal, decision_rng(t["seed"], len(log), seat))
            if 0 <= seat < n:
                decisions[seat] += 1
        for ev in game.apply(state, action):
            events[ev.kind] = events.get(ev.kind, 0) + 1
            many = event_counts(t["game"], ev.kind, ev.data)
            if many is not None:
                events[many[0]] = events.get(many[0], 0) + many[1]
            locations(t["game"], ev.kind, ev.data, where)
        log.append(action.to_text())
        who = action.seat
        if 0 <= who < n:
            kinds.setdefault(kind_of(t["game"], action), [0] * n)[who] += 1
            tag = tag_of(t["game"], action, board)
            if tag is not None:
                tags.setdefault(tag[0], [None] * n)[who] = tag[1]
        now = getattr(state, "round", None)
        if now != last_round:
            track.append([last_round if last_round is not None else len(track)] + _scores(game, state, n))
            last_round = now
    over = bool(game.is_over(state))
    end = end or game.end_reason(state) or EndReason.ACTION_CAP
    scores = _scores(game, state, n)
    track.append([last_round if last_round is not None else len(track)] + scores)
    return {
        **t,
        "scores": scores,
        "winners": list(game.winners(state)) if over else [],
        "finished": over,
        # finished (the rulebook's ending), round_limit, no_legal_move or action_cap
        "end": end.value,
        "rounds": _rounds_played(config, state, end),
        # the seat that played first (a die roll decides it in some games); seat order follows it
        "first": int(getattr(state, "first", 0) or 0) % n,
        "actions": len(log),
        "decisions": decisions,
        "kinds": kinds,
        "tags": tags,
        "events": events,
        "where": where,
        "track": track,
        "log": log,
    }


def _rounds_played(config: Any, state: Any, end: EndReason) -> int | None:
    """The rounds the game lasted. A game stopped by its round limit lasted exactly that many
    (Doorstep Dash's counter has already moved on to the round that was never played)."""
    rnd = getattr(state, "round", None)
    limit = getattr(config, "max_rounds", None) or getattr(config, "round_limit", None)
    if end is EndReason.ROUND_LIMIT and rnd is not None and limit:
        return min(rnd, limit)
    return rnd


def _scores(game: Any, state: Any, n: int) -> list[float]:
    s = [float(x) for x in game.scores(state)]
    return (s + [0.0] * n)[:n]
