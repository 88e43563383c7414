"""Study-file mistakes in plain words: the validator's complaints said as what to write instead,
a number written in quotes, a variant given a single value where its settings belong."""

from __future__ import annotations

import json
from typing import Any


def quoted_number(value: Any) -> bool:
    """Text that reads as a number (``"15"``): a number written in quotes."""
    if not isinstance(value, str):
        return False
    try:
        float(value.strip())
    except ValueError:
        return False
    return bool(value.strip())


def plain(err: Any) -> str:
    """A validator's complaint in our words (its own message when we have none for it)."""
    kind, ctx, given = err.get("type", ""), err.get("ctx") or {}, err.get("input")
    shown = json.dumps(given, default=str)
    if kind == "list_type":
        return f"give a list in square brackets, e.g. [\"a\", \"b\"] (not {shown})"
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return f"give a whole number, not {shown}"
    if kind in ("float_type", "float_parsing"):
        return f"give a number, not {shown}"
    if kind == "string_type":
        return f"give a text in quotes, not {shown}"
    if kind == "dict_type":
        return f"give a table of settings, not {shown}"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        words = {"greater_than_equal": "at least", "greater_than": "more than", "less_than_equal": "at most",
                 "less_than": "less than"}[kind]
        bound = next(iter(ctx.values()), "")
        return f"must be {words} {bound} (not {shown})"
    if kind in ("too_short", "too_long"):
        n = ctx.get("min_length", ctx.get("max_length", 0))
        return f"{'needs at least' if kind == 'too_short' else 'takes at most'} {n} entr{'y' if n == 1 else 'ies'}"
    return str(err.get("msg", "is not allowed here"))


def not_a_table(loc: tuple[Any, ...], value: Any, fmt: str) -> str:
    """A variant, sweep or the config given a single value (or nothing) where settings belong."""
    what = {"variants": "a variant", "sweeps": "a sweep", "config": "'config'"}.get(str(loc[0]), "this")
    name = loc[-1] if len(loc) > 1 else loc[0]
    if len(loc) == 1:
        what = f"'{name}'"
    if fmt == "yaml":
        how = (f"in YAML, the settings go on the lines below '{name}:', each indented two spaces more than "
               f"'{name}:' itself")
    else:
        how = f"give its settings under a [{'.'.join(map(str, loc))}] line, one 'setting = value' a line"
    if value is None:
        return f"{what} with no settings under it: {how}"
    if len(loc) > 1:
        indent = (f"indent it two spaces more, under that {what.removeprefix('a ')}'s name" if fmt == "yaml"
                  else "put it under that one's [...] line")
        return (f"'{name}' is read as the name of {what} here, holding the single value "
                f"{json.dumps(value, default=str)}, but {what} holds settings. If '{name}' is a setting of the "
                f"{what.removeprefix('a ')} written above it, {indent}")
    return f"'{name}' holds settings, not the single value {json.dumps(value, default=str)}: {how}"
