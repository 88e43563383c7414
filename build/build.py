"""Build the double-click Courier program: ``python build/build.py``.

Uses the project's ``.venv`` (created with Courier's libraries if it is not there yet, the same
way ``run.py`` does it), installs PyInstaller into it when missing, and runs
``build/courier.spec``. The result lands in ``dist/``:

    Linux    dist/Courier/Courier        (with courier.png, courier.desktop and add-to-menu.sh)
    Windows  dist/Courier/Courier.exe
    macOS    dist/Courier.app

PyInstaller builds only for the system it runs on; what differs per system comes from
build/targets.py. The release workflow (.github/workflows/release.yml) runs this same script on
each system, then build/smoke_test.py and build/package.py.

Options:
    --target NAME       say which system this build is for (windows, macos-arm64, macos-x86_64,
                        linux); it must be this machine's, and is checked
    --onefile           one self-unpacking file (dist/onefile/Courier[.exe]) instead of a folder;
                        slower to start, see build/README.md
    --install-desktop   Linux: also add Courier to the applications menu of the current user,
                        pointing at the freshly built dist/Courier (its add-to-menu.sh)
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
VENV_PY = VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
sys.path.insert(0, str(ROOT / "build"))
import targets  # noqa: E402 - build/targets.py, beside this script

SPEC = ROOT / "build" / "courier.spec"
WORK = ROOT / "build" / "_pyinstaller"  # build/*/ is git-ignored
DIST = ROOT / "dist"
PYINSTALLER = "pyinstaller>=6.10,<7"
#: what the app imports; if the venv lacks any of these, (re)install the project into it
NEEDED = ("pygame", "pytmx", "pydantic", "platformdirs")


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def venv_has(*modules: str) -> bool:
    probe = "import importlib.util, sys; sys.exit(any(importlib.util.find_spec(m) is None for m in sys.argv[1:]))"
    return VENV_PY.exists() and subprocess.run([str(VENV_PY), "-c", probe, *modules]).returncode == 0


def ensure_venv() -> None:
    """The project's .venv with Courier's libraries, set up by run.py's own routine."""
    if venv_has(*NEEDED):
        return
    log("setting up .venv with Courier's libraries (run.py) ...")
    spec = importlib.util.spec_from_file_location("courier_run", ROOT / "run.py")
    assert spec and spec.loader
    run = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(run)
    run.ensure_env("")
    if not venv_has(*NEEDED):
        raise SystemExit(f"build: .venv still lacks one of {', '.join(NEEDED)}")


def ensure_pyinstaller() -> None:
    if venv_has("PyInstaller"):
        return
    log(f"installing {PYINSTALLER} into .venv ...")
    subprocess.run([str(VENV_PY), "-m", "pip", "install", "--quiet", PYINSTALLER], check=True)


def dist_folder(onefile: bool) -> Path:
    """Where PyInstaller puts the program (the one-file kind apart, so both can sit side by side)."""
    return DIST / "onefile" if onefile else DIST


def built_program(onefile: bool) -> Path:
    exe = "Courier.exe" if os.name == "nt" else "Courier"
    if onefile:
        return dist_folder(True) / exe
    if sys.platform == "darwin":
        return DIST / "Courier.app"
    return DIST / "Courier" / exe


def folder_size(path: Path) -> int:
    if path.is_file():
        return path.stat().st_size
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def install_desktop_entry(program: Path) -> None:
    """Put Courier, as just built, into the user's applications menu (the folder's add-to-menu.sh)."""
    if not sys.platform.startswith("linux"):
        raise SystemExit("--install-desktop is for Linux desktops")
    subprocess.run(["sh", str(program.parent / "add-to-menu.sh")], check=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Courier executable into dist/.")
    parser.add_argument("--onefile", action="store_true", help="one self-unpacking file (slower start-up)")
    parser.add_argument("--install-desktop", action="store_true", help="Linux: add it to the applications menu")
    parser.add_argument("--target", choices=targets.TARGETS, default=None, help="the system to build for (this one)")
    args = parser.parse_args(argv)
    here = targets.current_target()
    if args.target not in (None, here):
        log(f"this machine builds {here}, not {args.target}: PyInstaller builds only for the system it runs on")
        return 2
    if args.install_desktop and args.onefile:
        log("--install-desktop works with the one-folder build (its add-to-menu.sh), not with --onefile")
        return 2

    started = time.monotonic()
    ensure_venv()
    ensure_pyinstaller()
    cmd = [
        str(VENV_PY), "-m", "PyInstaller", str(SPEC),
        "--noconfirm", "--log-level", "WARN",
        "--distpath", str(dist_folder(args.onefile)), "--workpath", str(WORK / ("onefile" if args.onefile else "onedir")),
    ]
    cmd += ["--", "--target", here] + (["--onefile"] if args.onefile else [])
    env = dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    log(f"running PyInstaller for {here} (this takes a minute or two) ...")
    proc = subprocess.run(cmd, cwd=ROOT, env=env)
    if proc.returncode != 0:
        log(f"PyInstaller failed (exit {proc.returncode}); see the messages above")
        return proc.returncode or 1

    program = built_program(args.onefile)
    if not program.exists():
        log(f"PyInstaller finished but {program} is not there")
        return 1
    size_mb = folder_size(program if args.onefile else program.parent) / 1e6
    log(f"built {program.relative_to(ROOT)} ({size_mb:.0f} MB) in {time.monotonic() - started:.0f} s")
    if args.install_desktop:
        install_desktop_entry(program)
    elif not args.onefile and sys.platform.startswith("linux"):
        log("to add it to your applications menu: python build/build.py --install-desktop")
    return 0


if __name__ == "__main__":
    sys.exit(main())
