"""Doorstep Dash's prompts and boxes: a test roll to boost or accept, a bonus card to hand over or
discard (in the panel, above the buttons, so the board stays in view), and the final result over
the board when the game is over.

Layout, drawing and the choices' rectangles from plain data; the view decides when one shows and
turns a choice into its action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

import pygame

from courier.rules.base import Action
from courier.rules.doorstep_dash import actions as A
from courier.rules.doorstep_dash.config import BLUE
from courier.rules.doorstep_dash.state import DashState, Pending
from courier.ui import draw, palette, theme
from courier.ui.kit import Button, draw_button, draw_seat
from courier.ui.theme import px
from courier.words import plural

COLOUR = palette.roles("doorstep_dash")  # this game's colours by role, read from the active palette

TITLE, BODY = 15, 13


@dataclass
class Prompt:
    """A question the rules wait for, with its answers."""

    title: str
    body: str
    choices: list[Button] = field(default_factory=list)
    #: "dialog" for answers, "cards" for bonus cards to pick (number keys)
    zone: str = "dialog"
    #: the colour of each bonus card offered (cards only)
    colours: list[tuple[int, int, int]] = field(default_factory=list)


def prompt_for(v: DashState, seat: int, legal: Sequence[Action], blue_bonus: int, bonus_limit: int,
               name: Callable[[int], str]) -> Prompt | None:
    """The prompt for the decision ``seat`` owes now, if any."""
    pend: Pending | None = v.pending
    if pend is None or pend.seat != seat or not legal:
        return None
    me = v.players[seat]
    r0 = pygame.Rect(0, 0, 0, 0)
    if pend.kind == "test":
        what = "Trap test" if pend.source == "trap" else f"{pend.source} test"
        rolled = f"You rolled {pend.roll}" + (f" + {pend.boost} = {pend.roll + pend.boost}" if pend.boost else "")
        if pend.source == "trap":
            fail = f"hand {name(pend.owner)} a bonus card" if me.bonus else "lose your next turn"
        else:
            fail = "lose your next turn"
        blues = me.bonus.count(BLUE)
        body = (f"{rolled}; you need {pend.target}. Play a blue card for +{blue_bonus} "
                f"({blues} left), or accept and {fail}.")
        choices = []
        for a in legal:
            if isinstance(a, A.PlayBlue):
                choices.append(Button(r0, f"Play blue +{blue_bonus}", a, True, "primary",
                                      f"Add a blue card to the roll: +{blue_bonus} ({blues} left) (B)", (pygame.K_b,)))
            elif isinstance(a, A.Accept):
                choices.append(Button(r0, "Accept", a, True, "danger", f"Take the failed test and {fail} (A)",
                                      (pygame.K_a,)))
        return Prompt(f"{what}: needs {pend.target}", body, choices)
    give = pend.kind == "give"
    title = f"Caught in {name(pend.owner)}'s trap" if give else "Too many bonus cards"
    body = (f"Hand {name(pend.owner)} one of your bonus cards: choose which." if give
            else f"You may hold {bonus_limit}: choose a card to discard.")
    prompt = Prompt(title, body, zone="cards")
    for a in legal:
        if isinstance(a, (A.Give, A.Discard)):
            kind = a.kind
            n = me.bonus.count(kind)
            use = f"+{blue_bonus} to a test roll" if kind == BLUE else "sets a trap"
            verb = f"Give {name(pend.owner)}" if give else "Discard"
            prompt.choices.append(Button(r0, f"{kind.capitalize()} ({n})", a, True, "secondary",
                                         f"{verb} a {kind} card ({use}); you hold {n}"))
            prompt.colours.append(COLOUR.blue_card if kind == BLUE else COLOUR.red_card)
    return prompt


def _choice_h(p: Prompt) -> int:
    return px(40) if p.zone == "cards" else px(32)


def height(p: Prompt, width: int) -> int:
    """How tall ``p`` is drawn ``width`` wide: title, the wrapped question, the answers."""
    inner = width - 2 * px(10)
    title = len(draw.wrap(p.title, inner, TITLE, True)) * draw.line_height(TITLE, True)
    body = draw.text_block(None, p.body, pygame.Rect(0, 0, inner, 10_000), BODY)
    return px(8) + title + px(4) + body + px(8) + _choice_h(p) + px(10)


def place(p: Prompt, rect: pygame.Rect) -> None:
    """Put the answers in a row along the bottom of ``rect``."""
    gap = px(8)
    inner = rect.inflate(-2 * px(10), 0)
    n = max(1, len(p.choices))
    w = (inner.width - gap * (n - 1)) // n
    h = _choice_h(p)
    for i, b in enumerate(p.choices):
        b.rect = pygame.Rect(inner.x + i * (w + gap), rect.bottom - px(10) - h, w, h)


def draw_prompt(surface: pygame.Surface, p: Prompt, rect: pygame.Rect, mouse: tuple[int, int]) -> None:
    draw.panel(surface, rect, COLOUR.dialog_fill, radius=px(10), border=theme.ACCENT_DARK)
    inner = rect.inflate(-2 * px(10), 0)
    y = rect.y + px(8)
    for line in draw.wrap(p.title, inner.width, TITLE, True):
        draw.text(surface, line, (inner.x, y), TITLE, theme.INK, bold=True)
        y += draw.line_height(TITLE, True)
    y += px(4)
    top_of_choices = min((b.rect.top for b in p.choices), default=rect.bottom)
    draw.text_block(surface, p.body, pygame.Rect(inner.x, y, inner.width, top_of_choices - y), BODY, theme.INK_SOFT)
    for i, b in enumerate(p.choices):
        if p.zone == "cards":
            _bonus_card(surface, b, p.colours[i], mouse)
        else:
            draw_button(surface, b, b.rect.collidepoint(mouse), 15)


def _bonus_card(surface: pygame.Surface, b: Button, colour: tuple[int, int, int], mouse: tuple[int, int]) -> None:
    hovered = b.rect.collidepoint(mouse)
    if hovered:
        draw.rounded_rect(surface, b.rect.inflate(px(6), px(6)), theme.HIGHLIGHT, radius=px(8))
    draw.rounded_rect(surface, b.rect, colour, radius=px(6))
    draw.rounded_rect(surface, b.rect, theme.INK, radius=px(6), width=1)
    size = 14 if draw.font(14, True).size(b.label)[0] <= b.rect.width - px(6) else 12
    draw.text(surface, b.label, b.rect.center, size, COLOUR.on_piece, bold=True, anchor="center",
              max_width=b.rect.width - px(4))


def _over_box(area: pygame.Rect, v: DashState, winners: list[int],
              name: Callable[[int], str]) -> tuple[pygame.Rect, str, list[str], str, list[tuple[int, pygame.Rect]]]:
    """The final box: its rect, title (whole and as lines), the reason, and each seat's row."""
    row_h = px(34)
    title = f"{' and '.join(name(i) for i in winners)} win{'s' if len(winners) == 1 else ''}!"
    why = "Every parcel delivered, every van home." if v.ended == "done" else "The round limit was reached."
    width = min(px(460), area.width - px(40))
    title_lines = draw.wrap(title, width - px(24), 26, True, True)[:2]
    title_h = len(title_lines) * draw.line_height(26, True, True)
    head = px(18) + title_h + px(8) + draw.line_height(14) + px(12)
    box = pygame.Rect(0, 0, width, head + row_h * len(v.players) + px(10))
    box.center = area.center
    order = sorted(range(len(v.players)), key=lambda i: (-v.players[i].score, -len(v.players[i].delivered)))
    rows = [(i, pygame.Rect(box.x, box.y + head + k * row_h, box.width, row_h)) for k, i in enumerate(order)]
    return box, title, title_lines, why, rows


