"""Which C library (glibc) a Linux build of Courier needs: ``python build/glibc.py [dist/Courier]``.

A program built on Linux runs only where the system's glibc is at least as new as the newest
glibc symbol version any of its libraries asks for; PyInstaller bundles every library except
glibc itself. This reads those versions (``GLIBC_2.x`` in ``objdump -T``, from binutils) from
every ELF file in the built folder and prints the highest and the files that need it:

    glibc_required: 2.34 (libpython3.11.so.1.0)

``--max 2.35`` makes it exit 1 when the build needs a newer glibc than that (the release
workflow uses it so a build never needs more than the oldest system it promises).
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ELF_MAGIC = b"\x7fELF"
#: an undefined (needed) dynamic symbol with its version: "... *UND* ... GLIBC_2.34 name"
#: or, for a non-default version, "(GLIBC_2.2.5)"; GLIBCXX_ (libstdc++) is another library
_NEEDED = re.compile(r"\*UND\*.*?\(?\bGLIBC_(\d+(?:\.\d+)+)\)?")

Version = tuple[int, ...]


def parse_version(text: str) -> Version:
    """``"2.2.5"`` -> ``(2, 2, 5)``, so versions compare as numbers (2.10 is newer than 2.9)."""
    return tuple(int(n) for n in text.split("."))


def show(version: Version) -> str:
    return ".".join(map(str, version))


def needed_versions(objdump_text: str) -> set[Version]:
    """The glibc versions asked for by the undefined symbols in ``objdump -T`` output."""
    return {parse_version(m.group(1)) for line in objdump_text.splitlines() if (m := _NEEDED.search(line))}


def is_elf(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            return fh.read(4) == ELF_MAGIC
    except OSError:
        return False


def elf_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file() and not p.is_symlink() and is_elf(p))


def objdump(path: Path) -> str:
    tool = shutil.which("objdump")
    if tool is None:
        raise SystemExit("glibc: needs objdump (Debian/Ubuntu: apt-get install binutils)")
    proc = subprocess.run([tool, "-T", str(path)], capture_output=True, text=True)
    return proc.stdout  # a file without dynamic symbols (statically linked) just has none


def highest(needs: dict[str, set[Version]]) -> tuple[Version | None, list[str]]:
    """The newest version any file needs and the files (sorted) that need exactly that one."""
    every = set().union(*needs.values()) if needs else set()
    if not every:
        return None, []
    top = max(every)
    return top, sorted(name for name, versions in needs.items() if top in versions)


def report(folder: Path) -> tuple[Version | None, list[str], int]:
    """(highest glibc version needed, files needing it, number of ELF files read) for a build."""
    files = elf_files(folder)
    needs = {p.relative_to(folder).as_posix(): needed_versions(objdump(p)) for p in files}
    top, which = highest(needs)
    return top, which, len(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Print the newest glibc a Linux build of Courier needs.")
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "dist" / "Courier", help="the built folder")
    parser.add_argument("--max", type=parse_version, default=None, help="fail if the build needs a newer glibc")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"glibc: no build at {args.folder}; run python build/build.py first")
        return 1
    top, which, count = report(args.folder)
    if top is None:
        print(f"glibc_required: none found in {count} ELF files under {args.folder}")
        return 1
    names = ", ".join(which[:3]) + (f" and {len(which) - 3} more" if len(which) > 3 else "")
    print(f"glibc_required: {show(top)} ({names}; {count} ELF files read)")
    if args.max is not None and top > args.max:
        print(f"glibc: the build needs glibc {show(top)}, newer than the promised {show(args.max)}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
