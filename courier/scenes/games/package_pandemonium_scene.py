"""Everything drawn on Package Pandemonium's board area for one frame: the city, highlights,
bases, route cubes, packages, vans, the planned route, pops, the priority hand and the reveal."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame

from courier.rules.package_pandemonium import actions as A
from courier.rules.package_pandemonium.board import DIRS, step_cell
from courier.rules.package_pandemonium.state import AUTO, BOMB, ROGUE_PLAYER
from courier.scenes.games import package_pandemonium_draw as pd
from courier.ui import draw, theme

if TYPE_CHECKING:
    from courier.scenes.games.package_pandemonium import PandemoniumView


def draw_scene(pv: "PandemoniumView", surface: pygame.Surface) -> None:
    v = pv.view
    if v is None:
        return
    g = pv.geo
    board = v.eng.board
    colours = pv.colours()
    pv.city.draw(surface, pv.board_rect, board, v)  # paper and the static city, painted once per size
    _highlights(pv, surface)
    # bases
    pd.draw_base(surface, g, board.rogue_base, pd.ROGUE, "R", rogue=True)
    for vi, van in enumerate(v.vans):
        if van.base >= 0 and van.base != board.rogue_base:
            pd.draw_base(surface, g, van.base, pd.van_colour(v, vi, colours), str(van.seat + 1) if van.seat >= 0 else "AI")
    # route cubes, oldest faint, joined by a line in the van's colour
    t = g.tile
    for vi, van in enumerate(v.vans):
        col = pd.van_colour(v, vi, colours)
        if len(van.cubes) > 1:
            pts = [_cube_spot(g, c, vi, 0) for c in van.cubes]
            pygame.draw.lines(surface, draw.darken(col, 0.2), False, pts, max(2, t // 40))
        seen: dict[int, int] = {}
        for i, c in enumerate(van.cubes):
            n = seen.get(c, 0)
            seen[c] = n + 1
            reuse = van.role != AUTO and len(van.cubes) >= 6 and i < 3
            pd.draw_cube(surface, _cube_spot(g, c, vi, n), max(8, t * 0.11), col,
                         ghost=reuse, mark=None)
    # packages lying on tiles
    for cell, tile in enumerate(v.tiles):
        if not tile:
            continue
        block = g.block_rect(cell)
        size = max(9, t * 0.135)
        for i, k in enumerate(sorted(tile, key=lambda k: "BHL".index(k))):
            row, col = divmod(i, 4)
            x = block.right - size * 0.8 - col * (size + 3)
            y = block.y + t * 0.3 + row * (size + 4)
            pd.draw_package(surface, (x, y), size, k)
    # vans (smaller and fanned out when several share a tile)
    crowd: dict[int, list[int]] = {}
    for vi, van in enumerate(v.vans):
        if van.pos >= 0:
            crowd.setdefault(van.pos, []).append(vi)
    fans = {1: [(0.06, 0.1)], 2: [(-0.18, 0.16), (0.18, 0.16)], 3: [(-0.19, 0.22), (0.19, 0.22), (0.0, 0.0)]}
    for cell_, group in crowd.items():
        spots = fans.get(len(group), fans[3])
        scale = 0.3 if len(group) == 1 else 0.25
        for n, vi in enumerate(group):
            van = v.vans[vi]
            pos = pv._van_pos(vi)
            if pos is None:
                cx, cy = g.centre(cell_)
                dx, dy = spots[min(n, len(spots) - 1)]
                pos = (cx + dx * t, cy + dy * t)
            acting = v.phase == "route" and v.order and v.order[v.order_index] == vi
            rogue = van.role in (AUTO, ROGUE_PLAYER)
            pd.draw_van(surface, pos, t * scale, pd.van_colour(v, vi, colours), pd.van_shape(v, vi), rogue, bool(acting))
            if BOMB in van.cargo:
                pd.draw_package(surface, (pos[0] + t * 0.2, pos[1] - t * 0.14), t * 0.1, BOMB, van.bomb_timer)
    _plan(pv, surface)
    _pops(pv, surface)
    if v.phase == "priority" and pv.seat is not None and pv.legal:
        _hand(pv, surface)
    else:
        pv.hand_rects = []
    if pv.anims and pv.anims[0].kind == "reveal":
        _reveal(pv, surface, pv.anims[0].data["cards"])
    if pv.anims and pv.anims[0].kind == "flash":
        a = pv.anims[0]
        layer = pygame.Surface(g.cell_rect(a.data["cell"]).size, pygame.SRCALPHA)
        alpha = int(150 * (1 - a.t / max(a.dur, 1e-6)))
        layer.fill((220, 40, 40, max(0, alpha)) if a.data["kind"] == "stolen" else (255, 150, 30, max(0, alpha)))
        surface.blit(layer, g.cell_rect(a.data["cell"]))
    if v.phase == "over":
        _banner(pv, surface)


def _cube_spot(g: pd.Geometry, cell: int, vi: int, n: int) -> tuple[float, float]:
    block = g.block_rect(cell)
    return (block.x + g.tile * (0.13 + 0.15 * vi) + n * 4, block.bottom - g.tile * 0.2 - n * 4)


def _highlights(pv: "PandemoniumView", surface: pygame.Surface) -> None:
    v = pv.view
    assert v is not None
    g = pv.geo
    cells: list[int] = [a.cell for a in pv.legal if isinstance(a, A.PlaceBase)]
    mode = pv._planner()
    if mode:
        ends = pv._plan_cells(pv.plan)
        end = ends[-1] if ends else pv._start_cell()
        for d in DIRS:
            nxt = step_cell(end, d)
            if nxt is not None and v.eng.board.blocked_reason(end, d) is None and pv._plan_problem(pv.plan + [d]) is None:
                cells.append(nxt)
    pulse = (pygame.time.get_ticks() // 120) % 8
    for c in cells:
        r = g.block_rect(c).inflate(6, 6)
        pygame.draw.rect(surface, theme.HIGHLIGHT, r, 4 + (pulse > 3), border_radius=10)


def _plan(pv: "PandemoniumView", surface: pygame.Surface) -> None:
    if not pv.plan or pv.view is None:
        return
    g = pv.geo
    v = pv.view
    mode = pv._planner()
    vi = v.mover if mode == "rogue" else v.order[v.order_index]
    col = pd.van_colour(v, vi, pv.colours())
    cells = pv._plan_cells(pv.plan)
    lift = g.tile * 0.1
    pts = [(x, y - lift) for x, y in [g.centre(pv._start_cell())] + [g.centre(c) for c in cells]]
    for a, b in zip(pts, pts[1:]):
        draw.dashed_line(surface, theme.INK, a, b, 4, 10, 6)
        draw.dashed_line(surface, col, a, b, 2, 10, 6)
    van = v.vans[vi]
    cubes = set(van.cubes)
    for i, c in enumerate(cells):
        x, y = g.centre(c)
        x += cells[:i].count(c) * g.tile * 0.2  # a tile visited twice shows both cubes
        y -= g.tile * 0.1
        pd.draw_cube(surface, (x, y), max(16, g.tile * 0.18), col, ghost=True, mark=str(i + 1))
        if mode == "route" and c in cubes:
            tag = draw.render_text("-1 charge", max(10, g.tile // 10), theme.BAD, bold=True)
            r = tag.get_rect(center=(x, y + g.tile * 0.2))
            draw.rounded_rect(surface, r.inflate(8, 2), (255, 255, 255, 230), 5)
            surface.blit(tag, r)
        cubes.add(c)


def _pops(pv: "PandemoniumView", surface: pygame.Surface) -> None:
    g = pv.geo
    for p in pv.pops:
        if p.t < 0:
            continue
        frac = p.t / p.dur
        rise = 0 if pv.ctx.reduced_motion else g.tile * 0.3 * frac
        x, y = g.centre(p.cell)
        img = draw.render_text(p.text, max(13, g.tile // 7), p.colour, bold=True)
        rect = img.get_rect(center=(x, y - g.tile * 0.1 - rise))
        bg = rect.inflate(10, 4)
        draw.rounded_rect(surface, bg, (255, 255, 255, 220), 6)
        img.set_alpha(int(255 * min(1.0, 2.5 * (1 - frac))))
        surface.blit(img, rect)


def _card(surface: pygame.Surface, rect: pygame.Rect, value: int | None, hover: bool = False,
          special: str = "", colour: tuple[int, int, int] = (60, 70, 110)) -> None:
    draw.shadow(surface, rect, radius=8, offset=(0, 3), blur=5, alpha=70)
    if value is None:
        draw.rounded_rect(surface, rect, colour, 8)
        draw.rounded_rect(surface, rect.inflate(-8, -8), draw.lighten(colour, 0.2), 6, width=2)
        draw.text(surface, "?", rect.center, rect.height // 3, (255, 255, 255), bold=True, anchor="center")
        return
    draw.rounded_rect(surface, rect, theme.HIGHLIGHT if hover else (255, 253, 246), 8)
    draw.rounded_rect(surface, rect, colour, 8, width=3)
    draw.text(surface, str(value), (rect.centerx, rect.y + rect.height * (0.4 if special else 0.5)), rect.height // 3, colour,
              bold=True, serif=True, anchor="center")
    if special:
        draw.text(surface, special, (rect.centerx, rect.bottom - 5), max(10, rect.height // 7), theme.ACCENT_DARK,
                  bold=True, anchor="midbottom")


def _hand(pv: "PandemoniumView", surface: pygame.Surface) -> None:
    v = pv.view
    assert v is not None and pv.seat is not None
    cfg = v.eng.cfg
    acts = [a for a in pv.legal if isinstance(a, A.PlayPriority)]
    br = pv.board_rect
    n = max(1, len(acts))
    cw = min(50, (br.width - 40) // n - 6)
    ch = int(cw * 1.3)
    tray = pygame.Rect(0, 0, n * (cw + 6) + 30, ch + 40)
    tray.midbottom = (br.centerx, br.bottom - 8)
    draw.panel(surface, tray, (36, 40, 52), border=None)
    draw.text(surface, f"{v.vans[pv.seat].name}: your priority hand (secret)", (tray.x + 14, tray.y + 6), 14,
              (240, 236, 226), bold=True)
    pv.hand_rects = []
    x = tray.x + 15
    for a in acts:
        rect = pygame.Rect(x, tray.y + 30, cw, ch)
        hover = pv.mouse is not None and rect.collidepoint(pv.mouse)
        if hover:
            rect = rect.move(0, -8)
        special = "+1 batt" if a.card in cfg.battery_cards else ("4 steps" if a.card in cfg.long_route_cards else "")
        _card(surface, rect, a.card, hover, special)
        pv.hand_rects.append((rect, a))
        x += cw + 6


def _reveal(pv: "PandemoniumView", surface: pygame.Surface, cards: dict) -> None:
    v = pv.view
    assert v is not None
    br = pv.board_rect
    surface.blit(_shade(br.size), br)
    n = len(cards)
    cw, ch = 110, 154
    total = n * cw + (n - 1) * 40
    x = br.centerx - total // 2
    draw.text(surface, "Priority cards revealed", (br.centerx, br.centery - ch // 2 - 40), 26, (255, 255, 255),
              bold=True, serif=True, anchor="center")
    colours = pv.colours()
    low = min(c for s, c in cards.items() if v.vans[int(s)].role != ROGUE_PLAYER) if cards else 0
    for seat, card in sorted(cards.items(), key=lambda p: int(p[0])):
        seat = int(seat)
        rect = pygame.Rect(x, br.centery - ch // 2, cw, ch)
        col = pd.van_colour(v, seat, colours)
        _card(surface, rect, card, False, "", col)
        name = v.vans[seat].name + (" - lowest!" if card == low and v.players > 1 and v.vans[seat].role != ROGUE_PLAYER else "")
        draw.text(surface, name, (rect.centerx, rect.bottom + 18), 16, (255, 255, 255), bold=True, anchor="center")
        x += cw + 40


@functools.lru_cache(maxsize=2)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    """The dimming behind the revealed cards, made once per size rather than every frame."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((20, 18, 16, 140))
    return shade


def _banner(pv: "PandemoniumView", surface: pygame.Surface) -> None:
    v = pv.view
    assert v is not None
    g = pv.geo
    rect = pygame.Rect(0, 0, min(520, g.grid.width - 40), 90)
    rect.center = g.grid.center
    draw.panel(surface, rect)
    game = pv.ctx.game
    winners = game.winners(v)
    if v.players == 1:
        head = "You beat the Rogues!" if winners else "The Rogues out-hauled you."
    else:
        head = " and ".join(v.vans[w].name for w in winners) + (" win!" if len(winners) > 1 else " wins!")
    draw.text(surface, head, (rect.centerx, rect.y + 30), 24, theme.INK, bold=True, serif=True, anchor="center")
    scores = ", ".join(f"{v.vans[i].name} {int(s)}" for i, s in enumerate(game.scores(v)))
    draw.text(surface, scores, (rect.centerx, rect.y + 64), 15, theme.INK_SOFT, anchor="center", max_width=rect.width - 20)
