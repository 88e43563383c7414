"""The download zip keeps the Linux program runnable, and its add-to-menu.sh points at it."""

from __future__ import annotations

import importlib.util
import os
import stat
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"courier_build_{name}_pkg", ROOT / "build" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    saved_path = list(sys.path)  # the build scripts put build/ on the path for their neighbours
    sys.modules[spec.name] = module
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved_path
    return module


package = _load("package")


def _fake_build(dist: Path) -> Path:
    folder = dist / "Courier"
    (folder / "_internal" / "assets").mkdir(parents=True)
    program = folder / "Courier"
    program.write_text("#!/bin/sh\necho courier\n")
    program.chmod(0o755)
    (folder / "_internal" / "assets" / "a.txt").write_text("data")
    os.symlink("_internal/assets", folder / "assets-link")
    return folder


@pytest.mark.skipif(os.name == "nt", reason="file modes and links are a Unix matter")
def test_zip_keeps_modes_and_links(tmp_path: Path) -> None:
    _fake_build(tmp_path / "dist")
    out = package.package("linux", dist=tmp_path / "dist")
    assert out.name == f"Courier-{package.targets.read_version(ROOT)}-linux.zip"
    with zipfile.ZipFile(out) as zf:
        infos = {i.filename: i for i in zf.infolist()}
        assert set(infos) == {
            "Courier/", "Courier/Courier", "Courier/_internal/", "Courier/_internal/assets/",
            "Courier/_internal/assets/a.txt", "Courier/assets-link",
        }
        assert stat.S_IMODE(infos["Courier/Courier"].external_attr >> 16) == 0o755
        link = infos["Courier/assets-link"]
        assert stat.S_ISLNK(link.external_attr >> 16) and zf.read(link) == b"_internal/assets"
    unpacked = tmp_path / "unpacked"
    subprocess.run(["unzip", "-q", str(out), "-d", str(unpacked)], check=True)  # as a player's unzip does
    assert (unpacked / "Courier" / "assets-link").is_symlink()
    assert subprocess.run([str(unpacked / "Courier" / "Courier")], capture_output=True, text=True).stdout == "courier\n"


def test_nothing_built_is_reported(tmp_path: Path) -> None:
    with pytest.raises(SystemExit, match="nothing built"):
        package.package("windows", dist=tmp_path)


def _desktop_exec_path(line: str) -> str:
    """The program a quoted ``Exec=`` line names, by the Desktop Entry Specification's two rules."""
    value = line.removeprefix("Exec=")
    value = value.replace("\\\\", "\x00").replace("\x00", "\\")  # 1. string escapes: \\ is one \
    assert value.startswith('"'), value
    out, i = [], 1
    while value[i] != '"':  # 2. inside quotes, \ goes before each of " ` $ \
        if value[i] == "\\":
            i += 1
            assert value[i] in '"`$\\', value
        out.append(value[i])
        i += 1
    return "".join(out)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the menu script is for Linux desktops")
@pytest.mark.parametrize("name", ["Courier", "My Games/Courier 0.1", 'odd "quote" $HOME `x` back\\slash'])
def test_add_to_menu_points_at_the_folder(tmp_path: Path, name: str) -> None:
    folder = tmp_path / name
    folder.mkdir(parents=True)
    program = folder / "Courier"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    for src in ("courier.desktop", "add-to-menu.sh"):
        (folder / src).write_bytes((ROOT / "build" / src).read_bytes())
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data")}
    proc = subprocess.run(["sh", str(folder / "add-to-menu.sh")], env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    entry = tmp_path / "data" / "applications" / "courier.desktop"
    lines = entry.read_text(encoding="utf-8").splitlines()
    (exec_line,) = [line for line in lines if line.startswith("Exec=")]
    assert _desktop_exec_path(exec_line) == str(program.resolve())
    assert f"TryExec={str(program.resolve()).replace(chr(92), chr(92) * 2)}" in lines
    assert f"Icon={str((folder / 'courier.png').resolve()).replace(chr(92), chr(92) * 2)}" in lines
    assert "StartupWMClass=Courier" in lines  # the rest of the entry is kept
    subprocess.run(["sh", str(folder / "add-to-menu.sh"), "--remove"], env=env, check=True, capture_output=True)
    assert not entry.exists()


def test_add_to_menu_refuses_outside_the_courier_folder(tmp_path: Path) -> None:
    script = tmp_path / "add-to-menu.sh"
    script.write_bytes((ROOT / "build" / "add-to-menu.sh").read_bytes())
    proc = subprocess.run(["sh", str(script)], env={**os.environ, "XDG_DATA_HOME": str(tmp_path)}, capture_output=True, text=True)
    assert proc.returncode == 1 and "Courier folder" in proc.stderr
