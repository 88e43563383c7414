"""Entry point of the packaged executable (the script PyInstaller freezes).

``python -m courier`` and the ``courier`` console script start the app through ``courier.cli``;
so does this file, with three things only a frozen, windowed program needs:

* a windowed build on Windows has no console, so ``sys.stdout``/``sys.stderr`` are ``None`` and
  any ``print`` (``--version``, ``--help``, argparse errors) would raise: point them at the null
  device instead;
* ``multiprocessing.freeze_support()`` before anything else: computer players think in a spawned
  worker process (``courier/ai/worker.py``), and in a frozen app that process is this same
  executable, which must run the worker instead of starting a second copy of the game;
* if the app cannot even start (an import fails before its own logging and error screen exist)
  or something escapes its error screen, the traceback goes to ``courier-crash.log`` in the log
  folder, because a windowed program that dies silently tells the player nothing.
"""

from __future__ import annotations

import multiprocessing
import os
import platform
import sys
import time
import traceback
from pathlib import Path


def _streams_for_windowed_app() -> None:
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the app


def _log_dir() -> Path:
    """The log folder the app itself uses (courier.paths), or platformdirs' if that cannot load."""
    try:
        from courier import paths

        return Path(paths.log_dir())
    except Exception:  # noqa: BLE001 - this is the last resort; any failure means: use the fallback
        from platformdirs import user_log_dir

        home = os.environ.get("COURIER_HOME")
        return Path(home) / "logs" if home else Path(user_log_dir("Courier", appauthor=False))


def _report_crash() -> Path | None:
    """Write the current exception (the latest crash only) where the player can find it."""
    try:
        from courier import __version__ as version
    except Exception:  # noqa: BLE001
        version = "?"
    when = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    text = f"Courier {version} stopped at {when} on {platform.platform()}\n{traceback.format_exc()}"
    sys.stderr.write(text)
    try:
        folder = _log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "courier-crash.log"
        path.write_text(text, encoding="utf-8")
        return path
    except Exception:  # noqa: BLE001 - nowhere left to report to
        return None


def main() -> int:
    multiprocessing.freeze_support()
    _streams_for_windowed_app()
    try:
        from courier.cli import main as cli_main
    except Exception:  # noqa: BLE001 - anything here means the bundle is broken
        where = _report_crash()
        sys.stderr.write(f"Courier could not start. Details: {where}\n")
        return 70
    try:
        result = cli_main()
    except Exception:  # noqa: BLE001 - SystemExit (argparse, --version) passes through untouched
        where = _report_crash()
        sys.stderr.write(f"Courier stopped because of an error. Details: {where}\n")
        return 70
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())
