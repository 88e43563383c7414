"""Saving, loading, cloning and replaying: equal states at every step."""

from __future__ import annotations

import copy
import json
import subprocess
import sys

from courier.ai.next_day import make_bot
from courier.rules.next_day import GAME as G
from courier.rules.rng import Rng


def test_save_load_and_clone_equal_at_every_step():
    for seed, players in ((11, 4), (12, 3)):
        cfg = G.make_config(players=players, round_limit=8)
        s = G.new_game(cfg, seed)
        bots = [make_bot(lvl) for lvl in ("easy", "normal", "hard", "normal")[:players]]
        rng = Rng(seed)
        steps = 0
        while not G.is_over(s):
            seat = G.to_act(s)[0]
            legal = G.legal_actions(s, seat)
            action = bots[seat].choose(G, G.view(s, seat), seat, legal, rng) if steps % 3 else rng.choice(legal)
            G.apply(s, action)
            data = json.loads(json.dumps(G.state_to_dict(s)))
            assert G.state_from_dict(cfg, data) == s
            c = s.clone()
            assert c == s
            steps += 1
        assert steps > 50


def test_clone_is_independent():
    s = G.new_game(G.make_config(players=4, quick_setup=True), 2)
    c = s.clone()
    c.players[0].vehicles[0].cargo.append(0)
    c.players[1].credits += 5
    c.contracts[0].waiting -= 1
    c.blockages[0].road = 0
    c.rng.next_u64()
    assert c != s
    assert s.players[0].vehicles[0].cargo == [] and s.players[1].credits == 100
    assert s.contracts[0].waiting == s.contracts[0].parcels and s.rng != c.rng


def test_clone_matches_deepcopy():
    s = G.new_game(G.make_config(players=4, quick_setup=True), 2)
    assert copy.deepcopy(s) == s.clone()


def test_importing_the_rules_does_not_import_pygame():
    code = "import sys, courier.rules.next_day; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)
