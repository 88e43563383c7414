"""Broken variants of every shipped board: checking never crashes, and every line names the file.

Each example takes a shipped board, applies a few random edits a designer (or a bad save) could
make, and runs ``check_map`` and the game's own board build on it. Only BoardError may come out;
every problem line starts with the path as given; a problem about an object names its id.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from courier.boards.tiled import check_map, read_map
from courier.rules import registry
from courier.rules.base import BoardError
from tests.maps.helpers import copy_maps, shipped_boards

BOARDS = sorted({filename for _, _, filename in shipped_boards()})
GAME_OF = {filename: gid for gid, _, filename in shipped_boards()}

ODD_VALUES = ["", " ", "ten", "one", "-1", "0", "3", "6", "99999999999999999999", "1e400", "nan", "inf",
              "-0.5", "2.5", "true", "blue", "Blue", "purple", "#zzzzzz", "#b8332a", "1,2", "99,99", "a,b",
              "Kevingston", "low", "high", "gold", "é", "😀", "<>", "&amp;", "x" * 300, "²", "٣", "1_000", " 7 "]
PROPERTY_NAMES = ["colour", "Colour", "color", "colur", "number", "nubmer", "entrance", "test", "city", "value",
                  "region", "angle", "look", "electric", "from", "to", "home", "game", "name", "x", "id", "type",
                  "notes", "", "images", "layers", "as_points", "__init__", "properties", "parent"]
PROPERTY_TYPES = ["string", "int", "float", "bool", "color", "file", "object", "class", "enum", "", "list"]
CLASSES = ["house", "hazard", "park", "green", "warehouse", "town", "village", "city", "road", "diversion",
           "roadworks", "checkpoint", "region", "pickup", "delivery", "label", "water", "bridge", "rogue_base",
           "rogue_van", "rogue_cube", "package", "", "House", "hamlet"]
MUTATIONS = ["del_prop", "rename_prop", "retype_prop", "revalue_prop", "add_prop", "attr", "del_attr",
             "swap_class", "set_class", "drop_object", "dup_object", "cut_file", "map_size", "layer_size",
             "encoding", "template", "rotation", "class_spelling", "drop_file", "map_prop", "layer_data"]
ATTRS = ["x", "y", "width", "height", "id", "name", "rotation", "gid", "type"]


def _pick(rng: random.Random, items: list):
    return items[rng.randrange(len(items))] if items else None


def mutate(folder: Path, filename: str, steps: list[tuple[str, int, str]]) -> Path:
    """Apply ``steps`` (mutation, seed, value) to ``folder/filename``; returns the board path."""
    path = folder / filename
    tree = ET.parse(path)
    root = tree.getroot()
    cut_at: float | None = None
    for kind, seed, value in steps:
        rng = random.Random(seed)
        objects = list(root.iter("object"))
        props = list(root.iter("property"))
        obj = _pick(rng, objects)
        prop = _pick(rng, props)
        if kind == "del_prop" and prop is not None:
            for parent in root.iter("properties"):
                if prop in list(parent):
                    parent.remove(prop)
        elif kind == "rename_prop" and prop is not None:
            prop.set("name", _pick(rng, PROPERTY_NAMES))
        elif kind == "retype_prop" and prop is not None:
            prop.set("type", _pick(rng, PROPERTY_TYPES))
        elif kind == "revalue_prop" and prop is not None:
            prop.set("value", value)
        elif kind in ("add_prop", "map_prop"):
            owner = root if kind == "map_prop" or obj is None else obj
            holder = owner.find("properties")
            if holder is None:
                holder = ET.SubElement(owner, "properties")
            name = value if rng.random() < 0.3 else _pick(rng, PROPERTY_NAMES)  # any text as a name, too
            new = ET.SubElement(holder, "property", name=name, value=value)
            if rng.random() < 0.6:
                new.set("type", _pick(rng, PROPERTY_TYPES))
        elif kind == "attr" and obj is not None:
            obj.set(_pick(rng, ATTRS), value)
        elif kind == "del_attr" and obj is not None:
            obj.attrib.pop(_pick(rng, ATTRS), None)
        elif kind == "swap_class" and len(objects) > 1:
            a, b = rng.sample(objects, 2)
            ta, tb = a.get("type", a.get("class", "")), b.get("type", b.get("class", ""))
            a.set("type", tb)
            b.set("type", ta)
        elif kind == "set_class" and obj is not None:
            obj.attrib.pop("class", None)
            obj.set("type", _pick(rng, CLASSES))
        elif kind in ("drop_object", "dup_object") and obj is not None:
            for group in root.iter("objectgroup"):
                kids = list(group)
                if obj in kids:
                    if kind == "drop_object":
                        group.remove(obj)
                    else:
                        group.insert(kids.index(obj), ET.fromstring(ET.tostring(obj)))
        elif kind == "cut_file":
            cut_at = rng.random()
        elif kind == "map_size":
            root.set(_pick(rng, ["width", "height", "tilewidth", "tileheight"]),
                     _pick(rng, ["0", "-3", "6", "5", "abc", "", "1001", "2.5", value]))
        elif kind == "layer_size":
            layer = _pick(rng, list(root.iter("layer")))
            if layer is not None:
                layer.set(_pick(rng, ["width", "height"]), _pick(rng, ["6", "4", "0", "x", value]))
        elif kind == "encoding":
            data = _pick(rng, list(root.iter("data")))
            if data is not None:
                data.set(_pick(rng, ["encoding", "compression"]),
                         _pick(rng, ["base64", "csv", "zstd", "zlib", "gzip", "xml", "", value]))
        elif kind == "layer_data":
            data = _pick(rng, list(root.iter("data")))
            if data is not None and data.text:
                text = data.text
                i = rng.randrange(len(text))
                data.text = text[:i] + _pick(rng, [",", "x", "", "99999", ",0", "-1"]) + text[i + 1:]
        elif kind == "template" and obj is not None:
            obj.set("template", _pick(rng, ["house.tx", "missing.tx", value]))
        elif kind == "rotation" and obj is not None:
            obj.set("rotation", _pick(rng, ["30", "90", "360", "-45", "0", value]))
        elif kind == "class_spelling" and obj is not None:
            cls = obj.attrib.pop("type", None) or obj.attrib.pop("class", None) or ""
            obj.set("class", cls)
        elif kind == "drop_file":
            extras = sorted(p for p in folder.iterdir() if p.suffix in (".tsx", ".png"))
            victim = _pick(rng, extras)
            if victim is not None and victim.exists():
                victim.unlink()
    text = ET.tostring(root, encoding="unicode")
    if cut_at is not None:
        text = text[: int(len(text) * cut_at)]
    path.write_text(text, encoding="utf-8")
    return path


STEP = st.tuples(st.sampled_from(MUTATIONS), st.integers(0, 2**32), st.sampled_from(ODD_VALUES) | st.text(max_size=12))


def _assert_readable(lines: list[str], source: str) -> None:
    assert all(isinstance(line, str) and line for line in lines)
    for line in lines:
        assert line.startswith(f"{source}: "), line
        assert "Traceback" not in line and "<Element" not in line, line
        rest = line[len(source) + 2:]
        if re.match(r"object\b", rest):
            assert re.match(r"object .*\(id [^)]*\)", rest), line


@pytest.mark.parametrize("filename", BOARDS)
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps=st.lists(STEP, min_size=1, max_size=4))
def test_broken_variants_give_only_readable_problems(tmp_path_factory, filename, steps):
    folder = copy_maps(tmp_path_factory.mktemp("fuzz"))
    path = mutate(folder, filename, steps)
    source = str(path)
    lines = check_map(source)  # must not raise
    _assert_readable(lines, source)
    try:
        data = read_map(source)
    except BoardError as exc:
        assert exc.problems and lines, "read_map refused the file, so check_map must report it"
        return
    game = registry.get(GAME_OF[filename])
    try:
        game.board_from_map(data)
    except BoardError as exc:
        _assert_readable(str(exc).splitlines(), source)
