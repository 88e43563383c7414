"""Check, dump or rewrite the golden digests of random play that ``tests/conformance/test_legal_golden.py``
compares with (see tests/golden_play.py for what a digest covers).

    python -m tests.make_legal_golden [GAME ...]           # compare with the stored data; exit 1 on a difference
    python -m tests.make_legal_golden --dump DIR [GAME]    # also write each run's positions as text (to diff)
    python -m tests.make_legal_golden --write [GAME ...]   # rewrite the stored data

(run from the checkout's root: the golden play lives with the tests it serves).

Rewrite ONLY for an intended rules change (a ruling, a fixed rules bug), in the same commit as
that change and saying so in its message. Never rewrite to make a speed-up pass: the data is what
keeps a faster ``legal_actions`` / ``apply`` exactly as strict and exactly as generous as the
rules were. To find where two versions part, dump both and diff the files.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from courier import boards
from tests import golden_play as G

ROOT = Path(__file__).resolve().parent.parent


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*", metavar="GAME", help=f"only these games ({', '.join(G.GAMES)}); default all")
    ap.add_argument("--write", action="store_true", help="rewrite the stored data (intended rules changes only)")
    ap.add_argument("--dump", type=Path, help="write every run's positions as text into this folder")
    args = ap.parse_args(argv)
    boards.install()  # the games are played on the shipped boards, as in the test suite
    unknown = [g for g in args.games if g not in G.GAMES]
    if unknown:
        ap.error(f"no golden play for {', '.join(unknown)}; the games are {', '.join(G.GAMES)}")
    differ = 0
    for gid in args.games or list(G.GAMES):
        stored = {} if args.write else G.stored(gid)
        records, total, start = [], 0, time.perf_counter()
        for run in G.GAMES[gid].runs:
            lines: list[str] = []
            digest, positions = G.play(gid, run, record=lines.append if args.dump else None)
            total += positions
            records.append(G.run_record(run, digest, positions))
            if args.dump:
                args.dump.mkdir(parents=True, exist_ok=True)
                (args.dump / f"{gid} {run.key}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
            if not args.write and stored.get(run.key) != records[-1]:
                differ += 1
                print(f"  differs: {gid} {run.key}")
        print(f"{gid}: {len(records)} games, {total} positions, {time.perf_counter() - start:.1f} s")
        if args.write:
            print(f"  written to {G.write(gid, records).relative_to(ROOT)}")
    return 1 if differ else 0


if __name__ == "__main__":
    raise SystemExit(main())
