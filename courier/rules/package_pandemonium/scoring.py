"""Final scoring and the secret missions, all checked from the state."""

from __future__ import annotations

from courier.rules.package_pandemonium.config import PandemoniumConfig
from courier.rules.package_pandemonium.state import AUTO, HIGH, LOW, ROGUE_PLAYER, PState, Van


def mission_done(van: Van, mission: str, cfg: PandemoniumConfig) -> bool:
    checks = {
        "bank-3-high": lambda: van.banked_high >= 3,
        "bank-8-low": lambda: van.banked_low >= 8,
        "bank-20": lambda: van.banked_low * cfg.low_points + van.banked_high * cfg.high_points >= 20,
        "defuse": lambda: van.defused >= 1,
        "full-battery": lambda: van.battery >= van.battery_max,
        "untouched": lambda: van.lost == 0,
        "four-corners": lambda: van.corners == 0b1111,
        "regular": lambda: van.unload_rounds >= 5,
        "full-van": lambda: van.full_once,
        "bridges": lambda: van.bridges_crossed >= 3,
        "shield": lambda: van.protected >= 2,
        "no-plug": lambda: van.base_recharges == 0,
    }
    check = checks.get(mission)
    return bool(check and check())


def breakdown(van: Van, cfg: PandemoniumConfig) -> dict[str, int]:
    """Named parts of a van's score (packages in the van never count)."""
    if van.role == AUTO:
        low = sum(1 for k in van.cargo if k == LOW)
        high = sum(1 for k in van.cargo if k == HIGH)
        return {"low": low * cfg.low_points, "high": high * cfg.high_points}
    parts = {
        "low": van.banked_low * cfg.low_points,
        "high": van.banked_high * cfg.high_points,
        "bombs defused": van.defused * cfg.defuse_points,
        "missions": 0,
    }
    if van.role == ROGUE_PLAYER:
        parts["stolen x2"] = cfg.stolen_multiplier * (van.banked_stolen_low * cfg.low_points
                                                   + van.banked_stolen_high * cfg.high_points)
    else:
        parts["missions"] = sum(cfg.missions[m][1] for m in van.missions
                                if m in cfg.missions and mission_done(van, m, cfg))
    return parts


def score(van: Van, cfg: PandemoniumConfig) -> int:
    return sum(breakdown(van, cfg).values())


def rival_scores(s: PState, cfg: PandemoniumConfig) -> list[int]:
    """What the solo game's Rogue and rival driver have hauled."""
    return [score(v, cfg) for v in s.vans if v.role == AUTO]
