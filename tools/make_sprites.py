"""Draw Courier's sprites with pygame and write them as PNGs into assets/sprites/.

    python -m tools.make_sprites

Each sprite is drawn at four times its final size and smooth-scaled down, which gives clean
antialiased edges from pygame's plain drawing calls. Vehicles, the meeple and the token are
written as a ``_paint`` layer (greyscale body, multiplied by a player's colour at run time), a
``_trim`` layer (windows, wheels, outline) and a preview ``<name>.png``. Parcels differ in shape
AND colour so colour-blind players can tell them apart. Button icons are white on transparent so
the app can tint them.
"""

from __future__ import annotations

import math
import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tools.sprite_canvas import (  # noqa: E402
    GLASS, GLASS_DARK, HUB, K, OUT, OUTLINE, ROOT, TYRE, Canvas, cut, save, save_layers, shadow_blob,
)

# -- vehicles (side view, facing right; 128 x 80) -----------------------------------------------

def van() -> None:
    paint, trim = Canvas(128, 80), Canvas(128, 80)
    shadow_blob(trim, 64, 72, 116, 10)
    body = [(8, 20), (80, 20), (84, 20), (100, 26), (112, 42), (118, 46), (120, 62), (8, 62)]
    trim.poly(OUTLINE, [(x + (-2 if x < 60 else 2), y + (-2 if y < 40 else 2)) for x, y in body])
    paint.poly((255, 255, 255), body)
    paint.rect((222, 222, 222), 8, 50, 112, 12)            # lower shade
    paint.rect((255, 255, 255), 10, 22, 68, 4)              # roof highlight
    cut(trim, paint)
    trim.rect((255, 255, 255, 70), 12, 23, 64, 3, radius=1)
    # cargo door line and handle, cab door
    trim.line((0, 0, 0, 90), (80, 24), (80, 60), 1.2)
    trim.line((0, 0, 0, 90), (46, 24), (46, 60), 1)
    trim.rect((0, 0, 0, 120), 84, 40, 7, 2, radius=1)
    # windows
    trim.poly(GLASS, [(84, 25), (98, 29), (108, 42), (84, 42)])
    trim.poly(GLASS_DARK, [(84, 34), (104, 36), (108, 42), (84, 42)])
    trim.line((255, 255, 255, 160), (88, 28), (92, 38), 1.5)
    # parcel logo on the cargo side
    trim.rect((255, 255, 255, 190), 20, 30, 18, 14, radius=2)
    trim.line((200, 150, 90), (29, 30), (29, 44), 2)
    # lights and bumper
    trim.rect((255, 214, 90), 114, 48, 5, 5, radius=2)
    trim.rect((200, 50, 40), 7, 46, 3, 7, radius=1)
    trim.rect((70, 66, 64), 100, 60, 21, 5, radius=2)
    trim.rect((70, 66, 64), 6, 60, 12, 5, radius=2)
    for x in (30, 96):
        trim.circle(TYRE, x, 62, 11)
        trim.circle(HUB, x, 62, 5)
        trim.circle((120, 120, 128), x, 62, 2)
    save_layers("van", paint, trim)


def bike() -> None:
    paint, trim = Canvas(128, 80), Canvas(128, 80)
    shadow_blob(trim, 64, 72, 108, 9)
    # wheels
    for x in (28, 98):
        trim.circle(TYRE, x, 58, 15)
        trim.circle(HUB, x, 58, 8)
        trim.circle(TYRE, x, 58, 4)
    # frame and forks
    trim.lines(OUTLINE, [(28, 58), (52, 46), (80, 46), (98, 58)], 3.5)
    trim.line(OUTLINE, (98, 58), (88, 26), 3.5)
    trim.line(OUTLINE, (84, 24), (94, 22), 3)          # handlebar
    # top box (painted) over the rear wheel
    box = [(10, 14), (42, 14), (44, 42), (8, 42)]
    trim.poly(OUTLINE, [(7, 12), (45, 12), (47, 44), (5, 44)])
    paint.poly((255, 255, 255), box)
    paint.rect((220, 220, 220), 9, 34, 35, 8)
    # tank and fairing (painted)
    tank = [(50, 40), (58, 30), (80, 30), (92, 36), (96, 46), (80, 50), (52, 50)]
    trim.poly(OUTLINE, [(48, 41), (57, 28), (81, 28), (94, 35), (99, 47), (80, 52), (50, 52)])
    paint.poly((255, 255, 255), tank)
    paint.poly((225, 225, 225), [(52, 46), (96, 44), (80, 50), (52, 50)])
    cut(trim, paint)
    # seat and exhaust
    trim.rect((255, 255, 255, 200), 18, 21, 16, 8, radius=2)
    trim.rect((30, 28, 28), 42, 38, 18, 6, radius=3)
    trim.rect((150, 150, 156), 34, 52, 24, 4, radius=2)
    trim.rect((255, 214, 90), 100, 30, 6, 6, radius=3)      # headlight
    trim.poly(GLASS, [(88, 22), (96, 14), (100, 16), (94, 27)])  # windscreen
    save_layers("bike", paint, trim)


