"""Why a computer player made its move: one short sentence in the game's words.

A reason is worked out *after* the decision, from what the decision already computed (the search's
plan for the move, the level of the player), and only from what every player at the table can
see: the game's public view (``view(state, None)``) before the move, the same after the move as
the bot itself would play it (so what the move reveals anyway, such as a delivery, may be named),
and the public part of the plan. Nothing else reaches the game's writer, so a priority card in
hand, a secret mission or a card the others cannot see can never be named. It changes nothing
the player decides and costs a few clones and lookups.

A hint (``own=True``) is read only by the person it is for, so its writer may also use that
person's own view (``Facts.mine``: their own cards, their plans, never another seat's): a
Doorstep Dash hint names the house on their card it heads for, where the log says nothing.

Each game has a module here with ``reason(facts) -> str | None``; ``explain`` is the one entry.

A writer marks the words that stand for the player who moved, ``‹its›``, ``‹it›`` and ``‹itself›``,
so that one sentence serves both voices: the game log's, about a computer ("ends its turn: no move
this turn gets it closer..."), and a hint's, to the person it is for ("end your turn: no move this
turn gets you closer..."), where the leading verbs become the person's too. A bare "it" or "its"
in a writer's sentence is about something else (a parcel, the Rogue).
"""

from __future__ import annotations

import importlib
import logging
import re
from dataclasses import dataclass, field
from typing import Any, Sequence

from courier.rules import registry
from courier.rules.base import Action, GameRules

log = logging.getLogger(__name__)

#: longest reason kept (the log wraps it; this only stops a runaway sentence)
LIMIT = 160


@dataclass
class Facts:
    """What a game's writer may use: public positions, the move, and the public plan."""

    game: GameRules
    #: the game as a spectator sees it just before the move
    before: Any
    seat: int
    action: Action
    #: the plan the search had for this move (its first action is ``action``); just the move for
    #: a rule-of-thumb player
    plan: tuple[Action, ...] = ()
    #: the player's level ("easy", "normal", "hard")
    level: str = "normal"
    #: the seat's own view, for a hint only (the person it is for may read their own cards and
    #: plans); None for the game log, which every player reads
    mine: Any = field(default=None, repr=False)
    _private: Any = field(default=None, repr=False)
    _after: Any = field(default=None, repr=False)

    def after(self) -> Any:
        """The game as a spectator sees it once the move is made (None if it cannot be worked out
        here). Worked out on the player's own copy; dice and draws in it are not the real ones,
        so a writer reads only what the move itself decides (a delivery, a pick-up)."""
        if self._after is None and self._private is not None:
            trial = self._private.clone()
            try:
                self.game.apply(trial, self.action)
                self._after = self.game.view(trial, None)
            except Exception:
                self._after = False
            self._private = None
        return self._after or None


def explain(game_id: str, game: GameRules, view: Any, seat: int, action: Action, bot: Any = None,
            voice: str = "it", own: bool = False) -> str | None:
    """The reason for ``action`` chosen by ``bot`` for ``seat`` from its ``view``; None when the
    game has no writer or the writer has nothing worth saying. ``voice``: "it" for the game log
    (about the player who moved), "you" for a hint (to the person it is for). ``own``: the
    sentence is for the seat's person alone (a hint), so the writer may read their own view
    (``Facts.mine``) and say more than the log would. Never raises: a
    reason is a courtesy, never a reason to stop a game."""
    name = registry.part(game_id, "reasons")
    if name is None:
        return None
    try:
        module = importlib.import_module(name)
        stats = getattr(bot, "last", None)
        plan = tuple(getattr(stats, "plan", ()) or ())
        if not plan or plan[0] != action:
            plan = (action,)
        facts = Facts(game, game.view(view, None), seat, action, plan,
                      level=_strength(getattr(bot, "level", "normal")),
                      mine=view if own else None, _private=view)
        text = module.reason(facts)
    except Exception as exc:  # a writer's slip must never cost the player its move
        log.warning("no reason for %s's move %s: %s", game_id, getattr(action, "to_text", lambda: "?")(), exc)
        return None
    return tidy(spoken(text, voice) if text else text)


#: the mover's words in each voice
_PRONOUNS = {"it": {"‹its›": "its", "‹it›": "it", "‹itself›": "itself"},
             "you": {"‹its›": "your", "‹it›": "you", "‹itself›": "yourself"}}
#: the verbs a writer's sentences lead with, as a person is told to do them
_YOU_VERBS = {
    "accepts": "accept", "bids": "bid", "brings": "bring", "builds": "build", "carries": "carry",
    "claims": "claim", "collects": "collect", "declares": "declare", "declines": "decline",
    "delivers": "deliver", "drives": "drive", "ends": "end", "gives": "give", "goes": "go",
    "hands": "hand", "heads": "head", "keeps": "keep", "leaves": "leave", "lets": "let",
    "lifts": "lift", "moves": "move", "offers": "offer", "passes": "pass", "pays": "pay",
    "picks": "pick", "plays": "play", "reaches": "reach", "recharges": "recharge", "rolls": "roll",
    "sells": "sell", "sets": "set", "spends": "spend", "steers": "steer", "takes": "take",
    "unloads": "unload", "uses": "use", "waits": "wait", "sends": "send", "returns": "return",
    "drops": "drop", "loads": "load", "stays": "stay", "trades": "trade", "buys": "buy",
    "chooses": "choose", "draws": "draw", "discards": "discard", "lays": "lay", "places": "place",
    "holds": "hold", "skips": "skip", "swaps": "swap", "tests": "test", "calls": "call",
    "adds": "add", "pairs": "pair", "puts": "put", "risks": "risk", "closes": "close", "signs": "sign", "starts": "start",
}
#: where a new clause (and so a new leading verb) may start
_CLAUSE = re.compile(r"(^|; |, then |\band |: )([a-z]+)\b")


def spoken(text: str, voice: str = "it") -> str:
    """A writer's sentence in ``voice`` ("it": about the mover, "you": to the person)."""
    for mark, word in _PRONOUNS[voice].items():
        text = text.replace(mark, word)
    if voice == "you":
        text = _CLAUSE.sub(lambda m: m.group(1) + _YOU_VERBS.get(m.group(2), m.group(2)), text)
    return text


def _strength(level: str) -> str:
    return level.rpartition("-")[2] or "normal"


def tidy(text: str | None) -> str | None:
    """One sentence without a final full stop cut to ``LIMIT``; None for nothing."""
    if not text:
        return None
    text = " ".join(str(text).split())
    if len(text) > LIMIT:
        text = text[: LIMIT - 1].rstrip() + "…"
    return text or None


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, made plural when ``n`` is not 1 ("1 parcel", "3 parcels")."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def listed(names: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C"."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]
