"""Save -> load -> equal after every action, cheap clones, exact replays, hidden information."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import time
from pathlib import Path

from courier.ai.base import make_bot
from courier.rules.doorstep_dash.state import HIDDEN
from courier.rules.rng import Rng
from tests.doorstep_dash.helpers import GAME, config

ROOT = Path(__file__).resolve().parents[2]


def _games(count: int, rounds: int = 25):
    for seed in range(count):
        cfg = config(2 + seed % 3, max_rounds=rounds)
        s = GAME.new_game(cfg, seed)
        bots = [make_bot("doorstep-dash", ("easy", "normal", "hard")[i % 3]) for i in range(cfg.players)]
        rng = Rng(seed)
        log = []
        while not GAME.is_over(s):
            seat = GAME.to_act(s)[0]
            legal = GAME.legal_actions(s, seat)
            act = rng.choice(legal) if seed % 2 else bots[seat].choose(GAME, GAME.view(s, seat), seat, legal, rng)
            GAME.apply(s, act)
            log.append(act.to_text())
            yield cfg, seed, s, log


def test_save_load_each_step():
    steps = 0
    for cfg, _, s, _ in _games(4):
        data = json.loads(json.dumps(GAME.state_to_dict(s)))
        assert GAME.state_from_dict(cfg, data) == s
        steps += 1
    assert steps > 200


def test_clone_is_equal_and_independent():
    cfg = config(4)
    s = GAME.new_game(cfg, 3)
    for _, _, st, _ in _games(1, rounds=10):
        s = st
    c = s.clone()
    assert c == s
    c.players[0].hand.append("x")
    c.players[1].bonus.clear()
    c.deck.pop() if c.deck else c.row.append("y")
    c.rng.next_u64()
    assert c != s and "x" not in s.players[0].hand
    n = 300
    t0 = time.perf_counter()
    for _ in range(n):
        s.clone()
    fast = time.perf_counter() - t0
    t0 = time.perf_counter()
    for _ in range(n):
        copy.deepcopy(s)
    slow = time.perf_counter() - t0
    # measured by `courier bench`, printed here only: timings never decide a test
    print(f"clone {fast / n * 1e6:.1f} us, deepcopy {slow / n * 1e6:.1f} us")


def test_replay_from_log():
    last = {}
    for cfg, seed, s, log in _games(3):
        last[seed] = (cfg, s.clone(), list(log))
    for seed, (cfg, final, log) in last.items():
        r = GAME.new_game(cfg, seed)
        for text in log:
            GAME.apply(r, GAME.parse_action(r, text))
        assert r == final


def test_views_hide_secrets():
    for cfg, _, s, _ in _games(2, rounds=8):
        for seat in [None, *range(cfg.players)]:
            v = GAME.view(s, seat)
            for i, p in enumerate(v.players):
                if i != seat:
                    assert set(p.hand) <= {HIDDEN} and set(p.bonus) <= {HIDDEN}
                    assert len(p.hand) == len(s.players[i].hand)
                else:
                    assert p.hand == s.players[i].hand and p.bonus == s.players[i].bonus
            assert set(v.deck) <= {HIDDEN} and set(v.bonus_deck) <= {HIDDEN}
            assert v.row == s.row
            assert v.rng != s.rng
            if s.phase == "opening" and seat != s.current:
                assert set(v.opening_draw) <= {HIDDEN}


def test_rules_import_without_pygame():
    code = "import sys, courier.rules.doorstep_dash; assert 'pygame' not in sys.modules and 'pytmx' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True, cwd=ROOT)