# -- meeple and token (128) ---------------------------------------------------------------------

def meeple() -> None:
    paint, trim = Canvas(128), Canvas(128)
    shadow_blob(trim, 64, 118, 90, 12)
    shape = [(64, 8), (80, 14), (84, 30), (78, 44), (112, 54), (118, 66), (108, 74), (86, 72),
             (96, 112), (72, 112), (64, 96), (56, 112), (32, 112), (42, 72), (20, 74), (10, 66),
             (16, 54), (50, 44), (44, 30), (48, 14)]
    trim.poly(OUTLINE, shape)
    inner = [(x + (64 - x) * 0.06, y + (64 - y) * 0.05) for x, y in shape]
    paint.poly((255, 255, 255), inner)
    paint.poly((222, 222, 222), [(p[0], p[1]) for p in inner if p[1] > 70] + [(64, 90)])
    cut(trim, paint)
    trim.circle((255, 255, 255, 90), 58, 22, 6)
    save_layers("meeple", paint, trim)


def token() -> None:
    paint, trim = Canvas(128), Canvas(128)
    shadow_blob(trim, 64, 114, 100, 14)
    trim.circle(OUTLINE, 64, 62, 54)
    paint.circle((225, 225, 225), 64, 62, 51)
    paint.circle((255, 255, 255), 64, 58, 47)
    cut(trim, paint)
    trim.circle((0, 0, 0, 60), 64, 58, 34, width=3)
    # a star in the middle
    pts = []
    for i in range(10):
        r = 22 if i % 2 == 0 else 9
        a = math.radians(90 + i * 36)
        pts.append((64 + r * math.cos(a), 58 - r * math.sin(a)))
    trim.poly((255, 255, 255, 200), pts)
    trim.poly((0, 0, 0, 70), pts, width=1.2)
    save_layers("token", paint, trim)


# -- parcels (96): shape AND colour differ --------------------------------------------------------

def parcel_box() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 86, 76, 10)
    top, left, right = (222, 176, 120), (196, 142, 86), (168, 116, 66)
    c.poly(OUTLINE, [(48, 8), (90, 26), (90, 70), (48, 90), (6, 70), (6, 26)])
    c.poly(top, [(48, 11), (86, 27), (48, 43), (10, 27)])
    c.poly(left, [(10, 30), (46, 46), (46, 86), (10, 68)])
    c.poly(right, [(50, 46), (86, 30), (86, 68), (50, 86)])
    c.poly((240, 226, 190), [(29, 19), (37, 16), (74, 32), (66, 36)])     # tape
    c.poly((228, 212, 172), [(66, 36), (74, 32), (74, 50), (66, 54)])
    return save("parcel_box", c)


def parcel_round() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 86, 80, 12)
    red, red_d, red_l = (213, 94, 0), (170, 70, 0), (240, 130, 50)
    c.ellipse(OUTLINE, 8, 58, 80, 30)
    c.rect(OUTLINE, 8, 28, 80, 46)
    c.ellipse(OUTLINE, 8, 14, 80, 30)
    c.ellipse(red_d, 11, 59, 74, 26)
    c.rect(red_d, 11, 30, 74, 44)
    c.rect(red, 11, 30, 40, 44)
    c.ellipse(red_l, 5, 10, 86, 32)                                         # lid
    c.ellipse(OUTLINE, 5, 10, 86, 32, width=2.5)
    c.ellipse((255, 190, 120), 16, 15, 64, 20)
    c.rect((250, 240, 210), 44, 38, 8, 44)                                   # ribbon
    c.ellipse((250, 240, 210), 36, 14, 24, 12)
    return save("parcel_round", c)


