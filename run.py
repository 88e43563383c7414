"""Set up and run Courier with nothing but Python 3.11+.

    python3 run.py play     # create .venv, install, open the game
    python3 run.py test     # create .venv, install with test tools, run the test suite

Anything after the command is passed on: ``python3 run.py play --fullscreen``,
``python3 run.py play next-day --seat human --seat ai-hard`` (the same as ``courier play ...``),
``python3 run.py play check-map FILE`` (any other ``courier`` command), ``python3 run.py test -k next_day``.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")


def ensure_env(extras: str) -> None:
    """Make ``.venv`` and install Courier into it once (again when pyproject.toml changes).

    The terminal gets one line while it works; pip's own output goes to ``.venv/setup.log``,
    which is shown only when something fails."""
    if sys.version_info < (3, 11):
        sys.exit(f"Courier needs Python 3.11 or newer; this is {sys.version.split()[0]}.")
    stamp = VENV / f".installed-{extras or 'base'}"
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == want and PY.exists():
        return
    first = not PY.exists()
    print("Setting up Courier (first run, about a minute)..." if first
          else "Updating Courier's libraries (about a minute)...", flush=True)
    if first:
        venv.EnvBuilder(with_pip=True).create(VENV)
    log_path = VENV / "setup.log"
    target = f".[{extras}]" if extras else "."
    with open(log_path, "w", encoding="utf-8") as log:
        try:
            for cmd in ([str(PY), "-m", "pip", "install", "--upgrade", "pip"],
                        [str(PY), "-m", "pip", "install", "-e", target]):
                log.write("$ " + " ".join(cmd) + "\n")
                log.flush()
                subprocess.run(cmd, check=True, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
        except (subprocess.CalledProcessError, OSError) as exc:
            log.write(f"\n{exc}\n")
            log.close()
            print(log_path.read_text(encoding="utf-8", errors="replace"), file=sys.stderr)
            sys.exit(f"Setting up Courier failed (the log above is kept in {log_path}).")
    stamp.write_text(want)


#: the ``courier`` commands other than ``play``: ``run.py play CMD ...`` runs them as they are
OTHER_COMMANDS = ("check-map", "bench", "simulate", "lab", "replay")


def courier_args(rest: list[str]) -> list[str]:
    """The ``courier`` command line for ``run.py play REST``.

    ``run.py play next-day --seat human`` is ``courier play next-day --seat human``; options alone
    (``--fullscreen``, ``--load FILE``) go to the menu; another command (``check-map``) runs as is.
    """
    if not rest or rest[0].startswith("-") or rest[0] in OTHER_COMMANDS:
        return list(rest)
    if rest[0] == "play":
        return list(rest)
    return ["play", *rest]


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__)
        return 2
    cmd, rest = argv[0], argv[1:]
    if cmd == "play":
        ensure_env("")
        return subprocess.call([str(PY), "-m", "courier", *courier_args(rest)], cwd=ROOT)
    ensure_env("test")
    # worksteal: a worker that runs out of tests takes queued ones from the other (the long guided-game
    # and layout tests otherwise queue up behind one worker at the end)
    return subprocess.call([str(PY), "-m", "pytest", "-n", "2", "--dist", "worksteal", *rest], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
