"""Sprites from ``assets/sprites`` (made by ``python -m tools.make_sprites``), tinted and scaled, cached.

    from courier.ui import sprites
    van = sprites.tinted("van", seat.colour, 48)        # the van in a player's colour, 48 px
    box = sprites.scaled("parcel_box", 32)              # parcels have their own shape and colour
    die = sprites.scaled("die_4", 40)
    icon = sprites.recoloured("icon_save", (255, 255, 255), 20)
    bike = sprites.rotated("bike", heading, 40, seat.colour)

Names: ``van``, ``bike``, ``meeple``, ``token`` (tintable: each has ``_paint`` and ``_trim``
layers), ``parcel_box``, ``parcel_round``, ``parcel_tube``, ``parcel_envelope``, ``parcel_crate``,
``parcel_bag`` (see :data:`PARCELS`), ``die_1`` .. ``die_6``, ``diversion``, ``roadworks``,
``checkpoint``, ``trap``, ``coin``, ``app_icon``, ``icon_save``, ``icon_undo``, ``icon_menu``,
``icon_rules``, ``icon_settings``.

A ``size`` is either an int (fit inside a square of that many pixels, keeping the aspect) or
``(w, h)``. Every function returns a shared cached surface: blit it, never draw on it.
"""

from __future__ import annotations

import functools

import pygame

from courier import resources

Colour = tuple[int, int, int]
Size = int | tuple[int, int]

#: parcel kinds in a fixed order: each differs in shape AND colour (colour-blind safe)
PARCELS = ("box", "round", "tube", "envelope", "crate", "bag")
#: sprites that come in paintable layers and take a player's colour
TINTABLE = ("van", "bike", "meeple", "token")


def path(name: str):
    return resources.asset("sprites", f"{name}.png")


def exists(name: str) -> bool:
    return path(name).is_file()


@functools.lru_cache(maxsize=256)
def image(name: str) -> pygame.Surface:
    """The sprite at its stored size. FileNotFoundError names the missing file."""
    p = path(name)
    if not p.is_file():
        raise FileNotFoundError(f"no sprite called {name!r} ({p.name} is missing from assets/sprites)")
    try:
        surf = pygame.image.load(str(p))
    except (pygame.error, OSError) as exc:  # a damaged file: say which one
        raise OSError(f"the picture {p.name} in assets/sprites cannot be read ({exc})") from None
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        surf = surf.convert_alpha()
    return surf


def _fit(src: tuple[int, int], size: Size) -> tuple[int, int]:
    if isinstance(size, tuple):
        return max(1, int(size[0])), max(1, int(size[1]))
    w, h = src
    k = size / max(w, h)
    return max(1, round(w * k)), max(1, round(h * k))


def _scale(surf: pygame.Surface, size: Size | None) -> pygame.Surface:
    if size is None:
        return surf
    target = _fit(surf.get_size(), size)
    if target == surf.get_size():
        return surf
    return pygame.transform.smoothscale(surf, target)


@functools.lru_cache(maxsize=1024)
def scaled(name: str, size: Size) -> pygame.Surface:
    """The sprite scaled smoothly to ``size`` (cached)."""
    return _scale(image(name), size)


@functools.lru_cache(maxsize=1024)
def tinted(name: str, colour: Colour, size: Size | None = None) -> pygame.Surface:
    """The sprite in a player's ``colour``.

    Tintable sprites (:data:`TINTABLE`) paint their body layer and keep the trim (windows, wheels,
    outline) as drawn; any other sprite is multiplied by the colour.
    """
    colour = (int(colour[0]), int(colour[1]), int(colour[2]))
    if exists(f"{name}_paint"):
        paint = image(f"{name}_paint").copy()
        paint.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
        paint.blit(image(f"{name}_trim"), (0, 0))
        out = paint
    else:
        out = image(name).copy()
        out.fill((*colour, 255), special_flags=pygame.BLEND_RGBA_MULT)
    return _scale(out, size)


@functools.lru_cache(maxsize=512)
def recoloured(name: str, colour: Colour, size: Size | None = None) -> pygame.Surface:
    """The sprite's shape filled with one ``colour`` (alpha kept): for the white button icons."""
    out = image(name).copy()
    out.fill((255, 255, 255, 0), special_flags=pygame.BLEND_RGBA_MAX)  # shape in white, alpha kept
    out.fill((*tuple(int(c) for c in colour[:3]), 255), special_flags=pygame.BLEND_RGBA_MULT)
    return _scale(out, size)


@functools.lru_cache(maxsize=2048)
def _rotated(name: str, angle: int, size: Size, colour: Colour | None) -> pygame.Surface:
    base = tinted(name, colour, size) if colour is not None else scaled(name, size)
    return pygame.transform.rotozoom(base, angle, 1.0) if angle else base


def rotated(name: str, angle: float, size: Size, colour: Colour | None = None) -> pygame.Surface:
    """The sprite turned by ``angle`` degrees counter-clockwise (rounded to 5 degrees for the
    cache), optionally tinted. Vehicle sprites face right (angle 0 = heading east); pass
    :attr:`courier.ui.tween.PathTween.heading` directly. Vehicles heading left are mirrored
    rather than drawn upside down."""
    a = int(round(angle / 5.0) * 5) % 360
    if 90 < a < 270 and name in ("van", "bike"):
        return _mirrored(name, (a - 180) % 360, size, colour)
    return _rotated(name, a, size, tuple(colour[:3]) if colour else None)


@functools.lru_cache(maxsize=1024)
def _mirrored(name: str, angle: int, size: Size, colour: Colour | None) -> pygame.Surface:
    base = tinted(name, colour, size) if colour is not None else scaled(name, size)
    flipped = pygame.transform.flip(base, True, False)
    return pygame.transform.rotozoom(flipped, angle, 1.0) if angle else flipped


def parcel_name(index: int) -> str:
    """Sprite name of the ``index``-th parcel kind (wraps around), for games that number them."""
    return f"parcel_{PARCELS[index % len(PARCELS)]}"


def die(value: int, size: Size) -> pygame.Surface:
    """The die face showing ``value`` (1..6)."""
    return scaled(f"die_{max(1, min(6, int(value)))}", size)


def clear_cache() -> None:
    """Forget every cached surface (after the display mode changes, or in tests)."""
    for fn in (image, scaled, tinted, recoloured, _rotated, _mirrored):
        fn.cache_clear()
