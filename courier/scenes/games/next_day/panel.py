"""Next Day's side panel: every player's line, the chosen player's contracts and vehicles, the
action buttons; in the set-up the hand of town cards, the contracts being built and their buttons.

The layout is worked out once per change (``layout_play`` / ``layout_setup``) into plain rows
and buttons with rectangles, so drawing changes nothing and hit tests, tooltips and keyboard
targets all read the same rectangles. Every size is in design pixels through ``theme.px``; the
rows reflow into whatever panel the host gives (fewer rows shown, never drawn under a button).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

import pygame

from courier.rules.next_day import actions as A
from courier.scenes.games.next_day import text as words
from courier.ui import draw, palette, sprites, theme
from courier.ui.kit import Button, button_rows, draw_button, draw_seat
from courier.words import plural

COLOUR = palette.roles("next_day")  # this game's colours by role, read from the active palette


@dataclass
class Row:
    """One line of information in the panel (not a button)."""

    rect: pygame.Rect
    kind: str  # player, contract, vehicle, note, title
    ref: Any = None
    #: the whole text of the line (for tooltips and the focus caption)
    text: str = ""


@dataclass
class PanelLayout:
    rows: list[Row] = field(default_factory=list)
    buttons: list[Button] = field(default_factory=list)


def button_size(b: Button) -> int:
    """The type of a button's label: smaller on the short buttons of a row of many."""
    return 12 if b.rect.height < theme.px(24) else 13


# -- play ------------------------------------------------------------------------------------------
def layout_play(v: Any, actions: list[Button], bottom_row: list[Button], note: str | None) -> PanelLayout:
    """The players' lines from the top, the action buttons above the bottom row of buttons."""
    s = v.seen
    pr = v.panel_rect
    out = PanelLayout()
    row_h, gap = theme.px(28), theme.px(4)
    top = button_rows([bottom_row], pr.left, pr.width, pr.bottom, row_h, fill_last=True)
    line = theme.px(24)
    players_min = pr.top + len(s.players) * line + theme.px(8)
    shown = []
    y = top - theme.px(6)
    for b in actions:
        if y - row_h < players_min:
            break
        shown.append(b)
        y -= row_h + gap
    hidden = len(actions) - len(shown)
    area_bottom = button_rows([[b] for b in shown], pr.left, pr.width, top - theme.px(6), row_h, vgap=gap) - gap
    if hidden:
        r = pygame.Rect(pr.left, area_bottom - theme.px(18), pr.width, theme.px(18))
        out.rows.append(Row(r, "note", None, f"{plural(hidden, 'more choice')}: pick your van or bike to see only its own"))
        area_bottom = r.top
    if note:
        r = pygame.Rect(pr.left, area_bottom - theme.px(18), pr.width, theme.px(18))
        out.rows.append(Row(r, "note", None, note))
        area_bottom = r.top
    out.rows[:0] = players_rows(v, pygame.Rect(pr.left, pr.top, pr.width, area_bottom - pr.top - theme.px(4)))
    out.buttons = shown + bottom_row
    return out


