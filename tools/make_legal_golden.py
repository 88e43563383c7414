"""Write the golden digests of random play that ``tests/<game>/test_legal_golden.py`` checks.

    python tools/make_legal_golden.py [next-day] [doorstep-dash]

Regenerate ONLY for an intended rules change (a ruling, a fixed rules bug), in the same commit as
that change and saying so in its message. Never regenerate to make a speed-up pass: the data is
what keeps a faster ``legal_actions`` / ``apply`` exactly as strict and exactly as generous as
the rules were (see tests/golden_play.py for what a digest covers).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.golden_play import RUNS, data_path, run_all  # noqa: E402


def main(argv: list[str]) -> int:
    for game_id in argv or list(RUNS):
        start = time.perf_counter()
        runs = list(run_all(game_id))
        path = data_path(game_id)
        path.write_text(json.dumps({"game": game_id, "runs": runs}, indent=1) + "\n", encoding="utf-8")
        total = sum(r["positions"] for r in runs)
        print(f"{game_id}: {total} positions in {time.perf_counter() - start:.1f} s -> {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
