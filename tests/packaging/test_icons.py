"""The executable's icon files made by build/icons.py are what Windows and macOS expect."""

from __future__ import annotations

import importlib.util
import struct
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def icons():
    spec = importlib.util.spec_from_file_location("courier_build_icons", ROOT / "build" / "icons.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == PNG_MAGIC
    return struct.unpack(">II", data[16:24])


def test_ico_holds_every_size_as_png(icons, tmp_path: Path) -> None:
    png, ico = icons.icon_files(ROOT / "assets", tmp_path, platform="win32")
    assert png == ROOT / "assets" / "sprites" / "app_icon.png"
    data = ico.read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(icons.ICO_SIZES))
    for i, size in enumerate(icons.ICO_SIZES):
        w, h, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i : 22 + 16 * i])
        assert (w or 256, h or 256, planes, bits) == (size, size, 1, 32)
        assert _png_size(data[offset : offset + length]) == (size, size)


def test_icns_chunks_add_up(icons, tmp_path: Path) -> None:
    _, icns = icons.icon_files(ROOT / "assets", tmp_path, platform="darwin")
    data = icns.read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, seen = 8, {}
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        seen[kind] = _png_size(data[pos + 8 : pos + length])
        pos += length
    assert pos == len(data)
    assert seen == {kind: (size, size) for size, kind in icons.ICNS_TYPES.items()}


def test_linux_needs_no_icon_file(icons, tmp_path: Path) -> None:
    png, exe_icon = icons.icon_files(ROOT / "assets", tmp_path, platform="linux")
    assert exe_icon is None and png.is_file()


def test_fallback_icon_when_the_app_icon_is_missing(icons, tmp_path: Path) -> None:
    empty = tmp_path / "assets"
    empty.mkdir()
    png, ico = icons.icon_files(empty, tmp_path / "work", platform="win32")
    assert png == tmp_path / "work" / "icon-fallback.png"
    assert _png_size(png.read_bytes()) == (256, 256)
    assert ico.read_bytes()[:4] == b"\x00\x00\x01\x00"
