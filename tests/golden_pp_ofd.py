"""Golden random play for Package Pandemonium and Out For Delivery: one digest per seed of what
``legal_actions``, ``apply`` and ``state_to_dict`` produce at every position.

The digests are stored next to each game's tests and were made by the rules as they were before
their speed work; any change to what is legal, what an action does or how a state is saved shows
up as a changed digest. ``tools/golden_legal_pp_ofd.py`` regenerates them, which is right only for
an intended rules change.

Also here: the strictness probe. At sampled positions, actions that are not in the legal list
(the legal actions of the seats that act, handed to other seats or with one word changed) must be
refused with ``IllegalAction`` and leave the state exactly as it was.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from typing import Any, Callable

from courier.rules import registry
from courier.rules.base import Action, IllegalAction
from courier.rules.rng import Rng

#: the runs per game: (players, map index, seed, extra config) -- every player count, every map
PP_RUNS: list[tuple[int, int, int, dict[str, Any]]] = [
    (players, seed % 4, seed, {}) for players in (1, 2, 3) for seed in range(14)
]
#: Out For Delivery games are long; short safety nets keep the test quick, a few play to the end
OFD_RUNS: list[tuple[int, int, int, dict[str, Any]]] = (
    [(players, 0, seed, {"max_rounds": 6 + seed % 3 * 4}) for players in (2, 3, 4) for seed in range(10)]
    + [(players, 0, 100 + seed, {}) for players in (2, 3, 4) for seed in range(2)]
)
RUNS = {"package-pandemonium": PP_RUNS, "out-for-delivery": OFD_RUNS}
#: probe strictness at every n-th position
PROBE_EVERY = 5
PROBES_PER_POSITION = 10
MAX_ACTIONS = 5000


def hashed(game_id: str, text: str) -> bool:
    """Whether an action text takes part in the golden digest and in random play.

    Out For Delivery trades of gold are left out: the amounts that may change hands are being
    widened on purpose (any whole amount the giver holds), which must not change the digests.
    """
    return not (game_id == "out-for-delivery" and "gold:" in text)


def config_for(game_id: str, players: int, map_index: int, extra: dict[str, Any]) -> Any:
    game = registry.get(game_id)
    maps = list(game.maps)
    return game.make_config(players=players, map=maps[map_index % len(maps)], **extra)


def _vocabulary(texts: list[str], vocab: dict[str, None]) -> None:
    for t in texts:
        for w in t.split():
            vocab.setdefault(w, None)


def _mutations(game: Any, game_id: str, state: Any, legal: dict[int, list[Action]],
               vocab: list[str], rng: Rng, players: int) -> list[Action]:
    """Actions near the legal ones: other seats, and one word of the text changed."""
    out: list[Action] = []
    base = [a for seat in sorted(legal) for a in legal[seat]]
    if not base:
        return out
    for _ in range(PROBES_PER_POSITION):
        a = rng.choice(base)
        if rng.randbelow(3) == 0:
            seat = rng.randbelow(players + 1)
            if seat != a.seat:
                out.append(dataclasses.replace(a, seat=seat))
            continue
        words = a.to_text().split()
        i = rng.randbelow(len(words))
        w = words[i]
        if w.isdigit():
            words[i] = str(max(0, int(w) + rng.choice((-2, -1, 1, 2, 7))))
        else:
            words[i] = rng.choice(vocab)
        try:
            b = game.parse_action(state, " ".join(words))
        except IllegalAction:
            continue
        if game_id == "out-for-delivery":
            b = dataclasses.replace(b, seat=a.seat)  # its texts carry no seat
        out.append(b)
    return out


def probe(game: Any, game_id: str, state: Any, legal: dict[int, list[Action]], vocab: list[str],
          rng: Rng, players: int, record: Callable[[str], None] | None = None) -> None:
    """Throw near-legal actions at a clone; each not in the legal list must be refused cleanly."""
    listed = {seat: {a.to_text() for a in acts} for seat, acts in legal.items()}
    for cand in _mutations(game, game_id, state, legal, vocab, rng, players):
        text = cand.to_text()
        if not hashed(game_id, text) or text in listed.get(cand.seat, ()):
            continue
        if game_id == "package-pandemonium" and _one_step_drive(cand):
            continue  # the same as a step, which is listed when allowed: a free-form convenience
        trial = state.clone()
        try:
            game.apply(trial, cand)
        except IllegalAction as exc:
            assert str(exc), f"{text}: refused without a reason"
            assert trial == state, f"{text}: refused, but the state changed"
            if record:
                record(f"refused {cand.seat} {text}: {exc}")
            continue
        raise AssertionError(f"{text!r} (seat {cand.seat}) is not a legal action but was accepted")


def _one_step_drive(a: Action) -> bool:
    return type(a).__name__ == "Drive" and len(getattr(a, "directions", ())) == 1


def play(game_id: str, players: int, map_index: int, seed: int, extra: dict[str, Any],
         *, probe_every: int = PROBE_EVERY, record: Callable[[str], None] | None = None) -> tuple[str, int]:
    """One seeded random game; (its digest, positions seen)."""
    game = registry.get(game_id)
    cfg = config_for(game_id, players, map_index, extra)
    state = game.new_game(cfg, seed)
    rng = Rng(seed * 1009 + players)
    probe_rng = Rng(seed * 7919 + players)
    vocab: dict[str, None] = {}
    h = hashlib.blake2b(digest_size=16)

    def feed(text: str) -> None:
        h.update(text.encode())
        h.update(b"\n")
        if record:
            record(text)

    feed(json.dumps(game.state_to_dict(state), sort_keys=True))
    positions = 0
    while not game.is_over(state) and positions < MAX_ACTIONS:
        acting = game.to_act(state)
        feed(f"to act {acting}")
        legal: dict[int, list[Action]] = {}
        for seat in acting:
            acts = [a for a in game.legal_actions(state, seat) if hashed(game_id, a.to_text())]
            acts.sort(key=lambda a: a.to_text())
            legal[seat] = acts
            feed(f"legal {seat}: " + " | ".join(a.to_text() for a in acts))
            _vocabulary([a.to_text() for a in acts], vocab)
        if positions % probe_every == 0:
            probe(game, game_id, state, legal, list(vocab), probe_rng, players, record)
        seat = acting[rng.randbelow(len(acting))]
        action = rng.choice(legal[seat])
        events = game.apply(state, action)
        feed(f"apply {action.to_text()}")
        for e in events:
            feed(f"event {e.kind}: {e.text} {json.dumps(e.data, sort_keys=True, default=str)} {e.reveals}")
        feed(json.dumps(game.state_to_dict(state), sort_keys=True))
        positions += 1
    feed(f"over {game.is_over(state)} scores {game.scores(state)}")
    return h.hexdigest(), positions


def run_key(players: int, map_index: int, seed: int, extra: dict[str, Any]) -> str:
    opts = ",".join(f"{k}={v}" for k, v in sorted(extra.items()))
    return f"players={players} map={map_index} seed={seed}" + (f" {opts}" if opts else "")
