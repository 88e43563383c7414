"""Golden digests of seeded random play, for every game: what the rules offered and what they did,
position by position, reduced to one hash per game played.

``tests/conformance/test_legal_golden.py`` replays the runs below and compares with the data stored
next to it; ``python -m tests.make_legal_golden`` checks, dumps or (for an intended rules change only)
rewrites that data. A digest changes when, at any position of those games, the seats to act,
the legal actions of an acting seat (as sorted text), the state after an action
(``state_to_dict``) or, depending on the recipe, the events of an action or the fate of a mutated
action changes. Making the rules faster must change none of these.

Two recipes, because the data of two earlier harnesses was kept rather than written again:

- ``steps`` (Next Day, Doorstep Dash): sha256 over raw bytes; at every fifth position the fates
  of mutated actions (see ``golden_probes``) are hashed too.
- ``lines`` (Package Pandemonium, Out For Delivery): blake2b over text lines; the events of every
  action are hashed too, and the game's result at the end.

Checked the same way in every game, whatever the recipe: a seat that is not to act is offered
nothing, and near misses of the legal actions are refused cleanly (``golden_probes``).
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from courier.rules import registry
from courier.rules.base import Action, IllegalAction
from courier.rules.rng import OFFSET, Rng
from tests import golden_probes as P

#: every how many positions the probes run (they need a clone each)
PROBE_EVERY = 5
#: the longest game played (Package Pandemonium and Out For Delivery play to the end within it)
MAX_ACTIONS = 5000


@dataclass(frozen=True)
class Run:
    """One seeded random game: its player count, seed, action limit, config options and map."""

    players: int
    seed: int
    limit: int = MAX_ACTIONS
    options: dict[str, Any] = field(default_factory=dict)
    #: index into the game's maps; None: the config's default map
    map: int | None = None

    @property
    def key(self) -> str:
        """A name for the run, unique within a game (and the test id)."""
        parts = [f"players={self.players}"]
        if self.map is not None:
            parts.append(f"map={self.map}")
        parts.append(f"seed={self.seed}")
        if self.limit != MAX_ACTIONS:
            parts.append(f"limit={self.limit}")
        parts += [f"{k}={v}" for k, v in sorted(self.options.items())]
        return " ".join(parts)

    def config(self, game: Any) -> Any:
        """The run's config, dealt with the first seeding: the golden data was written from it,
        and the digests are of the rules, not of how a seed deals."""
        options = {**self.options, "seeding": OFFSET}
        if self.map is None:
            return game.make_config(players=self.players, **options)
        maps = list(game.maps)
        return game.make_config(players=self.players, map=maps[self.map % len(maps)], **options)


def _everything(_: Any) -> bool:
    return True


def _nothing(*_: Any) -> bool:
    return False


def _text(a: Action) -> str:
    return a.to_text()


@dataclass(frozen=True)
class Golden:
    """How one game's golden play is done."""

    recipe: str  # "steps" or "lines"
    runs: list[Run]
    #: hashed mutations (the ``steps`` recipe only)
    mutate: P.Mutator | None = None
    #: whether a parsed action text names its seat (else a near miss keeps the seat it came from)
    seat_in_text: bool = True
    #: actions the ruleset accepts beyond its list on purpose, given the seat's listed actions
    #: (near misses of this kind are not required to be refused)
    free_form: Callable[[Action, list[Action]], bool] = _nothing
    #: which action texts take part in golden play at all
    counted: Callable[[str], bool] = _everything
    #: what a near miss is compared with the listed actions by: the text, unless one action has several
    same: Callable[[Action], Any] = _text


def _one_step_drive(a: Action, listed: list[Action]) -> bool:
    """Package Pandemonium: a one-step drive is the same as a step, which is listed when allowed."""
    return type(a).__name__ == "Drive" and len(getattr(a, "directions", ())) == 1


def _another_route_to_a_listed_place(a: Action, listed: list[Action]) -> bool:
    """Next Day: a drive may take any route the rules allow, and the list offers the cheapest one
    to every place the vehicle can reach; so a route accepted off the list must end at a place
    the list offers that vehicle."""
    return type(a).__name__ == "Drive" and any(
        type(b) is type(a) and b.vehicle == a.vehicle and b.path[0] == a.path[0] and b.path[-1] == a.path[-1]
        for b in listed)


