"""The game starts without the lab's heavy libraries: they load only when a report is drawn or a
cluster is used."""

from __future__ import annotations

import subprocess
import sys

CHECK = """
import sys
import courier.cli
courier.cli.build_parser()
import courier.dev.lab.study, courier.dev.lab.runner, courier.dev.lab.analysis, courier.dev.lab.report, courier.dev.lab.play
from courier.dev.lab.play import play_game
play_game({"game": "doorstep-dash", "arm": "a", "index": 0, "name": "a#0", "seed": 1,
           "seats": ["random", "random"], "order": [0, 1], "options": {}})
heavy = [m for m in ("matplotlib", "distributed", "dask", "yaml") if m in sys.modules]
print(",".join(heavy))
"""


def test_heavy_imports_wait_until_needed():
    r = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == ""
