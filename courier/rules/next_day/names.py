"""How the log and labels speak of a seat: by the name typed at set-up, else "Player N"."""

from __future__ import annotations

from courier.rules.next_day.config import NextDayConfig

#: (names typed at set-up, players, seat) -> the name: every event text asks, so ask the game once
_KNOWN: dict[tuple[tuple[str, ...], int, int], str] = {}


def who(cfg: NextDayConfig, seat: int) -> str:
    """The name players know ``seat`` by, from ``GameRules.seat_name`` so every text agrees."""
    key = (cfg.names, cfg.players, seat)
    got = _KNOWN.get(key)
    if got is None:
        from courier.rules.next_day.game import GAME  # late: the game module imports the engine

        if len(_KNOWN) > 1000:
            _KNOWN.clear()
        got = _KNOWN[key] = GAME.seat_name(cfg, seat)
    return got
