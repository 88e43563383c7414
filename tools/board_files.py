"""Writing the shipped boards from the generators without losing edits made in Tiled.

The generators in tools/ are the source of the shipped boards. Each file they write is recorded
(its SHA-256) in tools/generated_boards.json. Before writing, a generator checks every file it
would replace: one that differs from both what the generator last wrote and what it would write
now was changed by hand (in Tiled or a text editor), and the generator stops without writing
anything unless it is run with --force. Copy such edits into the generator first.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "tools" / "generated_boards.json"


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _key(path: Path) -> str:
    return path.resolve().relative_to(ROOT).as_posix()


class BoardFiles:
    """Files a generator wants to write; nothing touches the disk until :meth:`commit`."""

    def __init__(self, argv: list[str] | None = None) -> None:
        args = sys.argv[1:] if argv is None else argv
        self.force = "--force" in args
        self.pending: dict[Path, bytes] = {}

    def text(self, path: Path, text: str) -> None:
        self.pending[Path(path)] = text.encode("utf-8")

    def image(self, path: Path, surface: Any) -> None:
        import pygame

        buf = io.BytesIO()
        pygame.image.save(surface, buf, Path(path).name)
        self.pending[Path(path)] = buf.getvalue()

    def changed_by_hand(self) -> list[Path]:
        """Files on disk that differ from what was last generated and from what would be written."""
        record = _load_manifest()
        out = []
        for path, data in self.pending.items():
            if not path.exists():
                continue
            current = _sha(path.read_bytes())
            if current != _sha(data) and current != record.get(_key(path)):
                out.append(path)
        return out

    def commit(self) -> int:
        """Write everything (0), or nothing and say why (1)."""
        edited = self.changed_by_hand()
        if edited and not self.force:
            print("These files were changed since this generator last wrote them (in Tiled or by hand):",
                  file=sys.stderr)
            for path in edited:
                print(f"  {_key(path)}", file=sys.stderr)
            print("Nothing was written. Move those edits into the generator, or run it again with --force "
                  "to overwrite them.", file=sys.stderr)
            return 1
        record = _load_manifest()
        for path, data in self.pending.items():
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(path.name + ".tmp")
            tmp.write_bytes(data)
            os.replace(tmp, path)
            record[_key(path)] = _sha(data)
        text = json.dumps(dict(sorted(record.items())), indent=1) + "\n"
        MANIFEST.write_text(text, encoding="utf-8")
        return 0


def _load_manifest() -> dict[str, str]:
    try:
        data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}
