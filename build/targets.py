"""What PyInstaller is asked to make for each system Courier is released for.

PyInstaller builds only for the system it runs on, so the release workflow builds on four
machines. What differs between them is decided here, for a named system, without running on it:

    windows        Courier.exe: the .ico icon and a version resource (Explorer's Properties)
    macos-arm64    Courier.app for Apple silicon: .icns icon and Info.plist; signed when an
    macos-x86_64   identity is given (COURIER_CODESIGN_IDENTITY), for Intel Macs
    linux          the folder with courier.png, courier.desktop and add-to-menu.sh beside the program

``build/courier.spec`` asks ``plan(target, ...)`` for the options of the system it builds for, and
the tests in ``tests/packaging`` ask it for every system. Nothing here imports PyInstaller.
"""

from __future__ import annotations

import platform as _platform
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

APP_NAME = "Courier"
BUNDLE_ID = "org.courier-game.courier"
TARGETS = ("windows", "macos-arm64", "macos-x86_64", "linux")
#: target -> (sys.platform of the machine that builds it, CPU architecture or None for "as built")
_SYSTEMS = {
    "windows": ("win32", None),
    "macos-arm64": ("darwin", "arm64"),
    "macos-x86_64": ("darwin", "x86_64"),
    "linux": ("linux", None),
}
BUILD = Path(__file__).resolve().parent
ENTITLEMENTS = BUILD / "entitlements.plist"
DESKTOP_FILE = BUILD / "courier.desktop"
ADD_TO_MENU = BUILD / "add-to-menu.sh"


def current_target(system: str | None = None, machine: str | None = None) -> str:
    """The target this machine builds (``sys.platform`` and ``platform.machine()`` by default)."""
    system = system or sys.platform
    machine = (machine or _platform.machine()).lower()
    if system == "win32":
        return "windows"
    if system == "darwin":
        return "macos-arm64" if machine in ("arm64", "aarch64") else "macos-x86_64"
    if system.startswith("linux"):
        return "linux"
    raise ValueError(f"Courier is not built on {system}")


def read_version(root: Path) -> str:
    """``courier.__version__`` without importing the package."""
    text = (root / "courier" / "__init__.py").read_text(encoding="utf-8")
    found = re.search(r"""^__version__\s*=\s*["']([^"']+)["']""", text, re.M)
    if not found:
        raise SystemExit("courier/__init__.py has no __version__")
    return found.group(1)


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """``"0.1.0"`` -> ``(0, 1, 0, 0)``: the four numbers of a Windows version resource."""
    nums = [int(n) for n in re.findall(r"\d+", version)][:4]
    return tuple(nums + [0] * (4 - len(nums)))  # type: ignore[return-value]


def version_file_text(version: str) -> str:
    """A version resource in the text form PyInstaller reads (as ``pyi-grab_version`` writes it)."""
    nums = version_numbers(version)
    strings = {
        "CompanyName": "The Courier authors",
        "FileDescription": "Courier: pick-up-and-deliver board games",
        "FileVersion": version,
        "InternalName": APP_NAME,
        "LegalCopyright": "MIT licence, the Courier authors",
        "OriginalFilename": f"{APP_NAME}.exe",
        "ProductName": APP_NAME,
        "ProductVersion": version,
    }
    table = ",\n".join(f"          StringStruct({k!r}, {v!r})" for k, v in strings.items())
    return f"""# UTF-8
# Version resource of {APP_NAME}.exe, written by build/targets.py
VSVersionInfo(
  ffi=FixedFileInfo(
    filevers={nums},
    prodvers={nums},
    mask=0x3f,
    flags=0x0,
    OS=0x40004,
    fileType=0x1,
    subtype=0x0,
    date=(0, 0)
  ),
  kids=[
    StringFileInfo([
      StringTable(
        '040904B0',
        [
{table}
        ])
    ]),
    VarFileInfo([VarStruct('Translation', [1033, 1200])])
  ]
)
"""


def info_plist(version: str) -> dict[str, object]:
    """The keys of Courier.app's Info.plist beyond those PyInstaller always writes."""
    return {
        "CFBundleName": APP_NAME,
        "CFBundleDisplayName": APP_NAME,
        "CFBundleIdentifier": BUNDLE_ID,
        "CFBundleShortVersionString": version,
        "CFBundleVersion": version,
        "NSHighResolutionCapable": True,
        "LSApplicationCategoryType": "public.app-category.board-games",
        "NSHumanReadableCopyright": "MIT licence, the Courier authors",
    }


@dataclass(frozen=True)
class Plan:
    """Everything the spec needs to know about one system."""

    target: str
    platform: str  #: sys.platform of the machine that builds it
    icon_png: Path
    exe: dict[str, object]  #: keyword arguments of PyInstaller's EXE
    bundle: dict[str, object] | None  #: keyword arguments of BUNDLE (macOS), else None
    #: files put beside the program in the one-folder build: (source, name in the folder)
    beside_program: list[tuple[Path, str]] = field(default_factory=list)

    @property
    def program(self) -> str:
        """Where the program lands under dist/, as a posix path."""
        if self.bundle is not None:
            return f"{APP_NAME}.app"
        return f"{APP_NAME}/{APP_NAME}.exe" if self.platform == "win32" else f"{APP_NAME}/{APP_NAME}"


def plan(target: str, root: Path, work: Path, codesign_identity: str | None = None) -> Plan:
    """The PyInstaller options for ``target``; icon and version files are written under ``work``."""
    if target not in _SYSTEMS:
        raise ValueError(f"unknown target {target!r}; choose one of {', '.join(TARGETS)}")
    system, arch = _SYSTEMS[target]
    version = read_version(root)
    sys.path.insert(0, str(BUILD))
    try:
        from icons import icon_files
    finally:
        sys.path.remove(str(BUILD))
    png, icon = icon_files(root / "assets", work / target, platform=system)

    exe: dict[str, object] = dict(
        name=APP_NAME,
        console=False,  # windowed: no terminal window on Windows/macOS
        icon=str(icon) if icon else None,
        upx=False,  # compressed binaries start slower and upset virus scanners
        strip=False,
        debug=False,
    )
    bundle = None
    beside: list[tuple[Path, str]] = []
    if system == "win32":
        version_file = work / target / "version_info.txt"
        version_file.parent.mkdir(parents=True, exist_ok=True)
        version_file.write_text(version_file_text(version), encoding="utf-8")
        exe["version"] = str(version_file)
    elif system == "darwin":
        exe["target_arch"] = arch  # PyInstaller stops if a library is built for another CPU
        exe["codesign_identity"] = codesign_identity or None  # None: ad-hoc, as Apple silicon needs
        exe["entitlements_file"] = str(ENTITLEMENTS)
        bundle = dict(
            name=f"{APP_NAME}.app",
            icon=str(icon),
            bundle_identifier=BUNDLE_ID,
            version=version,
            info_plist=info_plist(version),
        )  # BUNDLE signs with the EXE's identity and entitlements
    else:
        beside = [(png, "courier.png"), (DESKTOP_FILE, "courier.desktop"), (ADD_TO_MENU, "add-to-menu.sh")]
    return Plan(target=target, platform=system, icon_png=png, exe=exe, bundle=bundle, beside_program=beside)
