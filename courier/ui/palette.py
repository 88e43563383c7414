"""Every colour the screens draw, by role: a palette is data, swapped in one place.

A screen never writes an RGB value; it asks for a role (``"ink"``, ``"seat_2"``, Doorstep Dash's
``"roof_blue"``, Package Pandemonium's ``"route_cube"``...) and gets the colour of the palette that
is active *at draw time*. So a second palette (for colour blindness, say) is one ``Palette`` value
and one ``use`` call, and every game follows it on the next frame.

Roles are plain names. A game's own roles are kept under its package name
(``"doorstep_dash.grass"``); ``roles("doorstep_dash")`` gives the game an object that reads
``COLOUR.grass`` as that role and falls back to the shared roles (``COLOUR.on_piece``).

This module imports no pygame: a palette is only numbers and names.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import cast

from courier.ui.palette_default import DEFAULT_COLOURS, SEAT_NAMES

#: a colour as pygame takes it: (r, g, b) or (r, g, b, alpha)
Colour = tuple[int, int, int] | tuple[int, int, int, int]
#: what a role is read as. A few roles (shadows, veils, label backs) carry an alpha as a fourth
#: number; pygame takes either, so readers treat every role as a colour to draw with.
RGB = tuple[int, int, int]


@dataclass(frozen=True)
class Palette:
    """A name and a colour for every role. ``colours`` maps role -> (r, g, b[, a])."""

    name: str
    colours: Mapping[str, Colour]
    #: the words for the seat colours (seat 1 first), shown where a seat is named by colour
    seat_names: tuple[str, ...] = field(default=SEAT_NAMES)

    def __post_init__(self) -> None:
        object.__setattr__(self, "colours", MappingProxyType(dict(self.colours)))

    def __getitem__(self, role: str) -> Colour:
        return self.colours[role]

    def changed(self, name: str, **roles: Colour) -> Palette:
        """This palette with some roles given other colours (a game's role as
        ``doorstep_dash__grass``, the double underscore standing for the dot)."""
        colours = dict(self.colours)
        for role, colour in roles.items():
            key = role.replace("__", ".")
            if key not in colours:
                raise KeyError(f"no colour role {key!r}")
            colours[key] = colour
        return Palette(name, colours, self.seat_names)


DEFAULT = Palette("default", DEFAULT_COLOURS)

_active: Palette = DEFAULT
_version = 0
_on_change: list[Callable[[], None]] = []


def active() -> Palette:
    """The palette every screen draws with now."""
    return _active


def use(palette: Palette) -> None:
    """Make ``palette`` the one every screen draws with from the next frame on (caches of drawn
    pictures registered with ``on_change`` are dropped)."""
    global _active, _version
    missing = set(DEFAULT.colours) - set(palette.colours)
    if missing:
        raise ValueError(f"palette {palette.name!r} has no colour for {', '.join(sorted(missing))}")
    _active = palette
    _version += 1
    for fn in list(_on_change):
        fn()


def version() -> int:
    """A number that changes whenever another palette is made active: a cache of painted pictures
    keeps it in its key, so a map painted in the old colours is never shown in the new."""
    return _version


def on_change(fn: Callable[[], None]) -> None:
    """Call ``fn()`` whenever another palette is made active (caches of painted maps register here)."""
    _on_change.append(fn)


def colour(role: str) -> RGB:
    """The active palette's colour for ``role``."""
    return cast(RGB, _active.colours[role])


def seat_colour(seat: int) -> RGB:
    """The colour of seat ``seat`` (0-based), the same in every game."""
    return colour(f"seat_{seat % len(_active.seat_names) + 1}")


def seat_colours() -> list[tuple[str, RGB]]:
    """Every seat's (colour name, colour), seat 1 first."""
    return [(name, colour(f"seat_{i + 1}")) for i, name in enumerate(_active.seat_names)]


class Roles:
    """A game's roles, read from the active palette at the moment they are asked for:
    ``COLOUR = roles("next_day")``, then ``COLOUR.land`` or ``COLOUR("roof_" + name)``."""

    __slots__ = ("_prefix",)

    def __init__(self, game: str = "") -> None:
        self._prefix = f"{game}." if game else ""

    def __call__(self, role: str) -> RGB:
        colours = _active.colours
        own = self._prefix + role
        return cast(RGB, colours[own] if own in colours else colours[role])

    def get(self, role: str, default: RGB) -> RGB:
        try:
            return self(role)
        except KeyError:
            return default

    def __getattr__(self, role: str) -> RGB:
        if role.startswith("_"):
            raise AttributeError(role)
        try:
            return self(role)
        except KeyError:
            raise AttributeError(f"no colour role {self._prefix}{role}") from None


def roles(game: str = "") -> Roles:
    """The roles of ``game`` (its package name), falling back to the shared ones."""
    return Roles(game)
