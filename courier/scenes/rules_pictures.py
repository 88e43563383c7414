"""Pictures for a game's "How to play" page, drawn by the game's own board view from real
positions (never pasted screenshots).

A picture is described as data in the How-to-play document, in a fenced ``picture`` block of
TOML::

    seed = 4                  # the new game's seed (dealt with the first seeding, as ever)
    players = 2
    actions = ["roll", ...]   # played in order through the rules' one gate (each must be legal)
    auto = 0                  # then this many more, each a legal action picked by a seeded draw
    crop = [0.0, 0.0, 1.0, 1.0]  # the part of the board to show (fractions of its width, height)
    looking = false           # true: as the player to act sees it, their legal moves lit
    caption = "..."

The position is built with the rules core (``new_game`` + ``apply``), drawn as everyone sees it
(``view(None)``, so no hand or secret shows; with ``looking``, as the player to act sees it, with
their legal moves offered: a made-up table has no secrets to keep) at the design interface scale, like the picture that
goes with a save (``board_picture``), then cropped and scaled to the page.
"""

from __future__ import annotations

import functools
import logging
import tomllib
from dataclasses import dataclass, field
from typing import Any

import pygame

from courier.rules import registry
from courier.rules.rng import OFFSET, Rng
from courier.scenes.games import make_view
from courier.ui import draw, theme, thumbnail
from courier.ui.game_view import SeatInfo, ViewContext

log = logging.getLogger(__name__)

#: the board is drawn to fit this box, then cropped and scaled to the page's width
DRAW_BOX = (960, 640)


class PictureError(ValueError):
    """A picture block that does not describe a real position (bad TOML, an illegal action)."""


@dataclass(frozen=True)
class PictureSpec:
    seed: int = 1
    players: int = 2
    actions: tuple[str, ...] = ()
    auto: int = 0
    crop: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)
    caption: str = ""
    looking: bool = False
    options: tuple[tuple[str, Any], ...] = field(default=())


def parse_spec(text: str) -> PictureSpec:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PictureError(f"the picture block is not valid TOML: {exc}") from None
    unknown = set(data) - {"seed", "players", "actions", "auto", "crop", "caption", "options", "looking"}
    if unknown:
        raise PictureError(f"the picture block has unknown keys: {', '.join(sorted(unknown))}")
    crop = tuple(float(x) for x in data.get("crop", (0.0, 0.0, 1.0, 1.0)))
    if len(crop) != 4 or not (0 <= crop[0] < crop[2] <= 1 and 0 <= crop[1] < crop[3] <= 1):
        raise PictureError(f"crop must be [left, top, right, bottom] fractions, not {list(crop)}")
    return PictureSpec(seed=int(data.get("seed", 1)), players=int(data.get("players", 2)),
                       actions=tuple(str(a) for a in data.get("actions", ())), auto=int(data.get("auto", 0)),
                       crop=crop,
                       caption=str(data.get("caption", "")), looking=bool(data.get("looking", False)),
                       options=tuple(sorted(dict(data.get("options", {})).items())))


def build_position(game_id: str, spec: PictureSpec) -> tuple[Any, Any, Any]:
    """(game, config, state) after the spec's actions, every one through ``apply``."""
    from courier import boards

    boards.install()
    game = registry.get(game_id)
    # the first seeding: a picture's actions name the cards and places of the deal it was made on
    config = game.make_config(players=spec.players, **{**dict(spec.options), "seeding": OFFSET})
    state = game.new_game(config, spec.seed)
    for text in spec.actions:
        action = game.parse_action(state, text)
        game.apply(state, action)  # IllegalAction names a spec that no longer fits the rules
    rng = Rng(spec.seed)
    for _ in range(spec.auto):
        seats = game.to_act(state)
        if not seats:
            break
        legal = game.legal_actions(state, seats[0])
        if not legal:
            break
        game.apply(state, legal[rng.randbelow(len(legal))])
    return game, config, state


def _seats(game: Any, config: Any) -> list[Any]:
    names = game.seat_names(config)
    return [SeatInfo(names[i], theme.PLAYER_COLOURS[i % len(theme.PLAYER_COLOURS)][1]) for i in range(config.players)]


def draw_board(game_id: str, spec: PictureSpec) -> pygame.Surface:
    """The whole board of the spec's position, as the game's view draws it, margins trimmed."""
    game, config, state = build_position(game_id, spec)
    view = make_view(ViewContext(game=game, config=config, seats=_seats(game, config), reduced_motion=True))
    old_scale, audit = theme.ui_scale(), draw.AUDIT
    theme.set_ui_scale(1.0)
    draw.AUDIT = None  # drawn off-screen: the page's layout check reads the page, not this
    try:
        view.layout(pygame.Rect((0, 0), DRAW_BOX), pygame.Rect(DRAW_BOX[0], 0, 320, 480))
        acting = game.to_act(state)
        if spec.looking and acting:
            seat = acting[0]
            view.show(game.view(state, seat), seat, game.legal_actions(state, seat))
        else:
            view.show(game.view(state, None), None, [])
        canvas = pygame.Surface(DRAW_BOX)
        canvas.fill(thumbnail.BACKGROUND)
        view.draw_board(canvas)
    finally:
        theme.set_ui_scale(old_scale)
        draw.AUDIT = audit
    return thumbnail.trimmed(canvas).copy()


@functools.lru_cache(maxsize=32)
def _board(game_id: str, spec: PictureSpec) -> pygame.Surface:
    return draw_board(game_id, spec)


#: a picture is at most this share of its width tall (a square board would fill a small window)
MAX_TALL = 0.68


def picture(game_id: str, spec_text: str, width: int) -> pygame.Surface:
    """The spec's picture cropped and scaled to fit ``width`` pixels and ``MAX_TALL`` of that in
    height (never more than 1.25 times its drawn size)."""
    spec = parse_spec(spec_text)
    board = _board(game_id, spec)
    w, h = board.get_size()
    x0, y0, x1, y1 = spec.crop
    part = board.subsurface(pygame.Rect(int(x0 * w), int(y0 * h), max(1, int((x1 - x0) * w)),
                                        max(1, int((y1 - y0) * h))))
    pw, ph = part.get_size()
    scale = min(width / pw, width * MAX_TALL / ph, 1.25)
    return pygame.transform.smoothscale(part, (max(1, int(pw * scale)), max(1, int(ph * scale))))


@dataclass(frozen=True)
class GamePictures:
    """The picture maker the rules page hands the markdown renderer for one game (hashable, so
    the laid-out page is cached with it)."""

    game_id: str

    def __call__(self, spec_text: str, width: int) -> pygame.Surface:
        return picture(self.game_id, spec_text, width)