def _cards_in_any_order(a: Action) -> Any:
    """Doorstep Dash: a set of cards to keep or claim may be named in any order."""
    cards = getattr(a, "cards", None)
    return a.to_text() if cards is None else (type(a).__name__, tuple(sorted(cards)))


def _not_a_gold_trade(text: str) -> bool:
    """Out For Delivery: trades of gold are left out of golden play, because the amounts that may
    change hands were widened on purpose (any whole amount the giver holds) after the data was made."""
    return "gold:" not in text


GAMES: dict[str, Golden] = {
    "next-day": Golden("steps", [
        Run(3, 1, 1200), Run(4, 2, 1200), Run(3, 3, 1000, {"quick_setup": True}),
        Run(4, 4, 1000, {"quick_setup": True}), Run(4, 5, 2000, {"round_limit": 3}),
        Run(3, 6, 2000, {"round_limit": 2, "quick_setup": True})], P.next_day_mutations,
        free_form=_another_route_to_a_listed_place),
    "doorstep-dash": Golden("steps", [
        Run(2, 1, 1500), Run(3, 2, 1500), Run(4, 3, 1500), Run(4, 4, 1500), Run(2, 5, 1500, {"die_sides": 8}),
        Run(3, 6, 1500), Run(4, 7, 1500), Run(2, 8, 1500)], P.doorstep_dash_mutations, same=_cards_in_any_order),
    "package-pandemonium": Golden("lines", [
        Run(players, seed, map=seed % 4) for players in (1, 2, 3) for seed in range(14)],
        free_form=_one_step_drive),
    # long games: short safety nets keep the test quick, a few play to the end
    "out-for-delivery": Golden("lines", [
        Run(players, seed, options={"max_rounds": 6 + seed % 3 * 4}, map=0) for players in (2, 3, 4)
        for seed in range(10)] + [Run(players, 100 + seed, map=0) for players in (2, 3, 4) for seed in range(2)],
        seat_in_text=False, counted=_not_a_gold_trade),
}


# -- the digests ----------------------------------------------------------------------------------
class _Steps:
    """The ``steps`` recipe: sha256 over raw bytes, seats in order, mutated actions' fates."""

    pick_seed, order = 7919, staticmethod(sorted)

    def __init__(self, game: Any, record: Callable[[str], None] | None) -> None:
        self.game, self.record, self.h = game, record, hashlib.sha256()

    def _note(self, text: str) -> None:
        if self.record:
            self.record(text)

    def state(self, state: Any) -> None:
        data = self.game.state_to_dict(state)
        self.h.update(json.dumps(data, sort_keys=True, separators=(",", ":")).encode())
        self._note(json.dumps(data, sort_keys=True))

    def acting(self, acting: list[int]) -> None:
        self.h.update(repr(acting).encode())
        self._note(f"to act {acting}")

    def legal(self, seat: int, texts: list[str]) -> None:
        self.h.update("\n".join(texts).encode())
        self._note(f"legal {seat}: " + " | ".join(texts))

    def mutation(self, wrong: Action, fate: bytes) -> None:
        self.h.update(wrong.to_text().encode() + b" " + repr(wrong.seat).encode())
        self.h.update(fate)
        self._note(f"mutated {wrong.seat} {wrong.to_text()}: {fate[:8].decode()}")

    def applied(self, action: Action, events: list[Any]) -> None:
        self._note(f"apply {action.to_text()}")

    def end(self, state: Any) -> None:
        pass


class _Lines(_Steps):
    """The ``lines`` recipe: blake2b over text lines, seats as ``to_act`` gives them, events, result."""

    pick_seed, order = 1009, staticmethod(list)

    def __init__(self, game: Any, record: Callable[[str], None] | None) -> None:
        super().__init__(game, record)
        self.h = hashlib.blake2b(digest_size=16)

    def _feed(self, text: str) -> None:
        self.h.update(text.encode())
        self.h.update(b"\n")
        self._note(text)

    def state(self, state: Any) -> None:
        self._feed(json.dumps(self.game.state_to_dict(state), sort_keys=True))

    def acting(self, acting: list[int]) -> None:
        self._feed(f"to act {acting}")

    def legal(self, seat: int, texts: list[str]) -> None:
        self._feed(f"legal {seat}: " + " | ".join(texts))

    def mutation(self, wrong: Action, fate: bytes) -> None:  # pragma: no cover - not in this recipe
        raise AssertionError("the lines recipe hashes no mutations")

    def applied(self, action: Action, events: list[Any]) -> None:
        self._feed(f"apply {action.to_text()}")
        for e in events:
            self._feed(f"event {e.kind}: {e.text} {json.dumps(e.data, sort_keys=True, default=str)} {e.reveals}")

    def end(self, state: Any) -> None:
        self._feed(f"over {self.game.is_over(state)} scores {self.game.scores(state)}")


