"""Computer players' reasons: written for every game, and never a secret in them.

Seeded games in each ruleset, with rule-of-thumb players and a small search player. At every
decision the reason is worked out three ways: from the bot's own view (as in play), from the
whole true state, and from the true state with every rival's secrets scrambled (other hands,
missions, the card chosen in secret, the deck order, the dice to come). All three must be the same
sentence, and once the move is made the sentence may name no secret any seat holds at that moment.
"""

from __future__ import annotations

from typing import Any

import pytest

from courier.ai import reasons
from courier.ai.base import make_bot
from courier.ai.search import SearchBot
from courier.rules import registry
from courier.rules.rng import Rng
from tests.ai.helpers import TINY
from tests.hidden import scrambled

PLAYERS = {"next-day": 3, "doorstep-dash": 2, "package-pandemonium": 2, "out-for-delivery": 2}


# -- what is secret right now ---------------------------------------------------------------------
def secrets(game_id: str, state: Any, log_text: str) -> list[str]:
    """Names and texts no player may read in a reason now (anything the log has shown is public)."""
    if game_id == "next-day":
        if state.phase != "setup":
            return []
        out = [c for p in state.players for c in p.hand]
        out += [x for p in state.players for d in p.drafts for x in (d.pickup, d.dropoff)]
        return out
    if game_id == "doorstep-dash":
        cards = [c for p in state.players for c in p.hand] + list(state.opening_draw) + list(state.deck)
        return [c for c in set(cards) if c not in log_text]
    if game_id == "package-pandemonium":
        cfg = state.config
        out = ["priority", "mission"]
        for v in state.vans:
            for m in v.missions:
                out += [m, cfg.missions[m][0].rstrip(".")]
        return out
    return []


def play(game_id: str, seed: int, searcher: bool, limit: int) -> list[tuple[str, str]]:
    """Play a seeded game and check every reason on the way; returns (action, reason) pairs."""
    game = registry.get(game_id)
    n = PLAYERS[game_id]
    state = game.new_game(game.make_config(players=n), seed)
    bots: list[Any] = [make_bot(game_id, "heuristic-normal") for _ in range(n)]
    if searcher:
        bots[0] = SearchBot(game_id, "easy", budget=TINY)
    rng = Rng(seed)
    log_text = ""
    said: list[tuple[str, str]] = []
    for step in range(limit):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        if len(legal) == 1:
            events = game.apply(state, legal[0])
            log_text += " ".join(e.text for e in events)
            continue
        bot = bots[seat] if seat < len(bots) else bots[0]
        view = game.view(state, seat)
        action = bot.choose(game, view.clone(), seat, legal, Rng(rng.next_u64()))
        reason = reasons.explain(game_id, game, view, seat, action, bot)
        whole = reasons.explain(game_id, game, state.clone(), seat, action, bot)
        mixed = reasons.explain(game_id, game, scrambled(game_id, state, seat, step), seat, action, bot)
        assert reason == whole == mixed, (action.to_text(), reason, whole, mixed)
        events = game.apply(state, action)
        log_text += " ".join(e.text for e in events)
        if reason is None:
            continue
        assert reason.strip() and "\n" not in reason and len(reason) <= reasons.LIMIT
        for secret in secrets(game_id, state, log_text):
            assert secret.lower() not in reason.lower(), f"{action.to_text()}: {reason!r} names {secret!r}"
        said.append((action.to_text(), reason))
    return said


@pytest.mark.parametrize("game_id", sorted(PLAYERS))
def test_reasons_name_no_secret_and_ignore_rivals_secrets(game_id: str) -> None:
    said = play(game_id, seed=11, searcher=False, limit=700)
    said += play(game_id, seed=12, searcher=True, limit=160)
    # every game explains a good share of its decisions, and in more than one way
    assert len(said) >= 20, said
    assert len({r.split(":")[0] for _, r in said}) >= 4, said


