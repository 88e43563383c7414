"""Keyboard focus: one model for every screen and every game.

A screen lists what the keyboard can reach as :class:`Target` s (``Scene.focusables``; a game's
board view adds its places, spaces, tiles and cards through ``GameView.focusables``). The scene
stack routes keys through :func:`route`, the same for every scene:

- Tab / Shift+Tab move the focus through the targets in their listed order, passing over greyed
  ones (a stop where Enter does nothing is a dead end);
- the arrow keys move it to the nearest target in that direction within the same zone (board,
  cards, panel, dialog), unless the screen uses the arrow for itself (a list, a text box); the
  first press goes that way from where the focus was, or else from the screen's
  ``focus_origin`` (the player's own piece), never to a target the other way; at the end of a
  row of buttons they go on to the nearest control that way in another zone; they stop on a
  greyed control too, and its caption says why it is greyed (Enter on it says so as well);
- Enter or Space acts on the focused target: its ``activate`` if it has one, otherwise a click
  at its ``point``, so the keyboard takes exactly the path the mouse takes and the rules decide;
  with no ring showing, an Enter the screen does not use acts on its ``default`` target (the
  answer drawn as the main one), or, with none, shows the ring where the next Enter acts;
- a number key acts on the target carrying that ``number`` (a numbered city, a priority card:
  0 is 10, Shift adds 10), or else on the n-th target of the ``cards`` zone;
- a click moves the focus to the control clicked, so the keys that follow (Left/Right on a
  stepper) act on what the pointer just used, never on a control the ring left elsewhere;
- Escape stays with the screen (back out, close a dialog);
- a way out (``Target.way_out``: Leave, Menu) takes the focus only when the player moves the ring
  there (Tab, the arrows) or clicks it, never by itself: not as the neighbour of a control that
  went away, not as Enter's default, not on the first Tab or arrow press, so Enter, the key that
  goes on, never leads out of a game the player did not choose to leave.

The focus ring is drawn only once a key was used for it and hides again when the real mouse
moves; it is a thick outline with corner brackets, so it is told by its shape, not by colour.
While the ring shows, the focused target's name (or the screen's tooltip for it) is written
beside it in full, so a shortened label can always be read whole; the caption goes where it
covers neither the next nor the previous control (below, above, or beside the focused one).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Hashable, Sequence

import pygame

from courier.ui import draw, theme

if TYPE_CHECKING:
    from courier.scenes.base import Scene

#: the zones a target may belong to; arrows stay inside a zone, Tab crosses them ("tiles": places
#: on the board a click chooses that the arrows pass over, so the arrows keep their own walk, such
#: as the end of a route being planned; Tab and a hint reach them)
ZONES = ("board", "cards", "dialog", "panel", "bar", "tiles")
#: named in hint lines
KEYS_HINT = "Tab: next  ·  Arrows: move  ·  Enter: choose  ·  Esc: back"
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
ARROWS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
DIGITS = {getattr(pygame, f"K_{i}"): i or 10 for i in range(10)} | {getattr(pygame, f"K_KP{i}"): i or 10 for i in range(10)}


@dataclass
class Target:
    """One thing the keyboard can reach."""

    rect: pygame.Rect
    #: what it is, in the game's words; shown whole beside the ring ("Ugley", "Priority card 7")
    label: str
    #: identity kept across frames (defaults to zone + label) so the focus survives a redraw
    key: Hashable | None = None
    zone: str = "panel"
    enabled: bool = True
    #: why it cannot be used now (said when Enter is pressed on it)
    why_not: str | None = None
    #: where a click lands when it has no ``activate`` (default: the centre of ``rect``)
    point: tuple[int, int] | None = None
    #: acts on it; when None, a click at ``point`` is sent through the screen
    activate: Callable[[], Any] | None = None
    #: Left/Right change its value (sliders, steppers) instead of moving the focus
    adjust: Callable[[int], Any] | None = None
    #: told when the focus arrives (True) or leaves (False): a text box starts or stops typing
    on_focus: Callable[[bool], Any] | None = None
    #: a text box: Space and the arrows are typing while it is focused
    takes_text: bool = False
    #: the panel or card it must stay inside (checked by the layout check)
    within: pygame.Rect | None = None
    #: the number key that picks it (a numbered start city, a priority card's value)
    number: int | None = None
    #: drawn as the main choice (a prompt's first answer): Enter, when nothing else uses it and
    #: the ring shows nowhere, acts on this one, so what looks chosen is what Enter does
    default: bool = False
    #: it leads out of the game or screen (Leave, Menu): the ring never falls on it by itself (the
    #: neighbour of a control that went away, the arrows' first press, Enter's default), only when
    #: the player moves it there with Tab or the arrows, or clicks it
    way_out: bool = False

    @property
    def id(self) -> Hashable:
        return self.key if self.key is not None else (self.zone, self.label)

    @property
    def click_point(self) -> tuple[int, int]:
        return self.point if self.point is not None else self.rect.center


def synthetic(kind: int, **attrs: Any) -> pygame.event.Event:
    """A mouse event made by the keyboard (marked so the ring does not hide itself)."""
    return pygame.event.Event(kind, synthetic=True, **attrs)


def click_events(point: tuple[int, int]) -> list[pygame.event.Event]:
    """What a mouse click at ``point`` sends: move there, press, release."""
    return [
        synthetic(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0)),
        synthetic(pygame.MOUSEBUTTONDOWN, pos=point, button=1),
        synthetic(pygame.MOUSEBUTTONUP, pos=point, button=1),
    ]


def hover_event(point: tuple[int, int]) -> pygame.event.Event:
    return synthetic(pygame.MOUSEMOTION, pos=point, rel=(0, 0), buttons=(0, 0, 0))


def toward(items: Sequence[Target], current: Target, direction: tuple[int, int]) -> Target | None:
    """The target nearest ``current`` in ``direction`` (within 60 degrees either side), preferring
    ones straight ahead: distance along the direction plus twice the distance across it."""
    cx, cy = current.rect.center
    dx, dy = direction
    best, best_score = None, None
    for t in items:
        if t is current or (t.id == current.id and t.rect == current.rect):
            continue
        tx, ty = t.rect.center
        vx, vy = tx - cx, ty - cy
        along = vx * dx + vy * dy
        across = abs(vx * dy - vy * dx)
        if along <= 0 or across > along * 1.8:
            continue
        score = along + 2 * across
        if best_score is None or score < best_score:
            best, best_score = t, score
    return best


def ahead(items: Sequence[Target], current: Target, direction: tuple[int, int]) -> Target | None:
    """The nearest target anywhere on the side ``direction`` points to (when none is within the
    cone ``toward`` looks in)."""
    cx, cy = current.rect.center
    dx, dy = direction
    best, best_d = None, None
    for t in items:
        vx, vy = t.rect.centerx - cx, t.rect.centery - cy
        if vx * dx + vy * dy <= 0:
            continue
        d = vx * vx + vy * vy
        if best_d is None or d < best_d:
            best, best_d = t, d
    return best


def walk(items: Sequence[Target], cur: Target) -> list[Target]:
    """Where the arrows go from ``cur``: the targets of its zone; from a target the arrows pass
    over (zone "tiles": a piece already picked), the board's targets around it."""
    if cur.zone == "tiles":
        board = [t for t in items if t.zone == "board"]
        if board:
            return board
    return [t for t in items if t.zone == cur.zone]


