"""An installed wheel carries the boards, sprites, fonts and rules documents.

``courier/resources.py`` finds them at ``courier/_assets`` and ``courier/_rulesdocs`` when the
package is installed from a wheel (no checkout around it); ``setup.py`` copies them there at
build time. These tests build a real wheel the way ``pip install .`` does and look inside.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from courier import resources
from courier.rules import registry

ROOT = Path(__file__).resolve().parents[2]
#: checkout folder -> folder inside the installed package (must match courier/resources.py)
SHIPPED = {"assets": "courier/_assets", "docs/rules": "courier/_rulesdocs"}
#: what a wheel needs from the checkout to build
SOURCES = ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "courier", "assets", "docs/rules")
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".*", "*~", "*.bak", "*.tmp")


def _data_files(folder: Path) -> set[str]:
    """Files a player needs under ``folder``, as posix paths relative to it."""
    out = set()
    for p in folder.rglob("*"):
        rel = p.relative_to(folder)
        if p.is_file() and not any(part.startswith(".") or part == "__pycache__" for part in rel.parts) and not (
            p.name.endswith(("~", ".pyc", ".bak", ".tmp"))
        ):
            out.add(rel.as_posix())
    return out


@pytest.fixture(scope="module")
def snapshot(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of what the wheel is built from, so concurrent edits and the checkout's own build
    folder cannot leak into the build or into what the tests expect."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        p = ROOT / name
        if p.is_dir():
            shutil.copytree(p, src / name, ignore=_IGNORE)
        elif p.is_file():
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(p, src / name)
    return src


@pytest.fixture(scope="module")
def wheel(snapshot: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel ``pip install .`` would build and install."""
    out = tmp_path_factory.mktemp("wheelhouse")
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(out), str(snapshot)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, f"pip wheel failed:\n{proc.stdout}\n{proc.stderr}"
    wheels = list(out.glob("courier-*.whl"))
    assert len(wheels) == 1, f"expected one Courier wheel, got {wheels}"
    return wheels[0]


def _wheel_names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


@pytest.mark.parametrize("folder", sorted(SHIPPED))
def test_every_data_file_is_in_the_wheel(wheel: Path, snapshot: Path, folder: str) -> None:
    names = _wheel_names(wheel)
    expected = {f"{SHIPPED[folder]}/{rel}" for rel in _data_files(snapshot / folder)}
    missing = sorted(expected - names)
    assert not missing, f"not shipped in the wheel: {missing}"
    extra = sorted(n for n in names if n.startswith(SHIPPED[folder] + "/") and n not in expected)
    assert not extra, f"shipped but not in the checkout (stale build?): {extra}"


def test_wheel_has_fonts_maps_sprites_and_rules(wheel: Path, snapshot: Path) -> None:
    """Each kind of file the app loads is there, at the path resources.py builds."""
    names = _wheel_names(wheel)
    fonts = [n for n in names if n.startswith("courier/_assets/fonts/") and n.endswith(".ttf")]
    assert "courier/_assets/fonts/DejaVuSans.ttf" in fonts
    for kind, suffixes in (("maps", (".tmx",)), ("sprites", (".png",))):
        in_checkout = [p for p in _data_files(snapshot / "assets" / kind) if p.endswith(suffixes)]
        in_wheel = [n for n in names if n.startswith(f"courier/_assets/{kind}/") and n.endswith(suffixes)]
        assert in_checkout, f"the checkout has no {kind}"
        assert len(in_wheel) == len(in_checkout), f"{kind}: {len(in_wheel)} in wheel, {len(in_checkout)} in checkout"
    docs = {p for p in _data_files(snapshot / "docs" / "rules") if p.endswith(".md")}
    assert docs, "the checkout has no rules documents"
    assert {f"courier/_rulesdocs/{d}" for d in docs} <= names
    for game_id in registry.ids():  # the rules screen opens resources.rules_doc(game_id)
        assert f"courier/_rulesdocs/{game_id}.md" in names, f"no rules document for {game_id}"
    assert not any(n.startswith(("assets/", "docs/")) for n in names), "data must live inside the package"
    assert "courier/dev/lab/report.html" in names, "the balance report's page is not shipped"


def test_installed_wheel_resolves_assets(wheel: Path, snapshot: Path, tmp_path: Path) -> None:
    """Install the wheel (no checkout on the path) and ask resources.py where things are."""
    target = tmp_path / "site"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "--quiet", "--target", str(target), str(wheel)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    probe = (
        "import sys, json; from courier import resources;"
        "print(json.dumps([resources.__file__, str(resources.asset('fonts', 'DejaVuSans.ttf')),"
        " str(resources.rules_doc('next-day'))]));"
        "from courier.dev.lab import report; assert '</body></html>' in report._page().template"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env["PYTHONPATH"] = str(target)
    res = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=tmp_path, env=env)
    assert res.returncode == 0, res.stderr
    import json

    module, font, doc = (Path(p) for p in json.loads(res.stdout))
    assert module.is_relative_to(target), f"imported {module}, not the installed wheel"
    assert font == target / "courier" / "_assets" / "fonts" / "DejaVuSans.ttf"
    assert font.is_file()
    assert doc.parent == target / "courier" / "_rulesdocs"
    for rel in _data_files(snapshot / "assets"):
        assert (target / "courier" / "_assets" / rel).is_file(), rel


def test_asset_resolves_in_checkout() -> None:
    font = resources.asset("fonts", "DejaVuSans.ttf")
    assert font == ROOT / "assets" / "fonts" / "DejaVuSans.ttf"
    assert font.is_file()
    assert resources.rules_doc("next-day") == ROOT / "docs" / "rules" / "next-day.md"


def test_asset_resolves_in_frozen_app(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The layout build/courier.spec bundles: <bundle>/assets and <bundle>/docs/rules."""
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert resources.asset("maps", "x.tmx") == tmp_path / "assets" / "maps" / "x.tmx"
    assert resources.rules_doc("next-day") == tmp_path / "docs" / "rules" / "next-day.md"
