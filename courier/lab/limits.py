"""What a variant's settings must hold beyond their types, per game, checked before a study runs.

The rulesets' configs check types and a few bounds; tables that name things (items, weathers,
companies, missions) are read by the rules code by name, so a misspelt name would only fail (or
silently do nothing) in the middle of a game. These checks refuse it up front, with the setting's
name, so the study file can point at the line.
"""

from __future__ import annotations

from typing import Any, Callable

#: (game id) -> function(config) -> list of (setting, problem)
Check = Callable[[Any], list[tuple[str, str]]]


def _table(cfg: Any, field: str, known: Any, what: str) -> list[tuple[str, str]]:
    table = getattr(cfg, field)
    out = []
    missing = [k for k in range(2, 13) if k not in table]
    if missing:
        out.append((field, f"needs an entry for every 2d6 roll; missing {', '.join(map(str, missing))}"))
    for roll, name in table.items():
        if name not in known:
            out.append((field, f"roll {roll}: there is no {what} called {name!r}; {what}s: {', '.join(known)}"))
    return out


def _out_for_delivery(cfg: Any) -> list[tuple[str, str]]:
    from courier.rules.out_for_delivery.config import ITEMS, OBSTACLES, WEATHERS

    out = _table(cfg, "item_table", ITEMS, "item") + _table(cfg, "weather_table", WEATHERS, "weather")
    out += _table(cfg, "obstacle_table", OBSTACLES, "obstacle")
    if not cfg.parcel_board:
        out.append(("parcel_board", "needs at least one square"))
    for field in ("max_carried", "deliveries_to_end", "generation_every", "max_rounds"):
        if getattr(cfg, field) < 1:
            out.append((field, "must be at least 1"))
    return out


def _package_pandemonium(cfg: Any) -> list[tuple[str, str]]:
    from courier.rules.package_pandemonium import content

    out = []
    for cid in cfg.companies:
        if cid not in content.COMPANIES:
            out.append(("companies", f"{cid!r}: a company's perk is part of the rules, so only these exist: "
                                     f"{', '.join(content.COMPANIES)} (rename or remove, not add)"))
    if len(cfg.companies) < cfg.players:
        out.append(("companies", f"{cfg.players} players need at least {cfg.players} companies"))
    for mid in cfg.missions:
        if mid not in content.MISSIONS:
            out.append(("missions", f"{mid!r}: the rules check missions by name; missions: {', '.join(content.MISSIONS)}"))
    places = set(cfg.locations)
    for i, card in enumerate(cfg.spawn_cards):
        for where, kind in card:
            if where not in places:
                out.append(("spawn_cards", f"card {i + 1}: {where!r} is not one of the locations"))
            if kind not in ("low", "high", "bomb"):
                out.append(("spawn_cards", f"card {i + 1}: {kind!r} should be low, high or bomb"))
    return out


def _doorstep_dash(cfg: Any) -> list[tuple[str, str]]:
    from courier.rules.doorstep_dash.config import COLOUR_POINTS

    return [("colour_points", f"{c!r} is not a house colour; colours: {', '.join(COLOUR_POINTS)}")
            for c in cfg.colour_points if c not in COLOUR_POINTS]


def _next_day(cfg: Any) -> list[tuple[str, str]]:
    out = []
    for field in ("contracts_per_seat", "parcels_per_seat"):
        if cfg.players not in getattr(cfg, field):
            out.append((field, f"has no entry for {cfg.players} players"))
    if cfg.players in cfg.contracts_per_seat and cfg.players in cfg.parcels_per_seat:
        if cfg.parcels_per_seat[cfg.players] < cfg.contracts_per_seat[cfg.players]:
            out.append(("parcels_per_seat", "each contract needs at least one parcel"))
    return out


CHECKS: dict[str, Check] = {
    "out-for-delivery": _out_for_delivery,
    "package-pandemonium": _package_pandemonium,
    "doorstep-dash": _doorstep_dash,
    "next-day": _next_day,
}


def problems(game_id: str, cfg: Any) -> list[tuple[str, str]]:
    """(setting, problem) for each setting the rules could not use; empty when all is well."""
    check = CHECKS.get(game_id)
    return check(cfg) if check else []
