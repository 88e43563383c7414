"""Counts in the words players read: "1 parcel", "3 parcels", never "parcel(s)"."""

from __future__ import annotations

import re

_COUNTED = re.compile(r"\b(\d+) ((?:[A-Za-z-]+ )*?[A-Za-z][A-Za-z-]*)\(s\)")


def plural(n: int, word: str, many: str | None = None) -> str:
    """``n`` and ``word``, made plural when ``n`` is not 1 ("1 parcel", "3 parcels")."""
    return f"{n} {word if n == 1 else (many or word + 's')}"


def counted(text: str) -> str:
    """``text`` with every "N word(s)" spelled for its number. The rules' own messages still
    write counts that way; everything a player reads from them passes through here."""
    return _COUNTED.sub(lambda m: plural(int(m.group(1)), m.group(2)), text)