class FocusRing:
    """Which target of a screen has the keyboard focus, and whether the ring is showing."""

    def __init__(self) -> None:
        self.current: Hashable | None = None
        self.active = False
        self._last_rect: pygame.Rect | None = None
        self._last_zone: str | None = None
        self._told: Target | None = None
        #: the focus was last put where the pointer clicked (the arrows then adjust what was clicked)
        self.pointed = False

    def focused(self, items: Sequence[Target]) -> Target | None:
        """The focused target among ``items``; when it is gone (the move changed what can be
        chosen) the nearest one of the same zone takes over."""
        if self.current is None:
            return None
        same_id = [t for t in items if t.id == self.current]
        if same_id:
            # two targets may share a name (two like parcels, each with its button): the one where
            # the ring stands is the one focused, else Tab would bounce between the first two
            t = next((t for t in same_id if t.rect == self._last_rect), same_id[0])
            self._last_rect = pygame.Rect(t.rect)
            return t
        if self._last_rect is None:
            return None
        # only a neighbour in the same zone takes over: after a move the ring must not jump from
        # the board to the bar's buttons (where Enter would open a screen nobody asked for)
        same = [t for t in items if t.zone == self._last_zone and not t.way_out]
        if not same:
            self._set(None)
            return None
        lx, ly = self._last_rect.center
        t = min(same, key=lambda t: (t.rect.centerx - lx) ** 2 + (t.rect.centery - ly) ** 2)
        self._set(t)
        return t

    def _set(self, target: Target | None) -> None:
        if self._told is not None and (target is None or self._told.id != target.id):
            if self._told.on_focus is not None:
                self._told.on_focus(False)
            self._told = None
        if target is None:
            self.current = None
            return
        self.current = target.id
        self._last_rect = pygame.Rect(target.rect)
        self._last_zone = target.zone
        if target.on_focus is not None and (self._told is None or self._told.id != target.id):
            target.on_focus(True)
            self._told = target

    def clear(self) -> None:
        """Forget everything (another person takes the device: nothing of where the last one
        looked may guide the next)."""
        self._set(None)
        self.active = False
        self._last_rect = None
        self._last_zone = None

    def step(self, items: Sequence[Target], d: int) -> Target | None:
        """Tab (d=1) or Shift+Tab (d=-1): the next control that can be used now. A greyed one is
        passed over (a Tab stop that does nothing is a dead end); the arrows still stop on it
        within its row, where the ring's caption says why it is greyed (see ``greyed_caption``)."""
        if not any(t.enabled for t in items):
            return None
        cur = self.focused(items)
        first = cur is None or not self.active
        if first:
            # the first press shows the ring on the first control that way, a way out passed over
            order = range(len(items)) if d > 0 else range(len(items) - 1, -1, -1)
            i = next((k for k in order if not items[k].way_out), order[0])
            if cur is not None and not cur.way_out:
                i = items.index(cur)
        else:
            i = (items.index(cur) + d) % len(items)
        # a greyed control is passed over, and so, on the first press, is a way out (while
        # there is anything else to use)
        skip_out = first and any(t.enabled and not t.way_out for t in items)
        while not items[i].enabled or (skip_out and items[i].way_out):
            i = (i + d) % len(items)
        self.active = True
        self._set(items[i])
        return items[i]

    def move(self, items: Sequence[Target], direction: tuple[int, int],
             origin: pygame.Rect | None = None) -> Target | None:
        """An arrow key: the nearest target that way in the same zone. When the ring is not
        showing, the first press goes that way from where the focus was (or stays there when
        nothing is that way), else from ``origin`` (the player's own piece) to the nearest board
        target that way; only with neither, the first board target (or the first of all).
        None when there is nothing that way."""
        if not items:
            return None
        cur = self.focused(items)
        if cur is None or not self.active:
            # the arrows start on the board (or a hand, a dialog); the bar's buttons are for Tab
            reachable = [t for t in items if t.zone != "bar" and not t.way_out]
            if not reachable:
                return None
            if cur is not None:
                first = toward(walk(items, cur), cur, direction) or cur
            else:
                board = [t for t in reachable if t.zone == "board"]
                first = None
                if origin is not None and board:
                    here = Target(pygame.Rect(origin), "", key=("origin",), zone="board")
                    first = toward(board, here, direction) or ahead(board, here, direction)
                    if first is None:
                        return None  # nothing that way: the first press does nothing rather than go back
                first = first or self._resume(reachable) or (board or reachable)[0]
            self.active = True
            self._set(first)
            return first
        nxt = toward(walk(items, cur), cur, direction)
        if nxt is None and cur.zone not in ("board", "tiles"):
            # nothing more that way in a row of buttons: on to the nearest control that way
            # elsewhere (a lone Roll button's Up reaches the top bar), never onto passed-over tiles
            nxt = toward([t for t in items if t.zone not in (cur.zone, "tiles")], cur, direction)
        if nxt is None:
            return None
        self._set(nxt)
        return nxt

    def _resume(self, items: Sequence[Target]) -> Target | None:
        """After the focus was lost (the targets changed), the target nearest where it was, in
        the zone it was in: the next turn's arrows start near the last choice."""
        if self._last_rect is None:
            return None
        same = [t for t in items if t.zone == self._last_zone and not t.way_out]
        if not same:
            return None
        lx, ly = self._last_rect.center
        return min(same, key=lambda t: (t.rect.centerx - lx) ** 2 + (t.rect.centery - ly) ** 2)

    def draw(self, surface: pygame.Surface, items: Sequence[Target], caption: str | None = None,
             keep: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
        """The ring and its caption, which covers nothing in ``keep`` where it can go beside it;
        returns where the caption went (None: no caption)."""
        if not self.active:
            return None
        t = self.focused(items)
        if t is None:
            return None
        draw_ring(surface, t.rect)
        text = greyed_caption(t, caption or t.label)
        if text and not _says_nothing_new(t, text):
            return draw_caption(surface, text, t.rect, _neighbours(items, t), keep)
        return None


def greyed_caption(t: Target, text: str) -> str:
    """A greyed control's caption says why it is greyed (how a keyboard player learns it: the
    arrows stop on it, Enter and its shortcut say it on the status line)."""
    if t.enabled or not t.why_not or t.why_not in text:
        return text
    return f"{text} (not now: {t.why_not})"


def _neighbours(items: Sequence[Target], t: Target) -> list[pygame.Rect]:
    """What the caption of ``t`` must leave in view: the next and previous targets in Tab order,
    and every control of its zone (a board's many places excepted: the caption may lie over
    some of them)."""
    i = next((k for k, x in enumerate(items) if x is t), None)
    out = []
    if i is not None and len(items) > 1:
        out += [items[(i + 1) % len(items)].rect, items[i - 1].rect]
    if t.zone != "board":
        out += [x.rect for x in items if x is not t and x.zone == t.zone]
    return out


def _says_nothing_new(t: Target, text: str) -> bool:
    """A caption only repeating a button's own label, which fits on it whole, is left out (it
    would only cover the next row); places and cards on the board always get theirs."""
    if t.zone in ("board", "cards") or " ".join(text.split()) != " ".join(t.label.split()):
        return False
    return draw.font(17, True).size(t.label)[0] <= t.rect.width - theme.px(16)


def draw_ring(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The focus ring: a light halo, a thick dark outline and heavy corner brackets."""
    pad = max(3, theme.px(4))
    r = pygame.Rect(rect).inflate(2 * pad, 2 * pad)
    width = max(2, theme.px(3))
    pygame.draw.rect(surface, (255, 255, 255), r.inflate(4, 4), width + 2, border_radius=theme.px(8))
    pygame.draw.rect(surface, theme.INK, r, width, border_radius=theme.px(7))
    arm = max(8, min(r.width, r.height) // 3)
    thick = width + 2
    for (x, y), (sx, sy) in (((r.left, r.top), (1, 1)), ((r.right - 1, r.top), (-1, 1)),
                             ((r.left, r.bottom - 1), (1, -1)), ((r.right - 1, r.bottom - 1), (-1, -1))):
        pygame.draw.line(surface, theme.ACCENT_DARK, (x, y), (x + sx * arm, y), thick)
        pygame.draw.line(surface, theme.ACCENT_DARK, (x, y), (x, y + sy * arm), thick)


def caption_place(size: tuple[int, int], w: int, h: int, rect: pygame.Rect,
                  avoid: Sequence[pygame.Rect] = (), keep: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a ``w`` x ``h`` caption for ``rect`` goes: under it, over it, right of it or left of
    it, the first that stays on the screen and covers nothing in ``keep`` nor in ``avoid``; else
    the one that covers least of ``keep``, then of ``avoid``."""
    sw, sh = size
    gap = theme.px(10)
    cx = max(8, min(rect.centerx - w // 2, sw - w - 8))
    cy = max(8, min(rect.centery - h // 2, sh - h - 8))
    spots = [(cx, rect.bottom + gap), (cx, rect.top - h - gap), (rect.right + gap, cy), (rect.left - w - gap, cy)]
    for k in keep:  # and beside what must stay in view, level with the control
        spots += [(k.right + gap, cy), (k.left - w - gap, cy), (cx, k.bottom + gap), (cx, k.top - h - gap)]
    screen = pygame.Rect(0, 0, sw, sh)
    best, best_cost = None, None
    for x, y in spots:
        card = pygame.Rect(x, y, w, h)
        if not screen.contains(card):
            continue
        cost = (sum(card.clip(r).width * card.clip(r).height for r in keep),
                sum(card.clip(r).width * card.clip(r).height for r in avoid))
        if cost == (0, 0):
            return card
        if best_cost is None or cost < best_cost:
            best, best_cost = card, cost
    if best is not None:
        return best
    y = rect.bottom + gap if rect.bottom + gap + h <= sh - 8 else max(8, rect.top - h - gap)
    return pygame.Rect(cx, y, w, h)


def draw_caption(surface: pygame.Surface, text: str, rect: pygame.Rect,
                 avoid: Sequence[pygame.Rect] = (), keep: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """The focused target's whole name in a small card beside it (see ``caption_place``)."""
    size = 15
    sw, sh = surface.get_size()
    max_w = min(theme.px(420), sw - 16)
    lines = draw.wrap(text, max_w - theme.px(20), size)[:6]
    lh = draw.line_height(size)
    w = min(max_w, max(draw.font(size).size(line)[0] for line in lines) + theme.px(20))
    h = lh * len(lines) + theme.px(12)
    card = caption_place((sw, sh), w, h, rect, avoid, keep)
    draw.panel(surface, card, (50, 45, 40), radius=theme.px(8), border=None)
    with draw.covering():  # a card over the screen: the layout check lets it cover text
        for i, line in enumerate(lines):
            draw.text(surface, line, (card.left + theme.px(10), card.top + theme.px(6) + i * lh), size,
                      (250, 245, 235))
    return card


# -- routing -----------------------------------------------------------------------------------


def activate(scene: "Scene", target: Target) -> bool:
    """Act on ``target``: its own ``activate``, or a click at its point through the screen."""
    if not target.enabled:
        if target.why_not:
            scene.say_refusal(target.why_not)
        return True
    if target.activate is not None:
        target.activate()
        return True
    used = False
    for e in click_events(target.click_point):
        used = scene.handle_event(e) or used
    return True


def _point(ring: FocusRing, items: Sequence[Target], pos: tuple[int, int]) -> None:
    """A real click: the focus goes to the control under the pointer (the smallest, when they
    nest), so what the keys act on next is what the player just used."""
    under = [t for t in items if t.rect.collidepoint(pos)]
    if not under:
        return
    t = min(under, key=lambda t: t.rect.width * t.rect.height)
    ring._set(t)
    ring.pointed = True


def _hover(scene: "Scene", target: Target | None) -> None:
    if target is not None and target.activate is None:
        scene.handle_event(hover_event(target.click_point))


def route(scene: "Scene", event: pygame.event.Event) -> bool:
    """Give ``event`` to ``scene`` with the shared keyboard model around it (see the module)."""
    grab = getattr(scene, "grab_event", None)
    if grab is not None and grab(event):  # a screen waiting for any key takes it before the ring
        return True
    ring = scene.focus_ring
    real = not getattr(event, "synthetic", False)
    if event.type == pygame.MOUSEMOTION and real:
        ring.active = False
    if event.type == pygame.MOUSEBUTTONDOWN and real and getattr(event, "button", 1) == 1:
        _point(ring, scene.focusables(), event.pos)
    if event.type != pygame.KEYDOWN:
        return scene.handle_event(event)
    items = scene.focusables()
    pointed, ring.pointed = ring.pointed, False
    if pointed and not ring.active and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
        was = ring.focused(items)
        if was is not None and was.adjust is not None:
            ring.active = True  # Left/Right change the control just clicked
    cur = ring.focused(items) if ring.active else None
    typing = cur is not None and cur.takes_text
    mods = getattr(event, "mod", 0)
    if event.key == pygame.K_TAB and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        if items:
            _hover(scene, ring.step(items, -1 if mods & pygame.KMOD_SHIFT else 1))
            return True
        return scene.handle_event(event)
    if cur is not None and not typing:
        if event.key in ACTIVATE_KEYS:
            return activate(scene, cur)
        if cur.adjust is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            cur.adjust(-1 if event.key == pygame.K_LEFT else 1)
            return True
    if event.key in DIGITS and not typing and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        n = DIGITS[event.key] + (10 if mods & pygame.KMOD_SHIFT else 0)
        numbered = [t for t in items if t.number is not None]
        cards = [t for t in items if t.zone == "cards"]
        pick = (next((t for t in numbered if t.number == n), None) if numbered
                else cards[n - 1] if n <= len(cards) else None)
        if pick is not None:
            ring.active = True
            ring._set(pick)
            return activate(scene, pick)
    if scene.handle_event(event):
        return True
    if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and cur is None and not typing:
        main = next((t for t in items if t.default and t.enabled and not t.way_out), None)
        if main is not None:
            ring.active = True
            ring._set(main)
            return activate(scene, main)
    if event.key in ACTIVATE_KEYS and cur is None and not typing and any(t.enabled for t in items):
        # Enter with no ring on anything and nothing to act on: the ring shows where it would act
        was = ring.focused(items)
        if was is None or not was.enabled or was.way_out:  # never a way out by itself
            ring.active = False
            ring.step(items, 1)
        ring.active = True
        _hover(scene, ring.focused(items))
        return True
    if event.key in ARROWS and not typing and items:
        moved = ring.move(items, ARROWS[event.key], scene.focus_origin())
        _hover(scene, moved)
        return moved is not None
    return False