RECIPES = {"steps": _Steps, "lines": _Lines}


def _fate(game: Any, state: Any, action: Action) -> bytes:
    """What the rules do with ``action`` at ``state`` (tried on a copy): refused, or the result."""
    trial = state.clone()
    try:
        game.apply(trial, action)
    except IllegalAction:
        return b"refused"
    data = json.dumps(game.state_to_dict(trial), sort_keys=True, separators=(",", ":")).encode()
    return b"accepted " + hashlib.sha256(data).digest()


def play(game_id: str, run: Run, record: Callable[[str], None] | None = None) -> tuple[str, int]:
    """(digest, positions seen) of one seeded random game; ``record`` gets a readable line per step."""
    spec = GAMES[game_id]
    game = registry.get(game_id)
    cfg = run.config(game)
    digest = RECIPES[spec.recipe](game, record)
    state = game.new_game(cfg, run.seed)
    pick = Rng(run.seed * digest.pick_seed + run.players)
    mutations = Rng(run.seed * 104729 + run.players)
    near = Rng(run.seed * (7919 if spec.recipe == "lines" else 15485863) + run.players)
    vocab: dict[str, None] = {}
    digest.state(state)
    positions = 0
    while positions < run.limit and not game.is_over(state):
        acting = digest.order(game.to_act(state))
        digest.acting(acting)
        offered: dict[int, list[Action]] = {}
        for seat in acting:
            legal = sorted((a for a in game.legal_actions(state, seat) if spec.counted(a.to_text())),
                           key=lambda a: a.to_text())
            texts = [a.to_text() for a in legal]
            offered[seat] = legal
            digest.legal(seat, texts)
            for text in texts:
                for word in text.split():
                    vocab.setdefault(word, None)
        for seat in range(run.players):
            if seat not in offered:
                assert not game.legal_actions(state, seat), f"seat {seat} is offered actions out of turn"
        probing = positions % PROBE_EVERY == 0
        if probing:
            P.near_miss_probe(game, state, offered, list(vocab), near, run.players, seat_in_text=spec.seat_in_text,
                              free_form=spec.free_form, counted=spec.counted, same=spec.same, record=record)
        seat = acting[pick.randbelow(len(acting))]
        if probing and spec.mutate is not None:
            for wrong in spec.mutate(game, cfg, state, seat, offered[seat], mutations):
                digest.mutation(wrong, _fate(game, state, wrong))
        action = offered[seat][pick.randbelow(len(offered[seat]))]
        events = game.apply(state, action)
        digest.applied(action, events)
        digest.state(state)
        positions += 1
    digest.end(state)
    return digest.h.hexdigest(), positions


# -- the stored data ------------------------------------------------------------------------------
NOTE = ("Digests of seeded random play (see tests/golden_play.py), checked by python -m tests.make_legal_golden. "
        "Rewrite only for an intended rules change, never to make a speed-up pass.")


def data_path(game_id: str) -> Path:
    return Path(__file__).resolve().parent / game_id.replace("-", "_") / "legal_golden.json"


def stored(game_id: str) -> dict[str, dict[str, Any]]:
    """The stored runs of a game by key: players, seed, limit, options, map, positions, digest."""
    data = json.loads(data_path(game_id).read_text(encoding="utf-8"))
    return {r["key"]: r for r in data["runs"]}


def run_record(run: Run, digest: str, positions: int) -> dict[str, Any]:
    return {"key": run.key, **dataclasses.asdict(run), "positions": positions, "digest": digest}


def write(game_id: str, records: list[dict[str, Any]]) -> Path:
    path = data_path(game_id)
    data = {"game": game_id, "recipe": GAMES[game_id].recipe, "note": NOTE, "runs": records}
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path