def players_rows(v: Any, area: pygame.Rect) -> list[Row]:
    """Every player's line; under the chosen one, its open contracts and its vehicles, as many as
    fit (the rest summed up in one line whose tooltip lists them)."""
    s = v.seen
    rows: list[Row] = []
    focus = v.focus if v.focus is not None else (v.seat if v.seat is not None else s.current)
    line, sub = theme.px(24), theme.px(18)
    details: list[Row] = []
    if s.phase != "setup" and 0 <= focus < len(s.players):
        for c in s.contracts:
            if c.owner == focus and not c.done:
                details.append(Row(pygame.Rect(0, 0, 0, 0), "contract", c.id, words.contract_line(v, c)))
        if not s.open_contracts(focus):
            details.append(Row(pygame.Rect(0, 0, 0, 0), "note", None, "No contracts left"))
        for veh in s.players[focus].vehicles:
            details.append(Row(pygame.Rect(0, 0, 0, 0), "vehicle", (focus, veh.kind), words.vehicle_line(v, focus, veh)))
    avail = max(0, area.height - len(s.players) * (line * 2 - theme.px(6) if _narrow(v, area.width) else line))
    # a contract whose towns do not fit one line beside its figures takes two, never shortened
    inner = area.width - theme.px(8)
    tall = {id(d): sub * 2 - theme.px(4) for d in details
            if d.kind == "contract" and not _contract_fits(s.contracts[d.ref], s, inner)}
    if sum(tall.get(id(d), sub) for d in details) > avail:
        keep, used = 0, sub  # room for the line that sums up the rest
        while keep < len(details) and used + tall.get(id(details[keep]), sub) <= avail:
            used += tall.get(id(details[keep]), sub)
            keep += 1
        rest = details[keep:]
        details = details[:keep] + [Row(pygame.Rect(0, 0, 0, 0), "more", None,
                                        f"{len(rest)} more: " + "; ".join(r.text for r in rest))] if avail >= sub else []
    y = area.top
    h = line * 2 - theme.px(6) if _narrow(v, area.width) else line
    for i in range(len(s.players)):
        rows.append(Row(pygame.Rect(area.left, y, area.width, h - theme.px(2)), "player", i, words.player_line(v, i)))
        y += h
        if i == focus:
            for d in details:
                h_d = tall.get(id(d), sub)
                d.rect = pygame.Rect(area.left + theme.px(8), y, area.width - theme.px(8), h_d - theme.px(1))
                rows.append(d)
                y += h_d
            y += theme.px(4) if details else 0
    return rows


def _figures_width() -> int:
    """Width of a player's figures (credits, parcels, contracts left) on their line."""
    return (draw.font(13, True).size("999 cr")[0] + draw.font(12).size("99")[0] + draw.font(11).size("9 left")[0]
            + theme.px(13) + theme.px(36))


def _narrow(v: Any, width: int) -> bool:
    """Whether the players' names need a line of their own (the figures go under them)."""
    longest = max(draw.font(13, True).size(v.name(i) + "  ◂")[0] for i in range(len(v.seen.players)))
    return width - theme.px(24) - _figures_width() < min(longest, theme.px(110))


def play_buttons(v: Any, hooks: "Hooks") -> tuple[list[Button], list[Button]]:
    """The action buttons (collect, deliver, transfer, bid for) and the bottom row."""
    s, legal = v.seen, v.legal
    rows: list[Button] = []
    if v.blockage_mode:
        rows.append(Button(pygame.Rect(0, 0, 0, 0), "Cancel moving a blockage", hooks.cancel, style="plain",
                        tooltip="Keep the blockages where they are (Esc)"))
    else:
        for a in legal:
            label = words.action_label(v, a)
            if label and (v.selected is None or getattr(a, "vehicle", None) == v.selected):
                rows.append(Button(pygame.Rect(0, 0, 0, 0), label, a, style="good" if isinstance(a, A.Deliver) else "plain",
                                tooltip=words.ends_move_note(v, a)))
        seen: set[tuple[str, int]] = set()
        for a in legal:
            if isinstance(a, A.StartBid) and (a.vehicle, a.contract) not in seen:
                if v.selected is not None and a.vehicle != v.selected:
                    continue
                seen.add((a.vehicle, a.contract))
                c = s.contracts[a.contract]
                rows.append(Button(pygame.Rect(0, 0, 0, 0), f"{a.vehicle.capitalize()}: bid for {c.pickup} → {c.dropoff}",
                                hooks.open_offer(a.vehicle, a.contract), style="plain",
                                tooltip=". ".join(t for t in (f"Undercut its price of {c.price} to take it over",
                                                          words.ends_move_note(v, a)) if t)))
    can_move = any(isinstance(a, A.MoveBlockage) for a in legal)
    blk = Button(pygame.Rect(0, 0, 0, 0), "Blockage…", hooks.toggle_blockage, enabled=can_move,
              style="chosen" if v.blockage_mode else "plain", why_not="" if can_move else hooks.why_no_blockage(),
              tooltip="Move a blockage: pay to move a diversion (60), roadworks or checkpoint (30), then pick a road section")
    declare = next((a for a in legal if isinstance(a, A.Declare)), None)
    dec = Button(pygame.Rect(0, 0, 0, 0), "Declare end", declare, enabled=declare is not None,
              style="danger" if declare else "plain", why_not="" if declare else hooks.why(A.Declare(v.seat)),
              tooltip="End the game now: you have no contracts left and both vehicles are home")
    end = next((a for a in legal if isinstance(a, A.EndTurn)), None)
    fin = Button(pygame.Rect(0, 0, 0, 0), "End turn", end, enabled=end is not None, style="primary",
              why_not="" if end else hooks.why(A.EndTurn(v.seat)), tooltip="Pass play to the next player (E)")
    return rows, [blk, dec, fin]


