"""``courier lab STUDY.toml`` and ``courier replay FILE``: the lab's two commands."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_lab_parser(sub) -> argparse.ArgumentParser:
    p = sub.add_parser("lab", help="run a playtest study and write its balance report",
                       description="Play every arm of a study (TOML or YAML) with computer players and write "
                                   "a balance report. Run it again to carry on a stopped study.")
    p.add_argument("study", metavar="STUDY", nargs="+",
                   help="the study file (.toml, .yaml); or 'tune FILE' to search settings toward a target; "
                        "or 'pool STUDY FOLDER...' to report on the games of several runs together")
    p.add_argument("--jobs", type=int, metavar="N", help="games played at once on this computer (default: its cores)")
    p.add_argument("--cluster", metavar="ADDRESS", help="play on a Dask cluster (scheduler address, e.g. tcp://10.0.0.5:8786)")
    p.add_argument("--out", metavar="DIR", type=Path, help="folder for results and report (default: next to the study, "
                                                           "named after it)")
    p.add_argument("--check", action="store_true", help="only check the study file, play nothing")
    p.add_argument("--no-report", action="store_true", help="play the games but write no report")
    return p


def default_out(study_path: Path) -> Path:
    return study_path.with_name(study_path.stem + "-lab")


def run_lab(args: argparse.Namespace) -> int:
    from courier.dev.lab.progress import Progress
    from courier.dev.lab.runner import ResultsError, run_study
    from courier.dev.lab.study import StudyError, load_study

    if args.study[0] == "tune" and len(args.study) == 2:
        return run_tune(args, Path(args.study[1]))
    if args.study[0] == "pool" and len(args.study) >= 3:
        return run_pool(args, Path(args.study[1]), [Path(p) for p in args.study[2:]])
    if len(args.study) != 1:
        print("courier lab: give one study file (or: courier lab tune FILE)", file=sys.stderr)
        return 2
    path = Path(args.study[0])
    try:
        study = load_study(path)
    except StudyError as exc:
        print("courier lab: the study cannot run:", file=sys.stderr)
        for line in exc.problems:
            print(f"  {line}", file=sys.stderr)
        return 2
    if args.jobs is not None and args.jobs < 1:
        print("courier lab: --jobs must be at least 1", file=sys.stderr)
        return 2
    total = len(study.arms) * study.games
    print(f"{study.title}: {len(study.arms)} arms x {study.games} games = {total} games")
    for line in study.warnings:
        print(f"  note: {line}", file=sys.stderr)
    if args.check:
        for arm in study.arms:
            print(f"  {arm.name}: {', '.join(arm.seats)} on {arm.board}")
        return 0
    out = args.out or default_out(path)
    bar: Progress | None = None

    def progress(done: int, total: int, earlier: int) -> None:
        nonlocal bar
        if bar is None:
            bar = Progress(total, earlier)
            if earlier:
                print(f"{earlier} games already played (kept from the last run)", file=sys.stderr)
            bar.draw()
        else:
            bar.advance(done - bar.done)

    def note(text: str) -> None:
        if bar is not None and bar._tty:
            print(file=sys.stderr)
        print(f"courier lab: {text}", file=sys.stderr)

    try:
        result = run_study(study, out, jobs=args.jobs, cluster=args.cluster, on_progress=progress, on_note=note)
    except ResultsError as exc:
        print(f"courier lab: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        if bar is not None:
            bar.close()
        print(f"courier lab: stopped; finished games are kept in {out} (run the same command again to carry on)",
              file=sys.stderr)
        return 130
    except OSError as exc:
        print(f"courier lab: cannot write to {out} ({exc.strerror or exc}); finished games are kept", file=sys.stderr)
        return 1
    finally:
        if bar is not None:
            bar.close()
    if result["damaged"]:
        print(f"{result['damaged']} damaged lines in the results file were skipped", file=sys.stderr)
    if args.no_report:
        return 0
    try:
        from courier.dev.lab.report import write_report
    except ImportError:  # pragma: no cover - matplotlib missing
        print("courier lab: the report needs matplotlib: pip install 'courier[lab]'", file=sys.stderr)
        return 1
    try:
        files = write_report(study, result["records"], out, results_file=Path(result["file"]).name)
    except ImportError:
        print("courier lab: the report needs matplotlib: pip install 'courier[lab]' (the games are kept)", file=sys.stderr)
        return 1
    print(f"report: {files['html']}")
    print(f"numbers: {files['json']}, {files['games']}, {files['arms']}, {files['comparisons']}")
    return 0


def run_tune(args: argparse.Namespace, path: Path) -> int:
    """``courier lab tune FILE``: successive halving toward the file's target, then a confirmation."""
    from courier.dev.lab.runner import ResultsError
    from courier.dev.lab.study import StudyError
    from courier.dev.lab.tune import describe, load_tuning, run_tuning

    try:
        tuning = load_tuning(path)
    except StudyError as exc:
        print("courier lab tune: the tuning file cannot run:", file=sys.stderr)
        for line in exc.problems:
            print(f"  {line}", file=sys.stderr)
        return 2
    print(f"{tuning.study.title}: {len(tuning.candidates)} candidates, {tuning.budget} games to search, "
          f"{tuning.confirm_games} to confirm")
    if args.check:
        return 0
    out = args.out or path.with_name(path.stem + "-tune")
    try:
        result = run_tuning(tuning, jobs=args.jobs or 1, cluster=args.cluster,
                            note=lambda text: print(f"  {text}", file=sys.stderr), out_dir=out)
    except ResultsError as exc:
        print(f"courier lab tune: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("courier lab tune: stopped", file=sys.stderr)
        return 130
    for line in describe(result):
        print(line)
    print(f"report: {out / 'tune.html'}")
    print(f"details: {out / 'tune.json'}")
    return 0


def run_pool(args: argparse.Namespace, path: Path, runs: list[Path]) -> int:
    """``courier lab pool STUDY FOLDER...``: one report on the games of several runs, refused with
    the reason when they were not played alike (``courier.dev.lab.pool``)."""
    from courier.dev.lab.pool import PoolError, pool, write_pooled
    from courier.dev.lab.study import StudyError, load_study

    try:
        study = load_study(path)
    except StudyError as exc:
        print("courier lab pool: the study cannot be read:", file=sys.stderr)
        for line in exc.problems:
            print(f"  {line}", file=sys.stderr)
        return 2
    out = args.out or path.with_name(path.stem + "-pooled")
    try:
        pooled = pool(study, runs)
        results = write_pooled(study, pooled, out)
    except PoolError as exc:
        print(f"courier lab pool: not pooled: {exc}", file=sys.stderr)
        return 2
    for run, n in pooled["used"].items():
        print(f"  {run}: {n} games")
    if pooled["left_out"]:
        print(f"  {pooled['left_out']} games of arms this study does not have were left out", file=sys.stderr)
    print(", ".join(f"{arm}: {n}" for arm, n in pooled["games"].items()))
    if args.no_report:
        return 0
    from courier.dev.lab.report import write_report

    files = write_report(study, pooled["records"], out, results_file=results.name)
    print(f"report: {files['html']}")
    return 0
