"""Housekeeping of the saves folder: safe file names made from the names players type, the
checks on the board pictures saves carry, and the removal of temporary files that a cut-off
save left behind. No pygame here: pictures are checked as bytes, decoded by the Load screen.
"""

from __future__ import annotations

import base64
import binascii
import logging
import re
import stat
import time
import unicodedata
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

#: the autosave file names start with this; a name the player types never makes one
AUTO_SLOT = "auto"
#: the longest name a player may give a save (longer names are cut)
MAX_NAME = 80
#: the largest board picture kept in a save (base64 characters) and its largest side (pixels)
MAX_THUMB_CHARS = 96 * 1024
MAX_THUMB_SIDE = 400
#: a temporary file left by a save that was cut off (see ``paths.write_atomic``) is removed
#: once it is older than this many seconds; a younger one may be a save in progress
STALE_TEMP_SECONDS = 60.0
#: when this run started: a temporary file last written before then is a leftover of an earlier
#: run (killed mid-save), since every save of this run writes its own after it; the margin allows
#: for file systems that keep times in steps of up to two seconds
PROCESS_STARTED = time.time()
TEMP_CLOCK_MARGIN = 2.0
_TEMP_RE = re.compile(r"\..+\.json\.[A-Za-z0-9_]{4,}\.tmp")
_PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def clean_name(name: Any) -> str:
    """The name a player gave a save as it is kept and shown: control characters (a final
    newline, a NUL) become spaces, the ends are trimmed, the length is capped at ``MAX_NAME``."""
    if not isinstance(name, str):
        return ""
    kept = "".join(" " if unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") else ch for ch in name)
    return kept.strip()[:MAX_NAME].strip()


#: names Windows keeps for devices: never a file name, whatever the extension
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


def is_device_name(stem: str) -> bool:
    """``stem`` would name a device on Windows (``CON``, ``nul``, ``COM1 x`` ...), not a file."""
    return re.split(r"[ ._-]", stem.lower(), maxsplit=1)[0] in _RESERVED


def name_stem(name: str, limit: int = 40) -> str:
    """A file name (without ``.json``) made from any text: lower-case ASCII letters, digits and
    single dashes; never empty, never a device name, never one of the autosave names."""
    ascii_text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    stem = re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:limit].strip("-")
    if not stem:
        return "save"
    if is_device_name(stem) or stem == AUTO_SLOT or stem.startswith(f"{AUTO_SLOT}-"):
        stem = f"save-{stem}"
    return stem


def thumbnail_bytes(text: Any) -> bytes | None:
    """The PNG bytes of a stored board picture, or None when absent, too large or not a PNG.

    The picture's size is read from the PNG header before anyone decodes it, so a file cannot
    make the Load screen decode a giant image."""
    if not isinstance(text, str) or not text or len(text) > MAX_THUMB_CHARS:
        return None
    try:
        data = base64.b64decode(text, validate=True)
    except (binascii.Error, ValueError):
        return None
    if len(data) < 24 or not data.startswith(_PNG_MAGIC) or data[12:16] != b"IHDR":
        return None
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if not (0 < width <= MAX_THUMB_SIDE and 0 < height <= MAX_THUMB_SIDE):
        return None
    return data


def clean_stale_temps(folder: Path, max_age: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove temporary files that a save cut off (power cut, killed process) left behind.

    Only our own temporary names (``.<name>.json.<random>.tmp``), only plain files, and only
    when last written before this run started (a run killed mid-save, started again at once) or
    more than ``max_age`` seconds ago: a younger one may belong to a save being written now.
    Never a save itself (those end in ``.json``). Returns what was removed; any error just
    leaves the file."""
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = list(folder.glob(".*.tmp"))
    except OSError:
        return removed
    for p in candidates:
        if not _TEMP_RE.fullmatch(p.name):
            continue
        try:
            st = p.lstat()
            before_this_run = st.st_mtime < PROCESS_STARTED - TEMP_CLOCK_MARGIN
            if not stat.S_ISREG(st.st_mode) or not (before_this_run or now - st.st_mtime >= max_age):
                continue
            p.unlink()
            removed.append(p)
        except OSError:
            continue
    if removed:
        log.info("removed %d temporary file(s) left by an interrupted save", len(removed))
    return removed
