"""What the spec asks PyInstaller to make for each system, checked from this one machine.

PyInstaller only builds for the system it runs on, so the Windows and macOS builds can only be
made by the release workflow. What can be checked here is what ``build/courier.spec`` hands to
PyInstaller for each of them: the spec is run with ``--target NAME`` and PyInstaller's builders
(Analysis, EXE, COLLECT, BUNDLE) replaced by recorders.
"""

from __future__ import annotations

import importlib.util
import plistlib
import runpy
import struct
import sys
from pathlib import Path

import pytest

from courier import __version__

ROOT = Path(__file__).resolve().parents[2]


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"courier_build_{name}", ROOT / "build" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    saved_path = list(sys.path)  # the build scripts put build/ on the path for their neighbours
    sys.modules[spec.name] = module  # dataclasses look their module up there
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved_path
    return module


targets = _load("targets")


class _Recorder:
    """Stands in for one of PyInstaller's spec builders and remembers how it was called."""

    def __init__(self, kind: str, calls: list, dist: Path) -> None:
        self.kind, self.calls, self.dist = kind, calls, dist

    def __call__(self, *args, **kwargs):
        self.calls.append((self.kind, args, kwargs))
        if self.kind == "COLLECT":
            (self.dist / kwargs["name"]).mkdir(parents=True, exist_ok=True)
        return _Built(self.kind, kwargs)


class _Built:
    def __init__(self, kind: str, kwargs: dict) -> None:
        self.kind, self.kwargs = kind, kwargs
        self.pure = self.scripts = self.binaries = self.datas = []


