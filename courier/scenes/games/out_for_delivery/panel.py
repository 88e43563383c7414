"""The Out For Delivery side panel: turn header, the player's action buttons, one card per courier.

Buttons are plain records (rect, label, the action they submit or the command they run) so the
view can hit-test them, list them for the keyboard, and tests can find them by label. The panel
reflows inside whatever rectangle the board scene gives it: every size is in design pixels
(``theme.px``); courier cards shrink from a full parcel board to one line; when the buttons still
do not fit they are split into pages behind a "More actions" button, so nothing is ever clipped.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

import pygame

from courier.rules.base import Action
from courier.rules.out_for_delivery import actions as A
from courier.rules.out_for_delivery.board import Board
from courier.rules.out_for_delivery.config import ITEMS, OBSTACLES, OfdConfig
from courier.rules.out_for_delivery.state import OfdState
from courier.rules.out_for_delivery.table import OfdTable
from courier.scenes.games.out_for_delivery import pieces
from courier.scenes.games.out_for_delivery import text as words
from courier.ui import draw, palette, theme
from courier.ui.game_view import SeatInfo
from courier.ui.kit import Button, Flow, draw_button, draw_seat

COLOUR = palette.roles("out_for_delivery")  # this game's colours by role, read from the active palette

P = theme.px
BUTTON_TEXT = 14
_A = TypeVar("_A", bound=Action)
LABEL_TEXT = 12
#: the height of a usual turn's action area in design pixels (three headings, four rows of
#: buttons and End turn)
USUAL_ACTIONS = 190


def _of(legal: list[Action], kind: type[_A]) -> list[_A]:
    """The legal actions of one kind, typed as that kind."""
    return [a for a in legal if isinstance(a, kind)]


def text_width(text: str, size: int = BUTTON_TEXT, bold: bool = True) -> int:
    return draw.font(size, bold).size(text)[0]


# -- the header -------------------------------------------------------------------------------------
def header_h(pr: pygame.Rect) -> int:
    return P(10) + draw.line_height(18, True, True) + P(4) + draw.line_height(20, True) + P(4) + P(14) + P(10)


def header(surf: pygame.Surface, rect: pygame.Rect, v: OfdState, cfg: OfdConfig, seats: list[SeatInfo],
           mp_shown: float | None, hide_event: bool = False) -> list[tuple[pygame.Rect, str]]:
    """Round, event, whose turn, MP left and the delivered counter; returns its tooltip area."""
    draw.panel(surf, rect, radius=P(12))
    pad = P(10)
    x, y = rect.x + pad, rect.y + pad
    title = words.round_title(v)
    ob = OBSTACLES.get(v.obstacle)
    ob_w = 0
    tip = [title]
    lh = draw.line_height(18, True, True)
    if v.round and ob is not None and v.phase != "over" and not hide_event:
        # the event's name is news: it takes the room the round's title leaves, in a smaller
        # type before it is ever shortened ("Bridge Construction" at 1024 wide)
        room = rect.width - 2 * pad - draw.font(18, True, True).size(title)[0] - P(10)
        size = next((n for n in range(14, 10, -1) if text_width(ob.name, n) <= room), 11)
        ob_r = draw.text(surf, ob.name, (rect.right - pad, y + lh // 2), size, theme.message_colour(words.event_role(v.obstacle)),
                         bold=True, anchor="midright", max_width=max(room, rect.width // 2))
        ob_w = ob_r.width + P(10)
        tip.append(f"Event: {ob.name}" + (f" ({ob.text})" if v.obstacle != "none" else ""))
    draw.text(surf, title, (x, y), 18, theme.INK, bold=True, serif=True, max_width=rect.width - 2 * pad - ob_w)
    y += lh + P(4)
    row = draw.line_height(20, True)
    seat = v.offer.partner if v.phase == "answer" and v.offer else v.current
    if v.phase == "over":
        best = words.richest(v, cfg, [s.name for s in seats])
        tip.append(best)
        draw.text(surf, best, (x, y + row // 2), 15, theme.INK, bold=True, anchor="midleft", max_width=rect.width - 2 * pad)
    else:
        info = seats[seat]
        who = words.who_line(v, info.name)
        tip.append(who)
        mp_w = 0
        if v.phase == "act" and mp_shown is not None:
            mp_r = draw.text(surf, f"{mp_shown:g} MP", (rect.right - pad, y + row // 2), 20, theme.INK, bold=True, anchor="midright")
            mp_w = mp_r.width + P(8)
            tip.append(f"{mp_shown:g} movement points left")
        radius = P(9)
        draw_seat(surf, seat, (x + radius, y + row // 2), radius, info.colour)
        draw.text(surf, who, (x + 2 * radius + P(6), y + row // 2), 15, theme.INK, bold=True, anchor="midleft",
                  max_width=rect.right - pad - mp_w - (x + 2 * radius + P(6)))
    y += row + P(4)
    bar = pygame.Rect(x, y, rect.width - 2 * pad, P(14))
    draw.rounded_rect(surf, bar, COLOUR.bar, bar.height // 2)
    frac = min(1.0, v.delivered_total / cfg.deliveries_to_end)
    if frac > 0:
        draw.rounded_rect(surf, pygame.Rect(bar.x, bar.y, max(bar.height, int(bar.width * frac)), bar.height), theme.GOOD, bar.height // 2)
    delivered = f"Delivered {v.delivered_total} / {cfg.deliveries_to_end}"
    draw.text(surf, delivered, bar.center, 11, theme.INK, bold=True, anchor="center", max_width=bar.width - P(4))
    tip.append(f"{delivered}: the game ends after the round in which {cfg.deliveries_to_end} parcels are delivered")
    return [(pygame.Rect(rect), ". ".join(tip))]


# -- the couriers ---------------------------------------------------------------------------------------
def card_style(h: int) -> str:
    """How much of a courier's card fits in ``h`` pixels: full, compact or one line."""
    if h >= card_need("full"):
        return "full"
    if h >= card_need("compact"):
        return "compact"
    return "line"