def parcel_tube() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 84, 86, 10)
    blue, blue_d, blue_l = (0, 114, 178), (0, 84, 140), (70, 160, 215)
    # diagonal tube: body polygon between two end ellipses
    c.poly(OUTLINE, [(14, 52), (64, 12), (86, 36), (34, 78)])
    c.circle(OUTLINE, 24, 65, 17)
    c.poly(blue, [(17, 54), (65, 16), (82, 36), (34, 74)])
    c.poly(blue_l, [(22, 50), (64, 17), (70, 23), (27, 57)])
    c.poly(blue_d, [(30, 70), (78, 32), (82, 37), (34, 74)])
    c.circle(OUTLINE, 75, 24, 17)
    c.circle((200, 200, 206), 75, 24, 14)                                   # end cap
    c.circle((150, 150, 160), 75, 24, 8)
    c.circle((200, 200, 206), 24, 65, 14)
    c.line((255, 255, 255), (42, 48), (58, 35), 4)                          # label
    return save("parcel_tube", c)


def parcel_envelope() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 82, 84, 10)
    paper, paper_d = (246, 240, 222), (222, 212, 186)
    c.rect(OUTLINE, 4, 20, 88, 58, radius=5)
    c.rect(paper, 7, 23, 82, 52, radius=3)
    c.poly(paper_d, [(7, 75), (48, 46), (89, 75)])
    c.lines(OUTLINE, [(7, 24), (48, 54), (89, 24)], 2.5)
    c.lines((180, 170, 150), [(7, 75), (40, 50)], 1.5)
    c.lines((180, 170, 150), [(89, 75), (56, 50)], 1.5)
    c.circle((190, 40, 40), 48, 54, 9)                                      # wax seal
    c.circle((150, 20, 20), 48, 54, 9, width=1.5)
    c.rect((0, 114, 178), 70, 28, 12, 10, radius=1)                         # stamp
    return save("parcel_envelope", c)


def parcel_crate() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 86, 86, 10)
    green, green_d, green_l = (0, 158, 115), (0, 112, 82), (80, 196, 160)
    c.rect(OUTLINE, 6, 16, 84, 68, radius=4)
    c.rect(green, 9, 19, 78, 62, radius=2)
    for y in (19, 40, 61):
        c.rect(green_l, 9, y, 78, 5)
        c.line(green_d, (9, y + 20), (87, y + 20), 1.5)
    c.rect(green_d, 9, 19, 8, 62)
    c.rect(green_d, 79, 19, 8, 62)
    c.line(green_d, (17, 22), (79, 78), 5)
    c.line(OUTLINE, (17, 22), (79, 78), 1)
    for x, y in ((13, 23), (83, 23), (13, 77), (83, 77)):
        c.circle((60, 60, 60), x, y, 1.8)
    return save("parcel_crate", c)


def parcel_bag() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 88, 76, 10)
    pink, pink_d, pink_l = (204, 121, 167), (160, 84, 128), (230, 160, 200)
    sack = [(36, 26), (60, 26), (78, 46), (84, 70), (76, 86), (20, 86), (12, 70), (18, 46)]
    c.poly(OUTLINE, [(x + (-2.5 if x < 48 else 2.5), y + (2 if y > 50 else -1)) for x, y in sack])
    c.poly(pink, sack)
    c.poly(pink_d, [(60, 26), (78, 46), (84, 70), (76, 86), (56, 86), (64, 52)])
    c.poly(pink_l, [(30, 44), (38, 34), (34, 64), (24, 70)])
    c.poly(OUTLINE, [(34, 6), (48, 20), (62, 6), (62, 24), (34, 24)])       # tied top
    c.poly(pink, [(37, 10), (48, 21), (59, 10), (59, 22), (37, 22)])
    c.rect((250, 214, 90), 32, 22, 32, 7, radius=3)                          # cord
    c.rect(OUTLINE, 32, 22, 32, 7, radius=3, width=1.5)
    return save("parcel_bag", c)


# -- dice (96) -------------------------------------------------------------------------------------

PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def dice() -> None:
    for v, pips in PIPS.items():
        c = Canvas(96)
        c.rect((0, 0, 0, 60), 8, 12, 84, 84, radius=18)
        c.rect(OUTLINE, 4, 4, 86, 86, radius=18)
        c.rect((236, 230, 218), 7, 7, 80, 80, radius=16)
        c.rect((252, 250, 244), 7, 7, 76, 74, radius=15)
        for dx, dy in pips:
            c.circle((30, 28, 26) if v != 1 else (196, 52, 40), 47 + dx * 22, 46 + dy * 22, 8 if v != 1 else 11)
        save(f"die_{v}", c)


# -- blockages, trap, coin (96) ---------------------------------------------------------------------

