"""Write the Tiled project that teaches Tiled our object and tile classes.

    .venv/bin/python -m tools.make_tiled_project

Writes assets/maps/courier.tiled-project and assets/maps/courier-objecttypes.xml from the classes
each game's board reader declares (``MAP_CLASSES`` in courier/rules/<game>/board.py), so the
lists Tiled offers and the checks the game runs never disagree (a test compares them).

- Tiled 1.9 and newer read the project's ``propertyTypes``: one class per name, usable for objects
  and/or tiles, with its members (name, type, default) and enums for fixed lists of values.
- Tiled 1.8 has no object classes in projects; it reads object types from the file named by the
  project's ``objectTypesFile`` (its Object Types Editor format), and the enums from
  ``propertyTypes``.

Several games may use one class name (``city`` is a Next Day place and an Out For Delivery city);
the project offers the union of their properties and each game reads only its own.
"""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "maps"
PROJECT = "courier.tiled-project"
OBJECT_TYPES = "courier-objecttypes.xml"


def game_classes() -> list:
    """Every game's ClassSpecs, in registry order."""
    from courier.rules import registry

    out = []
    for gid in registry.ids():
        module = importlib.import_module(f"courier.rules.{gid.replace('-', '_')}.board")
        out.extend(getattr(module, "MAP_CLASSES", ()))
    return out


def _blank(kind: str):
    """What Tiled shows for a property that must be filled in (the game reads it as missing)."""
    return {"int": 0, "float": 0.0, "bool": False}.get(kind, "")


def merged(classes: list) -> dict[str, dict]:
    """name -> {"use": set, "colour": str, "doc": [..], "props": {name: PropSpec}}; conflicts raise."""
    out: dict[str, dict] = {}
    for spec in classes:
        entry = out.setdefault(spec.name, {"use": set(), "colour": spec.colour, "doc": [], "props": {}})
        if spec.use == "object" and "object" not in entry["use"]:
            entry["colour"] = spec.colour  # Tiled tints objects with it
        entry["use"].add(spec.use)
        entry["doc"].append(spec.doc)
        for prop in spec.props:
            known = entry["props"].get(prop.name)
            if known is not None and (known.kind, known.default, known.choices) != (prop.kind, prop.default, prop.choices):
                raise SystemExit(f"class {spec.name!r}: property {prop.name!r} is declared two ways")
            entry["props"][prop.name] = prop
    return out


def enums(classes: list) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for spec in classes:
        for prop in spec.props:
            if prop.enum:
                if out.get(prop.enum, prop.choices) != prop.choices:
                    raise SystemExit(f"enum {prop.enum!r} is declared with two lists of values")
                out[prop.enum] = prop.choices
    return out


def project_json(classes: list) -> str:
    types = []
    next_id = 1
    for name, values in sorted(enums(classes).items()):
        types.append({"id": next_id, "name": name, "storageType": "string", "type": "enum",
                      "values": list(values), "valuesAsFlags": False})
        next_id += 1
    for name, entry in sorted(merged(classes).items()):
        members = []
        for prop in sorted(entry["props"].values(), key=lambda p: p.name):
            member = {"name": prop.name, "type": prop.kind,
                      "value": prop.default if prop.default is not None else _blank(prop.kind)}
            if prop.enum:
                member["propertyType"] = prop.enum
            members.append(member)
        types.append({"color": "#ff" + entry["colour"].lstrip("#"), "drawFill": True, "id": next_id,
                      "members": members, "name": name, "type": "class", "useAs": sorted(entry["use"])})
        next_id += 1
    project = {
        "automappingRulesFile": "",
        "commands": [],
        "extensionsPath": "extensions",
        "folders": ["."],
        "objectTypesFile": OBJECT_TYPES,
        "propertyTypes": types,
    }
    return json.dumps(project, indent=4) + "\n"


def _xml_value(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def object_types_xml(classes: list) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', "<objecttypes>"]
    for name, entry in sorted(merged(classes).items()):
        props = sorted(entry["props"].values(), key=lambda p: p.name)
        head = f' <objecttype name={quoteattr(name)} color="{entry["colour"]}"'
        if not props:
            lines.append(head + "/>")
            continue
        lines.append(head + ">")
        for prop in props:
            default = prop.default if prop.default is not None else _blank(prop.kind)
            extra = f' propertytype="{prop.enum}"' if prop.enum else ""
            lines.append(f'  <property name={quoteattr(prop.name)} type="{prop.kind}"{extra} '
                         f'default={quoteattr(_xml_value(default))}/>')
        lines.append(" </objecttype>")
    lines.append("</objecttypes>")
    return "\n".join(lines) + "\n"


def outputs() -> dict[Path, str]:
    classes = game_classes()
    return {OUT / PROJECT: project_json(classes), OUT / OBJECT_TYPES: object_types_xml(classes)}


def main() -> int:
    for path, text in outputs().items():
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
