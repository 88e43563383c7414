"""Rules apart from judgement: the settings the rules read, recorded in play, against those the
computer players read, over every setting of every game."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier import boards
from courier.dev.lab import judgement as J
from courier.rules import registry

SEEDS = [3, 4]


def _reads(game_id: str, players: int, options: dict | None = None, random_games: int = 12) -> dict[str, set[str]]:
    kinds = ["heuristic-normal", "heuristic-hard", "heuristic-easy", "heuristic-normal"][:players]
    return J.probe(game_id, players, options or {}, kinds, SEEDS, random_games=random_games)


@pytest.mark.parametrize("game_id", registry.ids())
def test_every_setting_is_read_by_the_rules_or_declared(game_id: str) -> None:
    """Each config field is a rule (the rules read it in some game at some player count), or is
    declared a computer-player setting, or is a known unread setting (and really unread)."""
    game = registry.get(game_id)
    rules: set[str] = set()
    for n in range(game.min_players, game.max_players + 1):
        rules |= _reads(game_id, n)[J.RULES]
    fields = set(game.config_model.model_fields) - J.NOT_PLAY
    declared = set(J.PLAYER_SETTINGS.get(game_id, {})) | set(J.UNREAD.get(game_id, {}))
    boards.install()
    for k in range(80):  # a rule of a rare position (an item seldom used): more random games, till seen
        if not fields - rules - declared:
            break
        n = game.min_players + k % (game.max_players - game.min_players + 1)
        rules |= J.play_noting(game, game.make_config(players=n), ["random"] * n, 500 + k)[J.RULES]
    assert sorted(fields - rules - declared) == [], "settings nothing in the rules reads: declare or use them"
    assert sorted(set(J.UNREAD.get(game_id, {})) & rules) == [], "the rules read these now: take them off UNREAD"


@pytest.mark.parametrize("game_id,players", [(g, n) for g in registry.ids()
                                             for n in range(registry.get(g).min_players, registry.get(g).max_players + 1)])
def test_players_take_every_setting_from_the_rules(game_id: str, players: int) -> None:
    """A computer player reads only settings the rules read at that player count (or its own,
    declared ones): a setting the rules ignore there is not a rule the player may judge by."""
    r = _reads(game_id, players)
    own = set(J.PLAYER_SETTINGS.get(game_id, {}))
    assert sorted(r[J.PLAYERS] - r[J.RULES] - own) == []


def _rogue_reach_cases(players: int, options: dict, seed: int) -> list[tuple[int, int]]:
    """(the player's reach for the Rogue, the rules' steps for it) at every Rogue move of a random game."""
    from courier.ai.package_pandemonium import PandemoniumBot
    from courier.rules.package_pandemonium import actions as A
    from courier.rules.package_pandemonium.rogue import rogue_choices
    from courier.rules.package_pandemonium.state import ROGUE, ROGUE_PLAYER, ROUTE
    from courier.rules.rng import Rng

    boards.install()
    game = registry.get("package-pandemonium")
    state = game.new_game(game.make_config(players=players, **options), seed)
    rng = Rng(seed)
    out = []
    for _ in range(3000):
        if game.is_over(state):
            break
        seat = game.to_act(state)[0]
        legal = game.legal_actions(state, seat)
        view = game.view(state, seat)
        if state.phase == ROGUE and state.mover >= 0:
            mine = PandemoniumBot.rogue_reach(view, view.vans[state.mover])
            same = legal == [A.RogueRoute(seat, p) for p in rogue_choices(state, state.eng.board, state.mover, seat, mine)]
            out.append((mine, mine if same else -1))  # the rules' routes are those of that reach
        elif state.phase == ROUTE and state.steps_taken == 0:
            van = state.vans[state.order[state.order_index]]
            if van.role == ROGUE_PLAYER:
                out.append((PandemoniumBot.rogue_reach(view, view.vans[state.order[state.order_index]]),
                            state.steps_allowed))
        game.apply(state, rng.choice(list(legal)))
    return out


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([2, 3]), rogue=st.integers(1, 6), route=st.integers(2, 4), seed=st.integers(1, 50))
def test_the_rogues_reach_is_what_the_rules_let_it_drive(players: int, rogue: int, route: int, seed: int) -> None:
    """The couriers' player measures the Rogue's threat by the steps the rules give it: the
    automated Rogue's ``rogue_steps``; at 3 players the Rogue is a player driving a route."""
    cases = _rogue_reach_cases(players, {"rogue_steps": rogue, "route_steps": route,
                                         "long_route_steps": route + 1}, seed)
    assert cases
    assert all(mine == rules for mine, rules in cases), cases


