"""What every outside player shares: the six styles as ways of picking among scored actions.

Each game gives a *kit* (see :class:`Kit`): an evaluation of a position written from that game's
rules, and per-style touches (a rusher's hurry, a denier's grudge, a gambler's appetite). This
module turns a kit into players. Nothing here knows our own computer players; it uses the rules
interface only (``clone``, ``apply``, ``legal_actions``, ``to_act``, ``scores``).

A view hides other seats' secrets behind placeholders, so a simulated action can fail in ways the
real game would not: every simulation is guarded, and an action whose simulation fails is simply
scored as bad.
"""

from __future__ import annotations

import math
from typing import Any, Sequence

from courier.rules.base import Action, GameRules
from courier.rules.rng import Rng

STYLES: tuple[str, ...] = ("greedy", "rush", "planner", "denier", "gambler", "human")

#: a score for an action that cannot be carried out on the view
BAD = -1e9


def after(game: GameRules, state: Any, action: Action) -> Any | None:
    """A copy of ``state`` with ``action`` carried out, or None when the copy refuses it."""
    trial = state.clone()
    try:
        game.apply(trial, action)
    except Exception:  # hidden parts of a view are placeholders: a refusal there is no crash
        return None
    return trial


def leader(game: GameRules, state: Any, seat: int) -> int | None:
    """The other seat with the best score now (None when there is no other seat)."""
    try:
        scores = game.scores(state)
    except Exception:
        return None
    others = [(s, i) for i, s in enumerate(scores) if i != seat]
    if not others:
        return None
    return max(others)[1]


class Kit:
    """One game's knowledge. Subclasses override ``value`` and, where simulation is not the
    right tool (dice, hidden cards, auctions), ``score``."""

    #: how many actions the planner follows after each candidate, and how many candidates it looks at
    plan_depth = 4
    plan_width = 5
    #: actions scored at most per greedy step inside a plan (the rest are dropped by ``shortlist``)
    plan_breadth = 40
    #: how far below the best a person's slip may fall (in the kit's own units: points, credits)
    slip_margin = 1.0

    def value(self, game: GameRules, state: Any, seat: int, style: str) -> float:
        """How good ``state`` is for ``seat`` as ``style`` sees it (higher is better)."""
        raise NotImplementedError

    def shortlist(self, game: GameRules, state: Any, seat: int, legal: Sequence[Action],
                  style: str) -> list[Action]:
        """The actions worth scoring (long families such as every bid amount are thinned)."""
        return list(legal)

    def score(self, game: GameRules, state: Any, seat: int, action: Action, style: str) -> float:
        """Score of one action: by default, the value of the position it leads to."""
        nxt = after(game, state, action)
        if nxt is None:
            return BAD
        return self.value(game, nxt, seat, style)

    def scores(self, game: GameRules, state: Any, seat: int, actions: Sequence[Action],
               style: str) -> list[float]:
        return [self.score(game, state, seat, a, style) for a in actions]

    def plan_score(self, game: GameRules, state: Any, seat: int, action: Action, style: str) -> float | None:
        """The planner's score for ``action``; None lets the generic roll-out decide."""
        return None


def _best(actions: Sequence[Action], scores: Sequence[float], rng: Rng) -> Action:
    top = max(scores)
    ties = [a for a, s in zip(actions, scores) if s >= top - 1e-9]
    return ties[rng.randbelow(len(ties))] if len(ties) > 1 else ties[0]


def pick_greedy(kit: Kit, game: GameRules, view: Any, seat: int, legal: Sequence[Action],
                rng: Rng, style: str) -> Action:
    options = kit.shortlist(game, view, seat, legal, style) or list(legal)
    return _best(options, kit.scores(game, view, seat, options, style), rng)