def _deliveries(n: int) -> str:
    return f"{n} deliver{'y' if n == 1 else 'ies'}"


def game_over_tip(pos: tuple[int, int], area: pygame.Rect, v: DashState, winners: list[int],
                  name: Callable[[int], str]) -> str | None:
    """The whole text of what the final box shows at ``pos`` (names may be shortened there)."""
    box, title, _, why, rows = _over_box(area, v, winners, name)
    if not box.collidepoint(pos):
        return None
    for i, row in rows:
        if row.collidepoint(pos):
            p = v.players[i]
            return f"{name(i)}: {_deliveries(len(p.delivered))}, {plural(p.score, 'point')}."
    return f"{title} {why}"


def draw_game_over(surface: pygame.Surface, area: pygame.Rect, v: DashState, winners: list[int],
                   name: Callable[[int], str], colour: Callable[[int], tuple[int, int, int]]) -> None:
    """Who won and everyone's score, in a box in the middle of the board."""
    box, _, title_lines, why, rows = _over_box(area, v, winners, name)
    draw.panel(surface, box, theme.PANEL, radius=px(14))
    y = box.y + px(18)
    for line in title_lines:
        draw.text(surface, line, (box.centerx, y), 26, theme.INK, bold=True, serif=True, anchor="midtop",
                  max_width=box.width - px(24))
        y += draw.line_height(26, True, True)
    draw.text(surface, why, (box.centerx, y + px(8)), 14, theme.INK_SOFT, anchor="midtop", max_width=box.width - px(24))
    for i, row in rows:
        p = v.players[i]
        mid = row.centery
        draw_seat(surface, i, (box.x + px(30), mid), px(9), colour(i))
        pts = draw.text(surface, f"{p.score} pts", (box.right - px(18), mid), 18, theme.INK, bold=True,
                        anchor="midright")
        dels = draw.text(surface, _deliveries(len(p.delivered)), (pts.left - px(14), mid), 14, theme.INK_SOFT,
                         anchor="midright")
        draw.text(surface, name(i), (box.x + px(48), mid), 18, theme.INK, bold=i in winners, anchor="midleft",
                  max_width=dels.left - box.x - px(56))