def run_spec(target: str, tmp: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> dict[str, list]:
    """Run build/courier.spec for ``target``; returns {builder: [(args, kwargs), ...]}."""
    import PyInstaller.utils.hooks as hooks

    monkeypatch.setattr(hooks, "collect_submodules", lambda name: [name])  # the real one imports everything
    monkeypatch.setattr(sys, "argv", ["courier.spec", "--target", target, *extra])
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delenv("COURIER_CODESIGN_IDENTITY", raising=False)
    dist = tmp / "dist"
    calls: list = []
    names = {k: _Recorder(k, calls, dist) for k in ("Analysis", "PYZ", "EXE", "COLLECT", "BUNDLE")}
    runpy.run_path(
        str(ROOT / "build" / "courier.spec"),
        init_globals={**names, "SPECPATH": str(ROOT / "build"), "workpath": str(tmp / "work"), "DISTPATH": str(dist)},
    )
    out: dict[str, list] = {}
    for kind, args, kwargs in calls:
        out.setdefault(kind, []).append((args, kwargs))
    return out


def _versioninfo(monkeypatch: pytest.MonkeyPatch):
    """PyInstaller's own reader of version files. Its module needs Windows-only modules (pefile,
    win32api) at import, though reading a version file uses neither: stand-ins let it load here."""
    import types

    import PyInstaller.compat as compat

    monkeypatch.setitem(sys.modules, "pefile", sys.modules.get("pefile") or types.ModuleType("pefile"))
    monkeypatch.setattr(compat, "win32api", None, raising=False)
    monkeypatch.delitem(sys.modules, "PyInstaller.utils.win32.versioninfo", raising=False)
    import PyInstaller.utils.win32.versioninfo as vi

    return vi


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


# ------------------------------------------------------------------------------------ the spec


def test_windows_exe_has_ico_icon_and_version_resource(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec("windows", tmp_path, monkeypatch)
    (_, exe), = calls["EXE"]
    assert exe["name"] == "Courier" and exe["console"] is False
    icon = Path(exe["icon"])
    assert icon.suffix == ".ico" and icon.read_bytes()[:4] == b"\x00\x00\x01\x00"
    info = _versioninfo(monkeypatch).load_version_info_from_text_file(exe["version"])  # read PyInstaller's way
    assert len(info.toRaw()) > 200  # and it turns into the binary resource Courier.exe carries
    strings = {s.name: s.val for s in info.kids[0].kids[0].kids}
    assert strings["ProductVersion"] == strings["FileVersion"] == __version__
    assert strings["OriginalFilename"] == "Courier.exe" and strings["ProductName"] == "Courier"
    nums = targets.version_numbers(__version__)
    assert (info.ffi.fileVersionMS, info.ffi.fileVersionLS) == ((nums[0] << 16) | nums[1], (nums[2] << 16) | nums[3])
    assert "BUNDLE" not in calls
    assert sorted(p.name for p in (tmp_path / "dist" / "Courier").iterdir()) == []  # nothing beside Courier.exe


@pytest.mark.parametrize(("target", "arch"), [("macos-arm64", "arm64"), ("macos-x86_64", "x86_64")])
def test_macos_app_bundle_has_icns_and_info_plist(
    target: str, arch: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = run_spec(target, tmp_path, monkeypatch)
    (_, exe), = calls["EXE"]
    assert exe["target_arch"] == arch  # PyInstaller refuses libraries built for the other CPU
    assert exe["codesign_identity"] is None  # no identity: ad-hoc signature, unsigned for Gatekeeper
    assert Path(exe["entitlements_file"]).is_file()
    plistlib.loads(Path(exe["entitlements_file"]).read_bytes())  # a well-formed property list
    (args, bundle), = calls["BUNDLE"]
    assert args[0].kind == "COLLECT"  # the one-folder build goes inside the app
    assert bundle["name"] == "Courier.app" and bundle["bundle_identifier"] == "org.courier-game.courier"
    icns = Path(bundle["icon"]).read_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    plist = bundle["info_plist"]
    assert plist["CFBundleIdentifier"] == bundle["bundle_identifier"]
    assert plist["CFBundleShortVersionString"] == plist["CFBundleVersion"] == __version__ == bundle["version"]
    assert plist["NSHighResolutionCapable"] is True
    assert plist["CFBundleName"] == plist["CFBundleDisplayName"] == "Courier"
    plistlib.dumps(plist)  # every value can be written into Info.plist


def test_macos_signs_with_the_identity_given(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    plan = targets.plan("macos-arm64", ROOT, tmp_path, codesign_identity="Developer ID Application: X (T)")
    assert plan.exe["codesign_identity"] == "Developer ID Application: X (T)"


def test_linux_folder_has_desktop_entry_icon_and_menu_script(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec("linux", tmp_path, monkeypatch)
    (_, exe), = calls["EXE"]
    assert exe["icon"] is None and "version" not in exe and "target_arch" not in exe
    assert "BUNDLE" not in calls
    folder = tmp_path / "dist" / "Courier"
    assert sorted(p.name for p in folder.iterdir()) == ["add-to-menu.sh", "courier.desktop", "courier.png"]
    assert _png_size((folder / "courier.png").read_bytes()) == (256, 256)
    desktop = (folder / "courier.desktop").read_text(encoding="utf-8").splitlines()
    assert desktop[0] == "[Desktop Entry]" and "Exec=Courier" in desktop and "Icon=courier" in desktop
    assert (folder / "add-to-menu.sh").stat().st_mode & 0o111, "the menu script must stay executable"


def test_onefile_puts_everything_in_the_exe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls = run_spec("windows", tmp_path, monkeypatch, "--onefile")
    assert "COLLECT" not in calls
    (args, _), = calls["EXE"]
    assert len(args) == 5  # pyz, scripts, binaries, datas, []: all inside the one file


# ---------------------------------------------------------------------------------- the module


def test_every_target_has_a_plan_and_a_program_path(tmp_path: Path) -> None:
    programs = {t: targets.plan(t, ROOT, tmp_path).program for t in targets.TARGETS}
    assert programs == {
        "windows": "Courier/Courier.exe",
        "macos-arm64": "Courier.app",
        "macos-x86_64": "Courier.app",
        "linux": "Courier/Courier",
    }


def test_unknown_target_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="unknown target"):
        targets.plan("amiga", ROOT, tmp_path)


@pytest.mark.parametrize(
    ("system", "machine", "target"),
    [
        ("win32", "AMD64", "windows"),
        ("darwin", "arm64", "macos-arm64"),
        ("darwin", "x86_64", "macos-x86_64"),
        ("linux", "x86_64", "linux"),
    ],
)
def test_current_target(system: str, machine: str, target: str) -> None:
    assert targets.current_target(system, machine) == target


@pytest.mark.parametrize(
    ("version", "nums"), [("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)), ("2.3.4.5.6", (2, 3, 4, 5)), ("1.0.0rc2", (1, 0, 0, 2))]
)
def test_version_numbers(version: str, nums: tuple[int, ...]) -> None:
    assert targets.version_numbers(version) == nums


def test_build_refuses_another_systems_target(capsys: pytest.CaptureFixture[str]) -> None:
    build = _load("build")
    other = next(t for t in targets.TARGETS if t != targets.current_target())
    assert build.main(["--target", other]) == 2
    assert "PyInstaller builds only for the system it runs on" in capsys.readouterr().out


@pytest.mark.parametrize(("target", "sizes"), [
    ("windows", {(s, s) for s in (16, 24, 32, 48, 64, 128, 256)}),
    ("macos-arm64", {(s, s, 1) for s in (16, 32, 64, 128, 256, 512)}),
])
def test_another_reader_opens_the_icon(target: str, sizes: set, tmp_path: Path) -> None:
    """Pillow (which has its own .ico and .icns readers) sees every size the icon carries."""
    from PIL import Image

    icon = targets.plan(target, ROOT, tmp_path).exe["icon"]
    with Image.open(icon) as image:
        assert image.format == ("ICO" if target == "windows" else "ICNS")
        assert set(image.info["sizes"]) == sizes
        image.load()
        assert len(image.convert("RGB").getcolors(1 << 24)) > 16  # a picture, not a blank square


def test_the_bundle_carries_the_report_page_beside_its_module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """courier/dev/lab/report.py reads report.html from its own folder; the bundle must put it there."""
    ((_, kwargs),) = run_spec("linux", tmp_path, monkeypatch)["Analysis"]
    assert (str(ROOT / "courier" / "dev" / "lab" / "report.html"), "courier/dev/lab") in kwargs["datas"]