@dataclass
class Hooks:
    """What the panel's buttons do to the view's own state, and the rules' reasons (callables
    from the view, so this module never needs the view's class)."""

    cancel: Callable[[], Any]
    toggle_blockage: Callable[[], Any]
    open_offer: Callable[[str, int], Callable[[], Any]]
    pick_card: Callable[[str], Callable[[], Any]]
    why: Callable[[Any], str]
    why_no_blockage: Callable[[], str]


# -- set-up ----------------------------------------------------------------------------------------
def layout_setup(v: Any, hooks: Hooks) -> PanelLayout:
    """The title, the hand as a flow of town cards, the contracts with their −/+/× buttons and the
    bottom row (Deal randomly, Clear, Done). In a short panel the cards already in contracts make
    way (the contracts list names them), then the contracts that do not fit are summed up."""
    lay, fits = _layout_setup(v, hooks, show_used=True)
    if fits:
        return lay
    return _layout_setup(v, hooks, show_used=False)[0]


def _layout_setup(v: Any, hooks: Hooks, show_used: bool) -> tuple[PanelLayout, bool]:
    s = v.seen
    pr = v.panel_rect
    out = PanelLayout()
    p = s.players[v.seat]
    nxt = (v.seat + 1) % len(s.players)
    n, total = v.cfg.contracts(), v.cfg.parcels()
    placed = sum(d.parcels for d in p.drafts)
    y = pr.top
    title = f"Contracts for {v.name(nxt)}"
    th = draw.line_height(15, True)
    out.rows.append(Row(pygame.Rect(pr.left, y, pr.width, th), "title", 15, title))
    y += th
    sub = f"{n} pairs of towns, {total} parcels ({placed} placed)"
    sh = draw.text_block(None, sub, pygame.Rect(pr.left, y, pr.width, 999), size=11)
    out.rows.append(Row(pygame.Rect(pr.left, y, pr.width, sh), "subtitle", 11, sub))
    y += sh + theme.px(4)
    # the bottom row first: the hand and the contracts share what is left
    rnd = next((a for a in v.legal if isinstance(a, A.DealRandomly)), None)
    clear = next((a for a in v.legal if isinstance(a, A.ClearDrafts)), None)
    done = next((a for a in v.legal if isinstance(a, A.FinishSetup)), None)
    bottom = [
        Button(pygame.Rect(0, 0, 0, 0), "Deal randomly", rnd, enabled=rnd is not None, style="plain",
            why_not="" if rnd else hooks.why(A.DealRandomly(v.seat)), tooltip="Fill in the rest of the contracts at random"),
        Button(pygame.Rect(0, 0, 0, 0), "Clear", clear, enabled=clear is not None, style="plain",
            why_not="" if clear else hooks.why(A.ClearDrafts(v.seat)), tooltip="Start the contracts again"),
        Button(pygame.Rect(0, 0, 0, 0), "Done", done, enabled=done is not None, style="primary",
            why_not="" if done else hooks.why(A.FinishSetup(v.seat)), tooltip="Hand these contracts over"),
    ]
    bottom_top = button_rows([bottom], pr.left, pr.width, pr.bottom, theme.px(28), fill_last=True)
    used = {d.pickup for d in p.drafts} | {d.dropoff for d in p.drafts}
    pairable = {a.pickup for a in v.legal if isinstance(a, A.Pair)}
    free = [t for t in p.hand if t not in used]
    card_h, gap = theme.px(22), theme.px(4)
    x = pr.left
    cards: list[Button] = []
    shown = [t for t in p.hand if show_used or t not in used]
    if len(shown) < len(p.hand):
        note = f"{len(p.hand) - len(shown)} cards are in your contracts"
        out.rows.append(Row(pygame.Rect(pr.left, y, pr.width, draw.line_height(11)), "note", None, note))
        y += draw.line_height(11) + theme.px(2)
    for town in shown:
        w = min(pr.width, draw.font(12).size(town)[0] + theme.px(16))
        if x > pr.left and x + w > pr.right:
            x, y = pr.left, y + card_h + gap
        ok = town not in used and town in pairable
        other = next((t for t in free if t != town), next((t for t in p.hand if t != town), town))
        why = None if ok else ("This town is already in one of your contracts." if town in used
                               else hooks.why(A.Pair(v.seat, town, other)))
        tip = (f"Choose {town} as the collection town" if v.pickup is None or v.pickup == town
               else f"Choose {town} as the delivery town for parcels collected at {v.pickup}")
        cards.append(Button(pygame.Rect(x, y, w, card_h), town, hooks.pick_card(town), enabled=ok, why_not=why or "",
                         style="chosen" if town == v.pickup else "card", tooltip=tip, zone="cards",
                         extra={"card": town}))
        x += w + gap
    y += (card_h if shown else 0) + theme.px(8)
    head = f"Contracts ({len(p.drafts)}/{n})"
    hh = draw.line_height(13, True)
    out.rows.append(Row(pygame.Rect(pr.left, y, pr.width, hh), "title", 13, head))
    y += hh + theme.px(2)
    room = bottom_top - theme.px(6) - y
    bw = theme.px(24)
    one_line = pr.width - 3 * (bw + theme.px(3)) - draw.font(12, True).size("999×9")[0] - theme.px(20)
    # two lines a contract (towns above, figures and buttons below) when the panel is narrow or
    # a pair of towns would not fit beside its figures: a contract's towns are never shortened
    two = one_line < theme.px(110) or any(draw.font(12).size(f"{d.pickup} → {d.dropoff}")[0] > one_line
                                          for d in p.drafts)
    least = draw.line_height(12) * (2 if two else 1) + theme.px(4)
    row_h = max(least, min(theme.px(25) + (draw.line_height(12) if two else 0), room // max(1, len(p.drafts))))
    fits = row_h * len(p.drafts) <= room
    drafts = p.drafts if fits else p.drafts[:max(0, room // row_h - 1)]
    small: list[Button] = []
    for d in drafts:
        row = pygame.Rect(pr.left, y, pr.width, row_h - theme.px(2))
        price = v.table.price_for(d.pickup, d.dropoff)
        whole = f"{d.pickup} → {d.dropoff}: {plural(d.parcels, 'parcel')} at {price} credits each"
        out.rows.append(Row(row, "draft2" if two else "draft", d.pickup, whole))
        minus = next((a for a in v.legal if isinstance(a, A.RemoveParcel) and a.pickup == d.pickup), None)
        plus = next((a for a in v.legal if isinstance(a, A.AddParcel) and a.pickup == d.pickup), None)
        drop = next((a for a in v.legal if isinstance(a, A.Unpair) and a.pickup == d.pickup), None)
        bw = theme.px(24)
        for k, (lab, act, what, trial) in enumerate((
                ("×", drop, "Take apart", A.Unpair(v.seat, d.pickup)),
                ("+", plus, "One more parcel on", A.AddParcel(v.seat, d.pickup)),
                ("−", minus, "One parcel fewer on", A.RemoveParcel(v.seat, d.pickup)))):
            top = row.centery if two else row.top + 1
            r = pygame.Rect(row.right - bw - k * (bw + theme.px(3)), top, bw, (row.bottom - 1) - top)
            small.append(Button(r, lab, act, enabled=act is not None, style="small",
                             tooltip=f"{what} {d.pickup} → {d.dropoff}", why_not="" if act else hooks.why(trial),
                             extra={"key": f"{lab} {d.pickup}"}))  # one name per contract's button
        y += row_h
    if len(drafts) < len(p.drafts):
        rest = p.drafts[len(drafts):]
        text = f"{len(rest)} more: " + "; ".join(f"{d.pickup} → {d.dropoff} ×{d.parcels}" for d in rest)
        out.rows.append(Row(pygame.Rect(pr.left, y, pr.width, draw.line_height(12)), "more", None, text))
    out.buttons = cards + small + bottom
    return out, fits


# -- drawing ---------------------------------------------------------------------------------------
def draw_panel(v: Any, surface: pygame.Surface, lay: PanelLayout) -> None:
    s = v.seen
    for row in lay.rows:
        if row.kind == "player":
            _draw_player(surface, v, s, row)
        elif row.kind == "contract":
            _draw_contract(surface, v, s, row)
        elif row.kind == "vehicle":
            _draw_vehicle(surface, v, s, row)
        elif row.kind in ("note", "more"):
            # these lines inform and guide (more choices, cards in contracts, what to pick next):
            # never the warning colour, which is for refusals
            colour = theme.message_colour("good" if row.text == "No contracts left" else "guide" if row.kind == "note" else "info")
            draw.text(surface, row.text, (row.rect.left, row.rect.centery), size=12, colour=colour, bold=True,
                      anchor="midleft", max_width=row.rect.width)
        elif row.kind == "title":
            draw.text(surface, row.text, row.rect.topleft, size=row.ref, bold=True, max_width=row.rect.width)
        elif row.kind == "subtitle":
            draw.text_block(surface, row.text, row.rect, size=row.ref, colour=theme.INK_SOFT)
        elif row.kind in ("draft", "draft2"):
            _draw_draft(surface, v, row)
    mouse = v.mouse if pygame.mouse.get_focused() else (-1, -1)
    for b in lay.buttons:
        draw_button(surface, b, b.rect.collidepoint(mouse), button_size(b))


def _draw_player(surface: pygame.Surface, v: Any, s: Any, row: Row) -> None:
    i = row.ref
    r = row.rect
    p = s.players[i]
    focus = v.focus if v.focus is not None else (v.seat if v.seat is not None else s.current)
    if i == focus and s.phase != "setup":
        draw.rounded_rect(surface, r.inflate(theme.px(4), theme.px(2)), COLOUR.focus_row, theme.px(6))
    two = r.height > theme.px(30)
    top = pygame.Rect(r.left, r.top, r.width, r.height // 2 if two else r.height)
    figures = pygame.Rect(r.left + theme.px(24), top.bottom, r.width - theme.px(24), r.height - top.height) if two else top
    active = s.phase == "play" and s.current == i
    draw_seat(surface, i, (r.left + theme.px(10), top.centery), theme.px(9), v.colour(i))
    if s.phase == "setup":
        right = draw.text(surface, "ready" if p.built else "building", (figures.right - theme.px(2), figures.centery),
                          size=11, colour=theme.INK_SOFT, anchor="midright")
    else:
        right = draw.text(surface, f"{len(s.open_contracts(i))} left", (figures.right - theme.px(2), figures.centery),
                          size=11, colour=theme.INK_SOFT, anchor="midright")
        d = draw.text(surface, str(p.delivered), (right.left - theme.px(8), figures.centery), size=12,
                      anchor="midright")
        box = sprites.scaled("parcel_box", theme.px(13))
        surface.blit(box, box.get_rect(midright=(d.left - theme.px(2), figures.centery)))
        right = draw.text(surface, f"{p.credits} cr", (d.left - theme.px(20), figures.centery), size=13, bold=True,
                          anchor="midright")
    limit = (r.right if two else right.left - theme.px(6)) - r.left - theme.px(24)
    if active:
        limit -= draw.font(13, True).size("  ◂")[0]
    n = draw.text(surface, v.name(i), (r.left + theme.px(24), top.centery), size=13, bold=active, anchor="midleft",
                  max_width=limit)
    if active:
        draw.text(surface, "◂", (n.right + theme.px(6), top.centery), size=13, bold=True, anchor="midleft")


def _contract_figures(c: Any, s: Any) -> tuple[str, str]:
    transit = s.in_transit(c.id)
    return f"{c.waiting} wait" + (f" +{transit}" if transit else ""), f"{c.price}"


def _contract_fits(c: Any, s: Any, width: int) -> bool:
    """Whether a contract's towns and figures share one line of ``width``."""
    left, price = _contract_figures(c, s)
    need = (draw.font(12).size(f"{c.pickup} → {c.dropoff}")[0] + theme.px(6) + draw.font(12, True).size(price)[0]
            + theme.px(8) + draw.font(11).size(left)[0])
    return need <= width


def _draw_contract(surface: pygame.Surface, v: Any, s: Any, row: Row) -> None:
    c = s.contracts[row.ref]
    r = row.rect
    if v.hover_contract == c.id:
        draw.rounded_rect(surface, r.inflate(theme.px(4), 0), COLOUR.hover_row, theme.px(4))
    left, price = _contract_figures(c, s)
    two = r.height >= 2 * draw.line_height(12)
    towns_y = r.top + r.height // 4 if two else r.centery
    figures_y = r.top + r.height * 3 // 4 if two else r.centery
    lr = draw.text(surface, left, (r.right, figures_y), size=11, colour=theme.INK_SOFT, anchor="midright")
    pr_ = draw.text(surface, price, (lr.left - theme.px(8), figures_y), size=12, bold=True, anchor="midright")
    draw.text(surface, f"{c.pickup} → {c.dropoff}", (r.left, towns_y), size=12, anchor="midleft",
              max_width=(r.right if two else pr_.left - theme.px(6)) - r.left)


def _draw_vehicle(surface: pygame.Surface, v: Any, s: Any, row: Row) -> None:
    seat, kind = row.ref
    veh = s.players[seat].vehicle(kind)
    r = row.rect
    img = sprites.tinted(veh.kind, v.colour(seat), theme.px(22))
    surface.blit(img, (r.left, r.centery - img.get_height() // 2))
    cap = v.cfg.capacity[kind]
    icon = theme.px(14)
    width = max(1, len(veh.cargo)) * (icon + theme.px(2))
    x = r.right - width
    if len(veh.cargo) > cap:
        t = draw.text(surface, "illegal", (r.right, r.centery), size=11, colour=theme.BAD, bold=True, anchor="midright")
        x = t.left - width - theme.px(2)
    elif not veh.cargo:
        t = draw.text(surface, "empty", (r.right, r.centery), size=11, colour=theme.INK_SOFT, anchor="midright")
        x = t.left
    for n, _cid in enumerate(veh.cargo):
        box = sprites.scaled("parcel_box", icon)
        at = (x + n * (icon + theme.px(2)), r.centery - icon // 2)
        surface.blit(box, at)
        if n >= cap:
            pygame.draw.rect(surface, theme.BAD, (at[0] - 1, at[1] - 1, icon + 2, icon + 2), 2, border_radius=3)
    draw.text(surface, veh.place, (r.left + theme.px(26), r.centery), size=12, anchor="midleft",
              max_width=x - theme.px(6) - r.left - theme.px(26))


def _draw_draft(surface: pygame.Surface, v: Any, row: Row) -> None:
    """A contract being built: its towns, price × parcels, then its −/+/× buttons (on a second
    line under the towns when the panel is narrow)."""
    r = row.rect
    d = next(d for d in v.seen.players[v.seat].drafts if d.pickup == row.ref)
    draw.rounded_rect(surface, r, COLOUR.draft_row, theme.px(6))
    draw.rounded_rect(surface, r, theme.PAPER_DARK, theme.px(6), width=1)
    price = v.table.price_for(d.pickup, d.dropoff)
    buttons_left = r.right - 3 * theme.px(27)
    two = row.kind == "draft2"
    figures_y = (r.top + r.height * 3 // 4) if two else r.centery
    t = draw.text(surface, f"{price}×{d.parcels}", (buttons_left - theme.px(6), figures_y), size=12, bold=True,
                  anchor="midright")
    right = (r.right - theme.px(6)) if two else t.left - theme.px(8)
    draw.text(surface, f"{d.pickup} → {d.dropoff}", (r.left + theme.px(6), r.top + r.height // 4 if two else r.centery),
              size=12, anchor="midleft", max_width=right - r.left - theme.px(6))
