"""A reason in both voices: the game log's, about the computer that moved, and a hint's, to the
person it is for. The writers mark the mover's words, so each voice is right for every sentence."""

from __future__ import annotations

import re

import pytest

from courier.ai import reasons
from courier.ai.base import make_bot
from courier.rules import registry
from courier.rules.rng import Rng

PLAYERS = {"next-day": 3, "doorstep-dash": 2, "package-pandemonium": 2, "out-for-delivery": 2}


def both_voices(game_id: str, seed: int, limit: int = 400) -> list[tuple[str, str]]:
    game = registry.get(game_id)
    n = PLAYERS[game_id]
    state = game.new_game(game.make_config(players=n), seed)
    bots = [make_bot(game_id, "heuristic-normal") for _ in range(n)]
    rng = Rng(seed)
    out = []
    for _ in range(limit):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        action = bots[seat].choose(game, view, seat, legal, rng)
        if len(legal) > 1:
            it = reasons.explain(game_id, game, view, seat, action, bots[seat])
            you = reasons.explain(game_id, game, view, seat, action, bots[seat], voice="you")
            assert (it is None) == (you is None)
            if it is not None:
                out.append((it, you))
        game.apply(state, action)
    return out


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_a_hint_speaks_to_the_person_and_the_log_about_the_computer(game_id):
    said = [pair for seed in (1, 2, 3) for pair in both_voices(game_id, seed)]
    assert len(said) >= 30
    for it, you in said:
        for text in (it, you):
            assert "‹" not in text and "›" not in text, text
        assert not re.search(r"\b(your|you|yourself)\b", it), it
        assert not re.search(r"\b(its own|itself)\b", you), you
        for clause in reasons._CLAUSE.finditer(you):  # "keep 2 cards...", not "keeps"
            assert clause.group(2) not in reasons._YOU_VERBS, you
    # the person's voice really is different wherever the sentence is about the mover
    assert sum(1 for it, you in said if it != you) >= len(said) // 3


def test_the_voices_by_example():
    assert reasons.spoken("ends ‹its› turn: no move this turn gets ‹it› closer to a parcel", "it") == \
        "ends its turn: no move this turn gets it closer to a parcel"
    assert reasons.spoken("ends ‹its› turn: no move this turn gets ‹it› closer to a parcel", "you") == \
        "end your turn: no move this turn gets you closer to a parcel"
    assert reasons.spoken("unloads 2 packages at ‹its› base and heads home with ‹its› load", "you") == \
        "unload 2 packages at your base and head home with your load"
    # a bare "it" is about something else and stays
    assert reasons.spoken("lets the Rogue take ‹its› parcel: the insurance brings it back", "you") == \
        "let the Rogue take your parcel: the insurance brings it back"
