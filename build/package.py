"""Zip the built program for download: ``python build/package.py``.

Writes ``dist/Courier-<version>-<target>.zip`` holding ``Courier/`` (Windows, Linux) or
``Courier.app/`` (macOS) and prints its path. Unix file modes and symbolic links are kept, so the
Linux program stays executable after unzipping. On macOS the zip is made with ``ditto``, as Apple
asks for app bundles (it also keeps the bundle's signature intact for notarisation).
"""

from __future__ import annotations

import argparse
import os
import stat
import subprocess
import sys
import time
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "build"))
import targets  # noqa: E402 - build/targets.py, beside this script

DIST = ROOT / "dist"


def zip_name(version: str, target: str) -> str:
    return f"{targets.APP_NAME}-{version}-{target}.zip"


def zip_folder(folder: Path, out: Path) -> Path:
    """``folder`` and everything in it (under its own name) into ``out``, links and modes kept."""
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".zip.tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as zf:
        for path in sorted([folder, *folder.rglob("*")]):
            arcname = (Path(folder.name) / path.relative_to(folder)).as_posix()
            st = path.lstat()
            if stat.S_ISLNK(st.st_mode):
                info = zipfile.ZipInfo(arcname, date_time=time.localtime(max(st.st_mtime, 315532800))[:6])
                info.create_system = 3  # unix, so the mode below (a link) is honoured
                info.external_attr = (stat.S_IFLNK | 0o777) << 16
                zf.writestr(info, os.readlink(path))
            else:
                zf.write(path, arcname)  # folders and files, with their modes (the executable bit)
    tmp.replace(out)
    return out


def package(target: str, dist: Path = DIST) -> Path:
    program = dist / ("Courier.app" if target.startswith("macos") else "Courier")
    if not program.is_dir():
        raise SystemExit(f"package: nothing built at {program}; run python build/build.py first")
    out = dist / zip_name(targets.read_version(ROOT), target)
    out.unlink(missing_ok=True)
    if program.suffix == ".app":
        subprocess.run(["ditto", "-c", "-k", "--sequesterRsrc", "--keepParent", str(program), str(out)], check=True)
        return out
    return zip_folder(program, out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Zip the built Courier program for download.")
    parser.add_argument("--target", choices=targets.TARGETS, default=None, help="the system it was built for (this one)")
    args = parser.parse_args(argv)
    out = package(args.target or targets.current_target())
    print(out)
    if "GITHUB_OUTPUT" in os.environ:  # the release workflow picks the file up from here
        with open(os.environ["GITHUB_OUTPUT"], "a", encoding="utf-8") as fh:
            fh.write(f"zip={out}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