def card_need(style: str) -> int:
    """The height a card of ``style`` fills."""
    row = max(draw.line_height(15 if style == "full" else 14, True), P(18))
    if style == "line":
        return min_card_h()
    if style == "compact":  # name and item tags, then the squares (their values once above the cards)
        return P(4) + row + P(2) + P(22) + P(4)
    return (P(6) + row + P(2) + draw.line_height(11) + P(2) + draw.line_height(11) + P(2) + P(3)
            + draw.line_height(10, True) + P(26) + P(6))


def min_card_h() -> int:
    return max(draw.line_height(14, True), P(18)) + P(8)


def scale_h(style: str) -> int:
    """The row of the squares' values drawn once above cards too small to print them each."""
    return 0 if style == "full" else draw.line_height(10, True) + P(1)


@dataclass
class CardGeometry:
    """What every courier's card shares in one frame, so their squares line up under one row of
    values: the card style, the gold column's width and where the squares go (offsets from the
    card's left edge), and the room left for a name on a one-line card."""

    style: str
    gold_w: int
    squares: tuple[int, int]
    name_w: int


def card_geometry(width: int, h: int, v: OfdState, cfg: OfdConfig) -> CardGeometry:
    style = card_style(h)
    pad, radius = P(8), P(8)
    gold_w = max(text_width(f"{p.gold} g", 16) for p in v.players)
    if style != "line":
        return CardGeometry(style, gold_w, (pad, width - pad), 0)
    name_x = pad + 2 * radius + P(6)
    room = width - pad - gold_w - P(6) - name_x
    # squares wide enough for their values printed above them; a name only in what is left
    squares_w = min(room, max(len(cfg.parcel_board) * max(P(24), 15), room * 2 // 3))
    name_w = room - squares_w - P(6)
    if name_w < P(24):
        name_w = -P(6)
    left = name_x + name_w + P(6)
    return CardGeometry(style, gold_w, (left, left + room - name_w - P(6)), max(0, name_w))


def value_scale(surf: pygame.Surface, rect: pygame.Rect, geo: CardGeometry, cfg: OfdConfig) -> list[tuple[pygame.Rect, str]]:
    """The printed values of the parcel board's squares, once, above cards that have no room to
    print them each (every card's squares sit in the same columns)."""
    left, right = rect.x + geo.squares[0], rect.x + geo.squares[1]
    n = len(cfg.parcel_board)
    sq_w = (right - left) / n
    y = rect.y - scale_h(geo.style)
    # bold where every value has room beside its neighbours, plain (narrower) where it has not
    bold = all(text_width(f"{value}", 10, True) + P(3) <= sq_w for value in cfg.parcel_board)
    for i, value in enumerate(cfg.parcel_board):
        draw.text(surf, f"{value}", (int(left + i * sq_w + (sq_w - 2) / 2), y), 10, theme.INK_SOFT, bold=bold, anchor="midtop")
    area = pygame.Rect(left, y, right - left, scale_h(geo.style))
    return [(area, "What a parcel delivered from each square pays now (the same board for every courier)")]


def items_h(v: OfdState | None, style: str, width: int = 0) -> int:
    """The rows under one-line cards that show every courier's items (a one-line card has no room
    for its own tags): as many lines as they take at ``width`` (one when unknown), none when
    nobody holds an item."""
    if v is None or style != "line" or not any(p.items for p in v.players):
        return 0
    lines = len(_items_flow(v, width)) if width else 1
    return P(4) + lines * (draw.line_height(11) + P(4))


def _items_flow(v: OfdState, width: int) -> list[list[tuple[int, int, str, int, int, int]]]:
    """Every holder's token and item tags by their first words, packed in lines of ``width``:
    per line, (seat, x offset, item, count, tag width, tag x offset) for each tag; a courier's
    tags run on to the next line where the line is full, the token always beside the first."""
    lines: list[list[tuple[int, int, str, int, int, int]]] = [[]]
    room, x = width - P(6), 0
    token_w = 2 * P(6) + P(3)
    for seat, p in enumerate(v.players):
        if not p.items:
            continue
        first = True
        for item, count in _grouped(p.items):
            w = _tag_w(ITEMS[item].name.split()[0], count)
            lead = ((P(6) if x else 0) + token_w) if first else 0  # a new courier: a gap, then the token
            if x and x + lead + w > room:
                lines.append([])
                x, lead = 0, token_w if first else 0
            token_x = x + (P(6) if x else 0) if first else -1
            x += lead
            lines[-1].append((seat, token_x, item, count, w, x))
            x += w + P(3)
            first = False
    return [line for line in lines if line]


def items_row(surf: pygame.Surface, area: pygame.Rect, v: OfdState, seats: list[SeatInfo]) -> list[tuple[pygame.Rect, str]]:
    """Under one-line cards: each courier's token, then their item tags (by first word), for
    everyone holding any, in as many lines as they need and the room allows."""
    tips: list[tuple[pygame.Rect, str]] = []
    radius, line_h = P(6), draw.line_height(11) + P(4)
    tag_h = draw.line_height(11) + P(2)
    y = area.y + P(4)
    for line in _items_flow(v, area.width):
        if y + line_h > area.bottom + P(4):  # no room for more lines: the cards' tooltips name them
            break
        cy = y + tag_h // 2
        for seat, token_x, item, count, w, x in line:
            if token_x >= 0:
                draw_seat(surf, seat, (area.x + P(3) + token_x + radius, cy), radius, seats[seat].colour)
            tag = pygame.Rect(area.x + P(3) + x, y, w, tag_h)
            tips.append((tag, f"{seats[seat].name}'s " + _draw_tag(surf, tag, item, ITEMS[item].name.split()[0], count)))
        y += line_h
    return tips


def player_card(surf: pygame.Surface, rect: pygame.Rect, v: OfdState, cfg: OfdConfig, board: Board, seat: int,
                info: SeatInfo, active: bool, lag: float = 0.0, geo: CardGeometry | None = None) -> list[tuple[pygame.Rect, str]]:
    """One courier: name, gold, items and the parcel board as printed (values above the squares).

    Smaller cards print the squares' values once above all the cards (``value_scale``), and the
    smallest leave the item tags to the card's tooltip, which holds the whole of each card. ``lag``
    (0..1) draws parcels that far back toward their previous square, for the round-start slide.
    Returns tooltip areas (rect, text)."""
    geo = geo or card_geometry(rect.width, rect.height, v, cfg)
    tips: list[tuple[pygame.Rect, str]] = []
    p = v.players[seat]
    style = geo.style
    draw.panel(surf, rect, fill=COLOUR.card_active if active else theme.PANEL, border=theme.HIGHLIGHT if active else theme.PAPER_DARK,
               radius=P(10))
    pad = P(8)
    x = rect.x + pad
    summary = words.courier_summary(p, info.name)
    tips.append((pygame.Rect(rect), summary))  # the whole card; squares and items add their own
    name_size = 15 if style == "full" else 14
    row = max(draw.line_height(name_size, True), P(18))
    y = rect.y + (P(6) if style == "full" else P(4) if style == "compact" else (rect.height - row) // 2)
    cy = y + row // 2
    radius = P(8)
    draw_seat(surf, seat, (x + radius, cy), radius, info.colour)
    gold_r = draw.text(surf, f"{p.gold} g", (rect.right - pad, cy), 16, theme.BAD if p.gold < 0 else theme.INK, bold=True, anchor="midright")
    name_x = x + 2 * radius + P(6)
    if style == "line":
        # the squares first (a parcel's number must stay readable), the name in what is left;
        # the token's number and colour say whose card it is, the card's tooltip names them whole
        if geo.name_w:
            draw.text(surf, info.name, (name_x, cy), 14, theme.INK, bold=True, anchor="midleft", max_width=geo.name_w)
        squares = pygame.Rect(rect.x + geo.squares[0], rect.y + P(2), geo.squares[1] - geo.squares[0], rect.height - P(4))
        tips += _parcel_board(surf, squares, v, cfg, board, p, lag, printed=False)
        return tips
    if style == "compact":
        room = gold_r.left - P(8) - name_x
        name_w = min(text_width(info.name, name_size), max(P(40), room // 3))
        name_r = draw.text(surf, info.name, (name_x, cy), name_size, theme.INK, bold=True, anchor="midleft", max_width=name_w)
        tips += _item_tags(surf, p.items, name_r.right + P(8), gold_r.left - P(8), cy - (draw.line_height(11) + P(2)) // 2)
        top = y + row + P(2)
        squares = pygame.Rect(rect.x + geo.squares[0], top, geo.squares[1] - geo.squares[0], rect.bottom - P(4) - top)
        tips += _parcel_board(surf, squares, v, cfg, board, p, lag, printed=False)
        return tips
    extra = words.courier_extra(p)
    draw.text(surf, info.name, (name_x, cy), name_size, theme.INK, bold=True, anchor="midleft", max_width=gold_r.left - P(8) - name_x)
    y += row + P(2)
    tag_h = draw.line_height(11) + P(2)
    draw.text(surf, extra, (x, y), 11, theme.INK_SOFT, max_width=rect.width - 2 * pad)
    y += draw.line_height(11) + P(2)
    tips += _item_tags(surf, p.items, x, rect.right - pad, y)
    y += tag_h + P(3)
    squares = pygame.Rect(x, y, rect.width - 2 * pad, rect.bottom - P(6) - y)
    tips += _parcel_board(surf, squares, v, cfg, board, p, lag, printed=True)
    return tips


def _grouped(items: list[str]) -> list[tuple[str, int]]:
    """A courier's items, each kind once with how many are held, in the order first bought."""
    return [(item, items.count(item)) for item in dict.fromkeys(items)]


def _tag_w(label: str, count: int) -> int:
    return text_width(label, 11, False) + P(8) + (text_width(f"×{count}", 10, False) + P(3) if count > 1 else 0)


def _item_tags(surf: pygame.Surface, items: list[str], left: int, right: int, y: int,
               short: bool = False) -> list[tuple[pygame.Rect, str]]:
    """A courier's items as tags from ``left`` to ``right`` (two of a kind as one tag, "×2"): each
    by its name, or all by their first words where the whole names do not fit, then as many as fit
    and a "+n" for the rest."""
    tips: list[tuple[pygame.Rect, str]] = []
    if not items:
        return tips
    tag_h, gap = draw.line_height(11) + P(2), P(4)
    kinds = _grouped(items)
    names = [ITEMS[i].name for i, _ in kinds]

    def width(labels: list[str], counts: list[int]) -> int:
        return sum(_tag_w(t, c) for t, c in zip(labels, counts)) + gap * (len(labels) - 1)

    counts = [c for _, c in kinds]
    labels = names if not short and width(names, counts) <= right - left else [n.split()[0] for n in names]
    ix = left
    for k, ((item, count), label) in enumerate(zip(kinds, labels)):
        w = _tag_w(label, count)
        rest = sum(counts[k:])
        more = f"+{rest}"
        if ix + w > right or (len(kinds) - k > 1 and ix + w + gap + text_width(more, 11, False) > right
                              and width(labels[k:], counts[k:]) > right - ix):
            draw.text(surf, more, (ix, y + P(1)), 11, theme.INK_SOFT)
            break
        tag = pygame.Rect(ix, y, w, tag_h)
        tips.append((tag, _draw_tag(surf, tag, item, label, count)))
        ix += w + gap
    return tips


def _draw_tag(surf: pygame.Surface, tag: pygame.Rect, item: str, label: str, count: int) -> str:
    """One item's tag (its label, and "×n" where several are held); returns its tooltip."""
    draw.rounded_rect(surf, tag, COLOUR.tag, P(5))
    draw.text(surf, label, (tag.x + P(4), tag.centery), 11, theme.INK, anchor="midleft")
    if count > 1:
        draw.text(surf, f"×{count}", (tag.right - P(4), tag.centery), 10, theme.INK_SOFT, anchor="midright")
    held = f" (holds {count})" if count > 1 else ""
    return f"{ITEMS[item].name}{held}: {ITEMS[item].text}"


def _parcel_board(surf: pygame.Surface, area: pygame.Rect, v: OfdState, cfg: OfdConfig, board: Board, p, lag: float,
                  printed: bool) -> list[tuple[pygame.Rect, str]]:
    """The ten squares of a parcel board (their values printed above when there is room)."""
    tips: list[tuple[pygame.Rect, str]] = []
    n = len(cfg.parcel_board)
    if area.width < n * 4 or area.height < 4:
        return tips
    sq_w = area.width / n
    top = area.y
    if printed:
        top += draw.line_height(10, True)
    sq_h = max(P(8), min(P(26), area.bottom - top))
    for i, value in enumerate(cfg.parcel_board):
        sq = pygame.Rect(int(area.x + i * sq_w), top, max(2, int(sq_w) - 2), sq_h)
        if printed:
            draw.text(surf, f"{value}", (sq.centerx, area.y), 10, theme.INK_SOFT, bold=True, anchor="midtop")
        pygame.draw.rect(surf, COLOUR.track_square, sq)
        pygame.draw.rect(surf, COLOUR.track_edge, sq, 1)
        here = [q for q in p.parcels if q.square == i]
        if here:
            # each chip keeps the square's whole height and at least that width (never squashed
            # flat to share the square): several on one square overlap, the last on top
            ch, n_here = sq.height - 2, len(here)
            cw = sq.width - 2 if n_here == 1 else max(min(ch, sq.width - 2) - P(4) * (n_here - 1), P(8))
            shift = (sq.width - 2 - cw) / max(1, n_here - 1)
            for k, q in enumerate(here):
                back = int(lag * sq_w) if i > 0 else 0
                # a chip under another shows as a sliver of its colour (too narrow for a number)
                w = cw if k == n_here - 1 else max(4, int(shift) + P(3))
                chip = pygame.Rect(sq.x + 1 + int(k * shift) - back, sq.y + 1, w, ch)
                pieces.parcel_chip(surf, chip, board.city(q.dest).colour, q.dest)
            names = ", ".join(board.city(q.dest).name for q in here)
            tips.append((sq, f"Square {i + 1} ({value} gold now): parcel{'s' if len(here) > 1 else ''} for {names}; -{cfg.undelivered_penalty} each if still carried at the end"))
        else:
            tips.append((sq, f"Square {i + 1}: a parcel delivered from here pays {value} gold"))
    return tips


# -- the player's buttons ---------------------------------------------------------------------------
@dataclass
class Actions:
    """The action area of the panel: its buttons, its small headings and the box they fill."""

    buttons: list[Button]
    labels: list[tuple[str, pygame.Rect]]
    rect: pygame.Rect
    page: int = 0
    pages: int = 1


def fit(label: str, least: int) -> int:
    """A button wide enough for its label (at least ``least``)."""
    return max(least, text_width(label) + P(28))


Entry = tuple[str, Any, int]  # ("label", text, 0) or ("button", Button, width)


def build(pr: pygame.Rect, v: OfdState | None, seat: int | None, legal: list[Action], board: Board,
          cfg: OfdConfig, mode: str, names: list[str], page: int = 0) -> Actions:
    """Lay out the buttons for what ``seat`` may do now: what the rules offer, and greyed with the
    rules' reason what a courier here would expect to do but may not. Pages when space is short."""
    top = pr.y + header_h(pr) + P(8)
    if v is None or seat is None:
        return Actions([], [], pygame.Rect(pr.x, top, pr.width, P(48)))
    pad = P(10)
    inner = pygame.Rect(pr.x + pad, top + pad, pr.width - 2 * pad, 0)
    row_h = P(28) if pr.height < P(560) else P(30)
    half = (inner.width - P(6)) // 2
    entries: list[Entry] = []
    final: list[Button] = []
    of = functools.partial(_of, legal)
    if v.phase == "start":
        entries.append(("label", "Choose a start city: here or on the map", 0))
        for a in of(A.StartCity):
            c = board.city(a.city)
            entries.append(("button", Button(_z(), c.name, a, icon=pieces.chip_icon(c.colour, c.number), tooltip=f"Start in {c.name} (city {c.number})"), half))
    elif v.phase == "roll":
        entries.append(("label", "Roll two dice for this turn's movement points", 0))
        final.append(Button(_z(), "Roll for movement (R)", next(iter(of(A.Roll)), None), style="primary",
                         tooltip="Roll two dice: their total is this turn's movement points"))
    elif v.phase == "answer":
        entries.append(("label", "A trade offer waits for your answer", 0))
    elif v.phase == "act":
        entries += _act_entries(v, seat, legal, board, cfg, mode, names, half)
        final.append(Button(_z(), "End turn (E)", next(iter(of(A.EndTurn)), None), style="primary", tooltip="End your turn; the next courier rolls"))
    entries = _widen(entries, inner.width, row_h)
    # one-line cards at least, with the squares' values above them and one line of the items'
    # row below them (further lines take what room the buttons leave: they never page for them)
    cards = len(v.players) * (min_card_h() + P(6)) + scale_h("line") + min(items_h(v, "line"), items_h(v, "line", pr.width))
    limit = pr.bottom - cards  # the lowest the action area may reach
    flow, pages = _lay(entries, final, inner, row_h, limit - pad, page, half)
    rect = pygame.Rect(pr.x, top, pr.width, max(P(44), flow.bottom() - top + pad))
    return Actions(flow.out, flow.labels, rect, min(page, pages - 1), pages)


def _widen(entries: list[Entry], full: int, row_h: int) -> list[Entry]:
    """Fewer columns rather than cut words: a group of buttons (between two headings) whose
    labels do not all fit side by side takes the whole width, one to a row."""
    out: list[Entry] = []
    group: list[Entry] = []

    def fits(b: Button, w: int) -> bool:
        chip = row_h - P(10) + P(5) if b.icon is not None else 0
        return text_width(b.label) + chip + P(20) <= w

    def flush() -> None:
        if any(not fits(b, w) for _, b, w in group):
            group[:] = [(k, b, full) for k, b, _ in group]
        out.extend(group)
        group.clear()

    for e in entries:
        if e[0] == "label":
            flush()
            out.append(e)
        else:
            group.append(e)
    flush()
    return out


def _lay(entries: list[Entry], final: list[Button], inner: pygame.Rect, row_h: int, limit: int, page: int,
         half: int) -> tuple[Flow, int]:
    """Place the entries (all on one page when they fit, else page ``page``), then the final row."""
    def run(items: list[Entry], last: list[Button]) -> Flow:
        flow = Flow(pygame.Rect(inner.x, inner.y, inner.width, 0), row_h=row_h)
        for kind, thing, width in items:
            if kind == "label":
                flow.label(thing)
            else:
                flow.add(thing, width)
        flow.newline()
        for b in last:
            flow.add(b, inner.width if len(last) == 1 else (inner.width - P(6)) // 2)
        return flow

    whole = run(entries, final)
    if whole.bottom() <= limit or not entries:
        return whole, 1
    # split the entries into pages that fit above a final row with "More actions"
    more = Button(_z(), "More actions", command="page", tooltip="Show the other actions")
    pages: list[list[Entry]] = []
    current: list[Entry] = []
    heading: Entry | None = None
    for e in entries:
        if e[0] == "label":
            heading = e
        if any(k == "button" for k, _, _ in current) and run(current + [e], final + [more]).bottom() > limit:
            while current and current[-1][0] == "label":
                current.pop()  # a heading goes with its buttons to the next page
            pages.append(current)
            current = [heading] if e[0] == "button" and heading is not None else []
        current.append(e)
    if current:
        pages.append(current)
    n = len(pages)
    page = page % n
    more.label = f"More ({page + 1}/{n})"
    more.tooltip = f"More actions: this is page {page + 1} of {n} of what you can do here; show the next"
    return run(pages[page], final + [more]), n


def _z() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


def _act_entries(v: OfdState, seat: int, legal: list[Action], board: Board, cfg: OfdConfig, mode: str,
                 names: list[str], half: int) -> list[Entry]:
    of = functools.partial(_of, legal)
    table = OfdTable(cfg, board, v, seat)
    why: Callable[[Action], str] = lambda a: words.reason(table.refusal(a))  # noqa: E731
    out: list[Entry] = []
    me = v.players[seat]
    number = board.city_of[me.cell]
    city = board.city(number) if number else None
    cost = table.handling_cost(v.current) / 2
    picks = of(A.Pickup)
    waiting = sorted(set(v.waiting[number - 1])) if city is not None and me.cell == city.pickup else []
    if picks or waiting:
        out.append(("label", f"Pick up here ({cost:g} MP each)", 0))
        for d in waiting:
            c = board.city(d)
            a = next((x for x in picks if x.dest == d), None)
            tip = f"Take a parcel for {c.name} onto square 1 of your parcel board"
            out.append(("button", Button(_z(), c.name, a, icon=pieces.chip_icon(c.colour, c.number), tooltip=tip, enabled=a is not None,
                                      why_not="" if a else why(A.Pickup(seat, d))), half))
    delivers = of(A.Deliver)
    mine_here = [q for q in me.parcels if city is not None and q.dest == number and me.cell == city.delivery]
    if delivers or mine_here:
        out.append(("label", f"Deliver here ({cost:g} MP each)", 0))
        for q in sorted(mine_here, key=lambda q: q.square):
            c = board.city(q.dest)
            deliver = next((x for x in delivers if x.dest == q.dest and x.square == q.square), None)
            gold = table.parcel_value(q.square)
            out.append(("button", Button(_z(), f"+{gold} gold", deliver, style="good", icon=pieces.chip_icon(c.colour, c.number),
                                      tooltip=f"Deliver the parcel for {c.name} from square {q.square + 1}: +{gold} gold",
                                      enabled=deliver is not None,
                                      why_not="" if deliver else why(A.Deliver(seat, q.dest, q.square))), half))
    if city is not None:
        buy = next(iter(of(A.Buy)), None)
        price = cfg.item_price(v.obstacle)
        sale = cfg.sale_price(v.obstacle)
        out.append(("label", f"Market ({table.here_cost(v.current) / 2:g} MP): buy {price} g, sell {sale} g", 0))
        label = "Buy an item"
        out.append(("button", Button(_z(), label, buy, tooltip=f"Pay {price} gold and roll on the item table; once a turn",
                                  enabled=buy is not None, why_not="" if buy else why(A.Buy(seat))), half))
        sells = {s.item: s for s in of(A.Sell)}
        for item in sorted(set(me.items)):
            sell = sells.get(item)
            name = ITEMS[item].name
            out.append(("button", Button(_z(), f"Sell {name}", sell, tooltip=f"Sell your {name} for {sale} gold; once a turn",
                                      enabled=sell is not None, why_not="" if sell else why(A.Sell(seat, item))), half))
    uses = {u.item: u for u in of(A.UseItem)}
    usable = [i for i in sorted(set(me.items)) if ITEMS[i].kind in ("mp", "weather")]
    steals = of(A.Steal)
    specials = [(A.Fly, "fly", "Fly to a city…", "Airplane ticket: then choose a tile of another city (1 MP)"),
                (A.BoatMove, "boat", "Row across…", "Portable boat: then choose the river crossing beside you"),
                (A.Offer, "trade", "Trade…", "Offer a swap to a courier on your tile")]
    if usable or steals or any(of(kind) for kind, *_ in specials):
        out.append(("label", "Items and trade", 0))
    for item in usable:
        info = ITEMS[item]
        use = uses.get(item)
        out.append(("button", Button(_z(), f"Use {info.name}", use, tooltip=f"Use {info.name}: {info.text}",
                                  enabled=use is not None, why_not="" if use else why(A.UseItem(seat, item))), half))
    for steal in steals:
        c = board.city(steal.dest)
        victim = names[steal.victim]
        out.append(("button", Button(_z(), f"Rob {victim}", steal, style="danger", icon=pieces.chip_icon(c.colour, c.number),
                                  tooltip=f"Ski mask: take {victim}'s parcel for {c.name} (square {steal.square + 1}) for 1 MP"),
                    half))
    for kind, cmd, label, tip in specials:
        if of(kind):
            out.append(("button", Button(_z(), label, command=cmd, style="selected" if mode == cmd else "secondary", tooltip=tip), half))
    return out


def card_rects(pr: pygame.Rect, ar: pygame.Rect, n: int, v: OfdState | None = None) -> list[pygame.Rect]:
    """Where the ``n`` couriers' cards go, below the action area ``ar`` (with ``v``, room is kept
    under one-line cards for the couriers' items)."""
    top = ar.bottom + P(6)
    gap = P(6)
    h = max(min_card_h(), min(P(118), (pr.bottom - top - (n - 1) * gap) // n))
    if card_style(h) != "full":  # the squares' values go once above the cards
        top += scale_h("compact")
        h = max(min_card_h(), min(h, (pr.bottom - top - (n - 1) * gap) // n))
        below = items_h(v, card_style(h), pr.width)
        h = max(min_card_h(), min(h, (pr.bottom - top - below - (n - 1) * gap) // n))
    h = min(h, card_need(card_style(h)))  # no empty space inside a card: what is left stays below
    return [pygame.Rect(pr.x, top + i * (h + gap), pr.width, h) for i in range(n)]


def draw_panel(surf: pygame.Surface, pr: pygame.Rect, acts: Actions, v: OfdState, cfg: OfdConfig, board: Board,
               seats: list[SeatInfo], seat: int | None, mp_shown: float | None, card_up: bool, lag: float,
               hovered: Button | None) -> list[tuple[pygame.Rect, str]]:
    """Header, action area and one card per courier; returns the tooltip areas drawn (the
    smallest first, so a square's words win over its card's)."""
    tips = header(surf, pygame.Rect(pr.x, pr.y, pr.width, header_h(pr)), v, cfg, seats, mp_shown, card_up)
    ar = acts.rect
    draw.panel(surf, ar, radius=P(12))
    pad = P(12)
    if seat is None:
        acting = OfdTable(cfg, board, v, seat).to_act()
        who = seats[acting[0]].name if acting else ""
        msg = "The game is over." if v.phase == "over" else f"Waiting for {who}…"
        r = draw.text(surf, msg, (ar.x + pad, ar.centery), 15, theme.INK_SOFT, anchor="midleft", max_width=ar.width - 2 * pad)
        tips.append((r, msg))
    else:
        for text, r in acts.labels:
            draw.text_block(surf, text, r, LABEL_TEXT, theme.INK_SOFT, bold=True)
    for b in acts.buttons:
        draw_button(surf, b, b is hovered, BUTTON_TEXT)
    cards: list[tuple[pygame.Rect, str]] = []
    rects = card_rects(pr, ar, len(v.players), v)
    geo = card_geometry(pr.width, rects[0].height, v, cfg)
    if geo.style != "full":
        cards += value_scale(surf, rects[0], geo, cfg)
    room = pr.bottom - rects[-1].bottom
    if items_h(v, geo.style) and room >= items_h(v, geo.style):
        cards += items_row(surf, pygame.Rect(pr.x, rects[-1].bottom, pr.width, min(room, items_h(v, geo.style, pr.width))), v, seats)
    for i, rect in enumerate(rects):
        active = v.phase not in ("over", "start") and i == v.current
        cards += player_card(surf, rect, v, cfg, board, i, seats[i], active, lag, geo)
    return sorted(tips + cards, key=lambda t: t[0].width * t[0].height)