def test_package_pandemonium_never_explains_a_priority_card() -> None:
    game = registry.get("package-pandemonium")
    state = game.new_game(game.make_config(players=2), 5)
    bot = make_bot("package-pandemonium", "heuristic-normal")
    rng = Rng(5)
    seen = 0
    for _ in range(400):
        if game.is_over(state) or seen >= 6:
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        action = bot.choose(game, game.view(state, seat), seat, legal, Rng(rng.next_u64()))
        if type(action).__name__ == "PlayPriority" and len(legal) > 1:
            seen += 1
            assert reasons.explain("package-pandemonium", game, game.view(state, seat), seat, action, bot) is None
        game.apply(state, action)
    assert seen >= 6


def test_doorstep_dash_says_nothing_where_the_choice_itself_is_a_secret() -> None:
    """Accepting a failed roll is only a choice for a driver holding a blue card (discarding one
    kind or the other for one holding both, ending a turn instead of trapping for one holding a
    red card): a reason there, any reason, would tell the table what is in its hand."""
    game = registry.get("doorstep-dash")
    bots = [make_bot("doorstep-dash", "heuristic-normal") for _ in range(2)]
    seen = 0
    for seed in range(1, 30):
        state = game.new_game(game.make_config(players=2), seed)
        rng = Rng(seed)
        for _ in range(600):
            if game.is_over(state):
                break
            seat = game.to_act(state)[0]
            legal = game.legal_actions(state, seat)
            action = bots[seat].choose(game, game.view(state, seat), seat, legal, Rng(rng.next_u64()))
            if action.to_text().split()[0] in ("accept", "discard", "give", "end") and len(legal) > 1:
                seen += 1
                assert reasons.explain("doorstep-dash", game, game.view(state, seat), seat, action, bots[seat]) is None
            game.apply(state, action)
        if seen >= 6:
            break
    assert seen >= 3


def test_a_writer_that_fails_costs_no_move(monkeypatch: pytest.MonkeyPatch) -> None:
    import courier.ai.reasons.out_for_delivery as writer

    game = registry.get("out-for-delivery")
    state = game.new_game(game.make_config(players=2), 3)
    seat = game.to_act(state)[0]
    action = game.legal_actions(state, seat)[0]

    def broken(facts: Any) -> str:
        raise KeyError("oops")

    monkeypatch.setattr(writer, "reason", broken)
    assert reasons.explain("out-for-delivery", game, game.view(state, seat), seat, action) is None
    assert reasons.explain("no-such-game", game, state, seat, action) is None


def test_the_match_keeps_reasons_with_their_moves_through_undo() -> None:
    from courier.match import Match, SeatSpec, reason_of

    seats = [SeatSpec("Ann", (200, 40, 40), "human"), SeatSpec("Bot", (40, 40, 200), "ai", "heuristic-normal")]
    m = Match.new("out-for-delivery", seats, seed=4)
    explained: list[int] = []
    for _ in range(200):
        if m.is_over() or (len(explained) >= 3 and m.can_undo()):
            break
        seat = m.to_act()[0]
        job = m.start_ai(seat, search=False)  # the person's seat is played by a bot too
        job.wait()
        events = m.submit(job.result())
        if seat == 1 and job.reason:
            assert reason_of(events[0]) == job.reason or any(reason_of(e) == job.reason for e in events)
            explained.append(len(m.log) - 1)
    assert explained and m.can_undo(), "no computer reason and no move to take back in 200 moves"
    kept = {i: m.reasons[i] for i in explained}
    noted = [reason_of(e) for e in m.events if reason_of(e)]
    assert m.undo()  # replays the log from the seed: reasons of the moves kept stay on their events
    assert {i: r for i, r in m.reasons.items() if i in kept} == {i: r for i, r in kept.items() if i < len(m.log)}
    again = [reason_of(e) for e in m.events if reason_of(e)]
    assert again == noted[: len(again)] and again
    # a move made by hand never takes a stale computer reason
    seat = m.to_act()[0]
    events = m.submit(m.legal(seat)[0])
    assert not any(reason_of(e) for e in events)
