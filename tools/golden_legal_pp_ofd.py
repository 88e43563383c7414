"""Regenerate the golden digests of Package Pandemonium and Out For Delivery random play.

    python tools/golden_legal_pp_ofd.py            # rewrite both data files
    python tools/golden_legal_pp_ofd.py --check    # only compare, exit 1 on a difference
    python tools/golden_legal_pp_ofd.py --dump DIR # write every position's texts (for a diff)

Only regenerate for an intended rules change (and say so in the commit): the digests are how the
tests know that faster rules still offer, accept and save exactly what they did.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import golden_pp_ofd as G  # noqa: E402

DATA = {
    "package-pandemonium": ROOT / "tests" / "package_pandemonium" / "legal_golden.json",
    "out-for-delivery": ROOT / "tests" / "out_for_delivery" / "legal_golden.json",
}
NOTE = ("Digests of seeded random play (legal actions, events and saved state at every position), "
        "made by tools/golden_legal_pp_ofd.py. Regenerate only for an intended rules change.")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the stored digests")
    ap.add_argument("--dump", type=Path, help="also write each run's texts into this folder")
    ap.add_argument("--game", choices=sorted(DATA), action="append", help="only this game")
    args = ap.parse_args(argv)
    bad = 0
    for gid in args.game or sorted(DATA):
        digests: dict[str, str] = {}
        total, start = 0, time.perf_counter()
        for run in G.RUNS[gid]:
            key = G.run_key(*run)
            lines: list[str] = []
            digest, n = G.play(gid, *run, record=lines.append if args.dump else None)
            total += n
            digests[key] = digest
            if args.dump:
                args.dump.mkdir(parents=True, exist_ok=True)
                (args.dump / f"{gid} {key}.txt").write_text("\n".join(lines) + "\n")
        took = time.perf_counter() - start
        print(f"{gid}: {len(digests)} games, {total} positions, {took:.1f} s")
        if args.check:
            stored = json.loads(DATA[gid].read_text())["digests"]
            diff = [k for k in digests if stored.get(k) != digests[k]]
            for k in diff:
                print(f"  differs: {k}")
            bad += len(diff)
        else:
            DATA[gid].write_text(json.dumps({"note": NOTE, "digests": digests}, indent=1) + "\n")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
