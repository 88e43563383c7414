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
    if cfg.start_items > cfg.max_carried:
        out.append(("start_items", f"{cfg.start_items} items at the start, but a player may carry only "
                                   f"{cfg.max_carried} (max_carried)"))
    if not 0 <= cfg.sale_discount <= 1:
        out.append(("sale_discount", "is a share of the price, from 0 to 1"))
    most = ofd_most_parcels(cfg)
    if cfg.deliveries_to_end > most and cfg.generation_every >= 1:
        out.append(("deliveries_to_end", f"{cfg.deliveries_to_end} deliveries can never be made: at most {most} parcels "
                                         f"appear in {cfg.max_rounds} rounds (max_rounds), so every game would stop "
                                         "at the round limit"))
    return out


def ofd_most_parcels(cfg: Any) -> int:
    """The most parcels an Out For Delivery game can ever produce within its round limit: each of
    the six cities gets at most half a die (3), or the set-up minimum, at every generation."""
    generations = 1 + max(0, cfg.max_rounds - 1) // max(1, cfg.generation_every)
    return 6 * max(cfg.setup_min_per_city, 3) + (generations - 1) * 6 * 3


def ofd_expected_parcels(cfg: Any) -> float:
    """The parcels an average game produces by its round limit (half a die averages 1.5)."""
    generations = 1 + max(0, cfg.max_rounds - 1) // max(1, cfg.generation_every)
    setup = sum(max(cfg.setup_min_per_city, d // 2) for d in range(1, 7)) / 6
    return 6 * setup + (generations - 1) * 6 * 1.5


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

    out = [("colour_points", f"{c!r} is not a house colour; colours: {', '.join(COLOUR_POINTS)}")
           for c in cfg.colour_points if c not in COLOUR_POINTS]
    if cfg.opening_keep_min > cfg.opening_draw:
        out.append(("opening_keep_min", f"a player must keep {cfg.opening_keep_min} of the {cfg.opening_draw} cards "
                                        "they draw (opening_draw): keep at most what is drawn"))
    if cfg.opening_keep_min > cfg.hand_limit:
        out.append(("opening_keep_min", f"keeping {cfg.opening_keep_min} cards is more than the hand holds "
                                        f"({cfg.hand_limit}, hand_limit)"))
    return out


def _next_day(cfg: Any) -> list[tuple[str, str]]:
    out = []
    for field in ("contracts_per_seat", "parcels_per_seat"):
        if cfg.players not in getattr(cfg, field):
            out.append((field, f"has no entry for {cfg.players} players"))
    if cfg.players in cfg.contracts_per_seat and cfg.players in cfg.parcels_per_seat:
        if cfg.parcels_per_seat[cfg.players] < cfg.contracts_per_seat[cfg.players]:
            out.append(("parcels_per_seat", "each contract needs at least one parcel"))
    return out


def negatives(cfg: Any, defaults: Any) -> list[tuple[str, str]]:
    """Every number the rulebook gives as zero or more (a cost, a penalty, a count) must stay so:
    a negative penalty pays the player, a negative cost turns the rule around."""
    out = []

    def bad(value: Any, default: Any) -> bool:
        if isinstance(value, bool) or isinstance(default, bool):
            return False
        if isinstance(value, (int, float)) and isinstance(default, (int, float)):
            return value < 0 <= default
        if isinstance(value, dict) and isinstance(default, dict) and default:
            sample = next(iter(default.values()))
            return any(bad(v, default.get(k, sample)) for k, v in value.items())
        if isinstance(value, (list, tuple)) and isinstance(default, (list, tuple)) and default:
            return any(bad(v, default[0]) for v in value)
        return False

    for name in type(cfg).model_fields:
        if bad(getattr(cfg, name), getattr(defaults, name, None)):
            out.append((name, "cannot be negative (the rules count it from zero up: a negative penalty or cost "
                              "would turn the rule around)"))
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
    out = check(cfg) if check else []
    defaults = type(cfg)(players=cfg.players, map=cfg.map)
    return negatives(cfg, defaults) + out


def warnings(game_id: str, cfg: Any) -> list[tuple[str, str]]:
    """(setting, note) for settings the rules can play but that will likely spoil the study."""
    out = []
    if game_id == "out-for-delivery":
        expected = ofd_expected_parcels(cfg)
        if cfg.deliveries_to_end > expected:
            out.append(("deliveries_to_end", f"{cfg.deliveries_to_end} deliveries is more than the about "
                                             f"{expected:.0f} parcels an average game produces in {cfg.max_rounds} "
                                             "rounds: most games will stop at the round limit"))
    return out
