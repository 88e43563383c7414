"""Turn state dataclasses into JSON-ready data and back, guided by their type hints.

Rulesets may use this for ``state_to_dict`` / ``state_from_dict`` instead of writing both by hand.
Supports dataclasses, Enum, Rng, list/tuple/set/frozenset/dict, Optional/Union of those and plain
scalars. Dict keys that are not strings are stored as ``[[key, value], ...]`` pairs.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from functools import lru_cache
from typing import Any, get_args, get_origin

from courier.rules.rng import Rng


def to_data(obj: Any) -> Any:
    if obj is None or isinstance(obj, (bool, int, float, str)):
        return obj
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, Rng):
        return str(obj.state)  # 64-bit ints as text, safe in any JSON reader
    if dataclasses.is_dataclass(obj):
        return {f.name: to_data(getattr(obj, f.name)) for f in dataclasses.fields(obj) if f.init}
    if isinstance(obj, dict):
        if all(isinstance(k, str) for k in obj):
            return {k: to_data(v) for k, v in obj.items()}
        return [[to_data(k), to_data(v)] for k, v in obj.items()]
    if isinstance(obj, (list, tuple)):
        return [to_data(v) for v in obj]
    if isinstance(obj, (set, frozenset)):
        return sorted((to_data(v) for v in obj), key=repr)
    raise TypeError(f"cannot save a value of type {type(obj).__name__}")


@lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_data(tp: Any, data: Any) -> Any:
    """Rebuild a value of type ``tp`` from ``to_data`` output."""
    if tp is Any:
        return data
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = get_args(tp)
        if data is None and type(None) in args:
            return None
        last: Exception | None = None
        for arg in args:
            if arg is type(None):
                continue
            try:
                return from_data(arg, data)
            except (TypeError, ValueError, KeyError) as exc:
                last = exc
        raise ValueError(f"value {data!r} fits none of {tp}") from last
    if origin in (list, typing.List):
        (arg,) = get_args(tp) or (Any,)
        return [from_data(arg, v) for v in data]
    if origin in (tuple, typing.Tuple):
        args = get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(from_data(args[0], v) for v in data)
        return tuple(from_data(a, v) for a, v in zip(args, data))
    if origin in (set, frozenset):
        (arg,) = get_args(tp)
        return origin(from_data(arg, v) for v in data)
    if origin in (dict, typing.Dict):
        kt, vt = get_args(tp) or (Any, Any)
        if isinstance(data, list):
            return {from_data(kt, k): from_data(vt, v) for k, v in data}
        return {from_data(kt, k): from_data(vt, v) for k, v in data.items()}
    if isinstance(tp, type):
        if tp is Rng:
            return Rng(state=int(data))
        if issubclass(tp, enum.Enum):
            return tp(data)
        if dataclasses.is_dataclass(tp):
            hints = _hints(tp)
            kwargs = {f.name: from_data(hints[f.name], data[f.name]) for f in dataclasses.fields(tp) if f.init and f.name in data}
            return tp(**kwargs)
        if tp is float and isinstance(data, int):
            return float(data)
        if tp in (int, str, bool, float):
            if not isinstance(data, tp) or (tp is int and isinstance(data, bool)):
                raise TypeError(f"expected {tp.__name__}, got {data!r}")
            return data
    return data