def _rollout(kit: Kit, game: GameRules, state: Any, seat: int, style: str, budget: list[int]) -> float:
    """Follow ``seat``'s own greedy actions while it alone is to act, then value the position."""
    for _ in range(kit.plan_depth):
        if budget[0] <= 0 or game.is_over(state) or game.to_act(state) != [seat]:
            break
        try:
            legal = game.legal_actions(state, seat)
        except Exception:
            break
        if not legal:
            break
        options = (kit.shortlist(game, state, seat, legal, style) or list(legal))[:kit.plan_breadth]
        budget[0] -= len(options)
        scores = kit.scores(game, state, seat, options, style)
        best = options[max(range(len(options)), key=scores.__getitem__)]
        nxt = after(game, state, best)
        if nxt is None:
            break
        state = nxt
    return kit.value(game, state, seat, style)


def pick_planner(kit: Kit, game: GameRules, view: Any, seat: int, legal: Sequence[Action],
                 rng: Rng, style: str = "planner", budget: int = 600) -> Action:
    """Two-ply over its own moves: the best few first actions, each followed greedily for a few
    more of its own actions on a copy; the budget counts actions scored, never the clock."""
    options = kit.shortlist(game, view, seat, legal, style) or list(legal)
    first = kit.scores(game, view, seat, options, style)
    order = sorted(range(len(options)), key=lambda i: -first[i])[:kit.plan_width]
    left = [budget]
    finals: list[float] = []
    for i in order:
        a = options[i]
        own = kit.plan_score(game, view, seat, a, style)
        if own is not None:
            finals.append(own)
            continue
        if first[i] <= BAD / 2:
            finals.append(BAD)
            continue
        nxt = after(game, view, a)
        finals.append(BAD if nxt is None else _rollout(kit, game, nxt, seat, style, left))
    return _best([options[i] for i in order], finals, rng)


def pick_human(kit: Kit, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng,
               style: str = "human", slip: float = 0.12, temperature: float = 0.0) -> Action:
    """Mostly the best move by the greedy reckoning; now and then (``slip``) a sound second or
    third choice instead, the way a person misjudges a close call."""
    options = kit.shortlist(game, view, seat, legal, style) or list(legal)
    scores = kit.scores(game, view, seat, options, style)
    ranked = sorted(range(len(options)), key=lambda i: -scores[i])
    roll = rng.random()
    if len(ranked) > 1 and roll < slip:
        top, kind = scores[ranked[0]], type(options[ranked[0]])
        # a person misjudges which drive, card or bid is best, not whether to take the turn at all
        good = [i for i in ranked[1:4] if scores[i] > BAD / 2 and scores[i] >= top - kit.slip_margin
                and type(options[i]) is kind]
        if good:
            if temperature > 0:
                weights = [math.exp((scores[i] - top) / temperature) for i in good]
                pick = rng.random() * sum(weights)
                for i, w in zip(good, weights):
                    pick -= w
                    if pick <= 0:
                        return options[i]
            return options[good[rng.randbelow(len(good))]]
    return _best(options, scores, rng)


class Outsider:
    """A player of one style for one game: ``level`` names it, ``choose`` decides.

    A fault in a style's reckoning never stops a game: the player then draws a legal action
    from its generator instead. ``strict`` (for tests) lets the fault through, so it is seen.
    """

    strict = False

    def __init__(self, game_id: str, style: str, kit: Kit) -> None:
        if style not in STYLES:
            raise ValueError(f"no outside style called {style!r}; styles: {', '.join(STYLES)}")
        self.game_id = game_id
        self.style = style
        self.kit = kit
        self.level = f"out-{style}"

    def __repr__(self) -> str:
        return f"Outsider({self.game_id!r}, {self.style!r})"

    def choose(self, game: GameRules, view: Any, seat: int, legal: Sequence[Action], rng: Rng) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        try:
            if self.style == "planner":
                got = pick_planner(self.kit, game, view, seat, legal, rng)
            elif self.style == "human":
                got = pick_human(self.kit, game, view, seat, legal, rng)
            else:
                got = pick_greedy(self.kit, game, view, seat, legal, rng, self.style)
        except Exception:  # an outside player must never stop a game: fall back to a fair draw
            if self.strict:
                raise
            got = None
        if got is None or got not in legal:
            if self.strict and got is not None:
                raise ValueError(f"{self.level} chose {got}, which is not on offer")
            return legal[rng.randbelow(len(legal))]
        return got