def diversion() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 90, 60, 8)
    c.rect((90, 90, 96), 45, 50, 6, 40)                                     # post
    c.rect(OUTLINE, 6, 8, 84, 52, radius=6)
    c.rect((255, 204, 0), 9, 11, 78, 46, radius=4)
    c.rect(OUTLINE, 13, 15, 70, 38, radius=3, width=2)
    c.lines(OUTLINE, [(24, 46), (24, 30), (62, 30)], 6)                      # bent arrow
    c.poly(OUTLINE, [(60, 20), (76, 30), (60, 40)])
    c.rect((200, 40, 40), 20, 76, 56, 8, radius=2)                           # barrier
    for x in range(24, 76, 12):
        c.poly((255, 255, 255), [(x, 76), (x + 6, 76), (x + 2, 84), (x - 4, 84)])
    save("diversion", c)


def roadworks() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 88, 80, 10)
    orange, orange_d = (240, 120, 20), (196, 88, 10)
    c.rect(OUTLINE, 12, 76, 72, 12, radius=3)
    c.rect((60, 56, 54), 14, 78, 68, 8, radius=2)
    c.poly(OUTLINE, [(42, 6), (54, 6), (74, 80), (22, 80)])
    c.poly(orange, [(44, 9), (52, 9), (71, 78), (25, 78)])
    c.poly(orange_d, [(52, 9), (71, 78), (56, 78)])
    c.poly((250, 250, 250), [(38, 30), (58, 30), (62, 44), (34, 44)])
    c.poly((250, 250, 250), [(31, 56), (65, 56), (68, 66), (28, 66)])
    save("roadworks", c)


def checkpoint() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 88, 84, 10)
    blue, blue_l = (30, 70, 160), (90, 140, 230)
    c.rect(OUTLINE, 6, 58, 16, 30, radius=3)                                 # post
    c.rect((90, 96, 110), 9, 61, 10, 25, radius=2)
    c.rect(OUTLINE, 14, 62, 78, 12, radius=4)                                # barrier arm
    c.rect((250, 250, 250), 16, 64, 74, 8, radius=3)
    for x in range(24, 88, 16):
        c.rect((200, 40, 40), x, 64, 8, 8)
    c.circle(OUTLINE, 48, 30, 26)                                            # round sign
    c.circle(blue, 48, 30, 23)
    c.circle(blue_l, 44, 25, 12)
    c.circle(blue, 48, 30, 15)
    shield = [(48, 14), (62, 19), (60, 34), (48, 44), (36, 34), (34, 19)]
    c.poly((250, 250, 250), shield)
    c.poly(blue, [(48, 20), (55, 23), (54, 32), (48, 37), (42, 32), (41, 23)])
    save("checkpoint", c)


def trap() -> None:
    c = Canvas(96)
    shadow_blob(c, 48, 80, 86, 14)
    steel, steel_d = (170, 172, 180), (110, 112, 122)
    c.ellipse(OUTLINE, 4, 30, 88, 52)
    c.ellipse(steel_d, 8, 34, 80, 44)
    c.ellipse((60, 56, 54), 20, 42, 56, 28)
    teeth_top = []
    for i in range(7):
        x = 18 + i * 10
        teeth_top += [(x, 50), (x + 5, 36), (x + 10, 50)]
    c.poly(OUTLINE, teeth_top + [(88, 54), (8, 54)])
    c.poly(steel, [(x, y + 1.5) for x, y in teeth_top] + [(86, 52), (10, 52)])
    c.ellipse(OUTLINE, 36, 50, 24, 16)
    c.ellipse((220, 40, 40), 38, 52, 20, 12)                                 # trigger plate
    c.ellipse((255, 120, 100), 42, 53, 8, 4)
    save("trap", c)


def coin() -> None:
    c = Canvas(96)
    gold, gold_d, gold_l = (236, 184, 40), (184, 130, 20), (255, 226, 120)
    c.circle((0, 0, 0, 60), 50, 52, 42)
    c.circle(OUTLINE, 48, 48, 43)
    c.circle(gold_d, 48, 48, 40)
    c.circle(gold, 48, 46, 37)
    c.circle(gold_d, 48, 46, 29, width=2.5)
    c.circle(gold_l, 36, 34, 8)
    c.text("C", 36, gold_d, 49, 48)
    c.text("C", 36, (255, 240, 180), 48, 46)
    save("coin", c)


# -- button icons (64, white) ------------------------------------------------------------------------

W = (255, 255, 255)


