"""A program that only reads saves (the smoke test, a tool) needs no set-up of its own: reading a
save hands the rules the board catalogue itself."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from courier import saves
from courier.match import Match, SeatSpec

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_process_reads_a_save_without_installing_anything(tmp_path: Path) -> None:
    m = Match.new("package-pandemonium", [SeatSpec("Ann", (200, 0, 0)), SeatSpec("Bob", (0, 0, 200), "ai", "easy")],
                  seed=3)
    for _ in range(6):
        seat = m.to_act()[0]
        m.submit(m.legal(seat)[0])
    path = saves.save_match(m, "fresh")
    code = ("import sys; from pathlib import Path; from courier import saves; "
            "m = saves.load_match(Path(sys.argv[1])); print(len(m.log))")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", code, str(path)], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-800:]
    assert out.stdout.strip() == "6"
