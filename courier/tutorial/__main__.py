"""Authors' tool: play a game's step file and show where each step stands.

    python -m courier.tutorial GAME           every step, with the learner's moves where asked
    python -m courier.tutorial GAME --next    only where the script ends: the moves to choose from

A step whose move is not legal stops the walk with the moves that are.
"""

from __future__ import annotations

import argparse
import sys
import time

from courier import boards
from courier.tutorial import ScriptError, load, walk
from courier.tutorial.walk import LEARNER, Walker, length, play_computers


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m courier.tutorial")
    p.add_argument("game")
    p.add_argument("--next", action="store_true", help="show only the learner's moves after the last step")
    args = p.parse_args(argv)
    boards.install()
    try:
        script = load(args.game)
        if args.next:
            w = Walker(script)
            for _ in walk(script, walker=w):
                pass
            m = w.match
            before = len(m.log)
            play_computers(m)
            print("the last moves:")
            for i, text in enumerate(m.log[-12:]):
                print(f"   {text}")
            if m.is_over():
                print("the game is over:", m.turn_label(), m.game.scores(m.state))
                return 0
            print(f"now: {m.turn_label()} (computers played {len(m.log) - before} moves after the last step)")
            print("the learner may:", ", ".join(a.to_text() for a in m.legal(LEARNER)))
            return 0
        start = time.perf_counter()
        words = 0
        for v in walk(script):
            words += len(v.step.say.split())
            what = {"do": " / ".join(v.step.do), "play": "(free play)", "read": "(read)"}[v.step.kind]
            print(f"{v.index + 1:3d}. [{v.turn}] {what}\n     {v.step.say}")
            if v.step.kind != "read" and v.legal:
                print(f"     legal then: {', '.join(v.legal[:12])}{' …' if len(v.legal) > 12 else ''}")
        print(f"\nthe script walks to its end: {len(script.steps)} steps, {words} words "
              f"({time.perf_counter() - start:.1f} s)")
        est = length(script)
        print(f"a newcomer's length: about {est.minutes:.1f} minutes ({est.words} words, {est.taught_moves} moves "
              f"shown, {est.free_moves} free moves, {est.computer_moves} computer moves); the file says "
              f"{script.minutes}")
        return 0
    except ScriptError as exc:
        print(f"script error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