def icons() -> None:
    c = Canvas(64)  # save: floppy disk
    c.rect(W, 8, 8, 48, 48, radius=6)
    c.poly(W, [(44, 8), (56, 20), (56, 30), (44, 20)])
    c.rect((0, 0, 0, 0), 18, 8, 24, 16)
    pygame.draw.rect(c.s, (0, 0, 0, 0), (18 * K, 12 * K, 24 * K, 12 * K))
    c.rect(W, 34, 13, 5, 8)
    pygame.draw.rect(c.s, (0, 0, 0, 0), (16 * K, 34 * K, 32 * K, 16 * K), border_radius=2 * K)
    c.rect(W, 20, 38, 24, 3)
    c.rect(W, 20, 44, 18, 3)
    save("icon_save", c)

    c = Canvas(64)  # undo: curved arrow
    c.arc(W, 34, 38, 18, 200, -20, 7)
    c.arc(W, 34, 38, 18, 90, 200, 7)
    c.poly(W, [(4, 24), (22, 10), (24, 34)])
    save("icon_undo", c)

    c = Canvas(64)  # menu: house
    c.poly(W, [(32, 6), (60, 30), (52, 30), (52, 56), (12, 56), (12, 30), (4, 30)])
    pygame.draw.rect(c.s, (0, 0, 0, 0), (26 * K, 38 * K, 12 * K, 18 * K), border_radius=2 * K)
    save("icon_menu", c)

    c = Canvas(64)  # rules: open book
    c.poly(W, [(4, 14), (28, 10), (31, 14), (31, 54), (28, 50), (4, 54)])
    c.poly(W, [(60, 14), (36, 10), (33, 14), (33, 54), (36, 50), (60, 54)])
    for y in (22, 30, 38):
        pygame.draw.line(c.s, (0, 0, 0, 0), (10 * K, y * K), (25 * K, (y - 1) * K), int(2.5 * K))
        pygame.draw.line(c.s, (0, 0, 0, 0), (39 * K, (y - 1) * K), (54 * K, y * K), int(2.5 * K))
    save("icon_rules", c)

    c = Canvas(64)  # settings: gear
    for i in range(8):
        a = math.radians(i * 45)
        ux, uy = math.cos(a), math.sin(a)  # outwards
        vx, vy = -uy, ux                   # along the rim
        pts = [(32 + ux * r + vx * t, 32 + uy * r + vy * t) for r, t in ((14, -6), (28, -4.5), (28, 4.5), (14, 6))]
        c.poly(W, pts)
    c.circle(W, 32, 32, 20)
    pygame.draw.circle(c.s, (0, 0, 0, 0), (32 * K, 32 * K), 8 * K)
    save("icon_settings", c)


# -- app icon (256) ----------------------------------------------------------------------------------

def app_icon() -> None:
    c = Canvas(256)
    c.rect((0, 0, 0, 70), 14, 20, 232, 232, radius=52)
    c.rect((150, 58, 28), 10, 10, 236, 236, radius=50)
    c.rect((196, 84, 44), 10, 10, 236, 226, radius=50)
    c.rect((214, 110, 64), 22, 20, 212, 100, radius=42)
    # road
    c.rect((60, 52, 48), 10, 176, 236, 40)
    for x in range(24, 240, 44):
        c.rect((250, 220, 120), x, 194, 24, 5, radius=2)
    # speed lines
    for y, x0 in ((84, 22), (110, 36), (136, 20)):
        c.line((255, 235, 210), (x0, y), (x0 + 36, y), 6)
    # the van, white and big
    van_img = pygame.image.load(str(OUT / "van_paint.png"))
    trim = pygame.image.load(str(OUT / "van_trim.png"))
    body = van_img.copy()
    body.fill((250, 246, 236, 255), special_flags=pygame.BLEND_RGBA_MULT)
    body.blit(trim, (0, 0))
    big = pygame.transform.smoothscale(body, (190 * K, 119 * K))
    c.s.blit(big, (52 * K, 70 * K))
    # a parcel on the roof
    box = pygame.image.load(str(OUT / "parcel_box.png"))
    c.s.blit(pygame.transform.smoothscale(box, (60 * K, 60 * K)), (118 * K, 28 * K))
    save("app_icon", c)


def main() -> int:
    pygame.display.init()
    pygame.font.init()
    OUT.mkdir(parents=True, exist_ok=True)
    van(); bike(); meeple(); token()
    parcel_box(); parcel_round(); parcel_tube(); parcel_envelope(); parcel_crate(); parcel_bag()
    dice(); diversion(); roadworks(); checkpoint(); trap(); coin()
    icons(); app_icon()
    print(f"wrote {len(list(OUT.glob('*.png')))} sprites to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
