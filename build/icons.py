"""The program's icon for each platform, made from the app icon PNG with pygame alone.

Windows wants an ``.ico`` and macOS an ``.icns``; both formats may hold plain PNG images, so no
image library beyond pygame (already a dependency) is needed. Linux executables carry no icon:
the desktop entry names a PNG instead. Used by ``build/courier.spec``.
"""

from __future__ import annotations

import io
import os
import struct
import sys
from pathlib import Path

#: the app icon drawn by tools/make_sprites.py (older name second)
CANDIDATES = (Path("sprites") / "app_icon.png", Path("sprites") / "icon.png")
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICNS_TYPES = {16: b"icp4", 32: b"icp5", 64: b"icp6", 128: b"ic07", 256: b"ic08", 512: b"ic09"}


def _pygame():  # imported late so the spec can be read without pygame's banner
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    return pygame


def draw_fallback_icon(out: Path) -> Path:
    """A plain parcel on the accent colour, for a checkout that has no app icon yet."""
    pg = _pygame()
    big = pg.Surface((512, 512), pg.SRCALPHA)
    pg.draw.rect(big, (196, 84, 44), big.get_rect().inflate(-24, -24), border_radius=96)
    box = pg.Rect(0, 0, 300, 240)
    box.center = (256, 276)
    pg.draw.rect(big, (226, 216, 194), box, border_radius=18)
    pg.draw.rect(big, (40, 36, 32), box, width=12, border_radius=18)
    pg.draw.rect(big, (40, 36, 32), (box.left, box.top + 70, box.width, 12))
    pg.draw.rect(big, (150, 58, 28), (box.centerx - 22, box.top + 6, 44, box.height - 12))
    out.parent.mkdir(parents=True, exist_ok=True)
    pg.image.save(pg.transform.smoothscale(big, (256, 256)), str(out))
    return out


def png_sizes(src: Path, sizes: tuple[int, ...]) -> list[tuple[int, bytes]]:
    """The icon as PNG bytes at each square size."""
    pg = _pygame()
    image = pg.image.load(str(src))
    out = []
    for size in sizes:
        scaled = image if image.get_size() == (size, size) else pg.transform.smoothscale(image, (size, size))
        buf = io.BytesIO()
        pg.image.save(scaled, buf, "icon.png")
        out.append((size, buf.getvalue()))
    return out


def write_ico(src: Path, out: Path) -> Path:
    """A Windows icon holding PNG images (readable by Windows Vista and later)."""
    images = png_sizes(src, ICO_SIZES)
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, blobs = b"", b""
    for size, data in images:
        dim = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(data), offset)
        blobs += data
        offset += len(data)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(header + entries + blobs)
    return out


def write_icns(src: Path, out: Path) -> Path:
    """A macOS icon family holding PNG images."""
    images = png_sizes(src, tuple(sorted(ICNS_TYPES)))
    body = b"".join(ICNS_TYPES[s] + struct.pack(">I", len(d) + 8) + d for s, d in images)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(b"icns" + struct.pack(">I", len(body) + 8) + body)
    return out


def icon_files(assets: Path, work: Path, platform: str = sys.platform) -> tuple[Path, Path | None]:
    """(the PNG icon, the icon file for this platform's executable, or None on Linux)."""
    png = next((assets / c for c in CANDIDATES if (assets / c).is_file()), None)
    if png is None:
        print("note: assets/sprites/app_icon.png not found, using a plain fallback icon")
        png = draw_fallback_icon(work / "icon-fallback.png")
    if platform == "win32":
        return png, write_ico(png, work / "courier.ico")
    if platform == "darwin":
        return png, write_icns(png, work / "courier.icns")
    return png, None
