"""The ``courier`` command.

    courier [--fullscreen]          open the window at the menu
    courier --version
    courier --load SAVE             open a save file straight away
    courier [--boards DIR]          the menu, also listing the boards in DIR (repeatable)
    courier play GAME [--players N] [--seat human|ai-easy|ai-normal|ai-hard ...] [--seed N] [--map BOARD] [--boards DIR] [--fullscreen]
    courier check-map FILE...       check board files; exit 1 if any has a problem
    courier bench [--rules] [--game GAME]  print performance figures (with their targets)
    courier simulate GAME --games N --seat ai-hard --seat ai-normal ... [--seed S] [--jobs J] [--map BOARD] [--json]
    courier lab STUDY.toml [--jobs N] [--cluster ADDRESS] [--out DIR]   run a playtest study, write its report
    courier replay FILE [--game GAME]   watch a lab game or a save move by move

``--frames N`` (stop after N frames) and ``--screenshot PATH`` (save the last frame) work with
the menu and with ``play``, so the game can be run and looked at without a display
(``SDL_VIDEODRIVER=dummy``).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Sequence

from courier import __version__

SEAT_CHOICES = ("human", "ai-easy", "ai-normal", "ai-hard")


def _add_run_options(p: argparse.ArgumentParser, sub: bool = False) -> None:
    # on a subcommand the defaults are suppressed so ``courier --frames 5 play X`` keeps the 5
    extra = {"default": argparse.SUPPRESS} if sub else {}
    p.add_argument("--frames", type=int, metavar="N", help="exit after N frames", **extra)
    p.add_argument("--screenshot", metavar="PATH", help="save the last frame as a PNG", **extra)
    p.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting", **extra)
    p.add_argument("--boards", action="append", metavar="DIR", dest="sub_boards" if sub else "boards",
                   default=[], help="also list the boards (.tmx files) in this folder (repeatable)")
    p.add_argument("--fullscreen", action="store_true", help="fill the screen (F11 switches in the game)", **extra)
    if not sub:
        p.add_argument("--load", metavar="SAVE", help="open this save file straight away")


#: command -> (module with ``main(argv) -> int``, what it does): tools for a checkout, not for players
TOOLS = {
    "records": ("courier.dev.records", "play or report the computer players' strength records (run | report)"),
    "then-and-now": ("courier.dev.then_and_now", "play a level now against itself at an earlier commit"),
    "fuzz-saves": ("courier.dev.fuzz_saves", "damage real saves in every way and check the reader survives"),
}


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="courier", description="Pick-up-and-deliver board games for one table.")
    parser.add_argument("--version", action="version", version=f"Courier {__version__}")
    _add_run_options(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="go straight to a board", description="Start a game with these seats.")
    play.add_argument("game", metavar="GAME", help="game id (next-day, doorstep-dash, package-pandemonium, out-for-delivery)")
    play.add_argument("--players", type=int, metavar="N", help="number of players (default: number of --seat, or the least the game allows)")
    play.add_argument("--seat", action="append", choices=SEAT_CHOICES, default=[], metavar="KIND",
                      help="a seat, in order: human, ai-easy, ai-normal or ai-hard (repeat for each seat; the rest are ai-normal after one human)")
    play.add_argument("--seed", type=int, help="seed for a repeatable game")
    play.add_argument("--map", metavar="BOARD", help="the board: its title, its name or the path of its .tmx file")
    _add_run_options(play, sub=True)

    check = sub.add_parser("check-map", help="check board files", description="Check Tiled board files.")
    check.add_argument("files", nargs="+", metavar="FILE")

    # courier bench [--rules] ...: its options are parsed by courier.dev.bench (see main)
    bench = sub.add_parser("bench", help="print performance figures (--help lists its options)", add_help=False)
    bench.add_argument("rest", nargs=argparse.REMAINDER)

    # courier simulate GAME ...: its options are parsed by courier.dev.simulate (see main)
    sim = sub.add_parser("simulate", help="play computer-only games and compare AI levels", add_help=False)
    sim.add_argument("rest", nargs=argparse.REMAINDER)

    # developers' measuring and checking tools, each parsing its own options (see main and TOOLS)
    for name, (_, what) in TOOLS.items():
        tool = sub.add_parser(name, help=what, add_help=False)
        tool.add_argument("rest", nargs=argparse.REMAINDER)

    from courier.dev.lab.command import add_lab_parser

    add_lab_parser(sub)
    add_replay_parser(sub)
    return parser


def seat_specs(game_id: str, players: int | None, seats: Sequence[str]):
    """SeatSpecs for ``courier play``: the listed kinds, then one human if none given, then AI."""
    from courier.match import SeatSpec
    from courier.rules import registry
    from courier.ui import theme

    game = registry.get(game_id)
    n = players if players is not None else (len(seats) or max(game.min_players, min(2, game.max_players)))
    kinds = list(seats)
    while len(kinds) < n:
        kinds.append("ai-normal" if kinds else "human")
    if len(kinds) > n:
        raise SystemExit(f"courier play: {len(kinds)} seats given for {n} players")
    out = []
    humans = 0
    for i, k in enumerate(kinds):
        colour = theme.PLAYER_COLOURS[i % len(theme.PLAYER_COLOURS)][1]
        if k == "human":
            humans += 1
            out.append(SeatSpec(f"Player {humans}", colour, "human"))
        else:
            from courier.scenes.setup import COMPUTER_NAMES

            out.append(SeatSpec(COMPUTER_NAMES[i % len(COMPUTER_NAMES)], colour, "ai", k.split("-", 1)[1]))
    return out


def _run(args: argparse.Namespace, play: bool) -> int:
    from courier.app import App, main_menu

    from courier import boards

    for folder in [*getattr(args, "boards", []), *getattr(args, "sub_boards", [])]:
        if not os.path.isdir(folder):
            print(f"courier: --boards {folder}: there is no such folder", file=sys.stderr)
            return 2
        boards.add_folder(folder)
    first = None
    match = None
    if getattr(args, "load", None) and not play:
        from courier.saves import SaveError, open_match, play_on_from

        try:
            match = open_match(Path(args.load))  # drawn at once; its log is proven as the board shows
        except SaveError as exc:
            print(f"courier: cannot open {args.load}: {exc}", file=sys.stderr)
            return 2
        if not match.is_over():
            play_on_from(match, Path(args.load))  # an older save never replaces the game's newer autosave
    if play:
        from courier.match import Match
        from courier.rules import registry
        from courier.rules.base import BoardError, ConfigError

        if args.game not in registry.ids():
            print(f"courier play: no game called {args.game!r}; games: {', '.join(registry.ids())}", file=sys.stderr)
            return 2
        options = {}
        if args.map:
            try:
                options["map"] = boards.resolve(args.game, args.map)
            except ValueError as exc:
                print(f"courier play: {exc}", file=sys.stderr)
                return 2
        try:
            match = Match.new(args.game, seat_specs(args.game, args.players, args.seat), seed=args.seed, **options)
        except ConfigError as exc:
            print(f"courier play: {exc}", file=sys.stderr)
            return 2
        except BoardError as exc:
            from courier.boards.tiled import problem_lines

            print("courier play: the board cannot be played:", file=sys.stderr)
            for line in problem_lines(exc):
                print(line, file=sys.stderr)
            return 2
    app = App(fullscreen=_fullscreen(args))
    if match is not None:
        from courier.scenes.board import BoardScene

        first = BoardScene(app, match)
    else:
        first = main_menu(app)
    try:
        return app.run(first, frames=args.frames, screenshot=args.screenshot)
    finally:
        import pygame

        pygame.quit()


def _fullscreen(args: argparse.Namespace) -> bool | None:
    """--fullscreen or --windowed win over the setting; a counted run (--frames) stays in a window."""
    if getattr(args, "windowed", False):
        return False
    if getattr(args, "fullscreen", False):
        return True
    return False if getattr(args, "frames", None) is not None else None


def check_maps(files: Sequence[str]) -> int:
    from courier.boards.tiled import check_map

    bad = 0
    for f in files:
        problems = check_map(f)
        if problems:
            bad += 1
            for p in problems:
                print(p)
        else:
            print(f"{f}: ok")
    return 1 if bad else 0


def main(argv: Sequence[str] | None = None) -> int:
    from courier import boards

    boards.install()  # every command plays on the shipped boards and the player's
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["simulate"]:
        from courier.dev import simulate

        return simulate.main(argv[1:])
    if argv[:1] == ["bench"]:
        from courier.dev import bench

        return int(bench.main(argv[1:]) or 0)
    if argv[:1] and argv[0] in TOOLS:
        import importlib

        return int(importlib.import_module(TOOLS[argv[0]][0]).main(argv[1:]) or 0)
    args = build_parser().parse_args(argv)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    if args.command == "check-map":
        return check_maps(args.files)
    if args.command == "lab":
        from courier.dev.lab.command import run_lab

        return run_lab(args)
    if args.command == "replay":

        return run_replay(args)
    return _run(args, play=args.command == "play")


if __name__ == "__main__":
    sys.exit(main())


# -- courier replay: a recorded game in the replay window (a command, so it lives here, above the app)
def add_replay_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("replay", help="watch a recorded game move by move",
                       description="Step through a lab game, a save (finished or not) or a replay file.")
    p.add_argument("file", metavar="FILE", help="a lab results file (results.jsonl) or a save file")
    p.add_argument("--game", metavar="GAME", help="which game of a results file: its name in the report "
                                                  "(e.g. baseline#17) or its seed")
    p.add_argument("--frames", type=int, metavar="N", help="exit after N frames")
    p.add_argument("--screenshot", metavar="PATH", help="save the last frame as a PNG")
    p.add_argument("--windowed", action="store_true", help="ignore the fullscreen setting")
    return p


def run_replay(args: argparse.Namespace) -> int:
    from courier.replaydata import ReplayError, load_replay

    try:
        replay = load_replay(Path(args.file), args.game)
    except ReplayError as exc:
        print(f"courier replay: {exc}", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from courier.app import App
    from courier.scenes.replay import ReplayScene

    app = App(fullscreen=False if args.windowed or args.frames is not None else None)
    try:
        return app.run(ReplayScene(app, replay), frames=args.frames, screenshot=args.screenshot)
    finally:
        import pygame

        pygame.quit()
