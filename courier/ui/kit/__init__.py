"""The game-table kit: the parts every game's screen is built from, so the four games read alike
and a change of look (a palette, larger text) is made once.

- :mod:`~courier.ui.kit.button`: the one button record, its faces by style, ``draw_button``, and
  ``Flow`` (buttons laid in wrapping rows, with labels between) and ``button_rows`` (rows of
  buttons side by side, stacked when their words do not fit).
- :mod:`~courier.ui.kit.seat`: the one seat marker (the same shape for the same seat in every game,
  numbered where there is room).
- :mod:`~courier.ui.kit.map_text`: text sizes for words drawn on a map.

Colours come from :mod:`courier.ui.palette` by role.
"""

from courier.ui.kit.button import Button, Flow, button_rows, draw_button, draw_face
from courier.ui.kit.map_text import map_size
from courier.ui.kit.seat import SEAT_SHAPES, draw_marker, draw_seat, seat_shape

__all__ = ["Button", "Flow", "button_rows", "draw_button", "draw_face", "map_size", "SEAT_SHAPES", "draw_marker", "draw_seat",
           "seat_shape"]