def test_a_rogue_steps_variant_at_3_players_changes_no_rule_nor_judgement() -> None:
    """At 3 players the Rogue is a player: its automated reach is read by nobody."""
    from courier.dev.lab.study import study_from_text

    study = study_from_text('game = "package-pandemonium"\nplayers = 3\nseats = ["heuristic-normal"]\ngames = 3\n'
                            '[variants.far_rogue]\nrogue_steps = 5\n')
    arm = study.arm("far_rogue")
    assert J.arm_settings(study, arm, study.baseline_for(arm)) == {"rogue_steps": "unread"}
    two = study_from_text('game = "package-pandemonium"\nplayers = 2\nseats = ["heuristic-normal"]\ngames = 2\n'
                          '[variants.far_rogue]\nrogue_steps = 5\n')
    arm = two.arm("far_rogue")
    assert J.arm_settings(two, arm, two.baseline_for(arm)) == {"rogue_steps": "rule"}


def test_a_setting_only_the_players_read_is_judgement() -> None:
    both = {J.RULES: {"a"}, J.PLAYERS: {"a", "b"}}
    none = {J.RULES: set(), J.PLAYERS: set()}
    assert J.classify("a", both, none) == "rule"
    assert J.classify("b", both, none) == "judgement"
    assert J.classify("c", both, none) == "unread"
    assert J.changed_settings({"map": "x", "a": 1, "b": 2}, {"map": "y", "b": 2}) == ["a"]


def test_the_recording_config_plays_exactly_as_the_plain_one() -> None:
    """Noting reads changes nothing of the game: the same actions and scores from the same seed."""
    boards.install()
    for game_id in registry.ids():
        game = registry.get(game_id)
        cfg = game.make_config(players=game.min_players + (1 if game.max_players > game.min_players else 0))
        rec = J.recording(cfg)
        assert rec.model_dump() == cfg.model_dump()
        with J.noting() as log:
            a, b = game.new_game(cfg, 5), game.new_game(rec, 5)
            assert [x.to_text() for x in game.legal_actions(a, game.to_act(a)[0])] == \
                   [x.to_text() for x in game.legal_actions(b, game.to_act(b)[0])]
        assert log[J.RULES]


def test_a_rule_the_probe_games_missed_is_found_in_the_lab_games_themselves(monkeypatch) -> None:
    """A rule of rare positions (a ski mask's cost: random players almost never steal) may be
    missed by the probe games; the lab's own games, replayed, show what the rules read in the
    positions really reached. And a setting the rules never read in games that went differently
    can only have changed them through the players' judgement."""
    from courier.dev.lab.play import play_game, task
    from courier.dev.lab.study import study_from_text

    study = study_from_text('game = "out-for-delivery"\nplayers = 2\nseats = ["heuristic-normal"]\ngames = 2\n'
                            '[variants.rich]\nstart_gold = 80\n')
    base, arm = study.arms
    game = registry.get("out-for-delivery")
    played = play_game(task(game.id, arm.key, 0, 7, ["heuristic-normal", "random"], [0, 1], arm.options))
    from courier.dev.lab.play import SEEDING

    cfg = game.make_config(players=2, **arm.options, seeding=SEEDING)
    assert J.replay_noting(game, played) == J.play_noting(game, cfg, ["heuristic-normal", "random"], 7)[J.RULES]
    assert "start_gold" in J.replay_noting(game, played)
    monkeypatch.setattr(J, "probe", lambda *a, **k: {J.RULES: set(), J.PLAYERS: set()})  # probes that miss it
    assert J.arm_settings(study, arm, base, pairs=[(played, played)]) == {"start_gold": "rule"}
    made_up = dict(played, log=["not an action"])
    differ = dict(played, log=["nor this"])
    assert J.arm_settings(study, arm, base, pairs=[(made_up, differ)]) == {"start_gold": "judgement"}
    assert J.arm_settings(study, arm, base, pairs=[(made_up, made_up)]) == {"start_gold": "unread"}
